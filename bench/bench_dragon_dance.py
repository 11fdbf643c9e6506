"""Benchmark: seeded random games of Dragon Dance on one core; prints games/s and decisions/s.

    .venv/bin/python bench/bench_dragon_dance.py [--games 5000] [--seed 1] [--policy random]

Each game is dealt from its own seed and played to the end through the game interface
(`to_move`, `legal_actions`, `apply`) by a seeded uniformly random player, as the rules check
plays it. The target is 2,000 random games per second per core (CPU time).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dragon_pnp.games.dragon_dance import GAME
from dragon_pnp.players import policies_of

TARGET_GAMES_PER_CPU_SECOND = 2000


def run(games: int, seed: int, policy: str) -> dict[str, float]:
    rules = GAME.make_rules(GAME.dance_data(Path(__file__).resolve().parents[1] / "data" / "dragon_dance"))
    player = policies_of(GAME)[policy](rules)
    chooser = random.Random(seed)
    decisions = rounds = 0
    reasons: Counter[str] = Counter()
    start = time.perf_counter()
    cpu_start = time.process_time()
    for game in range(games):
        state = GAME.new_game(rules, seed + game)
        while state.result is None:
            joint = {s: player.choose(state, s, chooser) for s in state.to_move()}
            state.apply(joint)
            decisions += len(joint)
        reasons[state.result.reason] += 1
        rounds += state.result.rounds
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "games": games, "seconds": elapsed, "cpu_seconds": cpu,
        "games_per_s": games / elapsed, "games_per_cpu_s": games / cpu,
        "decisions_per_cpu_s": decisions / cpu, "rounds_per_game": rounds / games,
        **{f"end_{k}": v for k, v in sorted(reasons.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default="random")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run: check the bench still works")
    args = parser.parse_args()
    if args.smoke:
        args.games = 20
    figures = run(args.games, args.seed, args.policy)
    for key, value in figures.items():
        print(f"{key:22s} {value:,.2f}" if isinstance(value, float) else f"{key:22s} {value}")
    if args.policy == "random":
        verdict = "meets" if figures["games_per_cpu_s"] >= TARGET_GAMES_PER_CPU_SECOND else "MISSES"
        print(f"{verdict} the target of {TARGET_GAMES_PER_CPU_SECOND:,} random games per CPU second")


if __name__ == "__main__":
    main()
