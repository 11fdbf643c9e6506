"""The same seed gives the same report for any job count and executor, merged in batch order."""

from __future__ import annotations

import json
import time

from dragon_pnp.report.check import Execution, run_check
from dragon_pnp.report.executor import run_tasks
from tests.report.conftest import SMALL


def _slow_square(n: int) -> int:
    time.sleep(0.02 * (5 - n))  # later tasks finish first
    return n * n


def test_results_come_back_in_task_order_however_they_finish():
    finished = []
    assert run_tasks(_slow_square, [1, 2, 3, 4], jobs=4, done=finished.append) == [1, 4, 9, 16]
    assert sorted(finished) == [0, 1, 2, 3]


def test_jobs_and_executors_give_identical_reports(game, small_report):
    # The default policies include the game's reference search player: it runs unchanged on Dask.
    searched = [c for c in small_report["configs"] if c["config"]["policy"].startswith("search")]
    assert searched and all(c["games"] for c in searched)
    expected = json.dumps(small_report, sort_keys=True)
    two_jobs = run_check(game, SMALL, Execution(jobs=2))
    assert json.dumps(two_jobs, sort_keys=True) == expected
    on_dask = run_check(game, SMALL, Execution(executor="dask", jobs=2, dask_processes=False))
    assert json.dumps(on_dask, sort_keys=True) == expected


def test_another_seed_gives_other_games(game, small_report):
    from dataclasses import replace

    other = run_check(game, replace(SMALL, seed=12), Execution(jobs=1))
    assert other["configs"][0]["length"] != small_report["configs"][0]["length"] or \
        other["configs"][1]["fairness"] != small_report["configs"][1]["fairness"]


def test_dask_scheduler_address_gives_the_same_report(game, small_report):
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        remote = run_check(game, SMALL, Execution(executor="dask", scheduler=cluster.scheduler_address))
    assert json.dumps(remote, sort_keys=True) == json.dumps(small_report, sort_keys=True)
