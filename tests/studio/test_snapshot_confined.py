"""The studio's "Save a snapshot" copies the game folder through the one confined reader.

Issue 32: `shutil.copytree` followed links, so a card file linked to a file outside the folder
put that file into the Since report, a link to /etc/passwd was copied into the snapshot, a link
to /dev/zero copied without bound, and a link loop, a FIFO or /dev/zero answered 500 with a
`shutil.Error` traceback. Each must be refused with a located message naming the file, nothing
from outside copied, and the previous snapshot kept. Over HTTP the refusal is a 422.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from dragon_pnp.errors import DataError
from dragon_pnp.studio.since import Since
from tests.conftest import ROOT
from tests.studio.conftest import SMALL, launch

SECRET = "SECRET-OUTSIDE-CARD"


def link_out(card: Path, outside: Path) -> None:
    card.unlink()
    card.symlink_to(outside)


def to_passwd(card: Path, outside: Path) -> None:
    card.unlink()
    card.symlink_to("/etc/passwd")


def to_zero(card: Path, outside: Path) -> None:
    card.unlink()
    card.symlink_to("/dev/zero")


def loop(card: Path, outside: Path) -> None:
    card.unlink()
    os.symlink(card.name, card)


def fifo(card: Path, outside: Path) -> None:
    card.unlink()
    os.mkfifo(card)


CASES = {
    "a card file linked out of the folder": (link_out, "leading out of the game folder"),
    "a link to /etc/passwd": (to_passwd, "leading out of the game folder"),
    "a link to /dev/zero": (to_zero, "found a device"),
    "a link loop": (loop, "loop"),
    "a named pipe": (fifo, "a pipe"),
}


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "dragon_line"
    shutil.copytree(ROOT / "data" / "dragon_line", folder)
    return folder


@pytest.mark.parametrize("case", list(CASES))
def test_a_snapshot_copies_only_what_is_inside_the_folder(case: str, game: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text(f"cards:\n  - name: {SECRET}\n")
    since = Since(game, 4, lambda state: None)
    try:
        since.save_snapshot()
        saved = since._snapshot_dir()
        before = {p.relative_to(saved): p.read_bytes() for p in saved.rglob("*") if p.is_file()}
        change, words = CASES[case]
        change(game / "dragons.yaml", outside)
        with pytest.raises(DataError) as refused:
            since.save_snapshot()
        assert "dragons.yaml" in str(refused.value) and words in str(refused.value)
        after = {p.relative_to(saved): p.read_bytes() for p in saved.rglob("*") if p.is_file()}
        assert after == before   # the previous snapshot is kept whole
        assert not any(SECRET.encode() in data or b"root:" in data for data in after.values())
        assert not (saved.parent / (saved.name + ".new")).exists()
    finally:
        since.stop()


def test_the_snapshot_endpoint_answers_422_with_the_file(tmp_path: Path) -> None:
    studio = launch(tmp_path, game_name=SMALL)   # any game: the snapshot copies whatever folder is open
    try:
        card = studio.game_dir / "bids.csv"
        card.unlink()
        card.symlink_to("/etc/passwd")
        status, body = studio.request("/api/since/snapshot", "POST",
                                      {"X-Studio": "1", "Content-Type": "application/json"}, b"{}")
        assert status == 422, (status, body)
        message = json.loads(body)["error"]
        assert "bids.csv" in message and "leading out of the game folder" in message and "root:" not in message
    finally:
        studio.stop()
