"""An edit to a rules module's own data file reaches the studio's card and rulebook at once.

Dragon Dance's card tables are read by its rules module (the rulebook's card table, the card
faces' damage row). They used to be cached by folder, so the studio kept printing the old value
after a save; the data now comes from each fresh load.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pymupdf
import pytest
from test_session import wait  # rootdir-relative, as the other test modules import their neighbours

from dragon_pnp.studio.preview import Settings
from dragon_pnp.studio.session import StudioSession

ROOT = Path(__file__).resolve().parents[2]
OLD_TABLE = "table: {none: 2, 1: 2, 2: 2, 3: 3, 4: 4, 5: 4, 6: 5}"    # Charge, knight_cards.yaml
NEW_TABLE = "table: {none: 9, 1: 2, 2: 2, 3: 3, 4: 4, 5: 4, 6: 5}"


def _charge_row(rulebook: Path) -> list[str]:
    """The die-value cells after 'Charge' in the rulebook's knight card table."""
    with pymupdf.open(rulebook) as document:
        for page in document:
            found = re.search(r"Charge\nAttack[^\n]*\nlong\n((?:\d+\n){7})", page.get_text())
            if found:
                return found.group(1).split()
    raise AssertionError("no Charge row in the rulebook's card table")


def _charge_face(out: Path) -> list[str]:
    """The numbers the Charge card prints under DAMAGE BY DIE."""
    svg = (out / "svg" / "knight-charge.svg").read_text(encoding="utf-8")
    texts = [t.strip() for t in re.findall(r">([^<>]+)<", svg) if t.strip()]
    start = texts.index("DAMAGE BY DIE") + 1
    return texts[start:start + 7]


@pytest.fixture
def dance_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "dragon_dance"
    shutil.copytree(ROOT / "data" / "dragon_dance", folder)
    return folder


def test_a_card_table_edit_shows_on_the_card_and_in_the_rulebook(dance_copy, tmp_path, private_render_cache):
    out = tmp_path / "out"
    session = StudioSession(dance_copy, out, Settings("letter", True), watch_interval=0.05)
    session.start()
    try:
        first = wait(session, lambda s: s["status"] == "ready")
        assert _charge_row(out / "rulebook.pdf")[0] == "2" and _charge_face(out)[0] == "2"

        cards = dance_copy / "knight_cards.yaml"
        text = cards.read_text(encoding="utf-8")
        assert OLD_TABLE in text
        cards.write_text(text.replace(OLD_TABLE, NEW_TABLE), encoding="utf-8")
        edited = wait(session, lambda s: s["rebuild"] > first["rebuild"] and s["status"] == "ready")

        assert edited["changed"], "the studio said nothing looks different"
        assert _charge_row(out / "rulebook.pdf") == ["9", "2", "2", "3", "4", "4", "5"]
        assert _charge_face(out) == ["9", "2", "2", "3", "4", "4", "5"]
    finally:
        session.stop()
