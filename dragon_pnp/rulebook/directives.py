"""Generated blocks that `rules.md` places with `::: name key=value` lines.

Every game may use the generic ones:

    ::: components                 the box: each component of game.yaml, its piece count and description
    ::: table deck=ID columns="name:Card,count:No.,text:Effect"
                                   a reference table of a deck's rows: field:Heading pairs, in order
    ::: variants                   the rules options (game.yaml rules_options) a group may switch on
    ::: pagebreak                  start a new page
    ::: column                     start the next column (of a half-page player aid; elsewhere a new page)
    ::: player_aid [size=half]     everything after this is the player aid: a page, or half a page
                                   in two columns printed twice on its page (dragon_pnp/rulebook/aid.py)

A game's rules module adds its own through its `RulebookPart.directives()` (Dragon Pants: terrain,
presets, setup boards, sight lines, the time track); a game's directive of the same name replaces the
generic one. A spec with `group` renders a run of consecutive directives of its name together (a grid
of examples, say).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from reportlab.platypus import Flowable, FrameBreak
from reportlab.platypus.flowables import PageBreakIfNotEmpty

from dragon_pnp.data import GameData
from dragon_pnp.errors import LayoutError
from dragon_pnp.games.parts import RulebookPart
from dragon_pnp.rulebook import tables
from dragon_pnp.rulebook.markup import Directive
from dragon_pnp.rulebook.styles import Styles


@dataclass
class DirectiveContext:
    """What a directive may use: the data, the styles, the frame width (points), the rules module's
    shared facts (`GameModule.rulebook_facts`, computed once per rulebook), where it is, and
    `drawn`: what the directives of this rulebook drew already (see `once`)."""

    game: GameData
    styles: Styles
    width: float
    facts: list[Any]
    where: str  # "path/rules.md:LINE", for errors
    drawn: dict[Hashable, Any] = field(default_factory=dict)

    def once(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """`make()`, kept under `key` for the rest of this rulebook. The rulebook is laid out several
        times (its parity probes, the book, the rules alone); a picture that costs much to draw (a
        board, a judged example) is drawn once. Only for what laying out and drawing leave as it
        was: a graphics Drawing, text, numbers; never a Paragraph or Table, which a layout changes."""
        if key not in self.drawn:
            self.drawn[key] = make()
        return self.drawn[key]


Render = Callable[[DirectiveContext, Directive], list[Flowable]]
Once = Callable[[Hashable, Callable[[], Any]], Any]   # DirectiveContext.once, or `fresh`


def fresh(key: Hashable, make: Callable[[], Any]) -> Any:
    """A `Once` that keeps nothing: for a figure drawn outside a rulebook's layouts."""
    return make()
GroupRender = Callable[[list[tuple[DirectiveContext, Directive]]], list[Flowable]]


@dataclass(frozen=True)
class Spec:
    """One directive: how it renders, the keys it takes, whether a bare first word is allowed, and
    (optionally) how a run of consecutive directives of this name renders as one block."""

    render: Render
    keys: frozenset[str] = frozenset()
    positional: bool = False
    group: GroupRender | None = None


def int_arg(ctx: DirectiveContext, d: Directive, key: str, default: int, low: int, high: int) -> int:
    """A whole-number argument in [low, high], or `default` when absent; anything else is located."""
    if key not in d.args:
        return default
    try:
        value = int(d.args[key])
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise LayoutError(f"{ctx.where}: {d.name} {key}={d.args[key]!r}: expected a whole number from {low} to {high}")
    return value


def _table(ctx: DirectiveContext, d: Directive) -> list[Flowable]:
    deck = d.args.get("deck")
    decks = [c.id for c in ctx.game.game.components if c.kind == "deck"]
    if deck not in decks:
        raise LayoutError(f"{ctx.where}: table deck={deck!r}: expected one of {', '.join(decks) or '(no deck components)'}")
    columns = tables.parse_columns(d.args.get("columns", ""), ctx.where)
    return [tables.rows_table(ctx.game, deck, columns, ctx.styles, ctx.width, ctx.where)]


GENERIC: dict[str, Spec] = {
    "components": Spec(lambda ctx, d: [tables.components_table(ctx.game, ctx.styles, ctx.width)]),
    "table": Spec(_table, frozenset({"deck", "columns"})),
    "variants": Spec(lambda ctx, d: [tables.variants_table(ctx.game, ctx.styles, ctx.width)]),
    # A new page, unless the text already starts one (never an empty page).
    "pagebreak": Spec(lambda ctx, d: [PageBreakIfNotEmpty()]),
    "column": Spec(lambda ctx, d: [FrameBreak()]),
    "player_aid": Spec(lambda ctx, d: [], frozenset({"size"})),
}


def directive_specs(game: GameData) -> dict[str, Spec]:
    """The generic directives with the rules module's own added (a module's name wins)."""
    specs = dict(GENERIC)
    if game.module is not None:
        specs.update(game.module.part(RulebookPart).directives())
    return specs


def check_arguments(specs: dict[str, Spec], ctx: DirectiveContext, d: Directive) -> Spec:
    """The directive's spec, after refusing unknown names and keys."""
    spec = specs.get(d.name)
    if spec is None:
        raise LayoutError(f"{ctx.where}: unknown directive {d.name!r}; expected one of {', '.join(sorted(specs))}")
    unknown = sorted(set(d.args) - spec.keys - ({"_"} if spec.positional else set()))
    if unknown:
        allowed = ", ".join(sorted(spec.keys)) or "no arguments"
        shown = ["(a bare word)" if k == "_" else k for k in unknown]
        raise LayoutError(f"{ctx.where}: {d.name}: unknown argument {', '.join(shown)}; expected {allowed}")
    return spec
