"""Files in the game folder that are not what they seem: links out, devices, pipes, link loops.

The studio reads through the bounded reader and never follows a link out of the game folder,
and nothing in the folder can stop it watching (or make the page claim to be up to date).
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from test_session import preview_session, wait  # the session tests' helpers, shared

from dragon_pnp.cli.new import make_game
from dragon_pnp.data.reading import confine, read_bounded
from dragon_pnp.errors import DataError
from dragon_pnp.studio.session import StudioSession
from dragon_pnp.studio.watcher import FolderWatcher


@pytest.fixture
def small_game(tmp_path) -> Path:
    return make_game("hostile", tmp_path / "hostile")


@pytest.fixture
def session(small_game):
    with preview_session(small_game) as studio:
        yield studio


def after(session: StudioSession, previous: int, status: str) -> dict:
    return wait(session, lambda s: s["rebuild"] > previous and s["status"] == status)


@pytest.mark.parametrize("name, target", [("cards.csv", "/etc/passwd"), ("print.yaml", "/etc/passwd"),
                                          ("rules.md", "/etc/passwd"), ("cards.csv", "/dev/zero"),
                                          ("print.yaml", "/dev/urandom")])
def test_a_data_file_linked_out_of_the_folder_is_refused_not_read(session, small_game, name, target):
    first = wait(session, lambda s: s["status"] == "ready")
    data = small_game / name
    original = data.read_bytes()
    data.unlink()
    data.symlink_to(target)
    broken = after(session, first["rebuild"], "error")
    text = repr(broken)
    assert "root:" not in text and "/bin/" not in text
    refusal = "link leading out of the game folder" if target == "/etc/passwd" else "found a device"
    assert any(data.name in p["text"] and refusal in p["text"] for p in broken["problems"]), broken["problems"]
    # The studio is still watching: putting the file back shows the game again.
    data.unlink()
    data.write_bytes(original)
    after(session, broken["rebuild"], "ready")


def test_a_pipe_and_a_link_loop_do_not_stop_the_watcher(session, small_game):
    first = wait(session, lambda s: s["status"] == "ready")
    os.mkfifo(small_game / "notes.fifo")
    (small_game / "loop_a.yaml").symlink_to(small_game / "loop_b.yaml")
    (small_game / "loop_b.yaml").symlink_to(small_game / "loop_a.yaml")
    time.sleep(0.5)
    assert session.watcher.alive
    rules = small_game / "rules.md"
    rules.write_text(rules.read_text() + "\nA sentence added after the pipe and the loop.\n")
    edited = wait(session, lambda s: s["rebuild"] > first["rebuild"] and s["status"] == "ready")
    assert session.watcher.alive and edited["problems"] == []


def test_a_dead_watcher_never_shows_ready(session):
    wait(session, lambda s: s["status"] == "ready")
    session.watcher._stop.set()  # as if the watching thread had ended
    session.watcher._thread.join(timeout=5)
    session.watcher._stop.clear()
    state = session.state()
    assert state["status"] == "error" and "stopped watching" in state["problems"][-1]["text"]


def test_the_watcher_survives_a_fault_in_its_callback(tmp_path):
    (tmp_path / "a.yaml").write_text("a: 1\n")
    calls, faults = [], []

    def changed(paths):
        calls.append(paths)
        if len(calls) == 1:
            raise RuntimeError("Symlink loop from '/x'")

    watcher = FolderWatcher([tmp_path], changed, interval=0.02, on_fault=faults.append)
    watcher.start()
    try:
        (tmp_path / "a.yaml").write_text("a: 2\n")
        deadline = time.monotonic() + 5
        while not faults and time.monotonic() < deadline:
            time.sleep(0.02)
        (tmp_path / "a.yaml").write_text("a: 3\n")
        while len(calls) < 2 and time.monotonic() < deadline + 5:
            time.sleep(0.02)
        assert watcher.alive and len(calls) >= 2 and faults
    finally:
        watcher.stop()


def test_the_watcher_never_reads_a_device_or_a_pipe(tmp_path):
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "pipe.csv")
    watcher = FolderWatcher([tmp_path], lambda paths: None)
    done = threading.Event()

    def look():
        watcher.start()
        watcher.stop()
        watcher.poll()
        done.set()

    threading.Thread(target=look, daemon=True).start()
    assert done.wait(10), "the watcher blocked on a pipe or a device"


def test_the_bounded_reader_refuses_links_out_of_a_confined_folder(tmp_path):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "inside.yaml").write_text("a: 1\n")
    (folder / "alias.yaml").symlink_to(folder / "inside.yaml")
    (folder / "out.yaml").symlink_to("/etc/passwd")
    confine(folder)
    assert read_bounded(folder / "alias.yaml") == b"a: 1\n"
    with pytest.raises(DataError, match="link leading out"):
        read_bounded(folder / "out.yaml")


def test_a_storm_of_saves_settles_on_the_last_one(session, small_game):
    first = wait(session, lambda s: s["status"] == "ready")
    manifest = small_game / "game.yaml"
    original = manifest.read_text()
    for number in range(200):  # 200 saves in about 4 s, some half written
        text = original.replace("name: Hostile", f"name: Storm {number}")
        if number % 7 == 3:
            manifest.write_text(text[: len(text) // 2])
        manifest.write_text(text)
        time.sleep(0.02)
    settled = wait(session, lambda s: s["status"] in ("ready", "error") and s["game"]["name"] == "Storm 199"
                   and not session._wanted.is_set())
    time.sleep(1.0)  # nothing else is coming
    final = session.state()
    assert final["status"] == "ready" and final["problems"] == [] and final["game"]["name"] == "Storm 199"
    assert final["rebuild"] >= settled["rebuild"] > first["rebuild"]
    assert session.loaded.game.name == "Storm 199"


def test_a_huge_static_path_is_refused_not_a_fault():
    from dragon_pnp.studio.safe_paths import file_inside, plain_relative
    from dragon_pnp.studio.server import STATIC

    assert not plain_relative("a" * 100_000)
    assert file_inside(STATIC, "a" * 100_000) is None
    assert file_inside(STATIC, "/".join(["a" * 200] * 10)) is None
