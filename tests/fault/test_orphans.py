"""`dragon-pnp check --jobs 2` ended by SIGTERM or SIGKILL mid-run leaves no worker behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import psutil
import pytest
from fault_helpers import ROOT

GRACE = 5.0  # seconds the workers may take to notice (they look every 0.2 s)


def descendants_when_busy(process: subprocess.Popen, count: int, timeout: float = 60) -> list[psutil.Process]:
    deadline = time.monotonic() + timeout
    parent = psutil.Process(process.pid)
    while time.monotonic() < deadline:
        children = parent.children(recursive=True)
        if len(children) >= count:
            time.sleep(0.5)  # let the workers take their first batches
            return parent.children(recursive=True)
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    raise AssertionError("the check never started its workers")


def gone(processes: list[psutil.Process], timeout: float) -> list[psutil.Process]:
    _, alive = psutil.wait_procs(processes, timeout=timeout)
    return alive


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
@pytest.mark.parametrize("game", ["dragon_dance", "dragon_line"])
def test_a_stopped_check_leaves_no_workers(tmp_path, cache_env, sig, game):
    command = [sys.executable, "-m", "dragon_pnp", "check", game, "--jobs", "2", "--games", "100000",
               "--out", str(tmp_path / "report")]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env={**os.environ, **cache_env}, start_new_session=True)
    try:
        workers = descendants_when_busy(process, 2)
        process.send_signal(sig)
        process.wait(timeout=30)
        alive = gone(workers, GRACE)
        assert not alive, f"{len(alive)} workers outlived the check: {[p.pid for p in alive]}"
        assert not (tmp_path / "report").exists() or not any((tmp_path / "report").glob(".rules-check.*"))
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
