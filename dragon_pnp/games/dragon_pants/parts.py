"""Dragon Pants' optional parts: its words, report, rulebook, kit, `decks` command and playtest board.

Each part imports its heavy code (drawing, the rulebook's figures, the command line) inside the
method that needs it, so loading the game for a simulation loads none of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dragon_pnp.games.dragon_pants.hidden import sample_hidden
from dragon_pnp.games.parts import (
    CommandsPart,
    HiddenPart,
    KitPart,
    PlaytestPart,
    ReferencePlay,
    ReportPart,
    RulebookPart,
    Vocabulary,
)

if TYPE_CHECKING:
    from dragon_pnp.data import GameData
    from dragon_pnp.games.api import Event, Finding, GameState, PlayTrace
    from dragon_pnp.games.report_parts import ReportSpec, Section


# The default check's reference player on the default preset: 200 games at two players and 100 at
# each other count (enough to test its figures: issue 31), with the cheaper players at 400 games per
# configuration instead of 1,000 (bench/bench_check.py times it; docs/rules-check.md says what it
# costs). A check given --games plays the share of it.
# The ladder at 40 games a pairing: at 20 the default check's ladder verified no strong player; at
# 40, search:20 beat greedy 29-10-1 (p = 0.003), beyond chance after Holm's correction over 3.
REFERENCE = ReferencePlay("search:20", 0.025, games=400, per_players=((2, 200), (3, 100), (4, 100), (5, 100), (6, 100)),
                          ladder_games=40)


class PantsWords(Vocabulary):
    seat_noun = "dragon"
    setup_noun = "preset"
    home_noun = "den"
    player_noun = "dragon"


class PantsReport(ReportPart):
    """Time track, Destiny presets, card and reaction figures, and the exact Destiny odds."""

    def game_metrics(self, state: GameState, trace: PlayTrace) -> dict[str, Any]:
        from dragon_pnp.games.dragon_pants import metrics

        return metrics.game_metrics(state, trace)  # type: ignore[arg-type]

    def hazards(self, state: GameState, trace: PlayTrace) -> dict[str, int]:
        from dragon_pnp.games.dragon_pants import metrics

        return metrics.hazards(state)  # type: ignore[arg-type]

    def playtime_minutes(self, game: GameData, state: GameState, trace: PlayTrace) -> float | None:
        from dragon_pnp.games.dragon_pants import metrics

        return metrics.playtime_minutes(game, state, trace)  # type: ignore[arg-type]

    def findings(self, game: GameData, summary: Mapping[str, Any]) -> list[Finding]:
        from dragon_pnp.games.dragon_pants import report

        return report.findings(game, summary)

    def reference_play(self, game: GameData) -> ReferencePlay | None:
        """The generic search player over greedy playouts, at the strength and games per
        configuration that keep the default check near a minute on two cores (docs/rules-check.md)."""
        return REFERENCE

    def default_setup(self, game: GameData) -> str:
        from dragon_pnp.games.dragon_pants.settings import setting

        preset: str = setting(game, "default_preset")
        return preset

    def report_spec(self, game: GameData) -> ReportSpec:
        from dragon_pnp.games.dragon_pants import report

        return report.spec(game)

    def report_extras(self, game: GameData) -> dict[str, Any]:
        from dragon_pnp.games.dragon_pants import report

        return report.extras(game)

    def report_sections(self, summary: Mapping[str, Any]) -> list[Section]:
        from dragon_pnp.games.dragon_pants import report

        return report.sections(summary)


class PantsRulebook(RulebookPart):
    """Terrain, presets, setup boards, sight lines and the time track for rules.md."""

    def directives(self) -> dict[str, Any]:
        from dragon_pnp.games.dragon_pants.rulebook.directives import DIRECTIVES

        return DIRECTIVES

    def context(self, game: GameData) -> dict[str, Any]:
        from dragon_pnp.games.dragon_pants.rulebook.facts import template_context

        return template_context(game)

    def facts(self, game: GameData) -> list[Any]:
        from dragon_pnp.games.dragon_pants.rulebook.facts import preset_facts

        return preset_facts(game)


class PantsKit(KitPart):
    """Card pictograms for the templates, and the exact Destiny analysis written beside the kit."""

    def template_globals(self, game: GameData) -> dict[str, Any]:
        from dragon_pnp.games.dragon_pants.cards import template_globals

        return template_globals(game)

    def build_steps(self) -> list[tuple[str, str]]:
        return [("Destiny analysis", "dragon_pnp.games.dragon_pants.destiny.report:build_step")]


class PantsCommands(CommandsPart):
    def commands(self) -> dict[str, Any]:
        """`dragon-pnp decks`: exact Destiny-deck maths."""
        from dragon_pnp.games.dragon_pants.cli_decks import decks

        return {"decks": decks}


class PantsPlaytest(PlaytestPart):
    def board_svg(self, game: GameData, view: Mapping[str, Any]) -> str:
        """The hex board as the rulebook draws it, every dragon where the view puts it."""
        from dragon_pnp.games.dragon_pants.playtest_board import board_svg

        return board_svg(game, view)

    def describe_event(self, event: Event, names: list[str] | None = None) -> str:
        from dragon_pnp.games.dragon_pants import report

        return report.describe_event(event)


class PantsHidden(HiddenPart):
    """Hands and piles lie open: only both decks' order and the engine's generator are redrawn."""

    def sample_hidden(self, state: GameState, seat: int, rng: Any) -> GameState:
        return sample_hidden(state, rng)  # type: ignore[arg-type]
