"""Wall time of `dragon-pnp decks` (fresh process, all presets) and of the exact maths alone."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from benchkit import capture  # noqa: E402

from dragon_pnp.games.dragon_pants.destiny import analyse_presets  # noqa: E402
from dragon_pnp.games.registry import load_game  # noqa: E402

RUNS = 7


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run: check the bench still works")
    args = parser.parse_args()
    runs = 1 if args.smoke else RUNS
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        capture([sys.executable, "-m", "dragon_pnp", "decks", "dragon_pants", "--json"],
                deadline=60.0 if args.smoke else 300.0)
        walls.append(time.perf_counter() - start)
    game = load_game("dragon_pants")
    maths = []
    for _ in range(runs):
        start = time.perf_counter()
        analyse_presets(game)
        maths.append(time.perf_counter() - start)
    print(f"dragon-pnp decks --json (fresh process, 3 presets): median {statistics.median(walls):.3f} s "
          f"(min {min(walls):.3f}, max {max(walls):.3f}, {runs} runs)")
    print(f"exact analysis of all presets in-process: median {statistics.median(maths) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
