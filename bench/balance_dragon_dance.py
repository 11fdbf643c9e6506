"""Dragon Dance balance: each policy against itself (and strong against greedy), with Wilson intervals.

    .venv/bin/python bench/balance_dragon_dance.py [--games 1000] [--policies random,greedy,strong]
        [--cross] [--option combo_before_movement=true] [--data data/dragon_dance] [--jobs 2] [--json]

The tuning tool for the provisional card tables: the issue's target is that neither side wins
more than 55 % of decided games under the strong policy, and that a typical game lasts 10-30
minutes by the playtime estimate. Game g uses seed `--seed + g` for the dice and
`(--seed + g) ^ 0x5EED` for the policies' choices, so every figure is reproducible.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dragon_pnp.games.dragon_dance import GAME
from dragon_pnp.games.dragon_dance.metrics import game_metrics, hazards, playtime_minutes
from dragon_pnp.players import policies_of
from dragon_pnp.stats import summarise, wilson_interval

ROOT = Path(__file__).resolve().parents[1]


@lru_cache(maxsize=4)
def _rules(folder: str, options: tuple[tuple[str, bool], ...]):
    return GAME.make_rules(GAME.dance_data(folder), dict(options))


def play_games(folder: str, options: tuple, knight: str, dragon: str, seeds: list[int]) -> list[dict[str, Any]]:
    """Play one game per seed; top level so worker processes can run it."""
    rules = _rules(folder, options)
    factories = policies_of(GAME)
    players = (factories[knight](rules), factories[dragon](rules))
    settings = GAME.dance_data(folder).settings
    records = []
    for seed in seeds:
        state = GAME.new_game(rules, seed)
        rng = random.Random(seed ^ 0x5EED)
        while state.result is None:
            state.apply({seat: players[seat].choose(state, seat, rng) for seat in state.to_move()})
        winners = state.result.winners
        records.append({
            "winner": rules.roles[winners[0]] if len(winners) == 1 else None,
            "metrics": game_metrics(state), "hazards": hazards(state),
            "minutes": playtime_minutes(settings, state.result.rounds),
        })
    return records


def run_matchup(folder: str, options: tuple, knight: str, dragon: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    seeds = [seed + g for g in range(games)]
    start = time.perf_counter()
    if jobs > 1:
        chunks = [seeds[i::jobs] for i in range(jobs)]
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(play_games, [folder] * jobs, [options] * jobs, [knight] * jobs, [dragon] * jobs, chunks))
        by_seed = {s: r for chunk, part in zip(chunks, parts) for s, r in zip(chunk, part)}
        records = [by_seed[s] for s in seeds]
    else:
        records = play_games(folder, options, knight, dragon, seeds)
    elapsed = time.perf_counter() - start
    roles = GAME.dance_data(folder).roles
    wins = {role: sum(1 for r in records if r["winner"] == role) for role in roles}
    decided = sum(wins.values())
    hazard_counts: dict[str, int] = {}
    for record in records:
        for name, n in record["hazards"].items():
            hazard_counts[name] = hazard_counts.get(name, 0) + n
    return {
        "knight_policy": knight, "dragon_policy": dragon, "games": games, "decided": decided,
        "wins": wins, "draws": games - decided,
        "share_of_decided": {role: wilson_interval(n, decided).to_json() for role, n in wins.items()},
        "rounds": summarise([r["metrics"]["rounds"] for r in records]).to_json(),
        "minutes": summarise([r["minutes"] for r in records]).to_json(),
        "hazards": hazard_counts,
        "metrics": merge_metrics(roles, [r["metrics"] for r in records]),
        "seconds": elapsed,
    }


def merge_metrics(roles: tuple[str, ...], games: list[dict[str, Any]]) -> dict[str, Any]:
    """Sum the games' figures (`game_metrics` shapes: per-seat lists keyed "role:card" or by face)
    into totals per role: cards and faces chosen with the damage dealt with them, combos,
    Recuperates, bluffs and rounds at each range."""
    cards: dict[str, dict[str, dict[str, int]]] = {role: {} for role in roles}
    dice: dict[str, dict[str, dict[str, int]]] = {role: {} for role in roles}
    merged = {"combos": 0, "recuperates": [0] * len(roles), "bluffs": [0] * len(roles), "rounds_at": {}}
    for game in games:
        for key, per_seat in game["cards_chosen"].items():
            role, card = key.split(":", 1)
            entry = cards[role].setdefault(card, {"chosen": 0, "dealt": 0})
            entry["chosen"] += sum(per_seat)
            entry["dealt"] += sum(game["card_damage"].get(key, [0]))
        for face, per_seat in game["faces_chosen"].items():
            for seat, n in enumerate(per_seat):
                if n:
                    entry = dice[roles[seat]].setdefault(face, {"chosen": 0, "dealt": 0})
                    entry["chosen"] += n
                    entry["dealt"] += game["face_damage"][face][seat]
        merged["combos"] += game["combos"]
        for seat in range(len(roles)):
            merged["recuperates"][seat] += game["recuperates"][seat]
            merged["bluffs"][seat] += game["bluffs"][seat]
        for name, n in game["rounds_at"].items():
            merged["rounds_at"][name] = merged["rounds_at"].get(name, 0) + n
    return {**merged, "cards": cards, "dice": dice}


def describe(result: dict[str, Any]) -> str:
    lines = [f"knight {result['knight_policy']} v dragon {result['dragon_policy']}: {result['games']} games, "
             f"{result['draws']} draws, {result['seconds']:.1f} s"]
    for role, share in result["share_of_decided"].items():
        lines.append(f"  {role:7s} wins {share['wins']:5d} = {share['rate']:6.1%} of decided "
                     f"(95 % {share['low']:.1%}-{share['high']:.1%})")
    rounds, minutes = result["rounds"], result["minutes"]
    lines.append(f"  rounds mean {rounds['mean']:.1f} median {rounds['median']:.0f} p90 {rounds['p90']:.0f} "
                 f"max {rounds['max']:.0f}; minutes mean {minutes['mean']:.1f} median {minutes['median']:.1f} "
                 f"p90 {minutes['p90']:.1f}")
    metrics = result["metrics"]
    lines.append(f"  combos {metrics['combos']}, recuperates {metrics['recuperates']}, bluffs {metrics['bluffs']}, "
                 f"rounds at {metrics['rounds_at']}, hazards {result['hazards']}")
    for role, cards in metrics["cards"].items():
        total = sum(c["chosen"] for c in cards.values())
        shown = ", ".join(f"{card} {c['chosen'] / total:.0%} (dealt {c['dealt'] / c['chosen']:.1f})"
                          for card, c in sorted(cards.items(), key=lambda kv: -kv[1]["chosen"]))
        lines.append(f"  {role} cards: {shown}")
    for role, faces in metrics["dice"].items():
        total = sum(c["chosen"] for c in faces.values())
        shown = ", ".join(f"{face} {faces[face]['chosen'] / total:.0%}" for face in ["none", "1", "2", "3", "4", "5", "6"] if face in faces)
        lines.append(f"  {role} dice: {shown}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--policies", default="random,greedy,strong")
    parser.add_argument("--cross", action="store_true", help="also strong against greedy, both ways")
    parser.add_argument("--option", action="append", default=[], help="rules option NAME=true|false")
    parser.add_argument("--data", default=str(ROOT / "data" / "dragon_dance"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options = tuple(sorted((name, value.lower() == "true") for name, _, value in (o.partition("=") for o in args.option)))
    folder = str(Path(args.data).resolve())
    pairs = [(p, p) for p in args.policies.split(",")]
    if args.cross:
        pairs += [("strong", "greedy"), ("greedy", "strong")]
    results = [run_matchup(folder, options, k, d, args.games, args.seed, args.jobs) for k, d in pairs]
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print("\n".join(describe(r) for r in results))


if __name__ == "__main__":
    main()
