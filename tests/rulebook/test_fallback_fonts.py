"""Every character of the rulebook is drawn by a font that has it, or refused (issue 32).

A game named in Cyrillic and a rules line mixing Cyrillic and Chinese typeset with the
fallback faces (dragon_pnp/font_runs.py); checked by independent readers: poppler's pdffonts
(every font embedded, and which ones) and pdftotext (the text reads back as written, which an
empty box does not). A character no installed font has is a located error.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from dragon_pnp.cli import main
from dragon_pnp.games.registry import load_game
from dragon_pnp.rulebook import typeset

ROOT = Path(__file__).resolve().parents[2]
PEER = ROOT / "examples" / "peer-deck"
NAME = "Дракон Deck"
LINE = "Дракон огня 龍"

pytestmark = pytest.mark.skipif(shutil.which("pdffonts") is None, reason="needs poppler (python3 run.py test installs it)")


def game_with(tmp_path: Path, name: str, line: str) -> Path:
    game = tmp_path / "deck"
    shutil.copytree(PEER, game)
    manifest = game / "game.yaml"
    text = manifest.read_text("utf-8")
    manifest.write_text(text.replace("\nname: ", f"\nname: {name}\n_old_name: ", 1).replace("\n_old_name: ", "\n# was: "),
                        "utf-8")
    rules = game / "rules.md"
    rules.write_text(rules.read_text("utf-8") + f"\n{line}\n", "utf-8")
    return game


def test_cyrillic_and_chinese_are_drawn_by_fonts_that_have_them(tmp_path):
    game = load_game(game_with(tmp_path, NAME, LINE))
    assert game.game.name == NAME
    pdf = tmp_path / "rulebook.pdf"
    pdf.write_bytes(typeset(game).pdf)
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    assert fonts and all(row.split()[-5] == "yes" for row in fonts), fonts   # the `emb` column
    names = " ".join(row.split()[0] for row in fonts)
    assert "DejaVuSans" in names and "DroidSansFallback" in names
    text = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split())
    assert NAME in text and LINE in text


@pytest.mark.parametrize("name, line, where", [
    ("Дракон \U0001F409", "Plain words.", "game.yaml:"),
    ("Дракон Deck", "A dragon \U0001F409 here.", "rules.md:"),
])
def test_a_character_no_font_has_is_a_located_error(tmp_path, capsys, name, line, where):
    game = game_with(tmp_path, name, line)
    with pytest.raises(SystemExit) as done:
        main(["validate", str(game)])
    said = "".join(capsys.readouterr())
    errors = [row for row in said.splitlines() if row.startswith("error:")]
    assert done.value.code == 2 and len(errors) == 1, said
    assert where in errors[0] and "U+1F409" in errors[0] and "no installed font" in errors[0]
    assert "Traceback" not in said
