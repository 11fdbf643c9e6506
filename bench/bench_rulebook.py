"""Time to typeset the rulebook alone (Letter and A4), cold (first, fonts and imports included)
and warm (median of repeated builds in one process), plus its page count and size."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.data import load_game  # noqa: E402

RUNS = 5


def main() -> None:
    game = load_game("dragon_pants")
    start = time.perf_counter()
    from generator.rulebook import typeset

    book = typeset(game, "letter")
    cold = time.perf_counter() - start
    print(f"rulebook cold (imports + fonts + letter): {cold:.2f} s, {book.pages} pages, {len(book.pdf) / 1024:.0f} KiB")
    for paper in ("letter", "a4"):
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            book = typeset(game, paper)
            times.append(time.perf_counter() - start)
        print(f"rulebook {paper}: median {statistics.median(times):.2f} s (min {min(times):.2f}, "
              f"max {max(times):.2f}) over {RUNS} builds; {book.pages} pages, {len(book.pdf) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
