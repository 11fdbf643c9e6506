"""Benchmark: the start-up and whole-build targets of issue 24, each a fresh process, as a user times them.

Rows (medians of wall and CPU seconds, the process and every child it waited for):

  build cold     `dragon-pnp build dragon_pants --no-check`, render cache off       target <= 1.0 s
  build warm     the same again, nothing changed, the cache warm from the last run   target <= 0.6 s
  games --json   `dragon-pnp games --json` (the start-up floor)                      target <= 0.15 s
  peer whole     `dragon-pnp build examples/peer-deck --no-check`, cache off (bench_peer.py pairs it
                 against protograf)

With `--baseline DIR` (another checkout, e.g. `git worktree add /tmp/base main` or
`git archive main | tar -x -C /tmp/base`) every row is measured in pairs, this checkout against
that one, the order flipped every pair so drift in machine load falls on both sides, and each
row prints both medians and the median of the pair ratios: an A/B that holds on a busy machine.
Each side has its own cache and output folders. `--smoke` runs `build warm` and `games --json`
once, the build on the peer deck (the smallest kit): it checks the paths work, not the figures.

Usage: .venv/bin/python bench/bench_targets.py [--pairs N] [--baseline DIR] [--rows a,b] [--smoke]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchkit import ROOT, SMOKE_DEADLINE, add_smoke, run, smoke_cache

TARGETS = {"build cold": 1.0, "build warm": 0.6, "games --json": 0.15, "peer whole": None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=7)
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout to pair against")
    parser.add_argument("--rows", default=",".join(TARGETS), help="which rows, comma-separated")
    add_smoke(parser)
    args = parser.parse_args()
    rows = [row.strip() for row in args.rows.split(",") if row.strip()]
    unknown = [row for row in rows if row not in TARGETS]
    if unknown:
        raise SystemExit(f"unknown rows {unknown}; choose from {', '.join(TARGETS)}")
    deadline = SMOKE_DEADLINE if args.smoke else 300.0
    if args.smoke:
        args.pairs = 1
        # The warm row builds once cold anyway, and bench_peer.py's smoke builds the peer deck.
        rows = [row for row in rows if row not in ("build cold", "peer whole")] or rows
    # The build rows' game: the smoke's warm row fills its cache with a cold build first, which on
    # Dragon Pants costs ~20 CPU s; the peer deck takes the same path in a quarter of that.
    built = str(ROOT / "examples" / "peer-deck") if args.smoke else "dragon_pants"
    trees = {"new": ROOT}
    if args.baseline is not None:
        if not (args.baseline / "dragon_pnp" / "__init__.py").is_file():
            raise SystemExit(f"--baseline {args.baseline}: not a dragon-pnp checkout (no dragon_pnp/__init__.py)")
        trees = {"old": args.baseline.resolve(), "new": ROOT}
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)

        def job(side: str, row: str) -> tuple[list[str], dict[str, str]]:
            env = {**os.environ, "PYTHONPATH": str(trees[side])}
            generator = [python, "-m", "dragon_pnp"]
            if row == "games --json":
                return generator + ["games", "--json"], env
            if row == "peer whole":
                return (generator + ["build", str(ROOT / "examples" / "peer-deck"), "--no-check",
                                     "--out", str(tmp / side / "peer")], {**env, "DRAGON_PNP_CACHE": "off"})
            cache = "off" if row == "build cold" else smoke_cache(args.smoke and side == "new", tmp / side / "cache")
            out = tmp / side / row.replace(" ", "-")
            return generator + ["build", built, "--no-check", "--out", str(out)], {**env, "DRAGON_PNP_CACHE": cache}

        for side in trees:   # fill each side's cache and output folder, warm the OS file cache
            for row in rows:
                command, env = job(side, row)
                run(command, env, trees[side], deadline)
        print(f"{args.pairs} pair(s) per row, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}"
              + (f", old = {trees['old']}, new = {ROOT}" if "old" in trees else ""))
        for row in rows:
            figures: dict[str, list[tuple[float, float]]] = {side: [] for side in trees}
            ratios = []
            for number in range(args.pairs):
                order = list(trees) if number % 2 == 0 else list(reversed(trees))
                for side in order:
                    command, env = job(side, row)
                    wall, cpu, _ = run(command, env, trees[side], deadline)
                    figures[side].append((wall, cpu))
                if "old" in trees:
                    ratios.append(figures["old"][-1][0] / figures["new"][-1][0])
            parts = []
            for side, runs in figures.items():
                parts.append(f"{side} {statistics.median(w for w, _ in runs):.3f} s wall "
                             f"(CPU {statistics.median(c for _, c in runs):.3f} s)")
            target = TARGETS[row]
            new_wall = statistics.median(w for w, _ in figures["new"])
            verdict = "" if target is None else \
                f"; target <= {target:g} s: {'met' if new_wall <= target else 'NOT met'}"
            speedup = f"; new is {statistics.median(ratios):.2f}x old (median pair ratio)" if ratios else ""
            print(f"{row:13s} {', '.join(parts)}{speedup}{verdict}", flush=True)


if __name__ == "__main__":
    main()
