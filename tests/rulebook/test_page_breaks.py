"""No heading stranded at a page foot, no lone line or single word and no lone table row carried
to a new page, in any seed game's rulebook on either paper.

Each rulebook is typeset as `build` writes it and read back with pymupdf (page_flow.py: fonts,
sizes, positions, ruled lines and header bands, nothing from the typesetter). The reader is first
shown to find each fault in a document made to have it, so a clean result means something.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab.lib.pagesizes import letter
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table

from dragon_pnp.data.loader import project_root
from dragon_pnp.paper import mm_to_pt
from dragon_pnp.rulebook.styles import make_styles
from dragon_pnp.rulebook.tables import grid
from tests.rulebook.page_flow import problems
from tests.rulebook.seed_books import seed_rulebook

ROOT = project_root()
GAMES = [p.parent for p in sorted((ROOT / "data").glob("*/game.yaml"))] + [ROOT / "examples" / "goofspiel"]
LONG = ("Each word here is ordinary rules text, set at the body size so that it wraps over several lines "
        "of the frame the way a paragraph of the rulebook does. ") * 3


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("folder", GAMES, ids=[g.name for g in GAMES])
def test_no_stranded_heading_lone_line_or_lone_row_in_a_seed_rulebook(folder: Path, paper: str):
    book = seed_rulebook(folder, paper)
    found = problems(book.pdf, skip_first=1, skip_last=1 if book.aid_pdf is not None else 0)
    assert not found, found


def _doc(story: list) -> bytes:
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=letter, leftMargin=mm_to_pt(17), rightMargin=mm_to_pt(17),
                            topMargin=mm_to_pt(18), bottomMargin=mm_to_pt(17), invariant=1)
    doc.build([Paragraph("Title page", make_styles().h1), Spacer(1, 10), Paragraph(LONG, make_styles().body),
               *_page_break(), *story])
    return buffer.getvalue()


def _page_break() -> list:
    from reportlab.platypus import PageBreak
    return [PageBreak()]


def _room() -> float:
    """The frame's height: the page less its margins and the frame's 6 pt padding top and bottom."""
    return letter[1] - mm_to_pt(18) - mm_to_pt(17) - 12


def test_the_reader_finds_a_heading_left_at_the_foot():
    styles = make_styles()
    heading = Paragraph("Stranded heading", styles.h2)
    heading.keepWithNext = 0
    pdf = _doc([Spacer(1, _room() - 40), heading, Paragraph(LONG, styles.body), Paragraph(LONG, styles.body)])
    assert any("stranded" in p for p in problems(pdf)), problems(pdf)


def test_the_reader_finds_a_paragraphs_last_line_alone_on_a_new_page():
    styles = make_styles()
    widowed = styles.body.clone("widowed", allowWidows=1)
    lines = len(Paragraph(LONG, widowed).breakLines([letter[0] - 2 * mm_to_pt(17) - 12]).lines)
    room = _room() - (lines - 1) * widowed.leading - 2
    pdf = _doc([Spacer(1, room), Paragraph(LONG, widowed), Paragraph(LONG, styles.body)])
    assert any("lone line" in p for p in problems(pdf)), problems(pdf)


def _rows(count: int) -> list[list[str]]:
    return [["Card", "What it does"]] + [[f"Card {n}", f"Row {n} of the table, one line"] for n in range(count)]


def test_the_reader_finds_a_table_row_carried_alone():
    styles = make_styles()
    width = letter[0] - 2 * mm_to_pt(17) - 12
    table = grid(_rows(14), [0.3 * width, 0.7 * width], styles)
    table.__class__ = Table          # reportlab's own split, which carries a lone row
    _, tall = table.wrap(width, _room())
    last = table._rowHeights[-1]
    pdf = _doc([Spacer(1, _room() - tall + last / 2), table, Paragraph(LONG, styles.body)])
    assert any("one table row carried alone" in p for p in problems(pdf)), problems(pdf)


@pytest.mark.parametrize("cut", [1, 2, 13])
def test_a_rulebook_table_never_splits_leaving_a_row_alone(cut: int):
    """Room for all but `cut` rows: the table goes over with two rows or more, or whole."""
    styles = make_styles()
    width = letter[0] - 2 * mm_to_pt(17) - 12
    table = grid(_rows(14), [0.3 * width, 0.7 * width], styles)
    _, tall = table.wrap(width, _room())
    room = tall - sum(table._rowHeights[-cut:]) + 0.5
    parts = table.split(width, room)
    if parts:
        first, second = (len(p._cellvalues) - 1 for p in parts)
        assert first >= 2 and second >= 2, (first, second)
        assert first + second == 14
    else:
        assert cut >= 13          # too little left on the page: the table moves over whole
    pdf = _doc([Spacer(1, _room() - room), table, Paragraph(LONG, styles.body)])
    assert not [p for p in problems(pdf) if "table" in p], problems(pdf)
