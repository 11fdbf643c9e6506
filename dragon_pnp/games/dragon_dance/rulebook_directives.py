"""Dragon Dance's own rulebook directive, placed in its rules.md with a `::: name key=value` line.

    ::: card_table role=knight     one role's cards: kind, ranges, Combo, and the value each die
                                   face gives (no die, 1-6), as the card faces print them

The generic ones (components, table, variants, pagebreak, player_aid) come from
`dragon_pnp.rulebook.directives`.
"""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable

from dragon_pnp.errors import LayoutError
from dragon_pnp.games.dragon_dance import presentation
from dragon_pnp.games.dragon_dance.printed_words import words_of
from dragon_pnp.rulebook.directives import DirectiveContext, Spec
from dragon_pnp.rulebook.markup import Directive, escape_inline
from dragon_pnp.rulebook.tables import grid


def _card_table(ctx: DirectiveContext, d: Directive, data: Any) -> list[Flowable]:
    role = d.args.get("role", "")
    if role not in data.roles:
        raise LayoutError(f"{ctx.where}: card_table role={role!r}: expected one of {', '.join(data.roles)}")
    say = words_of(ctx.game)
    heads = [say("table.no_die") if key == "none" else str(key) for key in presentation.TABLE_HEADS]
    rows: list[list[Any]] = [[say("table.card"), say("table.kind"), say("table.range"), *heads]]
    for card in presentation.cards_at(data, role, say=say):
        kind = card["kind_word"]
        if card["movement"]:
            kind = say("table.kind_more").format(kind=kind, more=card["movement_word"].lower())
        if card["combo"]:
            kind = say("table.kind_more").format(kind=kind, more=say("table.combo"))
        values = [str(v) for v in card["table"]] if card["has_table"] else ["–"] * len(heads)
        rows.append([f"**{escape_inline(card['name'])}**", escape_inline(kind), card["range_words"], *values])
    w = ctx.width
    value = 0.5 * w / len(heads)
    widths = [0.17 * w, 0.2 * w, 0.13 * w, *[value] * len(heads)]
    return [grid(rows, widths, ctx.styles)]


def directives(data_of: Any) -> dict[str, Spec]:
    """The directives, reading the game's parsed data through `data_of(game)` (the module's cache)."""
    return {"card_table": Spec(lambda ctx, d: _card_table(ctx, d, data_of(ctx.game)), frozenset({"role"}))}
