"""A kit that cannot be written is one clear line naming the folder, and the previous kit stays.

Issue 14, finding 7: a full disk, a read-only file system and an immutable output folder
ended in tracebacks. These need root (to mount a small tmpfs, to set the immutable flag)
and are skipped, saying why, where that is not possible.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fault_helpers import beside, run_command, snapshot


@pytest.fixture(scope="module")
def previous_kit(seed_kit) -> Path:
    """The run's shared Dragon Pants kit (read-only: each test copies it before breaking it)."""
    return seed_kit("dragon_pants")


@contextmanager
def small_disk(folder: Path, size: int) -> Iterator[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def kit_bytes(kit: Path) -> int:
    return sum(p.stat().st_size + 4096 for p in kit.rglob("*"))


def test_a_full_disk(previous_kit: Path, tmp_path: Path, cache_env) -> None:
    with small_disk(tmp_path / "disk", kit_bytes(previous_kit) + 512 * 1024) as disk:
        kit = disk / "kit"
        shutil.copytree(previous_kit, kit)
        before = snapshot(kit)
        run = run_command(["build", "dragon_pants", "--no-check", "--out", str(kit)], env=cache_env, timeout=300)
        assert run.refused(2, str(kit), "no space left"), run
        assert snapshot(kit) == before
        assert beside(kit) == []


def test_a_read_only_file_system(previous_kit: Path, tmp_path: Path, cache_env) -> None:
    with small_disk(tmp_path / "disk", 64 * 1024 * 1024) as disk:
        kit = disk / "kit"
        shutil.copytree(previous_kit, kit)
        before = snapshot(kit)
        remount = subprocess.run(["mount", "-o", "remount,ro", str(disk)], capture_output=True, text=True)
        if remount.returncode != 0:
            pytest.skip(f"cannot remount read-only: {remount.stderr.strip()}")
        run = run_command(["build", "dragon_pants", "--no-check", "--out", str(kit)], env=cache_env, timeout=300)
        assert run.refused(2, str(kit), "read-only"), run
        assert snapshot(kit) == before


@contextmanager
def immutable(path: Path) -> Iterator[None]:
    if shutil.which("chattr") is None or os.geteuid() != 0:
        pytest.skip("the immutable flag needs chattr and root")
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"this file system has no immutable flag: {done.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True)


@pytest.mark.parametrize("which", ["the kit folder", "the folder holding it"])
def test_an_immutable_folder(which: str, previous_kit: Path, tmp_path: Path, cache_env) -> None:
    kit = tmp_path / "out" / "kit"
    shutil.copytree(previous_kit, kit)
    before = snapshot(kit)
    with immutable(kit if which == "the kit folder" else kit.parent):
        run = run_command(["build", "dragon_pants", "--no-check", "--out", str(kit)], env=cache_env, timeout=300)
    assert run.refused(2, str(kit), "not permitted"), run
    assert snapshot(kit) == before
    assert beside(kit) == []
