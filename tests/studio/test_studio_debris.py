"""A studio leaves no temporary folder behind on any exit it runs code on, and clears those of
studios that could not (issue 32: SIGKILL or SIGHUP, a closed terminal, left the check's folder
and the "Since..." snapshot, a copy of the game folder, in the temporary folder for good).

Each studio here gets a private temporary folder (TMPDIR), so other studios on the machine do
not count. Which game it shows does not matter: the small one.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from tests.studio.conftest import SMALL, RunningStudio, launch


@pytest.fixture
def private_tmp(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folder))
    return folder


def studio_folders(tmp: Path) -> list[Path]:
    return sorted(tmp.glob("dragon-pnp-studio-*"))


def serving(studio: RunningStudio) -> RunningStudio:
    """Wait until the server answers (its signal handlers are in place from then on)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if studio.request("/api/since")[0] == 200:
                return studio
        except OSError:
            pass
        time.sleep(0.1)
    raise AssertionError("the studio never answered:\n" + "".join(studio.lines))


def ended(studio: RunningStudio, sent: int) -> int:
    studio.process.send_signal(sent)
    return studio.process.wait(timeout=60)


def test_sighup_removes_the_studio_folder(tmp_path: Path, private_tmp: Path) -> None:
    studio = serving(launch(tmp_path / "one", game_name=SMALL))
    made = studio_folders(private_tmp)
    assert len(made) == 1, made
    ended(studio, signal.SIGHUP)
    assert studio_folders(private_tmp) == []


def test_the_next_studio_clears_the_folder_of_a_killed_one(tmp_path: Path, private_tmp: Path) -> None:
    killed = serving(launch(tmp_path / "one", game_name=SMALL))
    ended(killed, signal.SIGKILL)
    left = studio_folders(private_tmp)
    assert len(left) == 1, left            # nothing runs on SIGKILL
    second = serving(launch(tmp_path / "two", game_name=SMALL))
    try:
        now = studio_folders(private_tmp)
        assert left[0] not in now and len(now) == 1, now
        assert any("removed 1 temporary folder" in line for line in second.lines), second.lines
    finally:
        second.stop()
    assert studio_folders(private_tmp) == []
