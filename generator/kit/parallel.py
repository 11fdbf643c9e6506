"""Run render jobs on both cores: cairosvg is pure Python per element, so processes, not threads.

Workers are forked after the parent has imported cairo, so they start warm. Where fork is not
available, or DRAGON_PNP_WORKERS=1, the jobs run one after another in this process. The split
of work is the same either way, so the output bytes do not depend on it.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, Callable


class _InProcess(Executor):
    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the caller through the future
            future.set_exception(exc)
        return future


def render_pool(jobs: int) -> Executor:
    """A pool of up to two forked workers, or an in-process runner for one job or no fork."""
    workers = min(jobs, os.cpu_count() or 1, 2, int(os.environ.get("DRAGON_PNP_WORKERS", "2")))
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return _InProcess()
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"))
