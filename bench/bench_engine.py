"""Benchmark: seeded random games of Dragon Pants on one core; prints games/s and actions/s.

    .venv/bin/python bench/bench_engine.py [--games 2000] [--players 4] [--preset standard]

Each game is dealt from its own seed and played to the end by a uniformly random player
(a seeded `random.Random` picks among the legal actions of the seat to move, through the game
interface's `to_move`, `legal_actions(seat)` and `apply({seat: action})`), so the run is reproducible.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dragon_pnp.games.dragon_pants.engine import Rules, new_game
from dragon_pnp.games.registry import load_game


def run(games: int, players: int, preset: str, seed: int) -> dict[str, float]:
    rules = Rules.from_game(load_game("dragon_pants"))
    chooser = random.Random(seed)
    actions = 0
    reasons: Counter[str] = Counter()
    turns = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for game in range(games):
        state = new_game(rules, players=players, seed=seed + game, preset=preset)
        uniform = chooser.random
        while state.result is None:
            seat = state.to_move()[0]
            options = state.legal_actions(seat)
            state.apply({seat: options[int(uniform() * len(options))]})  # each option equally likely
            actions += 1
        reasons[state.result.reason] += 1
        turns += state.turn
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "games": games,
        "seconds": elapsed,
        "cpu_seconds": cpu,
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "games_per_cpu_s": games / cpu,
        "actions_per_cpu_s": actions / cpu,
        "actions_per_game": actions / games,
        "turns_per_game": turns / games,
        **{f"end_{k}": v for k, v in sorted(reasons.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run: check the bench still works")
    args = parser.parse_args()
    if args.smoke:
        args.games = 20
    figures = run(args.games, args.players, args.preset, args.seed)
    print(f"{figures['games']} games ({args.players} players, {args.preset}) in {figures['seconds']:.2f} s wall, "
          f"{figures['cpu_seconds']:.2f} s CPU, one core")
    print(f"games/s:   {figures['games_per_s']:.0f} wall, {figures['games_per_cpu_s']:.0f} per CPU second")
    print(f"actions/s: {figures['actions_per_s']:.0f} wall, {figures['actions_per_cpu_s']:.0f} per CPU second")
    print(f"actions per game: {figures['actions_per_game']:.1f}; turns per game: {figures['turns_per_game']:.1f}")
    print("ends: " + ", ".join(f"{k[4:]} {v}" for k, v in figures.items() if k.startswith("end_")))


if __name__ == "__main__":
    main()
