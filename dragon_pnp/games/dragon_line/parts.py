"""Dragon Line's optional parts: hand-level report figures, rulebook figures drawn from the
engine's reach tables, the card-template names and the studio's picture of both lines.

Heavy code (drawing, the rulebook's figures) is imported inside the methods that need it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dragon_pnp.games.parts import HiddenPart, KitPart, PlaytestPart, ReportPart, RulebookPart

if TYPE_CHECKING:
    from dragon_pnp.games.api import Finding, GameState, PlayTrace


class LineReport(ReportPart):
    """Figures per hand (lines short, fallback rounds, suit shares) and the playtime estimate."""

    def game_metrics(self, state: GameState, trace: PlayTrace) -> dict[str, Any]:
        from dragon_pnp.games.dragon_line import metrics

        return metrics.game_metrics(state)  # type: ignore[arg-type]

    def hazards(self, state: GameState, trace: PlayTrace) -> dict[str, int]:
        from dragon_pnp.games.dragon_line import metrics

        return metrics.hazards(state)  # type: ignore[arg-type]

    def findings(self, game: Any, summary: Mapping[str, Any]) -> list[Finding]:
        from dragon_pnp.games.dragon_line import metrics

        return metrics.findings(game, summary)

    def playtime_minutes(self, game: Any, state: GameState, trace: PlayTrace) -> float | None:
        from dragon_pnp.games.dragon_line import metrics

        return metrics.playtime_minutes(state)  # type: ignore[arg-type]


class LineRulebook(RulebookPart):
    def directives(self) -> dict[str, Any]:
        """`line`, `reach` and `cards`: figures and the card table drawn from the engine's tables."""
        from dragon_pnp.games.dragon_line.rulebook_directives import DIRECTIVES

        return DIRECTIVES

    def context(self, game: Any) -> dict[str, Any]:
        """Suits, cards, reach tables and worked examples for rules.md, all from the data."""
        from dragon_pnp.games.dragon_line.rulebook_facts import rulebook_context

        return rulebook_context(game, self.module.make_rules(game))


class LineKit(KitPart):
    def template_globals(self, game: Any) -> dict[str, Any]:
        """`reach(suit, range_bonus)`: the offsets an ability hits, for card pictograms and diagrams,
        from the same tables the engine resolves rounds with; `suits`: each suit's name, ability,
        effect, summary and how many reach rows (range bonuses) its table has."""
        rules = self.module.make_rules(game)
        suits = {s.id: {"id": s.id, "name": s.name, "ability": s.ability, "effect": s.effect,
                        "summary": s.summary, "bonuses": len(s.reach)} for s in game.suits.suits}
        return {"reach": rules.reach, "line_size": rules.line_size, "suits": suits}


class LinePlaytest(PlaytestPart):
    def board_svg(self, game: Any, view: Mapping[str, Any]) -> str:
        """Both halves of the line slot by slot, with points, hands and stacks."""
        from dragon_pnp.games.dragon_line.playtest_board import board_svg

        return board_svg(game, view)


class LineHidden(HiddenPart):
    """The enemy's stack, hand and face-down cards and the discards redealt as this seat's memory
    allows, later hands reseeded (`hidden.py`)."""

    def sample_hidden(self, state: GameState, seat: int, rng: Any) -> GameState:
        from dragon_pnp.games.dragon_line.hidden import sample_hidden

        return sample_hidden(state, seat, rng)  # type: ignore[arg-type]
