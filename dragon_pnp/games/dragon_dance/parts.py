"""Dragon Dance's optional parts: its report figures, rulebook tables, card-template names and
the studio's picture of the duel.

Each part reaches the game's data through the module (`self.module.dance_data(game)`), so the
one generic load is the only read of the files; heavy code is imported inside the methods.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dragon_pnp.games.dragon_dance.printed_words import words_of
from dragon_pnp.games.parts import HiddenPart, KitPart, PlaytestPart, ReportPart, RulebookPart

if TYPE_CHECKING:
    from dragon_pnp.games.api import Finding, GameState, PlayTrace


class DanceReport(ReportPart):
    """Damage, combos, card use and the lull hazard; playtime from the rounds played."""

    def game_metrics(self, state: GameState, trace: PlayTrace) -> dict[str, Any]:
        from dragon_pnp.games.dragon_dance import metrics

        return metrics.game_metrics(state)  # type: ignore[arg-type]

    def hazards(self, state: GameState, trace: PlayTrace) -> dict[str, int]:
        from dragon_pnp.games.dragon_dance import metrics

        return metrics.hazards(state)  # type: ignore[arg-type]

    def findings(self, game: Any, summary: Mapping[str, Any]) -> list[Finding]:
        from dragon_pnp.games.dragon_dance import metrics

        return metrics.findings(self.module.dance_data(game), summary)  # type: ignore[attr-defined]

    def report_spec(self, game: Any) -> Any:
        """Labels for every metric: cards by their printed names, die faces, ranges."""
        from dragon_pnp.games.dragon_dance import metrics

        return metrics.report_spec(self.module.dance_data(game))  # type: ignore[attr-defined]

    def playtime_minutes(self, game: Any, state: GameState, trace: PlayTrace) -> float | None:
        from dragon_pnp.games.dragon_dance import metrics

        settings = self.module.dance_data(game).settings  # type: ignore[attr-defined]
        return metrics.playtime_minutes(settings, state.result.rounds if state.result else state.round)  # type: ignore[attr-defined]


class DanceRulebook(RulebookPart):
    def directives(self) -> dict[str, Any]:
        """`card_table role=...`: each role's cards and die-face values as a table."""
        from dragon_pnp.games.dragon_dance.rulebook_directives import directives

        return directives(self.module.dance_data)  # type: ignore[attr-defined]

    def context(self, game: Any) -> dict[str, Any]:
        """Roles (life, dice, cards by range), every card by id and the worked examples, computed."""
        from dragon_pnp.games.dragon_dance import presentation

        data = self.module.dance_data(game)  # type: ignore[attr-defined]
        say = words_of(game)
        roles = {role: presentation.role_view(data, role, say) for role in data.roles}
        return {
            **roles,
            "roles": [roles[role] for role in data.roles],
            "card": {role: {c["id"]: c for c in roles[role]["cards"]} for role in data.roles},
            "table_heads": presentation.TABLE_HEADS,
            "examples": presentation.example_views(data, say),
            "rules_options": data.rules_options,
            "provisional": data.provisional,
            "version": data.version,
        }


class DanceKit(KitPart):
    def template_globals(self, game: Any) -> dict[str, Any]:
        """`dance_card(row, role)`, `dance_cards(role, range)` and `dance_role(role)` for the kit templates."""
        from dragon_pnp.games.dragon_dance import presentation

        data = self.module.dance_data(game)  # type: ignore[attr-defined]
        say = words_of(game)

        def dance_card(row: Mapping[str, Any], role: str) -> dict[str, Any]:
            return presentation.card_view(data, role, data.card(role, str(row["id"])), say)

        return {
            "dance_card": dance_card,
            "dance_cards": lambda role, at_range=None: presentation.cards_at(data, role, at_range, say),
            "dance_role": lambda role: presentation.role_view(data, role, say),
            "dance_table_heads": presentation.TABLE_HEADS,
        }


class DancePlaytest(PlaytestPart):
    def board_svg(self, game: Any, view: Mapping[str, Any]) -> str:
        """The duel as it lies on the table: range marker, life, dice and the cards in play."""
        from dragon_pnp.games.dragon_dance.playtest_board import board_svg

        return board_svg(game, view)


class DanceHidden(HiddenPart):
    """Only the dice generator is hidden (D12: choices never reach the state before the reveal),
    so a world is a copy whose later re-rolls come from a new generator. The default re-deal would
    find the same (the view is the position less `rng`); this skips the round trip through a file."""

    def sample_hidden(self, state: GameState, seat: int, rng: Any) -> GameState:
        world = state.clone()
        world.rng = rng.getrandbits(64)  # type: ignore[attr-defined]
        return world
