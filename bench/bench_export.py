"""Benchmark: the exports in fresh processes; print median wall time, CPU time and peak memory.

  tts cold / warm   `dragon-pnp export tts`: card sheets, piece images, saved object;
                    render cache off / filled by an earlier export of the same data
  tgc cold / warm   `dragon-pnp export service tgc`: 33 template-sized PNGs and the upload list
  mpc cold          `dragon-pnp export service mpc`: 22 PNGs

Usage: .venv/bin/python bench/bench_export.py [--runs N] [--smoke]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    add_smoke(parser)
    args = parser.parse_args()
    deadline = SMOKE_DEADLINE if args.smoke else 300.0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        cold = {**env, "DRAGON_PNP_CACHE": "off"}
        warm = {**env, "DRAGON_PNP_CACHE": str(tmp / "cache")}

        def export(*what: str) -> list[str]:
            return [sys.executable, "-m", "dragon_pnp", "export", *what, "dragon_pants", "--out", str(tmp / "-".join(what))]

        jobs = {
            "tts cold": (export("tts"), cold), "tts warm": (export("tts"), warm),
            "tgc cold": (export("service", "tgc"), cold), "tgc warm": (export("service", "tgc"), warm),
            "mpc cold": (export("service", "mpc"), cold),
        }
        if args.smoke:  # one export, once: does the path still work?
            shared = {**env, "DRAGON_PNP_CACHE": smoke_cache(True, "off")}
            print(f"smoke: tgc {run(export('service', 'tgc'), shared, deadline=deadline)[0]:.2f} s")
            return
        for command, job_env in jobs.values():
            run(command, job_env)  # fills the cache, warms the OS file cache
        print(f"{args.runs} runs each, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
        results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in jobs}
        for _ in range(args.runs):
            for name, (command, job_env) in jobs.items():
                results[name].append(run(command, job_env))
        for name, runs in results.items():
            walls = [w for w, _, _ in runs]
            print(f"{name:9s} median {statistics.median(walls):.2f} s (min {min(walls):.2f}, max {max(walls):.2f}), "
                  f"CPU {statistics.median(c for _, c, _ in runs):.2f} s, peak memory {max(m for _, _, m in runs):.0f} MiB")


if __name__ == "__main__":
    main()
