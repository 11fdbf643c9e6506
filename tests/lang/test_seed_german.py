"""German for every seed game (issue 35): each file complete, current and marked machine-unreviewed,
a PO round trip that changes no byte, a too-long Pants card name located at its translation line,
and a German Dragon Line kit on whose pages no English text of the catalogue survives.

The pages are read back with pdftotext (poppler), not with our own code; the English looked for is
each entry's `source` as the language file holds it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from dragon_pnp.build.lang_fit import fit_table
from dragon_pnp.data.lang.catalogue import source_texts
from dragon_pnp.data.lang.check import check_translation
from dragon_pnp.data.lang.files import dump_translation, read_translation
from dragon_pnp.data.lang.po import from_po, to_po
from dragon_pnp.games.registry import load_game
from tests.in_process import run_cli

DATA = Path(__file__).resolve().parents[2] / "data"
GAMES = ("dragon_dance", "dragon_pants", "dragon_line")
# Jinja, icons `{fire}` and placeholders `{n}`: what a source holds besides the words it prints.
_NOT_WORDS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|\{[\w.]+\}", re.S)
_MARKUP = re.compile(r"\*\*|\*|^\s*(#+|-|>|\d+\.)\s*", re.M)


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_german_is_complete_current_and_marked_unreviewed(game: str) -> None:
    loaded = load_game(DATA / game)
    translation = read_translation(DATA / game, "de")
    assert check_translation(loaded, translation) == []
    raw = yaml.safe_load((DATA / game / "lang" / "de.yaml").read_text(encoding="utf-8"))
    assert raw["machine-unreviewed"] is True
    assert all(entry["text"].strip() for entry in raw["texts"].values())   # nothing left empty


@pytest.mark.parametrize("game", ["dragon_pants", "dragon_line"])
def test_a_po_round_trip_gives_the_same_bytes(game: str, tmp_path: Path) -> None:
    root = DATA / game
    translation = read_translation(root, "de")
    po = tmp_path / "de.po"
    to_po(translation, source_texts(load_game(root), "de")).save(str(po))
    back = from_po(po, "de", tmp_path / "de.yaml")
    assert dump_translation(back).encode("utf-8") == (root / "lang" / "de.yaml").read_bytes()


def test_a_too_long_pants_card_name_is_an_overflow_at_its_line_with_its_size(tmp_path: Path) -> None:
    game = tmp_path / "dragon_pants"
    shutil.copytree(DATA / "dragon_pants", game)
    path = game / "lang" / "de.yaml"
    text = path.read_text(encoding="utf-8")
    long_name = "Allerallerallerallerfeuerbällchenwurfgewitterdonnerschlagzauberspruch"
    assert text.count("    text: Feuerball\n") == 1
    path.write_text(text.replace("    text: Feuerball\n", f"    text: {long_name}\n"), encoding="utf-8")
    line = next(i for i, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if long_name in row)
    table = fit_table(load_game(game), [read_translation(game, "de")])
    cell = table.cells["cards.power.fireball"]["de"]
    assert cell.state == "overflows" and cell.location is not None and cell.location.line == line
    assert long_name in cell.message and re.search(r"\d+(\.\d+)? pt", cell.message)
    assert table.cells["cards.power.shield"]["de"].state == "fits"   # the others still checked


@pytest.fixture(scope="module")
def german_line_pages(tmp_path_factory: pytest.TempPathFactory, private_render_cache: Path) -> dict[str, str]:
    """A German Dragon Line kit, built once (through `main` in this process: a child imported the
    package again for the same files), each PDF's text as pdftotext reads it."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    out = tmp_path_factory.mktemp("line") / "kit"
    result = run_cli("build", str(DATA / "dragon_line"), "--lang", "de", "--no-check", "--no-proof", "--out", str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    kit = out.parent / "kit-de"
    pages = {}
    for pdf in sorted(kit.glob("*.pdf")):
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        pages[pdf.name] = " ".join(text.replace("\u00ad", "").split())
    return pages


def _english_pieces(source: str) -> list[str]:
    """The runs of printed words in a source text: Jinja, icons, placeholders and markup taken out."""
    pieces = []
    for piece in _NOT_WORDS.split(_MARKUP.sub(" ", source)):
        piece = " ".join(piece.split()).strip(" .,:;()")
        if re.search(r"[A-Za-z]{3}", piece):
            pieces.append(piece)
    return pieces


def test_no_english_text_of_the_catalogue_survives_on_a_german_page(german_line_pages: dict[str, str]) -> None:
    raw = yaml.safe_load((DATA / "dragon_line" / "lang" / "de.yaml").read_text(encoding="utf-8"))["texts"]
    german = " ".join(entry["text"] for entry in raw.values())
    assert {"cards.pdf", "rulebook.pdf", "print-and-play.pdf"} <= set(german_line_pages)
    found = []
    for key, entry in raw.items():
        if entry["text"] == entry["source"]:
            continue   # the same in both languages (Basalt, Echo): nothing to tell apart
        for piece in _english_pieces(entry["source"]):
            if piece in german:
                continue   # also printed by the German ("Mistral"), not evidence of English
            pattern = re.compile(rf"(?<![\w-]){re.escape(piece)}(?![\w-])")
            found += [(key, piece, name) for name, text in german_line_pages.items() if pattern.search(text)]
    assert found == []
    # and the German is there: every dragon's German name on the cards
    cards = german_line_pages["cards.pdf"]
    names = [e["text"] for k, e in raw.items() if k.startswith("cards.dragons.") and k.endswith(".name")]
    assert len(names) == 35 and [n for n in names if n not in cards] == []
