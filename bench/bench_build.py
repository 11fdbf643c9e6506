"""Benchmark: build the print kit in a fresh process, several times; print median wall time and peak memory.

Three measurements, each a fresh `python` process per run (imports included, as a user pays them):
  imports  only importing the libraries the kit needs: the floor no build can go below
  kit      the print kit alone: cards, tiles, board, extras, svg/, png/ and print-and-play.pdf
  build    `dragon-pnp build --no-check`: the whole pipeline without the rules check (rulebook included)

Usage: .venv/bin/python bench/bench_build.py [--runs N] [--paper letter|a4] [--workers 1|2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

KIT_ONLY = """
import sys
from pathlib import Path
from generator.build.atomic import atomic_folder
from generator.build.context import BuildContext, BuildOptions
from generator.data import load_game
from generator.kit.steps import kit_step, print_and_play_step
game = load_game("dragon_pants")
with atomic_folder(Path(sys.argv[1])) as staging:
    context = BuildContext(game, BuildOptions(paper=sys.argv[2], check=False), staging)
    kit_step(context)
    print_and_play_step(context)
"""


def run(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and peak resident memory (MiB, the process and its workers) of one run."""
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {process.stderr.read().decode()}")
    return wall, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--paper", default="letter", choices=["letter", "a4"])
    parser.add_argument("--workers", default=None, help="DRAGON_PNP_WORKERS for the runs (default 2)")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if args.workers:
        env["DRAGON_PNP_WORKERS"] = args.workers
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        jobs = {
            "imports": [python, "-c", "import cairosvg, pypdf, reportlab.pdfgen.canvas, jinja2, pydantic, yaml, typer, rich"],
            "kit": [python, "-c", KIT_ONLY, str(Path(tmp) / "kit"), args.paper],
            "build": [python, "-m", "generator", "build", "dragon_pants", "--no-check", "--paper", args.paper,
                      "--out", str(Path(tmp) / "build")],
        }
        run(jobs["kit"], env)  # warm the OS file cache and the template cache once
        print(f"{args.runs} runs each, paper {args.paper}, {os.cpu_count()} CPUs, "
              f"workers {env.get('DRAGON_PNP_WORKERS', '2')}, load average {os.getloadavg()[0]:.2f}")
        # Round robin, so a change in machine load touches every measurement alike.
        results: dict[str, list[tuple[float, float]]] = {name: [] for name in jobs}
        for _ in range(args.runs):
            for name, command in jobs.items():
                results[name].append(run(command, env))
        for name, runs in results.items():
            walls = [w for w, _ in runs]
            print(f"{name:8s} median {statistics.median(walls):.2f} s (min {min(walls):.2f}, max {max(walls):.2f}), "
                  f"peak memory {max(m for _, m in runs):.0f} MiB")


if __name__ == "__main__":
    main()
