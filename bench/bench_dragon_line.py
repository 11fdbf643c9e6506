"""Benchmark: seeded random hands of Dragon Line on one core; prints hands/s (target: 2,000).

    .venv/bin/python bench/bench_dragon_line.py [--hands 4000] [--seed 1] [--strong 40]

Each hand is dealt from its own seed and played to the end through the game interface
(`to_move`, `legal_actions`, `apply`) by the generic random player, as the rules check plays
it. Process time is reported as well as wall time, since the machine may be shared. The strong
policy's speed (hands/s, strong v strong) is printed too, as the rules check's cost driver.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dragon_pnp.games.dragon_line import GAME
from dragon_pnp.games.registry import load_game
from dragon_pnp.players import RandomPolicy, policies_of


def random_hands(hands: int, seed: int) -> dict[str, float]:
    rules = GAME.make_rules(load_game("dragon_line"))
    player = RandomPolicy()
    chooser = random.Random(seed)
    reasons: Counter[str] = Counter()
    decisions = rounds = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for n in range(hands):
        state = GAME.new_game(rules, seed + n, setup="hand")
        while state.result is None:
            state.apply({s: player.choose(state, s, chooser) for s in state.to_move()})
            decisions += 1
        reasons[state.result.reason] += 1
        rounds += state.result.rounds
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"hands": hands, "wall": wall, "cpu": cpu, "decisions": decisions, "rounds": rounds,
            "reasons": dict(reasons)}


def strong_hands(hands: int, seed: int) -> dict[str, float]:
    from dragon_pnp.games.dragon_line.learning import play_hand

    rules = GAME.make_rules(load_game("dragon_line"))
    players = [policies_of(GAME)["strong"](rules) for _ in (0, 1)]
    cpu = time.process_time()
    rounds = sum(play_hand(rules, players, seed + n).result.rounds for n in range(hands))
    return {"hands": hands, "cpu": time.process_time() - cpu, "rounds": rounds}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strong", type=int, default=40, help="strong v strong hands to time (0: skip)")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run: check the bench still works")
    args = parser.parse_args()
    if args.smoke:
        args.hands, args.strong = 20, 1
    r = random_hands(args.hands, args.seed)
    print(f"random hands: {r['hands'] / r['cpu']:.0f} hands/s per core (process time; "
          f"{r['hands'] / r['wall']:.0f}/s wall), {r['decisions'] / r['hands']:.1f} joint decisions and "
          f"{r['rounds'] / r['hands']:.2f} rounds per hand, {r['decisions'] / r['cpu']:.0f} decisions/s; "
          f"ends {r['reasons']}")
    if args.strong:
        s = strong_hands(args.strong, args.seed)
        print(f"strong v strong: {s['hands'] / s['cpu']:.1f} hands/s per core, {s['rounds'] / s['hands']:.2f} rounds per hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
