"""Dragon Line's own rulebook directives, placed in its rules.md with `::: name key=value` lines.

    ::: line                       the two lines on one row: slots numbered from the front, and which
                                   slot is in front of, beyond and behind a dragon (the engine's offsets)
    ::: reach suit=ID slot=1       one ability's reach with and without Range Reform, from the engine's
                                   reach tables, your dragon in `slot` (1 = front); consecutive reach
                                   lines share one grid, two to a row
    ::: cards                      every dragon: suit, Health, Damage or Reform modifiers

The generic ones (components, table, variants, pagebreak, player_aid) come from
`dragon_pnp.rulebook.directives`.
"""

from __future__ import annotations

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from dragon_pnp.errors import LayoutError
from dragon_pnp.games.dragon_line.printed_words import words_of
from dragon_pnp.games.dragon_line.rulebook_facts import reach_words, reform_words, worked_round
from dragon_pnp.games.dragon_line.rulebook_figures import line_figure, reach_figure, suit_colour
from dragon_pnp.games.dragon_line.rules import Rules
from dragon_pnp.rulebook.directives import DirectiveContext, Spec, int_arg
from dragon_pnp.rulebook.markup import Directive, escape_inline, inline_xml
from dragon_pnp.rulebook.tables import cell_grid, grid


def _rules(ctx: DirectiveContext) -> Rules:
    """The standard rules (no variants): the pictures show the default game."""
    return Rules.build(ctx.game)


def _line(ctx: DirectiveContext, d: Directive) -> list[Flowable]:
    say = words_of(ctx.game)
    drawing = line_figure(_rules(ctx), ctx.width, say)
    drawing.hAlign = "CENTER"
    caption = say("line.caption")
    figure = KeepTogether([drawing, Paragraph(inline_xml(caption), ctx.styles.caption)])
    figure.spaceBefore = 6   # clear of the list above it
    return [figure]


def _reach_cell(ctx: DirectiveContext, d: Directive, rules: Rules, cell_width: float) -> list[Flowable]:
    suit_id = d.args.get("suit", "")
    suits = {s.id: s for s in ctx.game.suits.suits}
    if suit_id not in suits:
        raise LayoutError(f"{ctx.where}: reach suit={suit_id!r}: expected one of {', '.join(suits)} (suits.yaml)")
    slot = int_arg(ctx, d, "slot", 1, 1, rules.line_size) - 1
    suit = suits[suit_id]
    say = words_of(ctx.game)
    drawing = reach_figure(rules, suit_id, suit_colour(ctx.game, suit_id), cell_width, slot, say)
    rows = [reach_words(rules.reach(suit_id, b), say) for b in range(len(suit.reach))]
    verb = say("reach.changes" if suit.effect == "reform" else "reach.hits")
    text = f"**{escape_inline(suit.ability)}** ({{{suit.id}}} {escape_inline(suit.name)}) {verb} {rows[0]}"
    text += "".join(say("reach.with_range").replace("{n}", str(b)).replace("{words}", words)
                    for b, words in enumerate(rows[1:], start=1)) + "."
    if len(rows) == 1:
        text += say("reach.no_change")
    elif len(rows) < max(len(s.reach) for s in suits.values()):
        text += say("reach.no_more")
    return [drawing, Paragraph(inline_xml(text), ctx.styles.caption)]


def _reach_grid(run: list[tuple[DirectiveContext, Directive]]) -> list[Flowable]:
    first = run[0][0]
    rules = _rules(first)
    columns = 1 if len(run) == 1 else 2
    cell_width = first.width / columns - 6     # the grid's cell padding, 3 points a side
    cells = [_reach_cell(ctx, d, rules, cell_width) for ctx, d in run]
    table: Table = cell_grid(cells, first.width, columns)
    return [table]


def _cards(ctx: DirectiveContext, d: Directive) -> list[Flowable]:
    suits = {s.id: s for s in ctx.game.suits.suits}
    say = words_of(ctx.game)
    rows: list[list[Flowable | str]] = [[say("table.dragon"), say("table.suit"), say("table.health"), say("table.effect")]]
    cards = list(ctx.game.dragons.cards)
    for card in cards:
        suit = suits[card.suit]
        effect = (f"{say('stat.damage')} {card.damage}" if card.reform is None
                  else f"{say('stat.reform')}: {reform_words(card.reform, say)}")
        rows.append([f"**{escape_inline(card.name)}**", f"{{{suit.id}}} " + escape_inline(f"{suit.name} ({suit.ability})"),
                     str(card.health),
                     escape_inline(effect)])
    width = ctx.width
    return [grid(rows, [0.22 * width, 0.24 * width, 0.12 * width, 0.42 * width], ctx.styles)]


def _worked_round(ctx: DirectiveContext, d: Directive) -> list[Flowable]:
    """The example round, one row per dragon as the engine resolved it."""
    example = worked_round(ctx.game, _rules(ctx))
    say = words_of(ctx.game)
    rows: list[list[Flowable | str]] = [[say("table.dragon"), say("table.stands_at"), say("table.health"), say("table.deals"),
                                         say("table.to"), say("table.takes"), say("table.result")]]
    for seat, dragons in enumerate(example["seats"], start=1):
        for dragon in dragons:
            hits = f" {say('and')} ".join(dragon["hits"]) if dragon["hits"] else say("round.nothing")
            where = say("round.seat_slot").replace("{seat}", str(seat)).replace("{slot}", str(dragon["slot"]))
            rows.append([f"**{escape_inline(dragon['name'])}** ({escape_inline(dragon['suit'])})", where,
                         str(dragon["health"]), str(dragon["damage_dealt"]), escape_inline(hits), str(dragon["taken"]),
                         f"**{say('round.destroyed')}**" if dragon["destroyed"] else say("round.survives")])
    w = ctx.width
    return [grid(rows, [0.2 * w, 0.15 * w, 0.09 * w, 0.08 * w, 0.25 * w, 0.08 * w, 0.15 * w], ctx.styles)]


DIRECTIVES: dict[str, Spec] = {
    "line": Spec(_line),
    "reach": Spec(lambda ctx, d: _reach_grid([(ctx, d)]), frozenset({"suit", "slot"}), group=_reach_grid),
    "worked_round": Spec(_worked_round),
    "cards": Spec(_cards),
}
