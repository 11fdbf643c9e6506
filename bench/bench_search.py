"""Benchmark: how strong the generic search player is, how fast it decides, and what it costs the check.

    .venv/bin/python bench/bench_search.py [--smoke] [--jobs J] [--games-scale X] [--no-check]

  head to head   win rates with 95 % Wilson intervals: search against greedy, random, the game's
                 `strong` player (Dragon Dance, Dragon Line) and itself at two strengths, for each
                 game with rules under data/ that has the players named. Two-player games, seats
                 alternating, seeds 1000 on; a game without a winner is a draw and left out of the
                 share (the share is of decided games).
  decisions/s    search decisions per CPU second at each strength played (its own time only)
  rates          per game: search decisions and iterations per CPU second at a fixed budget
                 (search:50 against itself, 40 decisions), and the engine's clone, legal-actions
                 and apply calls per CPU second along random playouts
  exploitability Dragon Dance: at simultaneous nodes of strong-v-strong games, each player's mix
                 (estimated from repeated choices) against its best reply in the round's matrix
                 game scored one decision deeper than the search looks (`MatrixSearch.payoffs`,
                 the game's `evaluate` at the leaves): what a best reply gains over the node's value,
                 in evaluate units (0 for an equilibrium of that matrix).
  check          wall and CPU time of the default `dragon-pnp check dragon_pants` (skipped by
                 --smoke and --no-check)

--smoke plays two games on its first pairing and one on each other, at small strengths, one pairing
per game or opponent kind not met before (a quick test that the script runs).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from matrix_lookahead import MatrixSearch  # noqa: E402

from dragon_pnp.games.matrix_game import solve  # noqa: E402
from dragon_pnp.games.registry import load_game  # noqa: E402
from dragon_pnp.players import policy_factory  # noqa: E402
from dragon_pnp.stats import wilson_interval  # noqa: E402


@dataclass(frozen=True)
class Pairing:
    game: str
    setup: str | None
    first: str
    second: str
    games: int


def pairings(smoke: bool, scale: float, only: str | None = None) -> list[Pairing]:
    """Who plays whom, and how often (full mode; --smoke plays 2 games at small strengths on the
    first pairing, 1 on the others, and only the pairings that bring a game or an opponent kind not
    met before: every player the bench makes and every game it plays, both seat orders once)."""
    full = [
        ("dragon_pants", "standard", "search:20", "greedy", 200),
        ("dragon_pants", "standard", "search:100", "greedy", 80),
        ("dragon_pants", "standard", "search:20", "random", 40),
        ("dragon_pants", "standard", "search:100", "search:20", 60),
        ("dragon_dance", None, "search:200", "strong", 120),
        ("dragon_dance", None, "search:200", "greedy", 80),
        ("dragon_dance", None, "search:200", "random", 40),
        ("dragon_dance", None, "search:200", "search:50", 80),
        ("dragon_line", "hand", "search:100", "strong", 80),
        ("dragon_line", "hand", "search:100", "greedy", 80),
        ("dragon_line", "hand", "search:100", "random", 40),
        ("dragon_line", "hand", "search:100", "search:25", 60),
        ("examples/goofspiel", None, "search:100", "match", 60),
        ("examples/goofspiel", None, "search:100", "random", 40),
        ("examples/goofspiel", None, "search:100", "search:25", 40),
    ]
    available = {p.parent.name for p in (ROOT / "data").glob("*/game.yaml")}
    available |= {str(p.parent.relative_to(ROOT)) for p in (ROOT / "examples").glob("*/game.yaml")}
    found = []
    met: set[str] = set()
    for game, setup, first, second, games in full:
        if game not in available or (only and only not in game):
            continue
        kind = second.split(":")[0]
        if smoke and {game, kind} <= met:
            continue
        met |= {game, kind}
        if smoke:
            # the least strength that still searches; search:6 only where it must differ from its rival's 3
            first, second = (_small(first) if second.startswith("search") else "search:3"), _small(second)
            # both seat orders on the first (Dragon Pants, ~0.05 CPU s a game); one game on the rest,
            # whose search games cost ~0.75 CPU s each (Dragon Dance, Dragon Line): the same code plays them
            games = 1 if found else 2
        else:
            games = max(2, round(games * scale))
        found.append(Pairing(game, setup, first, second, games))
    return found


SMALL = {"search:20": "search:3", "search:25": "search:3", "search:50": "search:3"}


def _small(name: str) -> str:
    return SMALL.get(name, "search:6") if name.startswith("search") else name


def play_chunk(pairing: Pairing, start: int, count: int) -> dict:
    """Games start..start+count of a pairing; wins per player, search decisions and CPU seconds."""
    game = load_game(pairing.game)
    module = game.module
    rules = module.make_rules(game)
    players = {name: policy_factory(module, name)(rules) for name in (pairing.first, pairing.second)}
    wins = {pairing.first: 0, pairing.second: 0}
    draws = 0
    spent = {pairing.first: 0.0, pairing.second: 0.0}
    decisions = {pairing.first: 0, pairing.second: 0}
    clock = time.process_time
    started = clock()
    for index in range(start, start + count):
        seed = 1000 + index
        state = module.new_game(rules, seed, 2, pairing.setup)
        names = (pairing.first, pairing.second) if index % 2 == 0 else (pairing.second, pairing.first)
        draw = random.Random(seed ^ 0x5EED)
        while state.result is None:
            joint = {}
            for seat in state.to_move():
                name = names[seat]
                t0 = clock()
                joint[seat] = players[name].choose(state, seat, draw)
                spent[name] += clock() - t0
                decisions[name] += 1
            state.apply(joint)
        if state.result.winners:
            wins[names[state.result.winners[0]]] += 1
        else:
            draws += 1
    return {"wins": wins, "draws": draws, "spent": spent, "decisions": decisions, "cpu": clock() - started}


def head_to_head(smoke: bool, jobs: int, scale: float, only: str | None = None,
                 deadline: float = 7200.0) -> list[tuple[Pairing, dict]]:
    """Every pairing's games in chunks of 10 on `jobs` processes; a pairing's row prints as soon as
    its last chunk is in (so a long run shows its figures as it goes)."""
    chunks = []
    for pairing in pairings(smoke, scale, only):
        for start in range(0, pairing.games, 10):
            chunks.append((pairing, start, min(10, pairing.games - start)))
    left = {p: sum(1 for c in chunks if c[0] == p) for p in dict.fromkeys(c[0] for c in chunks)}
    merged: dict[Pairing, dict] = {}
    print_header()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(play_chunk, *chunk): chunk[0] for chunk in chunks}
        for future in as_completed(futures, timeout=deadline):
            pairing = futures[future]
            result = future.result(timeout=deadline)
            total = merged.setdefault(pairing, {"wins": {pairing.first: 0, pairing.second: 0}, "draws": 0,
                                                "spent": {pairing.first: 0.0, pairing.second: 0.0},
                                                "decisions": {pairing.first: 0, pairing.second: 0}, "cpu": 0.0})
            for key in ("wins", "spent", "decisions"):
                for name, value in result[key].items():
                    total[key][name] += value
            total["draws"] += result["draws"]
            total["cpu"] += result["cpu"]
            left[pairing] -= 1
            if not left[pairing]:
                print_row(pairing, total)
    return [(p, merged[p]) for p in left]


def print_header() -> None:
    print("\nHead to head (2 players, seats alternating; share of decided games, 95 % Wilson interval)")
    print(f"{'game':18} {'player':11} {'against':11} {'games':>5} {'wins':>5} {'losses':>6} {'draws':>5} "
          f"{'share':>6} {'95 % CI':>13} {'CPU s/game':>10}", flush=True)


def print_row(pairing: Pairing, total: dict) -> None:
    won, lost = total["wins"][pairing.first], total["wins"][pairing.second]
    ci = wilson_interval(won, won + lost) if won + lost else None
    share = f"{ci.rate:.0%}" if ci else "-"
    interval = f"{ci.low:.0%}-{ci.high:.0%}" if ci else "-"
    print(f"{pairing.game:18} {pairing.first:11} {pairing.second:11} {pairing.games:>5} {won:>5} {lost:>6} "
          f"{total['draws']:>5} {share:>6} {interval:>13} {total['cpu'] / pairing.games:>10.3f}", flush=True)


def print_table(rows: list[tuple[Pairing, dict]]) -> None:
    print("\nSearch decisions per CPU second (its own thinking time, all pairings it played)")
    per: dict[tuple[str, str], list[float]] = {}
    for pairing, total in rows:
        for name in (pairing.first, pairing.second):
            if name.startswith("search"):
                entry = per.setdefault((pairing.game, name), [0, 0.0])
                entry[0] += total["decisions"][name]
                entry[1] += total["spent"][name]
    for (game, name), (count, seconds) in sorted(per.items()):
        print(f"{game:18} {name:11} {count:>7} decisions {count / seconds if seconds else 0:>9.1f} /s", flush=True)


RATE_GAMES = [("dragon_pants", "standard"), ("dragon_dance", None), ("dragon_line", "hand"),
              ("examples/goofspiel", None), ("examples/lost_cities", None)]


def rates(smoke: bool) -> None:
    """Decisions and iterations per CPU second of search:50, and the engine's own calls per CPU second."""
    strength, decisions, steps = ("search:5", 4, 200) if smoke else ("search:50", 40, 4000)
    print(f"\nSpeed per game ({strength} against itself for {decisions} decisions; engine calls along random "
          f"playouts, {steps} steps; CPU seconds)")
    print(f"{'game':20} {'decisions/s':>11} {'iterations/s':>12} {'clone/s':>9} {'legal/s':>9} {'apply/s':>9}", flush=True)
    clock = time.process_time
    for name, setup in RATE_GAMES:
        if not (ROOT / ("" if "/" in name else "data") / name / "game.yaml").is_file():
            continue
        game = load_game(name)
        module = game.module
        rules = module.make_rules(game)
        player = policy_factory(module, strength)(rules)
        made, spent, seed = 0, 0.0, 7000
        while made < decisions:
            state = module.new_game(rules, seed, 2, setup)
            draw = random.Random(seed)
            while state.result is None and made < decisions:
                joint = {}
                for seat in state.to_move():
                    started = clock()
                    joint[seat] = player.choose(state, seat, draw)
                    spent += clock() - started
                    made += 1
                state.apply(joint)
            seed += 1
        calls = {"clone": [0, 0.0], "legal": [0, 0.0], "apply": [0, 0.0]}
        done, seed = 0, 8000
        while done < steps:
            state = module.new_game(rules, seed, 2, setup)
            draw = random.Random(seed)
            while state.result is None and done < steps:
                started = clock()
                copy = state.clone()
                calls["clone"][1] += clock() - started
                calls["clone"][0] += 1
                started = clock()
                options = {s: copy.legal_actions(s) for s in copy.to_move()}
                calls["legal"][1] += clock() - started
                calls["legal"][0] += len(options)
                joint = {s: draw.choice(acts) for s, acts in options.items()}
                started = clock()
                state.apply(joint)
                calls["apply"][1] += clock() - started
                calls["apply"][0] += 1
                done += 1
            seed += 1
        per = {k: (n / t if t else 0.0) for k, (n, t) in calls.items()}
        print(f"{name:20} {made / spent if spent else 0:>11.1f} {player.iterations_run / spent if spent else 0:>12.0f} "
              f"{per['clone']:>9.0f} {per['legal']:>9.0f} {per['apply']:>9.0f}", flush=True)


def exploitability(smoke: bool, nodes: int = 24, samples: int = 24) -> None:
    """Dragon Dance: each player's loss to a best reply at sampled simultaneous nodes (see the docstring)."""
    if not (ROOT / "data" / "dragon_dance" / "game.yaml").is_file():
        return
    game = load_game("dragon_dance")
    module = game.module
    rules = module.make_rules(game)
    names = ["random", "greedy", "strong", "search:6" if smoke else "search:200"]
    players = {n: policy_factory(module, n)(rules) for n in names}
    nodes, samples = (2, 4) if smoke else (nodes, samples)
    measure = MatrixSearch(module.evaluate, 4, 20_000)
    states = []
    seed = 3000
    while len(states) < nodes:
        state = module.new_game(rules, seed, 2, None)
        draw = random.Random(seed)
        step = 0
        while state.result is None and len(states) < nodes:
            if len(state.to_move()) == 2 and step % 3 == 0:
                states.append(state.clone())
            state.apply({s: players["strong"].choose(state, s, draw) for s in state.to_move()})
            step += 1
        seed += 1
    losses = {n: [] for n in names}
    started = time.process_time()
    for index, state in enumerate(states):
        payoff = measure.payoffs(state)
        if payoff is None:
            continue
        seat = index % 2                                   # measure the knight and the dragon in turn
        table = payoff if seat == 0 else [[-payoff[i][j] for i in range(len(payoff))] for j in range(len(payoff[0]))]
        value = solve(table).value
        legal = [str(a) for a in state.legal_actions(seat)]
        for name in names:
            counts = [0] * len(legal)
            for k in range(samples):
                counts[legal.index(str(players[name].choose(state, seat, random.Random(k))))] += 1
            mix = [c / samples for c in counts]
            worst = min(sum(mix[i] * table[i][j] for i in range(len(mix))) for j in range(len(table[0])))
            losses[name].append(value - worst)
    print(f"\nDragon Dance exploitability over {len(losses[names[0]])} simultaneous nodes of strong-v-strong games "
          f"({samples} choices per node estimate each mix; evaluate units, value difference of the two seats; "
          f"{time.process_time() - started:.0f} CPU s)")
    print(f"{'player':11} {'mean':>7} {'max':>7}", flush=True)
    for name in names:
        found = losses[name]
        print(f"{name:11} {sum(found) / len(found):>7.3f} {max(found):>7.3f}")


def check_time(deadline: float = 1800.0) -> None:
    """The default check of Dragon Pants, in a fresh process: wall time, and CPU time of it and its workers."""
    with tempfile.TemporaryDirectory() as out:
        before = os.times()
        started = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "dragon_pnp", "check", "dragon_pants", "--out", out],
                             cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
                             timeout=deadline)
        wall = time.perf_counter() - started
        after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    print(f"\nDefault `dragon-pnp check dragon_pants`: {wall:.1f} s wall, {cpu:.1f} s CPU (all processes), "
          f"exit {run.returncode}; {run.stdout.splitlines()[0] if run.stdout else ''}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="two games per pairing at small strengths")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--games-scale", type=float, default=1.0, help="scale every pairing's game count")
    parser.add_argument("--no-check", action="store_true", help="skip timing the default check")
    parser.add_argument("--no-exploitability", action="store_true")
    parser.add_argument("--no-head-to-head", action="store_true")
    parser.add_argument("--no-rates", action="store_true")
    parser.add_argument("--only", help="play only the pairings of games whose name contains this")
    parser.add_argument("--nodes", type=int, default=24, help="Dragon Dance nodes the exploitability is measured at")
    parser.add_argument("--samples", type=int, default=24, help="choices per node that estimate a player's mix")
    parser.add_argument("--deadline", type=float, default=7200.0,
                        help="seconds the head-to-head games may take in all (then the bench fails)")
    args = parser.parse_args()
    if not args.no_head_to_head:
        print_table(head_to_head(args.smoke, args.jobs, args.games_scale, args.only,
                                 300.0 if args.smoke else args.deadline))
    if not args.no_rates:
        rates(args.smoke)
    if not args.no_exploitability:
        exploitability(args.smoke, args.nodes, args.samples)
    if not (args.smoke or args.no_check):
        check_time()


if __name__ == "__main__":
    main()
