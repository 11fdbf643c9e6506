"""The studio notices a save by its content: touched-but-unchanged files and editor litter do not count."""

from __future__ import annotations

import os
import time

from dragon_pnp.studio.watcher import FolderWatcher


def test_poll_reports_changed_added_and_removed_files_only(tmp_path):
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.yaml").write_text("hand_limit: 3\n")
    (game / "rules.md").write_text("# Rules\n")
    watcher = FolderWatcher([game], on_change=lambda paths: None)
    watcher.start()
    watcher.stop()  # no thread: the test polls by hand
    assert watcher.poll() == []

    (game / "game.yaml").write_text("hand_limit: 4\n")
    assert watcher.poll() == [game / "game.yaml"]
    assert watcher.poll() == []

    later = time.time() + 5
    os.utime(game / "rules.md", (later, later))  # touched, same content
    assert watcher.poll() == []

    (game / ".game.yaml.swp").write_text("editor state")
    (game / "game.yaml~").write_text("backup")
    assert watcher.poll() == []

    (game / "playtime.yaml").write_text("minutes: 30\n")
    (game / "rules.md").unlink()
    assert watcher.poll() == [game / "playtime.yaml", game / "rules.md"]


def test_a_save_by_rename_is_noticed(tmp_path):
    (tmp_path / "power_cards.yaml").write_text("cards: []\n")
    watcher = FolderWatcher([tmp_path], on_change=lambda paths: None)
    watcher.start()
    watcher.stop()
    replacement = tmp_path / ".power_cards.yaml.tmp"
    replacement.write_text("cards: [x]\n")
    replacement.replace(tmp_path / "power_cards.yaml")
    assert watcher.poll() == [tmp_path / "power_cards.yaml"]


def test_the_watching_thread_calls_back(tmp_path):
    (tmp_path / "game.yaml").write_text("a: 1\n")
    seen = []
    watcher = FolderWatcher([tmp_path], on_change=seen.append, interval=0.02)
    watcher.start()
    try:
        (tmp_path / "game.yaml").write_text("a: 2\n")
        deadline = time.monotonic() + 5
        while not seen and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        watcher.stop()
    assert seen == [[tmp_path / "game.yaml"]]
