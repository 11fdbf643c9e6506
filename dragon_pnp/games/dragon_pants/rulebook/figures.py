"""Dragon Pants rulebook figures: the setup board for each player count, line-of-sight examples,
the time card.

Boards are drawn by `dragon_pnp.hexmap_diagrams` from the board data, sight lines laid over them by
`dragon_pnp.games.dragon_pants.diagrams`; the sight examples are judged by
the rules engine, and an example whose verdict no longer matches what the text expects is an
error rather than a misleading picture.
"""

from __future__ import annotations

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


def setup_boards(game: GameData, styles: Styles, width: float, columns: int = 3) -> Table:
    """One board per player count in the seat maps, dens in use numbered by seat."""
    cell_width_mm = pt_to_mm(width / columns) - 4
    cells = []
    for players in sorted(game.board.seats):
        scene = board_scene(game, players)
        cells.append([scene_drawing(scene, width_mm=cell_width_mm),
                      Paragraph(inline_xml(seat_caption(game, players)), styles.caption)])
    if len(cells) % columns:
        key = scene_drawing(legend_scene(game, hex_size_mm=3.6, text_mm=2.9))
        key.hAlign = "LEFT"
        cells.append([Paragraph(inline_xml("**Key**"), styles.cell_head), key])
    return cell_grid(cells, width, columns)


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
               tables: BoardTables) -> list[Flowable]:
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
    return [scene_drawing(sight.scene, width_mm=cell_width_mm), Paragraph(inline_xml(text), styles.caption)]


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
               columns: int = 3) -> Flowable:
    cell_width_mm = pt_to_mm(width / columns) - 4
    tables = BoardTables.from_game(game)  # the standard rules: the pictures show the default game
    cells = [sight_cell(game, e, styles, cell_width_mm, tables) for e in examples]
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
