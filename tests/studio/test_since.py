"""The studio's "Since..." panel: the data now against a git revision or a saved snapshot, the
quick sections first, then the balance part, without touching the working tree."""

from __future__ import annotations

import shutil
import subprocess
import threading
import time

import pytest

from dragon_pnp.studio.since import Since
from tests.conftest import ROOT


def _wait(since: Since, done, timeout: float = 300) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        state = since.state()
        if done(state):
            return state
        time.sleep(0.05)
    raise AssertionError(f"the comparison did not finish: {since.state()}")


@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to read a revision")
def test_since_a_revision_then_a_snapshot(tmp_path, private_render_cache):
    repo = tmp_path / "repo"
    folder = repo / "dragon_line"
    shutil.copytree(ROOT / "data" / "dragon_line", folder)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "v1"], check=True)
    updates: list[dict] = []
    lock = threading.Lock()

    def seen(state: dict) -> None:
        with lock:
            updates.append(state)

    since = Since(folder, 2, seen)   # games per configuration of the paired balance part: any number takes its path
    try:
        since.save_snapshot()
        dragons = folder / "dragons.yaml"
        dragons.write_text(dragons.read_text().replace("health: 3", "health: 4", 1))
        assert since.start("HEAD")
        state = _wait(since, lambda s: s["status"] in ("done", "failed"))
        assert state["error"] is None and state["balance"] == "done"
        assert "dragons/gale health from 3 to 4" in state["summary"]
        assert "paired" in since.html() and "dragons/gale" in since.html()
        with lock:   # the quick report was shown before the balance part finished
            assert any(u["report"] == 1 and u["balance"] == "running" for u in updates)
        assert subprocess.run([*git, "status", "--porcelain"], capture_output=True, text=True).stdout.strip() \
            == "M dragon_line/dragons.yaml"

        assert since.start("snapshot")
        state = _wait(since, lambda s: s["status"] in ("done", "failed") and s["report"] >= 4)
        assert "dragons/gale health from 3 to 4" in state["summary"]

        assert since.start("no-such-rev")
        state = _wait(since, lambda s: s["status"] == "failed")
        assert "no-such-rev: no such git revision" in state["error"]
    finally:
        since.stop()


def test_a_finished_comparison_is_not_busy_while_its_thread_announces_it(tmp_path, private_render_cache):
    """The state reads "done" before the comparison's thread has finished announcing it; a new
    comparison asked for at that moment starts (it was refused as busy: a race the test above lost)."""
    folder = tmp_path / "peer-deck"
    shutil.copytree(ROOT / "examples" / "peer-deck", folder)
    announcing, release = threading.Event(), threading.Event()

    def seen(state: dict) -> None:
        if state["status"] == "done" and not release.is_set():
            announcing.set()
            release.wait(60)

    since = Since(folder, 4, seen)
    try:
        since.save_snapshot()
        assert since.start("snapshot")
        assert announcing.wait(120) and since.state()["status"] == "done"
        try:
            assert since.start("snapshot")
        finally:
            release.set()
        state = _wait(since, lambda s: s["status"] == "done" and s["report"] >= 2)
        assert state["error"] is None
    finally:
        release.set()
        since.stop()
