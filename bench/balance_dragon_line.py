"""Dragon Line balance: policies against each other and the suit balance under the strong policy.

Plays seeded single hands (seats swapped every other hand) and prints, with 95 % Wilson
intervals:
  - each pairing's hand win rate (strong v greedy, greedy v random, strong v random) and
    seat 1's rate under strong v strong (the game is symmetric, so it should hold 50 %),
  - strong v strong: each suit's share of the cards in winning lines against its share of
    losing lines (the issue's target: no suit far above the others), the share of each suit
    the winners drafted, rounds per hand, ties and how often the front-dragon fallback fired,
  - per card: how early it is drafted (mean pick) and the drafting seat's hand win rate.
The tuning of the provisional card values in data/dragon_line/dragons.yaml used this script;
it is deterministic for a seed and job count does not change the figures.

Usage: .venv/bin/python bench/balance_dragon_line.py [--hands N] [--seed S] [--jobs J] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dragon_pnp.games.dragon_line import GAME  # noqa: E402
from dragon_pnp.games.dragon_line.learning import play_hand  # noqa: E402
from dragon_pnp.games.dragon_line.metrics import game_metrics, summarise  # noqa: E402
from dragon_pnp.games.registry import load_game  # noqa: E402
from dragon_pnp.players import policies_of  # noqa: E402
from dragon_pnp.stats import wilson_interval  # noqa: E402

PAIRINGS = (("strong", "strong"), ("strong", "greedy"), ("greedy", "random"), ("strong", "random"))


def _play(task: tuple[str, str, int, int, dict[str, Any]]) -> list[dict[str, Any]]:
    first, second, start, count, options = task
    rules = GAME.make_rules(load_game("dragon_line"), options)
    factories = policies_of(GAME)
    out = []
    for seed in range(start, start + count):
        swap = seed % 2 == 1
        names = (second, first) if swap else (first, second)
        state = play_hand(rules, [factories[n](rules) for n in names], seed)
        metrics = game_metrics(state)
        winners = state.result.winners
        metrics["first_policy_won"] = int(bool(winners) and (winners[0] == 1) == swap)
        metrics["seat_1_won"] = int(winners == (0,))
        out.append(metrics)
    return out


def run(first: str, second: str, hands: int, seed: int, jobs: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    chunk = 50
    tasks = [(first, second, seed + i, min(chunk, hands - i), options) for i in range(0, hands, chunk)]
    if jobs <= 1:
        return [m for t in tasks for m in _play(t)]
    with ProcessPoolExecutor(jobs) as pool:
        return [m for part in pool.map(_play, tasks) for m in part]


def pct(interval: Any) -> str:
    return f"{interval.rate:6.1%} [{interval.low:5.1%}, {interval.high:5.1%}]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--option", action="append", default=[], help="rules option NAME=true")
    parser.add_argument("--only-strong", action="store_true", help="skip the other pairings")
    args = parser.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    report: dict[str, Any] = {"hands": args.hands, "seed": args.seed, "options": options, "pairings": {}}
    strong_summary = None
    for first, second in PAIRINGS[:1] if args.only_strong else PAIRINGS:
        started = time.perf_counter()
        per_hand = run(first, second, args.hands, args.seed, args.jobs, options)
        seconds = time.perf_counter() - started
        summary = summarise(per_hand)
        decided = sum(1 for m in per_hand if m["hand_ties"] == 0)
        won = sum(m["first_policy_won"] for m in per_hand)
        label = f"{first} v {second}"
        if first == second:
            interval = wilson_interval(sum(m["seat_1_won"] for m in per_hand), decided)
            print(f"{label:18} seat 1 wins {pct(interval)} of {decided} decided hands   "
                  f"({args.hands / seconds:.0f} hands/s)")
            strong_summary = summary
        else:
            interval = wilson_interval(won, decided)
            print(f"{label:18} {first} wins {pct(interval)} of {decided} decided hands   "
                  f"({args.hands / seconds:.0f} hands/s)")
        report["pairings"][label] = {"win": interval.to_json(), "rounds_per_hand": summary["rounds_per_hand"],
                                     "fallback_share": summary["fallback_share"], "ties": summary["hand_ties"]}
    assert strong_summary is not None
    s = strong_summary
    print(f"\nstrong v strong: {s['rounds_per_hand']:.2f} rounds per hand, fallback in {s['fallback_share']:.1%} "
          f"of rounds, {s['hand_ties']} ties in {s['hands']} hands, reasons {s['hand_reasons']}")
    winning, losing = s["suit_winning_line"], s["suit_losing_line"]
    drafted, by_winner = s["suit_drafted"], s["suit_drafted_by_winner"]
    won_total, lost_total = sum(winning.values()), sum(losing.values())
    print(f"\n{'suit':8} {'winning lines':>24} {'losing lines':>13} {'lift':>6} {'drafted by winners':>19}")
    for suit in sorted(winning):
        interval = wilson_interval(winning[suit], won_total)
        lost = losing.get(suit, 0) / lost_total
        print(f"{suit:8} {pct(interval):>24} {lost:13.1%} {interval.rate / lost:6.2f} "
              f"{by_winner.get(suit, 0) / max(1, drafted.get(suit, 0)):19.1%}")
    print(f"\n{'card':11} {'suit':7} {'mean pick':>9} {'drafted':>8} {'drafter wins':>26}")
    rules = GAME.make_rules(load_game("dragon_line"))
    rows = []
    for i, card in enumerate(rules.card_ids):
        n = s["card_drafted"].get(card, 0)
        interval = wilson_interval(s["card_drafted_won"].get(card, 0), n)
        rows.append((card, rules.suit_ids[rules.suit_of[i]], s["card_pick_sum"].get(card, 0) / n if n else 0.0, n, interval))
    for card, suit, pick, n, interval in sorted(rows, key=lambda r: -r[4].rate):
        print(f"{card:11} {suit:7} {pick:9.2f} {n:8} {pct(interval):>26}")
    report["strong"] = dict(s.items())
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, sort_keys=True, default=str) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
