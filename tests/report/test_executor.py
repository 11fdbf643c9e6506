"""The check's local executor forks through `dragon_pnp.workers.WorkerPool`: a worker's error comes
back with its traceback, a killed worker fails its job (never a hang), DRAGON_PNP_WORKERS counts."""

from __future__ import annotations

import os
import signal
import tempfile
import time

import pytest

from dragon_pnp.report.executor import default_jobs, run_tasks
from dragon_pnp.workers import RemoteTraceback, WorkerDied, WorkerPool


def _fails_on_three(n: int) -> int:
    if n == 3:
        raise ZeroDivisionError(f"task {n} divided by zero")
    return n


def _killed_on_two(n: int) -> int:
    if n == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.05)
    return n


def _pid(_: int) -> int:
    time.sleep(0.05)
    return os.getpid()


def test_a_workers_error_is_raised_here_with_its_remote_traceback():
    with pytest.raises(ZeroDivisionError, match="task 3 divided by zero") as raised:
        run_tasks(_fails_on_three, [1, 2, 3, 4], jobs=2)
    cause = raised.value.__cause__
    assert isinstance(cause, RemoteTraceback)
    assert "_fails_on_three" in cause.text and "test_executor.py" in cause.text


def test_a_killed_worker_fails_its_job_instead_of_hanging():
    started = time.monotonic()
    with pytest.raises(WorkerDied, match=r"a worker ended during its job \(exit code -9\)"):
        run_tasks(_killed_on_two, [1, 2, 3, 4, 5, 6], jobs=2)
    assert time.monotonic() - started < 30


def test_tasks_run_in_other_processes_and_workers_variable_sets_the_default(monkeypatch):
    monkeypatch.setenv("DRAGON_PNP_WORKERS", "3")
    assert default_jobs() == 3
    pids = run_tasks(_pid, list(range(6)), jobs=2)
    assert os.getpid() not in pids and len(set(pids)) == 2
    monkeypatch.setenv("DRAGON_PNP_WORKERS", "none")
    from dragon_pnp.errors import NotationError

    with pytest.raises(NotationError, match="DRAGON_PNP_WORKERS=none"):
        default_jobs()


def _known_temporary_folder() -> str | None:
    return tempfile.tempdir


def test_workers_inherit_the_temporary_folder_instead_of_probing_for_it(monkeypatch):
    """A process's first `tempfile.gettempdir()` writes a probe file of a random name in each
    candidate folder; a worker stopped in that moment left it behind (a build stopped by a hanging
    rules module, in tests/games/test_rules_boundary.py). The pool finds the folder before it forks."""
    monkeypatch.setattr(tempfile, "tempdir", None)
    with WorkerPool(1) as pool:
        inherited = pool.submit(_known_temporary_folder).result(timeout=60)
    assert inherited is not None and inherited == tempfile.gettempdir()
