"""Data text prints as written in every rulebook table: it is never read as rules markup.

Issue 32: Dragon Pants' "What is in the box" table put card, terrain and colour names into the
rules markup unescaped, so a card named `2*3` stopped the build ("unmatched '*'"), `2*3` beside
`{{7*7}}` printed italics and a colour named `**Bold**` printed bold. The tables are drawn into
a PDF and read back with PyMuPDF: the names as the YAML spells them, in the regular face.
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pymupdf
import pytest
from reportlab.lib.pagesizes import letter
from reportlab.platypus import SimpleDocTemplate

from dragon_pnp.fonts import register_reportlab_fonts
from dragon_pnp.games.registry import load_game
from dragon_pnp.rulebook.styles import make_styles
from tests.conftest import ROOT

NAMES = {"Fireball": "2*3", "Shock": "{{7*7}}"}
COLOUR = "**Bold**"
TERRAIN = "*Land*"
COMPONENT = "Deck of _*Power*_"
DESCRIPTION = "The *Deck* of Power"


@pytest.fixture(scope="module")
def renamed(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("escaped") / "dragon_pants"
    shutil.copytree(ROOT / "data" / "dragon_pants", folder)
    cards = folder / "power_cards.yaml"
    text = cards.read_text(encoding="utf-8")
    for old, new in NAMES.items():
        text = text.replace(f"name: {old}\n", f"name: '{new}'\n", 1)
    cards.write_text(text, encoding="utf-8")
    profile = folder / "print.yaml"
    profile.write_text(re.sub(r"\{name: Red,", f"{{name: '{COLOUR}',", profile.read_text(encoding="utf-8")),
                       encoding="utf-8")
    board = folder / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("{name: Land,", f"{{name: '{TERRAIN}',"),
                     encoding="utf-8")
    manifest = folder / "game.yaml"
    text = manifest.read_text(encoding="utf-8").replace("name: Power cards", f"name: '{COMPONENT}'", 1)
    text = re.sub(r"description: The Deck of Power,.*", f"description: '{DESCRIPTION}'", text, count=1)
    manifest.write_text(text, encoding="utf-8")
    return folder


def spans(flowables: list) -> list[tuple[str, str]]:
    """(text, font) of every span of the flowables drawn on Letter pages, read back by PyMuPDF."""
    register_reportlab_fonts()
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=letter).build(flowables)
    found = []
    with pymupdf.open(stream=out.getvalue(), filetype="pdf") as doc:
        for page in doc:
            for block in page.get_text("dict")["blocks"]:
                for line in block.get("lines", []):
                    found += [(span["text"], span["font"]) for span in line["spans"]]
    return found


def regular(found: list[tuple[str, str]], text: str) -> bool:
    """Whether `text` appears within one span set in the regular face (not bold, not oblique)."""
    return any(text in shown and not re.search(r"Bold|Oblique|Italic", font) for shown, font in found)


def test_names_print_as_written_in_the_box_table(renamed: Path) -> None:
    from dragon_pnp.games.dragon_pants.rulebook.tables import components_table

    game = load_game(renamed)
    found = spans([components_table(game, make_styles(), 450)])
    for written in (*NAMES.values(), COLOUR, TERRAIN):
        assert regular(found, written), (written, found)


def test_names_print_as_written_in_the_generic_tables(renamed: Path) -> None:
    from dragon_pnp.rulebook.tables import components_table, rows_table

    game = load_game(renamed)
    found = spans([components_table(game, make_styles(), 450)])
    assert any(COMPONENT in shown for shown, _ in found), found   # bold, as every component name
    assert regular(found, DESCRIPTION), found
    deck = next(c.id for c in game.game.components if c.name == COMPONENT)
    found = spans([rows_table(game, deck, [("rules", "Rules"), ("name", "Name")], make_styles(), 450, "rules.md:1")])
    for written in NAMES.values():
        assert regular(found, written), (written, found)
