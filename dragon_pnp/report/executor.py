"""Run batches on local processes or on a Dask cluster, and hand results back in batch order.

Workers may finish in any order; results are placed by batch position, so the merged list is
the same whatever the executor or the number of jobs. Local workers are forked through
`dragon_pnp.workers.WorkerPool`, the one owner of forked workers: a worker's error comes back
with its traceback as the cause, a worker that dies fails its job (`WorkerDied`), and the first
failure stops the rest.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, as_completed
from typing import Any, Literal, TypeVar

from dragon_pnp.orphans import die_with_parent
from dragon_pnp.workers import WorkerPool, can_fork, worker_count

Task = TypeVar("Task")
Result = TypeVar("Result")
ExecutorName = Literal["local", "dask"]
EXECUTORS: tuple[str, ...] = ("local", "dask")


def default_jobs() -> int:
    """`DRAGON_PNP_WORKERS` when set, else all cores this process may use (`workers.worker_count`)."""
    return worker_count()


def run_tasks(
    work: Callable[[Task], Result],
    tasks: Sequence[Task],
    *,
    executor: ExecutorName = "local",
    jobs: int | None = None,
    scheduler: str | None = None,
    done: Callable[[int], None] = lambda index: None,
    dask_processes: bool = True,
) -> list[Result]:
    """Apply `work` to every task; `done(i)` is called as task i finishes, in any order.

    `work` must be a picklable top-level function (or a partial of one) for process workers.
    `dask_processes=False` runs a local Dask cluster in threads (quick to start, for tests).
    """
    jobs = jobs or default_jobs()
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    if executor == "dask":
        return _run_dask(work, tasks, jobs, scheduler, done, dask_processes)
    if executor != "local":
        raise ValueError(f"unknown executor {executor!r}; expected one of {', '.join(EXECUTORS)}")
    if scheduler is not None:
        raise ValueError("--scheduler goes with --executor dask")
    if jobs == 1 or len(tasks) <= 1 or not can_fork():
        return _run_here(work, tasks, done)
    return _run_processes(work, tasks, jobs, done)


def _run_here(work: Callable[[Any], Any], tasks: Sequence[Any], done: Callable[[int], None]) -> list[Any]:
    results: list[Any] = []
    for index, task in enumerate(tasks):
        results.append(work(task))
        done(index)
    return results


def _run_processes(work: Callable[[Any], Any], tasks: Sequence[Any], jobs: int,
                   done: Callable[[int], None]) -> list[Any]:
    results: list[Any] = [None] * len(tasks)
    # Workers end with this process however it ends: a killed check leaves no simulation running.
    # Leaving the block stops every worker: after a failure (a rules module that hangs, a worker
    # killed) the queued tasks are cancelled and the running ones end with their workers.
    with WorkerPool(min(jobs, len(tasks)), initializer=die_with_parent,
                    initargs=(os.getpid(), threading.current_thread() is threading.main_thread())) as pool:
        futures: dict[Future[Any], int] = {pool.submit(work, task): index for index, task in enumerate(tasks)}
        for future in as_completed(futures):
            index = futures[future]
            results[index] = future.result()
            done(index)
    return results


def _run_dask(work: Callable[[Any], Any], tasks: Sequence[Any], jobs: int, scheduler: str | None,
              done: Callable[[int], None], processes: bool = True) -> list[Any]:
    """On the cluster at `scheduler`, or on a local cluster of `jobs` single-threaded workers."""
    try:
        from distributed import Client, LocalCluster
        from distributed import as_completed as dask_completed
    except ImportError as exc:  # the dask extra is optional
        raise RuntimeError("--executor dask needs the dask extra: pip install 'dragon-pnp[dask]'") from exc

    cluster = None
    if scheduler:
        client = Client(scheduler)
    else:
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=processes,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        futures = client.map(work, list(tasks), pure=False)
        position = {future.key: index for index, future in enumerate(futures)}
        results: list[Any] = [None] * len(tasks)
        for future in dask_completed(futures):
            index = position[future.key]
            results[index] = future.result()
            done(index)
        return results
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
