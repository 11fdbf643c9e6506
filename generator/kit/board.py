"""The assembled board as one composite form: every tile face placed at its hex, clipped to its trim.

Hex centres come from the shared geometry (generator.engine.hexgrid.centre), so the poster
and the rules engine agree on where every hex is.
"""

from __future__ import annotations

from typing import Callable

from generator.data import GameData
from generator.engine.hexgrid import SQRT3, Hex, centre, corners
from generator.kit.faces import Face
from generator.kit.sheet import Composite, Placement
from generator.kit.tiles import den_key, tile_key

BOARD_KEY = "board"
BOARD_MARGIN_MM = 2.0


def board_hexes(game: GameData) -> list[tuple[Hex, str]]:
    """Every hex of the assembled board with the face that covers it, dens included."""
    cells = [((t.q, t.r), tile_key(t.terrain)) for t in game.board.tiles]
    cells += [((d.q, d.r), den_key(d.id)) for d in game.board.dens]
    return cells


def board_origin(game: GameData) -> tuple[float, float, float, float]:
    """Offset that puts the board's top-left corner at (margin, margin), and the board size."""
    radius = game.print_profile.hex.corner_to_corner_mm / 2
    points = [p for h, _ in board_hexes(game) for p in corners(h, radius)]
    min_x, min_y = min(p[0] for p in points), min(p[1] for p in points)
    max_x, max_y = max(p[0] for p in points), max(p[1] for p in points)
    return (BOARD_MARGIN_MM - min_x, BOARD_MARGIN_MM - min_y,
            max_x - min_x + 2 * BOARD_MARGIN_MM, max_y - min_y + 2 * BOARD_MARGIN_MM)


def board_art_extent(game: GameData) -> Callable[[float, float], tuple[float, float] | None]:
    """For a strip of board x coordinates [x0, x1], the top and bottom of the tiles reaching into
    it (board coordinates, as the composite places them), or None where no tile does."""
    radius = game.print_profile.hex.corner_to_corner_mm / 2
    ox, oy, _, _ = board_origin(game)
    centres = [(x + ox, y + oy) for x, y in (centre(h, radius) for h, _ in board_hexes(game))]
    half_height = radius * SQRT3 / 2

    def extent(x0: float, x1: float) -> tuple[float, float] | None:
        ys = [cy for cx, cy in centres if x0 - radius < cx < x1 + radius]
        return (min(ys) - half_height, max(ys) + half_height) if ys else None

    return extent


def board_composite(game: GameData, faces: dict[str, Face]) -> Composite:
    radius = game.print_profile.hex.corner_to_corner_mm / 2
    ox, oy, width, height = board_origin(game)
    placements = []
    for h, key in board_hexes(game):
        face = faces[key]
        cx, cy = centre(h, radius)
        cx, cy = cx + ox, cy + oy
        w, hh = face.size_mm
        trim_corners = tuple((x + ox, y + oy) for x, y in corners(h, radius))
        placements.append(Placement(key, cx - w / 2, cy - hh / 2, w, hh, clip=trim_corners))
    placements.append(Placement(GRID_KEY, 0.0, 0.0, width, height))
    return Composite(BOARD_KEY, (width, height), tuple(placements))


GRID_KEY = "board-grid"


def board_grid_face(game: GameData) -> Face:
    """Thin hex edges over the assembled board, so neighbouring tiles of one terrain stay apart."""
    from generator.kit.faces import render_template

    radius = game.print_profile.hex.corner_to_corner_mm / 2
    ox, oy, width, height = board_origin(game)
    outlines = [" ".join(f"{x + ox:.3f},{y + oy:.3f}" for x, y in corners(h, radius)) for h, _ in board_hexes(game)]
    svg = render_template("kit/board_grid.svg.j2", W=width, H=height, outlines=outlines)
    return Face(GRID_KEY, svg, (width, height), 0.0)
