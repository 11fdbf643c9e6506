"""Dragon Pants behind the game interface: its data files, settings and cross-checks, and the
rules engine and its report.

The core hooks are here; the report, rulebook, kit, command, playtest and vocabulary parts are
in `parts.py`. Numbers come from the game data (players, seats, presets, settings).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from dragon_pnp.errors import IllegalActionError
from dragon_pnp.games.api import DataFile, GameModule, GameState, PolicyFactory
from dragon_pnp.games.dragon_pants.data import DestinyData, PantsMap, PantsSettings, Playtime, PowerDeck
from dragon_pnp.games.dragon_pants.engine import END_REASONS, PantsState, Rules, new_game
from dragon_pnp.games.dragon_pants.engine.actions import Action, parse_notation
from dragon_pnp.games.dragon_pants.engine.explain import why_illegal
from dragon_pnp.games.dragon_pants.engine.positions import position_from_dict
from dragon_pnp.games.dragon_pants.parts import (
    PantsCommands,
    PantsHidden,
    PantsKit,
    PantsPlaytest,
    PantsReport,
    PantsRulebook,
    PantsWords,
)
from dragon_pnp.games.dragon_pants.policies import GreedyPlayer, position_value
from dragon_pnp.games.dragon_pants.printed_words import TEXTS

if TYPE_CHECKING:
    pass


class DragonPants(GameModule):
    slug = "dragon_pants"
    end_reasons = END_REASONS
    data_files: ClassVar[dict[str, DataFile]] = {
        "board": DataFile("board.yaml", PantsMap),
        "power": DataFile("power_cards.yaml", PowerDeck),
        "destiny": DataFile("destiny.yaml", DestinyData),
        "playtime": DataFile("playtime.yaml", Playtime, optional=True),
    }
    settings_model = PantsSettings
    texts = TEXTS   # the words its Python prints on cards and in the rulebook (printed_words.py)
    hexmap_model = PantsMap   # the tiles component's map is board.yaml: one object, with its rules flags
    parts = (PantsWords, PantsReport, PantsRulebook, PantsKit, PantsCommands, PantsPlaytest, PantsHidden)

    def data_checks(self) -> list[Any]:
        from dragon_pnp.games.dragon_pants.validation import CHECKS

        return list(CHECKS)

    # --- rules ----------------------------------------------------------------------------

    def make_rules(self, game: Any, options: Mapping[str, Any] | None = None) -> Rules:
        return Rules.from_game(game, dict(options or {}))

    def new_game(self, rules: Rules, seed: int, players: int | None = None, setup: str | None = None,
                 record: bool = False) -> PantsState:
        """A dealt game (R6); `setup` is a Destiny preset. Without `players`: the most of the box's best counts."""
        if players is None:
            best = getattr(rules.data.game.players, "best", None) or [rules.players_min]
            players = max(best)
        return new_game(rules, players=players, seed=seed, preset=setup or None, record=record)

    def load_state(self, rules: Rules, data: Mapping[str, Any]) -> PantsState:
        state = position_from_dict(rules, data)
        state.record = True  # positions are loaded to be played by hand: narrate what follows
        return state

    def parse_action(self, state: GameState, seat: int, text: str) -> Action:
        """The action in notation; a malformed one is a NotationError (exit 2), an illegal one says why."""
        engine: PantsState = state  # type: ignore[assignment]
        action = parse_notation(text)
        decider = engine.decider
        if decider is None:
            raise IllegalActionError(why_illegal(engine, action))
        if seat != decider:
            raise IllegalActionError(f"dragon {seat + 1} does not decide now; dragon {decider + 1} "
                                     f"decides ({engine.choice_kind})")
        for legal in engine.legal_actions(seat):
            if legal == action:
                return legal
        raise IllegalActionError(why_illegal(engine, action))

    def evaluate(self, state: GameState, seat: int) -> float:
        """Wearing The Pants late in the game is best; chasing a near holder with ready cards next
        (`policies.position_value`, compiled with the engine)."""
        return position_value(state, seat)  # type: ignore[arg-type]

    def policies(self) -> dict[str, PolicyFactory]:
        return {**super().policies(), "greedy": GreedyPlayer}

    # --- report ---------------------------------------------------------------------------

    def setups(self, game: Any) -> list[str]:
        return list(game.destiny.presets)

    def player_counts(self, game: Any) -> list[int]:
        players = game.game.players
        return [n for n in range(players.min, players.max + 1) if n in game.board.seats]

    def seat_names(self, game: Any, players: int) -> list[str]:
        return list(game.board.seats.get(players, [])) or super().seat_names(game, players)



GAME = DragonPants()
