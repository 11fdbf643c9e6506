"""A rebuild of unchanged inputs writes the kit the cache remembers; any change to an input builds afresh.

dragon_pnp/build/build_cache.py keys a plain build on every input (the game folder, the generator's
code and templates, the installed libraries, the options, where it runs). These builds run in
fresh processes on a copy of the peer deck and check the path each took (see
test_build_paths_identical.py) and the bytes it wrote against a build with the cache off.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from test_build_paths_identical import DECK, LEAN, build


def _summary(printed: str) -> str:
    """build's summary line without its time."""
    return re.sub(r"in \d+\.\d s", "in N s", printed)


def test_a_remembered_build_is_the_build_and_an_edit_or_a_damaged_cache_is_not(tmp_path: Path) -> None:
    deck = tmp_path / "deck"
    shutil.copytree(DECK, deck)
    cache = str(tmp_path / "cache")
    first, first_path, first_said = build(LEAN, deck, tmp_path / "kit", cache)
    again, again_path, again_said = build(LEAN, deck, tmp_path / "kit", cache)
    elsewhere, elsewhere_path, _ = build(LEAN, deck, tmp_path / "other-kit", cache)
    assert (first_path, again_path, elsewhere_path) == ("full", "remembered", "remembered")
    assert first == again == elsewhere
    assert _summary(first_said) == _summary(again_said)

    cards = deck / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Ember", "Embers", 1), encoding="utf-8")
    edited, edited_path, _ = build(LEAN, deck, tmp_path / "kit", cache)
    fresh, _, _ = build(LEAN, deck, tmp_path / "fresh", "off")
    assert edited_path == "full"
    assert edited == fresh and edited != first

    for entry in Path(cache).rglob("*"):   # damage every entry: each checksum now fails
        if entry.is_file():
            entry.write_bytes(entry.read_bytes()[:-1])
    damaged, damaged_path, _ = build(LEAN, deck, tmp_path / "kit", cache)
    assert damaged_path == "full"
    assert damaged == fresh
