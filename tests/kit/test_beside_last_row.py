"""Shelf pieces joining a grid's last sheet (issue 33: "a lone tile beside pawns"): first in the
room right of its partly filled last row, then below it. Hand arithmetic on a Letter page
(215.9 x 279.4 mm): 95 x 80 mm grid pieces with 2 mm bleed are 99 mm wide, two a row with the
0.5 mm gutter (198.5 mm, centred: the first from x = 8.7 to 107.7 mm); right of a lone one,
up to the 5 mm band at 210.9 mm, a 2 mm gap leaves 101.2 mm: room for a 100 mm piece."""

from __future__ import annotations

from dragon_pnp.kit.faces import Face, Item
from dragon_pnp.kit.imposition import MarkStyle, impose_mixed
from dragon_pnp.kit.layouts import sheet_layout

MARKS = MarkStyle(1.0, 5.0)


def faces() -> dict[str, Face]:
    return {
        "tile": Face("tile", "<svg/>", (95.0, 80.0), 2.0),
        "wide": Face("wide", "<svg/>", (96.0, 116.0), 2.0),      # 100 x 120 with bleed: fits beside
        "pawn": Face("pawn", "<svg/>", (26.0, 106.0), 2.0),      # 30 x 110 with bleed
        "huge": Face("huge", "<svg/>", (150.0, 40.0), 2.0),      # 154 wide: never beside the tile
    }


def test_a_piece_that_fits_beside_the_last_row_goes_there_the_rest_below():
    grid, shelves = sheet_layout("tiles"), sheet_layout("extras")
    pages = impose_mixed([Item("tile")], [Item("wide"), Item("pawn"), Item("pawn")], faces(), grid, shelves,
                         "letter", MARKS, "Test")
    assert len(pages) == 1
    placed = {p.form: p for p in pages[0].placements}
    tile, wide = placed["tile"], placed["wide"]
    # beside: the tile's bleed box right edge plus the shelf layout's gap, top-aligned with it
    assert abs(wide.x - (tile.x + tile.width + shelves.gap_mm)) < 1e-6
    assert abs(wide.y - tile.y) < 1e-6
    assert abs(tile.x - 8.7) < 1e-6 and wide.x + wide.width <= 215.9 - shelves.margin_mm + 1e-6
    # the pawns go below both, not beside (no room left in that row)
    pawns = [p for p in pages[0].placements if p.form == "pawn"]
    assert len(pawns) == 2 and all(p.y >= wide.y + wide.height for p in pawns)


def test_a_piece_too_wide_for_the_room_starts_below_the_row():
    grid, shelves = sheet_layout("tiles"), sheet_layout("extras")
    pages = impose_mixed([Item("tile")], [Item("huge")], faces(), grid, shelves, "letter", MARKS, "Test")
    placed = {p.form: p for p in pages[0].placements}
    assert placed["huge"].y >= placed["tile"].y + placed["tile"].height
