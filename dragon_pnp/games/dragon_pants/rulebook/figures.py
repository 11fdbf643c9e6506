"""Dragon Pants rulebook figures: the setup board for each player count, line-of-sight examples,
the time card.

Boards are drawn by `dragon_pnp.hexmap_diagrams` from the board data, sight lines laid over them by
`dragon_pnp.games.dragon_pants.diagrams`; the sight examples are judged by
the rules engine, and an example whose verdict no longer matches what the text expects is an
error rather than a misleading picture.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.graphics.shapes import Circle, Drawing, Rect, String
from reportlab.platypus import Flowable, Paragraph, Table

from dragon_pnp.data import GameData
from dragon_pnp.data.components import time_track as time_track_spec
from dragon_pnp.errors import LayoutError
from dragon_pnp.games.dragon_pants.diagrams import SightCheck, sight_scene
from dragon_pnp.games.dragon_pants.engine.board import BoardTables
from dragon_pnp.hexgrid import Hex
from dragon_pnp.hexmap_diagrams import board_scene, legend_scene, scene_drawing
from dragon_pnp.paper import mm_to_pt, pt_to_mm
from dragon_pnp.rulebook.directives import Once, fresh
from dragon_pnp.rulebook.markup import escape_inline, inline_xml
from dragon_pnp.rulebook.styles import ACCENT, INK, SHADE, Styles
from dragon_pnp.rulebook.tables import cell_grid

VERDICT_TITLES = {"clear": "Clear", "blocked": "Blocked", "immune": "Immune", "off_line": "No line"}


def seat_caption(game: GameData, players: int) -> str:
    den = {d.id: d for d in game.board.homes}
    colours = game.print_profile.seat_colours
    # Seat, then the colour its den tile and pawn carry (the name players look for on the pieces).
    # A no-break space holds each seat number to its colour when the caption wraps.
    seats = [f"**{i + 1}**\u00a0" + escape_inline(colours[d].name if d in colours else den[d].name)
             for i, d in enumerate(game.board.seats[players])]
    return f"**{players} players:** " + ", ".join(seats) + "."


def setup_boards(game: GameData, styles: Styles, width: float, columns: int = 3, once: Once = fresh) -> Table:
    """One board per player count in the seat maps, dens in use numbered by seat (each board and
    the key drawn `once` for the rulebook's layouts)."""
    cell_width_mm = pt_to_mm(width / columns) - 4
    cells = []
    for players in sorted(game.board.seats):
        board = once(("setup_board", players, cell_width_mm), functools.partial(_board, game, players, cell_width_mm))
        cells.append([board, Paragraph(inline_xml(seat_caption(game, players)), styles.caption)])
    if len(cells) % columns:
        cells.append([Paragraph(inline_xml("**Key**"), styles.cell_head), once(("board_key",), lambda: _key(game))])
    return cell_grid(cells, width, columns)


def _board(game: GameData, players: int, width_mm: float) -> Flowable:
    return scene_drawing(board_scene(game, players), width_mm=width_mm)


def _key(game: GameData) -> Flowable:
    key = scene_drawing(legend_scene(game, hex_size_mm=3.6, text_mm=2.9))
    key.hAlign = "LEFT"
    return key


def board_figure(game: GameData, styles: Styles, width_mm: float, players: int | None) -> Flowable:
    scene = board_scene(game, players)
    return scene_drawing(scene, width_mm=width_mm)


@dataclass(frozen=True)
class SightExample:
    kind: str
    shooter: Hex
    target: Hex
    others: tuple[Hex, ...]
    expect: str | None
    caption: str
    where: str


def sight_cell(game: GameData, example: SightExample, styles: Styles, cell_width_mm: float,
               tables: Callable[[], BoardTables], once: Once = fresh) -> list[Flowable]:
    """The example's picture and its caption, judged and drawn `once` for the rulebook's layouts."""
    drawing, text = once(("sight", example, cell_width_mm), lambda: _judged(game, example, cell_width_mm, tables()))
    return [drawing, Paragraph(inline_xml(text), styles.caption)]


def _judged(game: GameData, example: SightExample, cell_width_mm: float, tables: BoardTables) -> tuple[Flowable, str]:
    sight = sight_scene(game, example.kind, example.shooter, example.target, example.others,  # type: ignore[arg-type]
                        tables=tables)
    check = sight.check
    if example.expect and check.verdict != example.expect:
        raise LayoutError(
            f"{example.where}: this {example.kind} line example expects {example.expect!r} but the rules "
            f"engine finds {check.verdict!r} on the current board; move the dragons or change expect="
        )
    title = f"**{example.kind.capitalize()} line: {VERDICT_TITLES[check.verdict].lower()}.** "
    text = title + escape_inline(verdict_sentence(game, check, sight.dragon_labels)) + (" " + example.caption if example.caption else "")
    return scene_drawing(sight.scene, width_mm=cell_width_mm), text


def verdict_sentence(game: GameData, check: SightCheck, dragons: dict[Hex, str]) -> str:
    """What the engine decided, in words, so the caption can never contradict the picture."""
    terrain = {(t.q, t.r): game.board.terrains[t.terrain].name for t in game.board.tiles}
    if check.verdict == "clear":
        return "A can target B."
    if check.verdict == "blocked" and check.blocker is not None:
        if check.blocker in dragons:
            return f"Dragon {dragons[check.blocker]} between them stops the line."
        what = terrain.get(check.blocker, "a hex")
        return f"The {what.lower()} between them stops the line."
    if check.verdict == "immune":
        return f"The line reaches B, but B stands on {terrain.get(check.target, 'its hex').lower()} and cannot be targeted."
    return "A and B do not share a line of this kind."


def sight_grid(game: GameData, examples: list[SightExample], styles: Styles, width: float,
               columns: int = 3, once: Once = fresh) -> Flowable:
    cell_width_mm = pt_to_mm(width / columns) - 4
    # the standard rules: the pictures show the default game
    tables = functools.cache(lambda: BoardTables.from_game(game))
    cells = [sight_cell(game, e, styles, cell_width_mm, tables, once) for e in examples]
    return cell_grid(cells, width, columns)


def time_track(game: GameData, styles: Styles, width: float, start: int) -> Flowable:
    """The time card as printed (boxes first..last in rows) with the marker on `start`."""
    track = time_track_spec(game)
    numbers = list(range(track.first, track.last + 1))
    per_row = -(-len(numbers) // track.rows)
    box = min(mm_to_pt(9), width / per_row)
    drawing = Drawing(box * per_row + 2, box * track.rows + 2)
    drawing.initialFontName = "Vera"   # else the renderer starts in Helvetica, which is never embedded
    for i, n in enumerate(numbers):
        row, col = divmod(i, per_row)
        x, y = 1 + col * box, 1 + (track.rows - 1 - row) * box
        drawing.add(Rect(x, y, box, box, fillColor=SHADE, strokeColor=INK, strokeWidth=0.6))
        drawing.add(String(x + box / 2, y + box * 0.33, str(n), fontName="Vera-Bold", fontSize=box * 0.4,
                           fillColor=INK, textAnchor="middle"))
        if n == start:
            drawing.add(Circle(x + box / 2, y + box / 2, box * 0.42, fillColor=None, strokeColor=ACCENT,
                               strokeWidth=2))
    drawing.hAlign = "CENTER"
    return drawing
