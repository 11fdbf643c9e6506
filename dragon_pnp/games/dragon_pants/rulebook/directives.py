"""Dragon Pants' own rulebook directives, placed in its rules.md with `::: name key=value` lines.

    ::: components                 what is in the box, with counts and what each piece shows
    ::: terrain                    each terrain, its tile count and what it does
    ::: presets                    the Destiny presets: cards by value, sum, start time, always ends?
    ::: cards                      the full card reference (name, count, kind, target, effect)
    ::: card_list                  the compact card list for the player aid
    ::: setup_boards columns=3     the board for every player count, dens numbered by seat
    ::: board players=4 width=90   one board (without players: every den in its colour, unnumbered)
    ::: sight flat A=-3,1 B=0,1 others="-2,1" expect=clear caption="..."
                                   a line-of-sight example judged by the rules engine; consecutive
                                   sight lines share one grid, three to a row
    ::: time_track start=10        the time card, marker circled on `start` (default: the default preset's)

The generic ones (pagebreak, player_aid, variants, table) come from `dragon_pnp.rulebook.directives`;
`components` here replaces the generic box table with one that says what each piece shows.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from dragon_pnp.data import GameData
from dragon_pnp.data.components import time_track
from dragon_pnp.errors import LayoutError
from dragon_pnp.games.dragon_pants.rulebook import figures, tables
from dragon_pnp.paper import pt_to_mm
from dragon_pnp.rulebook.directives import DirectiveContext, Render, Spec, int_arg
from dragon_pnp.rulebook.markup import Directive, escape_inline, inline_xml
from dragon_pnp.rulebook.styles import Styles


def _simple(table: Callable[[GameData, Styles, float], Table]) -> Render:
    return lambda ctx, d: [table(ctx.game, ctx.styles, ctx.width)]


def _presets(ctx: DirectiveContext, d: Directive) -> list[Flowable]:
    return [tables.preset_table(ctx.game, ctx.styles, ctx.width, ctx.facts)]


def _setup_boards(ctx: DirectiveContext, d: Directive) -> list[Flowable]:
    columns = int_arg(ctx, d, "columns", 3, 1, 6)
    return [figures.setup_boards(ctx.game, ctx.styles, ctx.width, columns, once=ctx.once)]


def _board(ctx: DirectiveContext, d: Directive) -> list[Flowable]:
    players = int_arg(ctx, d, "players", 0, 0, 99) or None
    if players is not None and players not in ctx.game.board.seats:
        known = ", ".join(str(n) for n in sorted(ctx.game.board.seats))
        raise LayoutError(f"{ctx.where}: board players={players}: expected one of {known} (the seat maps in board.yaml)")
    width = int_arg(ctx, d, "width", int(min(pt_to_mm(ctx.width), 120)), 20, 400)
    drawing = figures.board_figure(ctx.game, ctx.styles, width, players)
    drawing.hAlign = "CENTER"
    return [drawing]


def _time_track(ctx: DirectiveContext, d: Directive) -> list[Flowable]:
    track = time_track(ctx.game)
    default = ctx.game.destiny.presets[ctx.game.settings.default_preset]
    start = int_arg(ctx, d, "start", default.length, track.first, track.last)
    caption = f"The time card, with the marker on {start}"
    caption += f": the start of the {escape_inline(default.name)}." if start == default.length else "."
    return [KeepTogether([figures.time_track(ctx.game, ctx.styles, ctx.width, start),
                          Paragraph(inline_xml(caption), ctx.styles.caption)])]


def sight_example(ctx: DirectiveContext, d: Directive) -> figures.SightExample:
    kind = d.args.get("_", "")
    if kind not in ("flat", "diagonal"):
        raise LayoutError(f"{ctx.where}: sight: expected 'flat' or 'diagonal' first, got {kind!r}")
    expect = d.args.get("expect")
    if expect is not None and expect not in figures.VERDICT_TITLES:
        raise LayoutError(f"{ctx.where}: sight expect={expect!r}: expected one of {', '.join(figures.VERDICT_TITLES)}")
    board = {(t.q, t.r) for t in ctx.game.board.tiles} | {(den.q, den.r) for den in ctx.game.board.homes}
    shooter, target = _hex(ctx, d, "A", board), _hex(ctx, d, "B", board)
    others = tuple(_parse_hex(ctx, "others", part, board) for part in d.args.get("others", "").split())
    return figures.SightExample(kind, shooter, target, others, expect, d.args.get("caption", ""), ctx.where)


def _hex(ctx: DirectiveContext, d: Directive, key: str, board: set[tuple[int, int]]) -> tuple[int, int]:
    if key not in d.args:
        raise LayoutError(f"{ctx.where}: sight needs {key}=q,r (axial coordinates of a board hex)")
    return _parse_hex(ctx, key, d.args[key], board)


def _parse_hex(ctx: DirectiveContext, key: str, text: str, board: set[tuple[int, int]]) -> tuple[int, int]:
    try:
        q, r = (int(part) for part in text.split(","))
    except ValueError:
        raise LayoutError(f"{ctx.where}: sight {key}={text!r}: expected q,r such as -3,1") from None
    if (q, r) not in board:
        raise LayoutError(f"{ctx.where}: sight {key}={text!r}: ({q}, {r}) is not a hex of the board")
    return (q, r)


def _sight_grid(run: list[tuple[DirectiveContext, Directive]]) -> list[Flowable]:
    """Consecutive sight examples share one grid, three to a row."""
    first = run[0][0]
    examples = [sight_example(ctx, d) for ctx, d in run]
    return [figures.sight_grid(first.game, examples, first.styles, first.width, once=first.once)]


DIRECTIVES: dict[str, Spec] = {
    "components": Spec(_simple(tables.components_table)),
    "terrain": Spec(_simple(tables.terrain_table)),
    "presets": Spec(_presets),
    "cards": Spec(_simple(tables.card_table)),
    "card_list": Spec(_simple(tables.card_list)),
    "setup_boards": Spec(_setup_boards, frozenset({"columns"})),
    "board": Spec(_board, frozenset({"players", "width"})),
    "sight": Spec(lambda ctx, d: _sight_grid([(ctx, d)]), frozenset({"A", "B", "others", "expect", "caption"}),
                  positional=True, group=_sight_grid),
    "time_track": Spec(_time_track, frozenset({"start"})),
}
