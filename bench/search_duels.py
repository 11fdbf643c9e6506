"""Bench: the search player against another policy, in mirrored games (each deal played both ways).

    .venv/bin/python bench/search_duels.py GAME A B [--games N] [--seed S] [--setup X] [--jobs J] [--smoke]

Prints A's score share (a win 1, a draw 1/2), W-L-D, the 95 % Wilson interval of the share over
games, and each side's mean CPU milliseconds per decision. A small harness for tuning the search
(`dragon-pnp duel` is the command users get); `--smoke` plays one mirrored pair at a small budget.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dragon_pnp.games.registry import load_game  # noqa: E402
from dragon_pnp.players import policy_factory  # noqa: E402
from dragon_pnp.stats import wilson_interval  # noqa: E402


def factory(module: Any, name: str) -> Any:
    """A policy by name; `search:100ms+rollout=4+playout=random` sets the search's knobs too."""
    base, *knobs = name.split("+")
    made = policy_factory(module, base)
    if knobs:
        from dataclasses import fields, replace

        from dragon_pnp.search import SearchFactory

        kinds = {f.name: f.type for f in fields(made.settings)}
        changes: dict[str, Any] = {}
        for knob in knobs:
            key, _, value = knob.partition("=")
            kind = kinds[key]
            changes[key] = value if "str" in str(kind) else float(value) if "float" in str(kind) else int(value)
        made = SearchFactory(module, replace(made.settings, **changes))
    return made


def play_pairs(game_name: str, a: str, b: str, seeds: list[int], setup: str | None, players: int) -> dict[str, Any]:
    """Each seed's deal twice, A in seat 1 then in seat 2; A's wins, losses, draws and CPU per decision."""
    game = load_game(game_name)
    module = game.module
    rules = module.make_rules(game)
    policies = {"a": factory(module, a)(rules), "b": factory(module, b)(rules)}
    tally = {"wins": 0, "losses": 0, "draws": 0, "games": 0}
    spent = {"a": 0.0, "b": 0.0}
    decisions = {"a": 0, "b": 0}
    clock = time.process_time
    for seed in seeds:
        for a_seat in (0, 1):
            state = module.new_game(rules, seed, players, setup)
            sides = ["b"] * state.seats
            sides[a_seat] = "a"
            draw = random.Random(seed * 2 + a_seat)
            while state.result is None:
                joint = {}
                for seat in state.to_move():
                    side = sides[seat]
                    started = clock()
                    joint[seat] = policies[side].choose(state, seat, draw)
                    spent[side] += clock() - started
                    decisions[side] += 1
                state.apply(joint)
            winners = state.result.winners
            tally["games"] += 1
            if not winners:
                tally["draws"] += 1
            elif a_seat in winners:
                tally["wins"] += 1
            else:
                tally["losses"] += 1
            print(f"  {game_name} {a} v {b} so far: W-L-D {tally['wins']}-{tally['losses']}-{tally['draws']} "
                  f"of {tally['games']}", file=sys.stderr, flush=True)   # partial tallies outlive a timeout
    return {**tally, "spent": spent, "decisions": decisions}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=40, help="games in all (pairs of mirrored deals x 2)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--setup", default=None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--smoke", action="store_true")
    args = parser.parse_args()
    pairs = 1 if args.smoke else max(1, args.games // 2)
    seeds = [args.seed + k for k in range(pairs)]
    chunks = [seeds[k::args.jobs] for k in range(args.jobs) if seeds[k::args.jobs]]
    started = time.perf_counter()
    if len(chunks) == 1:
        results = [play_pairs(args.game, args.a, args.b, chunks[0], args.setup, args.players)]
    else:
        with ProcessPoolExecutor(len(chunks)) as pool:
            futures = [pool.submit(play_pairs, args.game, args.a, args.b, c, args.setup, args.players) for c in chunks]
            results = [f.result(timeout=7200) for f in futures]
    total = {k: sum(r[k] for r in results) for k in ("wins", "losses", "draws", "games")}
    spent = {s: sum(r["spent"][s] for r in results) for s in ("a", "b")}
    made = {s: sum(r["decisions"][s] for r in results) for s in ("a", "b")}
    points = total["wins"] + total["draws"] / 2
    share = points / total["games"]
    ci = wilson_interval(round(points), total["games"])
    ms = {s: 1000 * spent[s] / made[s] if made[s] else 0.0 for s in ("a", "b")}
    print(f"{args.game} {args.a} v {args.b}: share {share:.1%} ({ci.low:.0%}-{ci.high:.0%}) "
          f"W-L-D {total['wins']}-{total['losses']}-{total['draws']} of {total['games']}; "
          f"ms/decision {args.a} {ms['a']:.1f}, {args.b} {ms['b']:.1f}; {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
