"""SIGTERM to the studio while the Balance panel's check runs leaves no balance_runner behind,
and a studio leaves no temporary folder after it stops."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import psutil

from tests.studio.conftest import SMALL


def balance_processes(pid: int) -> list[psutil.Process]:
    found = []
    for child in psutil.Process(pid).children(recursive=True):
        try:
            if any("balance_runner" in part for part in child.cmdline()):
                found.append(child)
        except psutil.NoSuchProcess:
            continue
    return found


def test_sigterm_during_a_balance_check_leaves_no_runner(start_studio):
    before = set(Path(tempfile.gettempdir()).glob("dragon-pnp-studio-*/check-*"))
    studio = start_studio("--check-games", "100000", game_name=SMALL)   # any game with rules has a check
    studio.wait_for(lambda preview: preview["status"] == "ready")
    status, _ = studio.request("/api/balance", "POST", {"X-Studio": "1", "Content-Type": "application/json"}, b"{}")
    assert status == 200
    deadline = time.monotonic() + 60
    running: list[psutil.Process] = []
    while len(running) < 3 and time.monotonic() < deadline:  # the runner and its two workers
        running = balance_processes(studio.process.pid)
        time.sleep(0.1)
    assert len(running) >= 3, running
    assert studio.stop() is not None
    _, alive = psutil.wait_procs(running, timeout=5)
    assert not alive, f"left behind: {[(p.pid, p.cmdline()) for p in alive]}"
    assert set(Path(tempfile.gettempdir()).glob("dragon-pnp-studio-*/check-*")) <= before
