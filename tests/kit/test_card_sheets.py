"""Card sheets read back from the PDFs: page size, trim positions, crop marks, duplex backs."""

from __future__ import annotations

import pymupdf
import pytest
from pypdf import PdfReader

from tests.kit.readback import PAPER, PT, TOL, fill_rects, mm, near, same_points, stroked_lines

CARD = (63.0, 88.0)
BLEED = 3.0
BLEED_SIZE = (CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED)
GAP, MARK = 1.0, 5.0


def grid_trims(paper: str, columns: int = 3, rows: int = 3) -> list[tuple[float, float]]:
    """Card trims of a centred 3 x 3 block of poker cards sharing their cut lines."""
    width, height = PAPER[paper]
    left = (width - columns * CARD[0]) / 2
    top = (height - rows * CARD[1]) / 2
    return [(left + c * CARD[0], top + r * CARD[1]) for r in range(rows) for c in range(columns)]


def card_pages(context):
    return pymupdf.open(context.artifacts["cards.pdf"])


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_card_pages_are_the_paper_size(kits, paper):
    doc = card_pages(kits(paper))
    width, height = PAPER[paper]
    assert doc.page_count == 14  # power 3 sheets + destiny 4 sheets, each fronts then backs
    for page in doc:
        assert abs(mm(page.rect.width) - width) < 0.05 and abs(mm(page.rect.height) - height) < 0.05


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_card_sits_on_its_trim(kits, paper):
    doc = card_pages(kits(paper))
    slots = grid_trims(paper)
    fronts = 0
    for index in range(0, doc.page_count, 2):
        placed = fill_rects(doc[index], BLEED_SIZE)
        expected = [(x - BLEED, y - BLEED) for x, y in slots[:len(placed)]]
        assert same_points(placed, expected), f"page {index + 1}: {placed}"
        fronts += len(placed)
    assert fronts == 19 + 33


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_backs_mirror_fronts_for_a_long_edge_flip(kits, paper):
    """Flipping on the long edge maps x to width - x: each back must land behind its own front."""
    doc = card_pages(kits(paper))
    width = PAPER[paper][0]
    for index in range(0, doc.page_count, 2):
        fronts = fill_rects(doc[index], BLEED_SIZE)
        backs = fill_rects(doc[index + 1], BLEED_SIZE)
        flipped = [(width - x - BLEED_SIZE[0], y) for x, y in fronts]
        assert same_points(backs, flipped), f"pages {index + 1}/{index + 2}"


def test_backs_page_of_a_partial_sheet_is_mirrored(kits):
    """The last Power sheet holds one card at the left; its back must be at the right."""
    doc = card_pages(kits("letter"))
    fronts, backs = fill_rects(doc[4], BLEED_SIZE), fill_rects(doc[5], BLEED_SIZE)
    assert len(fronts) == len(backs) == 1
    assert fronts[0][0] < 50 < backs[0][0]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_crop_marks_extend_every_cut_outside_the_trim(kits, paper):
    doc = card_pages(kits(paper))
    width, height = PAPER[paper]
    slots = grid_trims(paper)
    left, top = slots[0]
    right, bottom = left + 3 * CARD[0], top + 3 * CARD[1]
    expected = []
    for k in range(4):
        x = left + k * CARD[0]
        expected += [((x, top - GAP), (x, max(top - GAP - MARK, 0))), ((x, bottom + GAP), (x, min(bottom + GAP + MARK, height)))]
        y = top + k * CARD[1]
        expected += [((left - GAP, y), (left - GAP - MARK, y)), ((right + GAP, y), (right + GAP + MARK, y))]
    for index in range(doc.page_count):
        if len(fill_rects(doc[index], BLEED_SIZE)) != 9:
            continue
        marks = stroked_lines(doc[index], 0.2)
        assert len(marks) == len(expected), f"page {index + 1}"
        for a, b in expected:
            assert any((near(m[0], a) and near(m[1], b)) or (near(m[0], b) and near(m[1], a)) for m in marks), (a, b)
        for (ax, ay), (bx, by) in marks:  # outside the trimmed block
            assert not (left + TOL < (ax + bx) / 2 < right - TOL and top + TOL < (ay + by) / 2 < bottom - TOL)


def test_single_card_page_sets_trim_and_bleed_boxes(kits):
    reader = PdfReader(kits("letter").artifacts["cards.pdf"])
    page = reader.pages[4]  # the last Power fronts page holds one card
    x, y = grid_trims("letter")[0]
    height = PAPER["letter"][1]
    trim = [float(v) / PT for v in page.trimbox]
    bleed = [float(v) / PT for v in page.bleedbox]
    expected_trim = [x, height - y - CARD[1], x + CARD[0], height - y]
    assert all(abs(a - b) < TOL for a, b in zip(trim, expected_trim)), trim
    assert all(abs(a - b) < TOL for a, b in zip(bleed, [expected_trim[0] - 3, expected_trim[1] - 3,
                                                          expected_trim[2] + 3, expected_trim[3] + 3]))
    full = reader.pages[0]
    assert [float(v) for v in full.trimbox] == [float(v) for v in full.mediabox]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_fold_layout_puts_each_back_beside_its_front(kits, paper):
    """--no-duplex: landscape pages, front and back side by side sharing a fold line."""
    doc = pymupdf.open(kits(paper, duplex=False).artifacts["cards.pdf"])
    height, width = PAPER[paper]  # landscape
    total = 0
    for page in doc:
        assert abs(mm(page.rect.width) - width) < 0.05 and abs(mm(page.rect.height) - height) < 0.05
        placed = fill_rects(page, BLEED_SIZE)
        assert len(placed) % 2 == 0
        total += len(placed) // 2
        left = (width - 4 * CARD[0]) / 2
        top = (height - 2 * CARD[1]) / 2
        for i in range(len(placed) // 2):
            col, row = i % 2, i // 2
            front = (left + 2 * col * CARD[0] - BLEED, top + row * CARD[1] - BLEED)
            back = (front[0] + CARD[0], front[1])
            assert any(near(p, front) for p in placed) and any(near(p, back) for p in placed)
        folds = stroked_lines(page, 0.25)
        fold_x = {round(a[0], 1) for a, b in folds if abs(a[0] - b[0]) < 0.01}
        expected_x = {round(left + (2 * c + 1) * CARD[0], 1) for c in range(min(2, len(placed) // 2))}
        assert expected_x <= fold_x
    assert total == 19 + 33


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_card_text_stays_inside_the_safe_zone(kits, paper):
    """Every glyph printed on a card lies at least `safe_mm` inside that card's trim."""
    doc = card_pages(kits(paper))
    safe = 4.0
    checked = 0
    for index in range(doc.page_count):
        page = doc[index]
        cards = fill_rects(page, BLEED_SIZE)
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if not span["text"].strip():
                        continue
                    x0, y0, x1, y1 = (mm(v) for v in span["bbox"])
                    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
                    owner = [(x + BLEED, y + BLEED) for x, y in cards
                             if x + BLEED <= cx <= x + BLEED + CARD[0] and y + BLEED <= cy <= y + BLEED + CARD[1]]
                    if not owner:
                        continue  # the page label in the margin
                    tx, ty = owner[0]
                    assert tx + safe - TOL <= x0 and x1 <= tx + CARD[0] - safe + TOL, (index, span["text"])
                    # Vertically, judge the ink: Vera's caps rise 0.73 em above the baseline, descenders 0.24 below.
                    baseline, size = mm(span["origin"][1]), mm(span["size"])
                    assert ty + safe - TOL <= baseline - 0.73 * size, (index, span["text"])
                    assert baseline + 0.24 * size <= ty + CARD[1] - safe + TOL, (index, span["text"])
                    checked += 1
    assert checked > 200
