"""Hex tiles and the board poster read back from the PDFs."""

from __future__ import annotations

import math

import pymupdf
import pytest

from generator.data.components import board_spec, tile_spec
from generator.engine.hexgrid import centre, corners
from generator.components.board import board_hexes, board_origin
from generator.kit.layouts import sheet_layout
from generator.kit.poster import plan_poster
from tests.kit.readback import PAPER, TOL, mm, near, stroked_lines

CUT_GREY = (0x3A / 255, 0x3A / 255, 0x3A / 255)
CORNER_TO_CORNER = 95.0


def hexagons(page: pymupdf.Page) -> list[list[tuple[float, float]]]:
    """Cut outlines on a tiles page, six corners each, in drawing order."""
    lines = stroked_lines(page, 0.18, CUT_GREY)
    return [[a for a, _ in lines[i:i + 6]] for i in range(0, len(lines), 6)]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_tiles_are_regular_flat_topped_hexes_of_the_profile_size(kits, paper):
    doc = pymupdf.open(kits(paper).artifacts["tiles.pdf"])
    width, height = PAPER[paper]
    total = 0
    for page in doc:
        assert abs(mm(page.rect.width) - width) < 0.05 and abs(mm(page.rect.height) - height) < 0.05
        for corners_ in hexagons(page):
            total += 1
            cx = sum(x for x, _ in corners_) / 6
            cy = sum(y for _, y in corners_) / 6
            for x, y in corners_:
                assert abs(math.hypot(x - cx, y - cy) - CORNER_TO_CORNER / 2) < TOL
            xs = sorted(x for x, _ in corners_)
            assert abs((xs[-1] - xs[0]) - CORNER_TO_CORNER) < TOL
            ys = sorted(y for _, y in corners_)
            assert abs((ys[-1] - ys[0]) - CORNER_TO_CORNER * math.sqrt(3) / 2) < TOL  # 82.3 mm flat to flat
            top = [p for p in corners_ if abs(p[1] - ys[0]) < TOL]
            assert len(top) == 2  # flat top: a horizontal upper edge
            # the bleed stays on the paper
            bleed_r = CORNER_TO_CORNER / 2 + 2 * 3.0 / math.sqrt(3)
            assert cx - bleed_r > 0 and cx + bleed_r < width and cy - bleed_r * 0.866 > 0 and cy + bleed_r * 0.866 < height
    assert total == 43


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_tile_grid_is_centred_two_by_three(kits, paper):
    """Full tile pages: 2 columns x 3 rows, bleed boxes touching (plus the layout gap), centred."""
    doc = pymupdf.open(kits(paper).artifacts["tiles.pdf"])
    width, height = PAPER[paper]
    gap = sheet_layout("tiles").gap_mm
    bleed_r = CORNER_TO_CORNER / 2 + 2 * 3.0 / math.sqrt(3)
    box = (2 * bleed_r, math.sqrt(3) * bleed_r)
    left = (width - (2 * box[0] + gap)) / 2
    top = (height - (3 * box[1] + 2 * gap)) / 2
    expected = [(left + box[0] / 2 + c * (box[0] + gap), top + box[1] / 2 + r * (box[1] + gap))
                for r in range(3) for c in range(2)]
    page = doc[0]
    centres = [(sum(x for x, _ in h) / 6, sum(y for _, y in h) / 6) for h in hexagons(page)]
    assert len(centres) == 6
    for point in expected:
        assert any(near(c, point) for c in centres), point


def test_den_tiles_carry_seat_number_and_colour(game, kits):
    doc = pymupdf.open(kits("letter").artifacts["tiles.pdf"])
    text = "".join(page.get_text() for page in doc).replace(" ", "")  # letter-spaced titles
    for den in game.board.dens:
        colour = game.print_profile.seat_colours[den.id]
        assert f"DEN{den.number}" in text and colour.name in text and den.name.replace(" ", "") in text


def test_terrain_names_printed_for_black_and_white(game, kits):
    text = "".join(page.get_text() for page in pymupdf.open(kits("letter").artifacts["tiles.pdf"])).replace(" ", "")
    for terrain in game.board.terrains.values():
        assert terrain.name.upper().replace(" ", "") in text


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poster_registration_marks_meet_on_neighbouring_pages(game, paper):
    """A mark in an overlap strip is the same board point on both pages that share the strip."""
    _, _, width, height = board_origin(game)
    plan = plan_poster((width, height), sheet_layout("poster"), paper, board_spec(game).poster_overlap_mm)
    assert plan.columns * plan.rows >= 4
    for row in range(plan.rows):
        for col in range(plan.columns - 1):
            a = plan.window_at(col, row)
            b = plan.window_at(col + 1, row)
            assert abs((a[2] - b[0]) - board_spec(game).poster_overlap_mm) < 1e-9
    # Windows together cover the whole board.
    first, last = plan.window_at(0, 0), plan.window_at(plan.columns - 1, plan.rows - 1)
    assert first[0] <= 0 and first[1] <= 0 and last[2] >= width and last[3] >= height


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poster_pages_show_the_board_at_full_size(game, kits, paper):
    """Hex corners of the board grid appear on each poster page exactly where the plan puts them."""
    doc = pymupdf.open(kits(paper).artifacts["board.pdf"])
    ox, oy, width, height = board_origin(game)
    plan = plan_poster((width, height), sheet_layout("poster"), paper, board_spec(game).poster_overlap_mm)
    radius = tile_spec(game).corner_to_corner_mm / 2
    board_corners = [(x + ox, y + oy) for h, _ in board_hexes(game) for x, y in corners(h, radius)]
    poster = [page for page in doc if "board poster: page" in page.get_text()]
    assert 4 <= len(poster) <= plan.columns * plan.rows
    grid_grey = (0x2B / 255,) * 3
    for page in poster:
        label = page.get_text()
        name = label.split("board poster: page ")[1].split(" ")[0]
        row, col = ord(name[0]) - ord("A"), int(name[1:]) - 1
        x0, y0, _, _ = plan.window_at(col, row)
        expected = [(plan.margin + bx - x0, plan.margin + by - y0) for bx, by in board_corners]
        found = [a for a, _ in stroked_lines(page, 0.5, grid_grey)]
        assert found, name
        for point in found[:60]:
            assert any(near(point, e) for e in expected), (name, point)
        w, h = plan.page_size
        assert abs(mm(page.rect.width) - w) < 0.05 and abs(mm(page.rect.height) - h) < 0.05


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poster_pages_together_show_every_tile_in_colour(game, kits, paper):
    """Counts coloured pixels, so art missing from a page (not only misplaced) is caught."""
    board = pymupdf.open(kits(paper).artifacts["board.pdf"])
    poster = [page for page in board if "board poster" in page.get_text()]
    dpi = 20
    coloured_mm2 = 0.0
    for page in poster:
        pixmap = page.get_pixmap(dpi=dpi)
        samples, step = pixmap.samples, pixmap.n
        count = sum(1 for i in range(0, len(samples), step) if max(samples[i:i + 3]) - min(samples[i:i + 3]) > 30)
        assert count, f"poster page {page.number + 1} shows no tile art"
        coloured_mm2 += count * (25.4 / dpi) ** 2
    radius = tile_spec(game).corner_to_corner_mm / 2
    hex_area = 3 * math.sqrt(3) / 2 * radius ** 2
    assert coloured_mm2 > 0.6 * len(board_hexes(game)) * hex_area
