"""Hex tiles and the board poster read back from the PDFs."""

from __future__ import annotations

import dataclasses
import itertools
import math

import pymupdf
import pytest

from dragon_pnp.components.board import board_art_extent, board_hexes, board_origin
from dragon_pnp.data.components import board_spec, tile_spec, time_track
from dragon_pnp.hexgrid import corners
from dragon_pnp.kit.layouts import sheet_layout
from dragon_pnp.kit.poster import plan_poster, registration_marks
from tests.kit.readback import PAPER, TOL, mm, near, stroked_lines

CUT_GREY = (0x3A / 255, 0x3A / 255, 0x3A / 255)
CORNER_TO_CORNER = 95.0
MIN_BLEED = 2.0   # the least of its own bleed a tile keeps on the sheet
EDGE = 5.0        # home printers cannot print nearer the paper edge than this


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
            # the tile's own bleed stays inside the band home printers can print
            bleed_r = CORNER_TO_CORNER / 2 + 2 * MIN_BLEED / math.sqrt(3)
            assert cx - bleed_r >= EDGE - TOL and cx + bleed_r <= width - EDGE + TOL
            assert cy - bleed_r * 0.866 >= EDGE - TOL and cy + bleed_r * 0.866 <= height - EDGE + TOL
    assert total == 43


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_six_tiles_a_page_each_with_its_own_bleed_and_a_gutter(kits, paper):
    """Full tile pages hold 2 x 3 tiles; neighbours are far enough apart for both bleeds and
    the layout's gutter, across a flat side (above and below) and corner to corner (beside)."""
    doc = pymupdf.open(kits(paper).artifacts["tiles.pdf"])
    gutter = sheet_layout("tiles").gap_mm
    radius = CORNER_TO_CORNER / 2
    # 43 tiles: 7 full pages, then the 43rd with the time track beside it and the pawns below.
    for number, page in enumerate(doc):
        centres = [(sum(x for x, _ in h) / 6, sum(y for _, y in h) / 6) for h in hexagons(page)]
        assert len(centres) == (6 if number < doc.page_count - 1 else 1)
        for i, (ax, ay) in enumerate(centres):
            for bx, by in centres[i + 1:]:
                if abs(ay - by) < TOL:      # side by side: corners face each other
                    assert abs(ax - bx) >= 2 * radius + 2 * (2 * MIN_BLEED / math.sqrt(3)) + gutter - TOL
                elif abs(ax - bx) < TOL:    # one above the other: flat sides face each other
                    assert abs(ay - by) >= math.sqrt(3) * radius + 2 * MIN_BLEED + gutter - TOL


def test_den_tiles_and_pawns_are_named_by_colour_not_number(game, kits):
    """Setup matches colours, never numbers: a den tile and a pawn carry their colour's name and no digit."""
    doc = pymupdf.open(kits("letter").artifacts["tiles.pdf"])
    den_name = next(t.name for t in game.board.terrains.values() if t.is_home).upper()
    den_texts = [page.get_text() for page in doc if den_name in page.get_text().replace(" ", "")]
    text = "".join(den_texts)
    squeezed = text.replace(" ", "")  # letter-spaced titles
    for den in game.board.homes:
        colour = game.print_profile.seat_colours[den.id].name
        assert f"{colour.upper()}{den_name}" in squeezed and colour in text and den.name in text
    dens_only = [line for line in text.splitlines() if any(c.name.upper() in line.replace(" ", "").upper()
                                                            for c in game.print_profile.seat_colours.values())]
    assert dens_only and not any(ch.isdigit() for line in dens_only for ch in line), dens_only
    # The track and the pawns print on the last tile sheet (game.yaml: document: tiles.pdf).
    extras = pymupdf.open(kits("letter").artifacts["tiles.pdf"])[-1]
    track = time_track(game)
    numbers = {str(n) for n in range(track.first, track.last + 1)}
    for colour in game.print_profile.seat_colours.values():
        spans = [s for b in extras.get_text("dict")["blocks"] for line in b.get("lines", []) for s in line["spans"]]
        assert any(colour.name.upper() == s["text"].strip() for s in spans)
    stray = [s["text"] for b in extras.get_text("dict")["blocks"] for line in b.get("lines", []) for s in line["spans"]
             if s["text"].strip().isdigit() and s["text"].strip() not in numbers]
    assert not stray, stray


def test_terrain_names_printed_for_black_and_white(game, kits):
    text = "".join(page.get_text() for page in pymupdf.open(kits("letter").artifacts["tiles.pdf"])).replace(" ", "")
    for terrain in game.board.terrains.values():
        assert terrain.name.upper().replace(" ", "") in text


def poster_plan(game, paper):
    _, _, width, height = board_origin(game)
    return plan_poster((width, height), sheet_layout("poster"), paper, board_spec(game).poster_overlap_mm,
                       board_art_extent(game))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poster_pages_overlap_and_cover_the_whole_board(game, paper):
    """Neighbouring pages overlap by exactly the profile's overlap; together they show every tile."""
    plan = poster_plan(game, paper)
    overlap = board_spec(game).poster_overlap_mm
    ox, oy, _, _ = board_origin(game)
    radius = tile_spec(game).corner_to_corner_mm / 2
    columns = sorted({w.column for w in plan.windows})
    for column in columns:
        stack = [plan.bounds(w) for w in plan.windows if w.column == column]
        for upper, lower in itertools.pairwise(stack):
            assert abs((upper[3] - lower[1]) - overlap) < 1e-9 and upper[0] == lower[0]
        if column + 1 in columns:
            right = next(plan.bounds(w) for w in plan.windows if w.column == column + 1)
            assert abs((stack[0][2] - right[0]) - overlap) < 1e-9
    for h, _ in board_hexes(game):
        for x, y in corners(h, radius):
            assert any(b[0] <= x + ox <= b[2] and b[1] <= y + oy <= b[3] for b in map(plan.bounds, plan.windows))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poster_registration_marks_appear_on_both_pages_of_every_shared_strip(game, paper):
    plan = poster_plan(game, paper)
    marks = registration_marks(plan)
    windows = list(plan.windows)
    for i, a in enumerate(windows):
        for b in windows[i + 1:]:
            ba, bb = plan.bounds(a), plan.bounds(b)
            shared = (max(ba[0], bb[0]), max(ba[1], bb[1]), min(ba[2], bb[2]), min(ba[3], bb[3]))
            if shared[2] - shared[0] <= 0 or shared[3] - shared[1] <= 0:
                continue
            if min(shared[2] - shared[0], shared[3] - shared[1]) < plan.overlap - 1e-9:
                continue   # pages touching at a corner only
            if max(shared[2] - shared[0], shared[3] - shared[1]) < 40:
                continue   # a sliver where staggered columns meet
            inside = [m for m in marks if shared[0] <= m.x <= shared[2] and shared[1] <= m.y <= shared[3]]
            assert len(inside) >= 2, (a.name, b.name)
            # The cross is on the page underneath; the page laid over it carries the edge tick.
            assert all(m.over in (a, b) for m in inside), (a.name, b.name)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poster_pages_show_the_board_at_full_size(game, kits, paper):
    """Hex corners of the board grid appear on each poster page exactly where the plan puts them."""
    doc = pymupdf.open(kits(paper).artifacts["board.pdf"])
    ox, oy, _width, _height = board_origin(game)
    plan = poster_plan(game, paper)
    radius = tile_spec(game).corner_to_corner_mm / 2
    board_corners = [(x + ox, y + oy) for h, _ in board_hexes(game) for x, y in corners(h, radius)]
    poster = [page for page in doc if "board poster: page" in page.get_text()]
    assert len(poster) == len(plan.windows)
    grid_grey = (0x2B / 255,) * 3
    by_name = {w.name: w for w in plan.windows}
    for page in poster:
        name = page.get_text().split("board poster: page ")[1].split(" ")[0]
        x0, y0, _, _ = plan.bounds(by_name[name])
        expected = [(plan.margin + bx - x0, plan.margin + by - y0) for bx, by in board_corners]
        found = [a for a, _ in stroked_lines(page, 0.5, grid_grey)]
        assert found, name
        for point in found[:60]:
            assert any(near(point, e) for e in expected), (name, point)
        w, h = plan.page_size
        assert abs(mm(page.rect.width) - w) < 0.05 and abs(mm(page.rect.height) - h) < 0.05


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poster_needs_ten_pages_and_none_is_mostly_paper(game, kits, paper):
    """Columns sized to the art: 10 pages where a plain 4 x 3 grid needed 12, four of them
    showing 15 % board; now every page shows at least 25 % (coloured pixels over its window; by
    area of tiles the least is 33 %)."""
    plan = poster_plan(game, paper)
    assert len(plan.windows) == 10
    board = pymupdf.open(kits(paper).artifacts["board.pdf"])
    poster = [page for page in board if "board poster" in page.get_text()]
    dpi = 20
    window_mm2 = plan.window[0] * plan.window[1]
    for page in poster:
        pixmap = page.get_pixmap(dpi=dpi)
        samples, step = pixmap.samples, pixmap.n
        count = sum(1 for i in range(0, len(samples), step) if max(samples[i:i + 3]) - min(samples[i:i + 3]) > 30)
        assert count * (25.4 / dpi) ** 2 >= 0.25 * window_mm2, f"poster page {page.number + 1}"


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


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_overview_prints_at_the_scale_it_states(game, paper, tmp_path):
    """The stated percentage is exact: the grid's printed width over the full-size board's.
    Dragon Pants prints no overview (its rulebook draws the board): the page with `overview: true`."""
    from dragon_pnp.kit.kit import plan_kit, render_plan, write_documents

    board = next(c for c in game.game.components if c.kind == "board")
    components = [c.model_copy(update={"overview": True}) if c is board else c for c in game.game.components]
    shown = dataclasses.replace(game, game=game.game.model_copy(update={"components": components}))
    plan = plan_kit(shown, paper).only("board.pdf")
    plan.documents["board.pdf"] = plan.documents["board.pdf"][:1]
    plan.sections.pop("board.pdf", None)
    rendered, _ = render_plan(plan)
    page = pymupdf.open(write_documents(plan, rendered, tmp_path)["board.pdf"])[0]
    text = " ".join(page.get_text().split())
    stated = int(text.split("Shown at ")[1].split(" %")[0]) / 100
    grid = [p for segment in stroked_lines(page, 0.5 * stated, (0x2B / 255,) * 3) for p in segment]
    assert grid
    _ox, _oy, _, _ = board_origin(game)
    radius = tile_spec(game).corner_to_corner_mm / 2
    full = [x for h, _ in board_hexes(game) for x, _ in corners(h, radius)]
    printed_width = max(x for x, _ in grid) - min(x for x, _ in grid)
    assert printed_width / (max(full) - min(full)) == pytest.approx(stated, rel=1e-4)


def test_setup_maps_give_every_seat_a_colour_the_pieces_carry(game, kits):
    """For each player count the setup page names, seat by seat, the colour of the den that seat
    uses in the data; den tiles and pawns carry those colour names."""
    # The kit prints no setup page of its own (board: setup_maps: false): the rulebook's setup
    # page draws every player count's seats.
    rules = " ".join(" ".join(page.get_text() for page in pymupdf.open(kits("letter").artifacts["rulebook.pdf"])).split())
    colours = game.print_profile.seat_colours
    for players, dens in game.board.seats.items():
        seats = ", ".join(f"{i + 1} {colours[d].name}" for i, d in enumerate(dens))
        assert f"{players} players: {seats}" in rules
    tiles = "".join(page.get_text() for page in pymupdf.open(kits("letter").artifacts["tiles.pdf"]))
    pawns = pymupdf.open(kits("letter").artifacts["tiles.pdf"])[-1].get_text()
    for colour in colours.values():
        assert colour.name.upper() in tiles and colour.name.upper() in pawns


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_poster_crosses_lie_only_where_a_neighbour_page_covers_them(game, kits, paper):
    """Read from board.pdf: every round registration mark on a poster page sits in the overlap
    strip at its window's bottom or right, which the next page or column is laid over, never
    in the top or left strip that stays on show (over a den's name, say)."""
    plan = poster_plan(game, paper)
    board = pymupdf.open(kits(paper).artifacts["board.pdf"])
    ww, wh = plan.window
    m, ov = plan.margin, plan.overlap
    seen = 0
    first = board.page_count - len(plan.windows)   # after the overview, where the kit prints one
    for index in range(first, first + len(plan.windows)):
        page = board[index]
        for drawing in page.get_drawings():
            r = drawing["rect"]
            kinds = {item[0] for item in drawing["items"]}
            if kinds != {"c"} or abs(mm(r.width) - 5.2) > 0.3 or drawing.get("color") != (0.0, 0.0, 0.0):
                continue
            x, y = mm((r.x0 + r.x1) / 2), mm((r.y0 + r.y1) / 2)
            seen += 1
            in_bottom = m + wh - ov - TOL <= y <= m + wh + TOL
            in_right = m + ww - ov - TOL <= x <= m + ww + TOL
            assert in_bottom or in_right, f"poster page {index}: a mark at ({x:.1f}, {y:.1f}) mm stays on show"
    assert seen >= 2 * (len(plan.windows) - 1)
