"""Killed builds leave no staging folders behind for long, and their render workers die with them.

Issue 14, findings 3 and 4: killed builds left `.<kit>.building-*` folders forever, and
killing the build left both render workers running (blocked) under pid 1.
"""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fault_helpers import ROOT, beside, run_command

from dragon_pnp.build.atomic import remove_stale_staging
from dragon_pnp.rulebook.early import CHILD_NAME


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def process_name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def start_build(kit: Path, env: dict[str, str], *options: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "dragon_pnp", "build", "dragon_pants", "--no-check", "--out", str(kit),
                             *options],
                            cwd=ROOT, env={**os.environ, **env, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: the build renders without workers")
def test_workers_die_with_a_killed_build(tmp_path: Path) -> None:
    build = start_build(tmp_path / "kit", {"DRAGON_PNP_CACHE": "off", "DRAGON_PNP_WORKERS": "2"})
    workers: list[int] = []
    others: set[int] = set()
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline and build.poll() is None and len(workers) < 2:
            # The rulebook's child (dragon_pnp/rulebook/early.py) has a name of its own; the rest render.
            found = children(build.pid)
            workers = [pid for pid in found if process_name(pid) != CHILD_NAME]
            others.update(pid for pid in found if pid not in workers)
            time.sleep(0.02)
        assert len(workers) == 2, "the build never started its two render workers"
        time.sleep(0.3)  # let them start on their first tasks
        os.kill(build.pid, signal.SIGKILL)
        build.wait()
        until = time.monotonic() + 10
        while time.monotonic() < until and any(alive(w) for w in [*workers, *others]):
            time.sleep(0.05)
        assert not [w for w in workers if alive(w)], "render workers outlived the killed build"
        assert not [w for w in others if alive(w)], "the rulebook's child outlived the killed build"
    finally:
        for pid in [build.pid, *workers, *others]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_staging_of_killed_builds_is_removed_and_running_builds_are_left_alone(tmp_path: Path, cache_env,
                                                                                copy_seed_kit) -> None:
    kit = copy_seed_kit("dragon_pants", tmp_path / "out" / "kit")   # a finished kit, built once per run
    for attempt in range(3):  # killed at different moments of the build; each cleans up the last
        earlier = set(beside(kit))
        # On A4 and with a render cache of its own, which no finished build filled: not a
        # remembered build (written in milliseconds; the run's shared cache may remember an A4
        # build of another test) but a full one, still running when it is killed.
        build = start_build(kit, {"DRAGON_PNP_CACHE": str(tmp_path / "a4-cache")}, "--paper", "a4")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and build.poll() is None and not set(beside(kit)) - earlier:
            time.sleep(0.005)
        time.sleep(0.15 * attempt)
        build.kill()
        build.wait()
        assert not earlier & set(beside(kit)), f"attempt {attempt}: the last killed build's staging is still there"
    assert beside(kit), "the killed builds left nothing to clean (were they killed too late?)"
    # A build still running: its staging folder is locked, and must survive the cleaning.
    running = kit.parent / ".kit.building-running"
    running.mkdir()
    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl, os, sys, time\n"
        f"fd = os.open({str(running)!r}, os.O_RDONLY | os.O_DIRECTORY)\n"
        "fcntl.flock(fd, fcntl.LOCK_EX)\n"
        "print('locked', flush=True)\n"
        "time.sleep(120)\n")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        again = run_command(["build", "dragon_pants", "--no-check", "--out", str(kit)], env=cache_env, timeout=300)
        assert again.exit == 0, again
        assert beside(kit) == [running.name], f"left: {beside(kit)}"
    finally:
        holder.kill()
        holder.wait()
    assert remove_stale_staging(kit) == [running]
    assert beside(kit) == []


def test_an_unlocked_staging_folder_is_stale_and_a_locked_one_is_not(tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    stale = tmp_path / ".kit.building-old"
    live = tmp_path / ".kit.building-live"
    for folder in (stale, live):
        (folder / "svg").mkdir(parents=True)
        (folder / "svg" / "a.svg").write_text("<svg/>")
    other = tmp_path / ".other.building-x"
    other.mkdir()
    handle = os.open(live, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        # flock locks belong to an open file: another process, or another open here, is refused
        assert remove_stale_staging(kit) == [stale]
    finally:
        os.close(handle)
    assert live.is_dir() and other.is_dir() and not stale.exists()
