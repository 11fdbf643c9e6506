"""Learn Dragon Line's per-card draft values by simulation and write data/dragon_line/card_values.yaml.

The strong policy drafts by these values. Run again whenever a card's numbers or a suit's reach
change: validation refuses values learned on other cards (the file carries a digest of them).
Deterministic for a seed and hand count, whatever the job count. See
dragon_pnp/games/dragon_line/learning.py for the method.

Usage: .venv/bin/python bench/learn_dragon_line_values.py [--hands N] [--passes P] [--seed S] [--jobs J]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dragon_pnp.games.dragon_line import GAME  # noqa: E402
from dragon_pnp.games.dragon_line.data import (  # noqa: E402
    cards_digest,
    without_learned_values,
)
from dragon_pnp.games.dragon_line.learning import METHOD, hand_samples, learn_values  # noqa: E402
from dragon_pnp.games.registry import load_game  # noqa: E402


def _chunk(task: tuple[Sequence[float] | None, list[int]]):
    values, seeds = task
    rules = GAME.make_rules(without_learned_values(load_game("dragon_line")))   # never start from the last answer
    return hand_samples(rules, values, seeds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="hands per pass")
    parser.add_argument("--passes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / "data" / "dragon_line" / "card_values.yaml")
    args = parser.parse_args()
    data = without_learned_values(load_game("dragon_line"))
    rules = GAME.make_rules(data)
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        run = lambda values, chunks: list(pool.map(_chunk, [(values, c) for c in chunks]))  # noqa: E731
        values = learn_values(rules, args.hands, args.seed, args.passes, run=run)
    seconds = time.perf_counter() - started
    lines = [
        "# Per-card draft values for the strong policy, learned by simulation; do not edit by hand.",
        "# Written by bench/learn_dragon_line_values.py: each value is how much holding the card instead",
        "# of the opponent moves the chance of winning a hand (ridge regression, 0 = an average card).",
        f"cards_digest: {cards_digest(data.dragons, data.suits)}",
        f"method: {METHOD}",
        f"seed: {args.seed}",
        f"hands: {args.hands * args.passes}",
        "values:",
    ]
    width = max(len(c) for c in rules.card_ids)
    lines += [f"  {card}:{' ' * (width - len(card))} {value:+.4f}" for card, value in zip(rules.card_ids, values)]
    args.out.write_text("\n".join(lines) + "\n")
    print(f"{args.hands * args.passes} hands in {seconds:.0f} s; wrote {args.out}")
    by_suit: dict[str, list[float]] = {}
    for i, value in enumerate(values):
        by_suit.setdefault(rules.suit_ids[rules.suit_of[i]], []).append(value)
    for suit, vs in by_suit.items():
        print(f"  {suit:7} mean {sum(vs) / len(vs):+.4f}   " + " ".join(f"{v:+.3f}" for v in sorted(vs, reverse=True)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
