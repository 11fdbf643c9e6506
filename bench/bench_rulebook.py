"""Time to typeset the rulebook alone (Letter and A4), cold (first, fonts and imports included)
and warm (median of repeated builds in one process), plus its page count and size."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dragon_pnp.games.registry import load_game  # noqa: E402

RUNS = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run: check the bench still works")
    args = parser.parse_args()
    runs = 1 if args.smoke else RUNS
    # smoke: the peer deck's one-page rulebook takes the same path (imports, fonts, typeset) as Dragon
    # Pants' sixteen pages, at a fraction of the CPU (issue 30); the figures are Dragon Pants'
    game = load_game(str(ROOT / "examples" / "peer-deck") if args.smoke else "dragon_pants")
    start = time.perf_counter()
    from dragon_pnp.rulebook import typeset

    book = typeset(game, "letter")
    cold = time.perf_counter() - start
    print(f"rulebook cold (imports + fonts + letter): {cold:.2f} s, {book.pages} pages, {len(book.pdf) / 1024:.0f} KiB")
    for paper in () if args.smoke else ("letter", "a4"):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            book = typeset(game, paper)
            times.append(time.perf_counter() - start)
        print(f"rulebook {paper}: median {statistics.median(times):.2f} s (min {min(times):.2f}, "
              f"max {max(times):.2f}) over {runs} builds; {book.pages} pages, {len(book.pdf) / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
