"""Benchmark: the rules check on a Dask cluster of 1, 2 and 4 local worker processes.

Each run starts a `distributed.LocalCluster` (single-threaded worker processes, as a real cluster
would have), hands its address to the check exactly as `dragon-pnp check --scheduler ADDRESS`
does, and times the simulation alone (the cluster is up before the clock starts). CPU time is the
workers' own (user + system of each worker process, read on the worker before and after), so a
loaded machine shows as wall time well above CPU time over the cores in use. The same seed gives
the same report on every cluster: the bench checks that too.

Usage: .venv/bin/python bench/bench_dask.py [--workers 1,2,4] [--games N] [--smoke]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dragon_pnp.games.registry import load_game  # noqa: E402
from dragon_pnp.report.check import CheckSettings, Execution, run_check  # noqa: E402


def _cpu_seconds() -> float:
    """This process's CPU time (run on each worker through `Client.run`)."""
    times = os.times()
    return times.user + times.system


def one_run(workers: int, settings: CheckSettings) -> tuple[float, float, str]:
    """(wall s, worker CPU s, report JSON) of the check on a fresh cluster of `workers` processes."""
    from distributed import Client, LocalCluster

    game = load_game("dragon_pants")
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        before = client.run(_cpu_seconds)
        started = time.perf_counter()
        report = run_check(game, settings, Execution(executor="dask", scheduler=cluster.scheduler_address))
        wall = time.perf_counter() - started
        after = client.run(_cpu_seconds)
    cpu = sum(after[w] - before[w] for w in after)
    return wall, cpu, json.dumps(report, sort_keys=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="1,2,4", help="worker counts to time, comma-separated")
    parser.add_argument("--games", type=int, default=60,
                        help="search:20 games of Dragon Pants at 2 players (the default check's costly part)")
    parser.add_argument("--smoke", action="store_true", help="2 games on 1 and 2 workers: the bench still works")
    args = parser.parse_args()
    counts = [1, 2] if args.smoke else [int(n) for n in args.workers.split(",")]
    if args.smoke:
        # smoke: worker processes forked from this one, which has imported the package, not spawned
        # fresh (each fresh worker imports distributed and dragon_pnp again, ~2 CPU s; issue 30)
        import dask

        dask.config.set({"distributed.worker.multiprocessing-method": "fork"})
    games = 2 if args.smoke else args.games
    # smoke: search:3, the same search player at the least strength (the check's path on the cluster
    # and the equal reports are what a smoke run shows, not the games' cost)
    policy = "search:3" if args.smoke else "search:20"
    settings = CheckSettings(games=games, players=(2,), setups=("standard",), policies=(policy,),
                             search_games=games, duel_games=0, ladder_games=0, seed=1)
    print(f"Dragon Pants, {games} {policy} games at 2 players in batches of 5, on a local Dask cluster "
          f"({os.cpu_count()} cores on this machine)")
    print(f"{'workers':>7} {'wall s':>8} {'worker CPU s':>13} {'CPU/wall':>9} {'speed-up':>9} {'load avg':>9}")
    first_wall = None
    reports = set()
    for count in counts:
        wall, cpu, report = one_run(count, settings)
        reports.add(report)
        first_wall = first_wall or wall
        print(f"{count:>7} {wall:>8.1f} {cpu:>13.1f} {cpu / wall:>9.2f} {first_wall / wall:>9.2f} "
              f"{os.getloadavg()[0]:>9.1f}", flush=True)
    print("the same report on every cluster" if len(reports) == 1 else "REPORTS DIFFER between clusters")
    if len(reports) != 1:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
