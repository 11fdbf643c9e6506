"""The assembled board as one composite form: every tile face placed at its hex, clipped to its trim.

Hex centres come from the shared geometry (dragon_pnp.hexgrid.centre), so the poster
and the rules engine agree on where every hex is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dragon_pnp.components.tiles import home_key, tile_key
from dragon_pnp.data import GameData
from dragon_pnp.data.components import hex_map, tile_spec
from dragon_pnp.data.lang.words import SOURCE_LANGUAGE, Phrases
from dragon_pnp.hexgrid import SQRT3, Hex, centre, corners
from dragon_pnp.kit.faces import Face
from dragon_pnp.kit.sheet import Composite, Placement

if TYPE_CHECKING:
    from dragon_pnp.components.base import ComponentPlan, PlanContext
    from dragon_pnp.data.components import BoardSpec

BOARD_KEY = "board"
BOARD_MARGIN_MM = 2.0


def board_hexes(game: GameData) -> list[tuple[Hex, str]]:
    """Every hex of the assembled board with the face that covers it, homes included."""
    cells = [((t.q, t.r), tile_key(t.terrain)) for t in hex_map(game).tiles]
    cells += [((d.q, d.r), home_key(game, d.id)) for d in hex_map(game).homes]
    return cells


def board_origin(game: GameData) -> tuple[float, float, float, float]:
    """Offset that puts the board's top-left corner at (margin, margin), and the board size."""
    radius = tile_spec(game).corner_to_corner_mm / 2
    points = [p for h, _ in board_hexes(game) for p in corners(h, radius)]
    min_x, min_y = min(p[0] for p in points), min(p[1] for p in points)
    max_x, max_y = max(p[0] for p in points), max(p[1] for p in points)
    return (BOARD_MARGIN_MM - min_x, BOARD_MARGIN_MM - min_y,
            max_x - min_x + 2 * BOARD_MARGIN_MM, max_y - min_y + 2 * BOARD_MARGIN_MM)


def board_art_extent(game: GameData) -> Callable[[float, float], tuple[float, float] | None]:
    """For a strip of board x coordinates [x0, x1], the top and bottom of the tiles reaching into
    it (board coordinates, as the composite places them), or None where no tile does."""
    radius = tile_spec(game).corner_to_corner_mm / 2
    ox, oy, _, _ = board_origin(game)
    centres = [(x + ox, y + oy) for x, y in (centre(h, radius) for h, _ in board_hexes(game))]
    half_height = radius * SQRT3 / 2

    def extent(x0: float, x1: float) -> tuple[float, float] | None:
        ys = [cy for cx, cy in centres if x0 - radius < cx < x1 + radius]
        return (min(ys) - half_height, max(ys) + half_height) if ys else None

    return extent


def board_composite(game: GameData, faces: dict[str, Face]) -> Composite:
    radius = tile_spec(game).corner_to_corner_mm / 2
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
    from dragon_pnp.kit.faces import render_template

    radius = tile_spec(game).corner_to_corner_mm / 2
    ox, oy, width, height = board_origin(game)
    outlines = [" ".join(f"{x + ox:.3f},{y + oy:.3f}" for x, y in corners(h, radius)) for h, _ in board_hexes(game)]
    svg = render_template("kit/board_grid.svg.j2", W=width, H=height, outlines=outlines)
    return Face(GRID_KEY, svg, (width, height), 0.0)


def plan(spec: BoardSpec, context: PlanContext) -> ComponentPlan:
    """board.pdf: a one-page overview (optional), the full-size poster and (optionally) the setup maps."""
    from dragon_pnp.components.base import ComponentPlan, PageSpan, Section
    from dragon_pnp.components.board_pages import overview_page, setup_page
    from dragon_pnp.components.tiles import tile_faces
    from dragon_pnp.data.components import document_of
    from dragon_pnp.kit.imposition import LABEL_DESCENT_MM
    from dragon_pnp.kit.layouts import PRINTER_MARGIN_MM, sheet_layout
    from dragon_pnp.kit.poster import plan_poster, poster_pages

    game = context.game
    tiles, _ = tile_faces(game)
    grid = board_grid_face(game)
    faces = {f.key: f for f in [*tiles, grid]}
    board = board_composite(game, faces)
    layout = sheet_layout("poster")
    poster_plan = plan_poster(board.size, layout, context.paper, spec.poster_overlap_mm, board_art_extent(game))
    overview = overview_page(game, layout, context.paper, BOARD_KEY, board.size)
    label_baseline = poster_plan.page_size[1] - PRINTER_MARGIN_MM - LABEL_DESCENT_MM - 0.2
    words = game.game.phrases
    poster = poster_pages(poster_plan, BOARD_KEY, board.size, words.text("words.poster.title", game=game.game.name),
                          PRINTER_MARGIN_MM, label_baseline, words)
    document = document_of(spec)
    # Overview and poster place the same tile faces: one part, so each tile is written once.
    # Without the overview (`overview: false`: the setup maps or the rulebook show the board) the
    # poster stands alone.
    first = [overview] if spec.overview else []
    title = words.text("words.poster.section_overview" if spec.overview else "words.poster.section")
    sections = [Section(document, title, [*first, *poster])]
    contents = [words.text("words.cover.box.board_overview" if spec.overview else "words.cover.box.board_poster",
                           n=words.number(len(poster)))]
    if spec.setup_maps:
        setup, diagrams = setup_page(game, layout, context.paper)
        faces.update({f.key: f for f in diagrams})
        sections.append(Section(document, words.text("words.poster.setup_maps"), [setup]))
        contents.append(words.text("words.cover.box.setup_maps"))
    # The poster builds the same board as the tiles: players print one or the other.
    tiles_name = next(c.name for c in game.game.components if c.id == spec.tiles)
    either = (PageSpan(spec.tiles, words.text("words.cover.either.named", name=_lower(tiles_name, words))),
              PageSpan(spec.id, words.text("words.cover.either.board_poster"), section=0, skip=len(first), count=len(poster)))
    return ComponentPlan(spec.id, spec.kind, list(faces.values()), sections, {BOARD_KEY: board},
                         contents=contents, alternatives=[either])


def _lower(name: str, words: Phrases) -> str:
    """"Board tiles" -> "board tiles", for a sentence (English only: other languages keep their capitals)."""
    return name[0].lower() + name[1:] if words.language == SOURCE_LANGUAGE else name
