"""Card sheets read back from the PDFs: page size, where each card lands, its own bleed and
gutter, crop marks at every cut, duplex backs, fold-over pairs, text in the safe zone."""

from __future__ import annotations

import math

import pymupdf
import pytest

from tests.kit.readback import PAPER, TOL, fill_rects, mm, same_points, stroked_lines

CARD = (63.0, 88.0)
BLEED = 3.0                  # each face's own bleed, as its SVG draws it
# What the sheet keeps of each card's bleed at least, and the white gap between bleeds, by paper:
# print.yaml thins both on A4 so it holds 3 x 3 cards each with its own bleed; Letter, too short
# for that, holds 3 x 3 with shared cuts (tests/kit/test_shared_cut.py reads those).
KEPT = {"letter": (2.0, 1.0), "a4": (1.0, 0.5)}
MIN_BLEED, GUTTER = KEPT["letter"]
SHEETS = {"letter": 6, "a4": 6}   # 52 cards, Power and Destiny sharing sheets, 9 a sheet: 52 / 9 -> 6
EDGE = 5.0                   # home printers cannot print nearer the paper edge than this
UPRIGHT = (CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED)
TURNED = (UPRIGHT[1], UPRIGHT[0])
TOTAL = 19 + 33


def card_pages(context):
    return pymupdf.open(context.artifacts["cards.pdf"])


def trims(page: pymupdf.Page) -> list[tuple[float, float, float, float]]:
    """Every card's trim on the page, from the bleed-box background each face draws."""
    found = [(x + BLEED, y + BLEED, x + BLEED + CARD[0], y + BLEED + CARD[1]) for x, y in fill_rects(page, UPRIGHT)]
    found += [(x + BLEED, y + BLEED, x + BLEED + CARD[1], y + BLEED + CARD[0]) for x, y in fill_rects(page, TURNED)]
    return sorted(found, key=lambda t: (round(t[1]), t[0]))


def gap(a, b) -> float:
    """The distance between two rectangles (0 if they touch or overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_card_pages_are_the_paper_size(kits, paper):
    doc = card_pages(kits(paper))
    width, height = PAPER[paper]
    assert doc.page_count == 2 * SHEETS[paper]  # fronts then backs
    for page in doc:
        assert abs(mm(page.rect.width) - width) < 0.05 and abs(mm(page.rect.height) - height) < 0.05


@pytest.mark.parametrize("paper, upright, turned", [("letter", 9, 0), ("a4", 9, 0)])
def test_a_full_sheet_holds_nine_cards(kits, paper, upright, turned):
    """A4 holds 3 x 3 with 1 mm bleed and a 0.5 mm gutter each (print.yaml); Letter, too short
    for that, holds 3 x 3 upright sharing their cuts (the default where that fits more)."""
    page = card_pages(kits(paper))[0]
    assert len(fill_rects(page, UPRIGHT)) == upright and len(fill_rects(page, TURNED)) == turned


@pytest.mark.parametrize("paper", ["a4"])
def test_every_card_keeps_its_own_bleed_and_a_gutter_inside_the_printable_area(kits, paper):
    doc = card_pages(kits(paper))
    width, height = PAPER[paper]
    MIN_BLEED, GUTTER = KEPT[paper]
    fronts = 0
    for index in range(0, doc.page_count, 2):
        placed = trims(doc[index])
        fronts += len(placed)
        for t in placed:
            assert t[0] - MIN_BLEED >= EDGE - TOL and t[1] - MIN_BLEED >= EDGE - TOL, (index, t)
            assert t[2] + MIN_BLEED <= width - EDGE + TOL and t[3] + MIN_BLEED <= height - EDGE + TOL, (index, t)
        for i, a in enumerate(placed):
            for b in placed[i + 1:]:
                assert gap(a, b) >= 2 * MIN_BLEED + GUTTER - TOL, (index, a, b)
    assert fronts == TOTAL


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_backs_mirror_fronts_for_a_long_edge_flip(kits, paper):
    """Flipping on the long edge maps x to width - x: each back must land behind its own front."""
    doc = card_pages(kits(paper))
    width = PAPER[paper][0]
    for index in range(0, doc.page_count, 2):
        fronts, backs = trims(doc[index]), trims(doc[index + 1])
        flipped = [(width - t[2], t[1]) for t in fronts]
        assert same_points([(t[0], t[1]) for t in backs], flipped), f"pages {index + 1}/{index + 2}"
        assert sorted(t[2] - t[0] for t in fronts) == pytest.approx(sorted(t[2] - t[0] for t in backs), abs=TOL)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_backs_page_of_a_partial_sheet_is_mirrored(kits, paper):
    """The last sheet is not full; its first card, top left, has its back at the top right."""
    doc = card_pages(kits(paper))
    fronts, backs = trims(doc[doc.page_count - 2]), trims(doc[doc.page_count - 1])
    assert 0 < len(fronts) == len(backs) < len(trims(doc[0]))
    width = PAPER[paper][0]
    first = min(fronts, key=lambda t: (round(t[1]), t[0]))
    assert first[2] < width / 2
    assert any(b[0] == pytest.approx(width - first[2], abs=TOL) and b[1] == pytest.approx(first[1], abs=TOL)
               for b in backs)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_crop_marks_mark_every_cut_outside_every_card(kits, paper):
    """Each trim edge has a mark on its line at both ends of the cut; no mark lies on a card or on
    a neighbour's bleed, nor within 5 mm of the paper edge."""
    doc = card_pages(kits(paper))
    width, height = PAPER[paper]
    MIN_BLEED = KEPT[paper][0]
    for index in range(doc.page_count):
        placed = trims(doc[index])
        marks = stroked_lines(doc[index], 0.2)
        assert marks, f"page {index + 1}"
        for a, b in marks:
            for x, y in (a, b):
                assert EDGE - TOL <= x <= width - EDGE + TOL and EDGE - TOL <= y <= height - EDGE + TOL
            middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            for t in placed:
                assert not (t[0] + TOL < middle[0] < t[2] - TOL and t[1] + TOL < middle[1] < t[3] - TOL)
                on_its_line = any(abs(a[0] - v) < TOL and abs(b[0] - v) < TOL for v in (t[0], t[2])) or \
                    any(abs(a[1] - v) < TOL and abs(b[1] - v) < TOL for v in (t[1], t[3]))
                bleed = (t[0] - MIN_BLEED, t[1] - MIN_BLEED, t[2] + MIN_BLEED, t[3] + MIN_BLEED)
                crosses = bleed[0] < middle[0] < bleed[2] and bleed[1] < middle[1] < bleed[3]
                assert on_its_line or not crosses, (index, a, b, t)
        for t in placed:
            for x in (t[0], t[2]):
                ends = [m for m in marks if abs(m[0][0] - x) < TOL and abs(m[1][0] - x) < TOL]
                assert any(min(m[0][1], m[1][1]) >= t[3] for m in ends), (index, t, "below")
                assert any(max(m[0][1], m[1][1]) <= t[1] for m in ends), (index, t, "above")
            for y in (t[1], t[3]):
                ends = [m for m in marks if abs(m[0][1] - y) < TOL and abs(m[1][1] - y) < TOL]
                assert any(max(m[0][0], m[1][0]) <= t[0] for m in ends), (index, t, "left")
                assert any(min(m[0][0], m[1][0]) >= t[2] for m in ends), (index, t, "right")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_fold_layout_puts_each_back_beside_its_front(kits, paper):
    """--no-duplex: landscape pages, front and back side by side sharing a fold line, each pair
    with its own bleed and a gutter from the next."""
    doc = pymupdf.open(kits(paper, duplex=False).artifacts["cards.pdf"])
    height, width = PAPER[paper]  # landscape
    total = 0
    for page in doc:
        assert abs(mm(page.rect.width) - width) < 0.05 and abs(mm(page.rect.height) - height) < 0.05
        placed = trims(page)
        assert len(placed) % 2 == 0 and len(placed) <= 8
        total += len(placed) // 2
        pairs = [(a, b) for a in placed for b in placed if abs(a[2] - b[0]) < TOL and abs(a[1] - b[1]) < TOL]
        assert len(pairs) == len(placed) // 2
        folds = stroked_lines(page, 0.25)
        fold_x = {round(a[0], 1) for a, b in folds if abs(a[0] - b[0]) < 0.01}
        assert {round(front[2], 1) for front, _ in pairs} <= fold_x
        cells = [(front[0], front[1], back[2], back[3]) for front, back in pairs]
        for i, a in enumerate(cells):
            assert a[0] >= EDGE + MIN_BLEED - TOL and a[2] <= width - EDGE - MIN_BLEED + TOL
            for b in cells[i + 1:]:
                assert gap(a, b) >= 2 * MIN_BLEED + GUTTER - TOL
    assert total == TOTAL


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_card_text_stays_inside_the_safe_zone(kits, paper):
    """Every glyph printed on a card lies at least `safe_mm` inside that card's trim, upright or turned."""
    doc = card_pages(kits(paper))
    safe = 4.0
    checked = 0
    for index in range(doc.page_count):
        page = doc[index]
        cards = trims(page)
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if not span["text"].strip():
                        continue
                    x0, y0, x1, y1 = (mm(v) for v in span["bbox"])
                    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
                    owner = [t for t in cards if t[0] <= cx <= t[2] and t[1] <= cy <= t[3]]
                    if not owner:
                        continue  # the page label in the margin
                    t = owner[0]
                    upright = abs(line["dir"][0] - 1) < 1e-3
                    if upright:
                        assert t[0] + safe - TOL <= x0 and x1 <= t[2] - safe + TOL, (index, span["text"])
                        # Vertically, judge the ink: Vera's caps rise 0.73 em above the baseline, descenders 0.24 below.
                        baseline, size = mm(span["origin"][1]), mm(span["size"])
                        assert t[1] + safe - TOL <= baseline - 0.73 * size, (index, span["text"])
                        assert baseline + 0.24 * size <= t[3] - safe + TOL, (index, span["text"])
                    else:  # turned a quarter: the line box across the card's width is the ink's
                        assert t[1] + safe - TOL <= y0 and y1 <= t[3] - safe + TOL, (index, span["text"])
                        assert t[0] + safe - 1.0 <= x0 and x1 <= t[2] - safe + 1.0, (index, span["text"])
                    checked += 1
    assert checked > 200


def test_every_page_boxes_the_whole_sheet(kits):
    """TrimBox and BleedBox on every page, all the sheet itself: a shop honouring TrimBox prints
    every page whole, at one size."""
    from pypdf import PdfReader

    reader = PdfReader(kits("letter").artifacts["cards.pdf"])
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        media = [float(v) for v in page.mediabox]
        assert [float(v) for v in page.trimbox] == media == [float(v) for v in page.bleedbox]
