"""The PDF itself: paper sizes, embedded fonts, byte-identical rebuilds, atomic writes."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from dragon_pnp.build.context import BuildContext, BuildOptions
from dragon_pnp.games.dragon_pants.rulebook.figures import setup_boards
from dragon_pnp.hexmap_diagrams import board_scene
from dragon_pnp.paper import mm_to_pt, paper_size_mm
from dragon_pnp.rulebook import typeset
from dragon_pnp.rulebook.build import EARLY, build_step
from dragon_pnp.rulebook.early import ReadyRulebook, TypesetBook
from dragon_pnp.rulebook.styles import make_styles
from tests.rulebook.seed_books import seed_rulebook


def test_letter_pages_are_letter_sized(book):
    with pymupdf.open(stream=book.pdf, filetype="pdf") as doc:
        assert doc.page_count == book.pages
        for page in doc:
            assert page.rect.width == pytest.approx(mm_to_pt(215.9), abs=0.01)
            assert page.rect.height == pytest.approx(mm_to_pt(279.4), abs=0.01)


def test_a4_pages_are_a4_sized(game):
    book = seed_rulebook(game, "a4")
    width, height = paper_size_mm("a4")
    with pymupdf.open(stream=book.pdf, filetype="pdf") as doc:
        assert {(round(p.rect.width, 2), round(p.rect.height, 2)) for p in doc} == {
            (round(mm_to_pt(width), 2), round(mm_to_pt(height), 2))}


def test_vera_fonts_are_embedded_and_all_text_uses_them(book):
    with pymupdf.open(stream=book.pdf, filetype="pdf") as doc:
        fonts = {(f[3], f[1]) for page in doc for f in page.get_fonts()}
        used = {span["font"] for page in doc for block in page.get_text("dict")["blocks"]
                for line in block.get("lines", []) for span in line["spans"]}
    embedded = {name.split("+")[-1] for name, ext in fonts if ext == "ttf"}
    assert {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"} <= embedded, fonts
    # reportlab always declares Helvetica in the resources; no text may actually use it.
    assert used and all(name.startswith("BitstreamVeraSans") for name in used), used


def test_rebuild_is_byte_identical(game, book):
    again = typeset(game, "letter")
    assert again.pdf == book.pdf
    assert again.aid_pdf == book.aid_pdf


def test_build_step_writes_and_records_the_rulebook(game, tmp_path: Path):
    """The step writes a book handed in (the studio's preview hands in its own), then, over it, one
    it typesets itself: the same bytes (issue 30: the run's shared A4 book is the one handed in,
    instead of a second typesetting here)."""
    seed = seed_rulebook(game, "a4")
    context = BuildContext(game, BuildOptions(paper="a4"), tmp_path)
    context.begun(EARLY, ReadyRulebook(TypesetBook(seed.pdf, seed.aid_pdf, seed.aid_copies, seed.rules_pdf)))
    build_step(context)
    assert context.artifacts["rulebook.pdf"] == tmp_path / "rulebook.pdf"
    first = (tmp_path / "rulebook.pdf").read_bytes()
    assert first.startswith(b"%PDF") and first == seed.pdf
    assert EARLY not in context.early   # collected: the next step typesets here
    build_step(context)
    assert (tmp_path / "rulebook.pdf").read_bytes() == first
    assert context.artifacts["player-aid.pdf"].read_bytes() == seed.aid_pdf
    assert sorted(p.name for p in tmp_path.iterdir()) == ["player-aid.pdf", "rulebook.pdf"]  # no temp files left


def test_setup_boards_in_the_rulebook_draw_43_hexes_each(game):
    """Count the filled hexagons inside each drawn board and check their colours by terrain."""
    styles = make_styles()
    table = setup_boards(game, styles, mm_to_pt(180))
    from reportlab.graphics.shapes import Drawing

    drawings = [cell[0] for row in table._cellvalues for cell in row if cell and isinstance(cell[0], Drawing)]
    assert len(drawings) == len(game.board.seats)  # one board per player count; the key comes after
    colours = game.print_profile.palette("terrain")
    for drawing, players in zip(drawings, sorted(game.board.seats)):
        hexes = [s for s in drawing.contents if type(s).__name__ == "Polygon" and len(s.points) == 12
                 and s.fillColor is not None]
        assert len(hexes) == 43
        fills = [s.fillColor.hexval().lower().replace("0x", "#") for s in hexes]
        for terrain_id, terrain in game.board.terrains.items():
            if terrain.is_home:
                continue
            assert fills.count(colours[terrain_id].lower()) == terrain.count
        den_colours = {game.print_profile.seat_colours[d].hex.lower() for d in game.board.seats[players]}
        assert den_colours <= set(fills)
        assert len(board_scene(game, players).cells) == 43


def test_outline_lists_every_heading_in_page_order(book):
    with pymupdf.open(stream=book.pdf, filetype="pdf") as doc:
        toc = doc.get_toc()
    titles = [title for _, title, _ in toc]
    assert titles[0] == "The game in a nutshell"
    for title in ("Setting up", "Line of sight", "Reactions", "Variants"):
        assert title in titles
    assert titles[-3].endswith("player aid")
    pages = [page for _, _, page in toc]
    assert pages == sorted(pages) and pages[-1] == book.pages
