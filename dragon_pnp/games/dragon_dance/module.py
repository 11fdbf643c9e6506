"""`DragonDance`: the game module the generic play, check and studio reach Dragon Dance through."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

from dragon_pnp.data.findings import Finding
from dragon_pnp.errors import DataErrors, IllegalActionError
from dragon_pnp.games.api import DataFile, GameModule, GameState, PolicyFactory
from dragon_pnp.games.dragon_dance.actions import Action, CardAction, ComboAction, DieAction, parse_notation
from dragon_pnp.games.dragon_dance.data import DanceData, DanceSettings, Examples, Roster, dance_from_game
from dragon_pnp.games.dragon_dance.evaluation import Evaluator
from dragon_pnp.games.dragon_dance.parts import DanceHidden, DanceKit, DancePlaytest, DanceReport, DanceRulebook
from dragon_pnp.games.dragon_dance.positions import state_from_dict
from dragon_pnp.games.dragon_dance.printed_words import TEXTS
from dragon_pnp.games.dragon_dance.rules import RANGE_NAMES, Rules
from dragon_pnp.games.dragon_dance.state import CARD, COMBO, DIE, END_REASONS, DanceState, new_game
from dragon_pnp.games.memo import once_per_object


class DragonDance(GameModule):
    """A knight and a dragon duel with simultaneous die and card choices (seed 003)."""

    slug = "dragon_dance"
    end_reasons = END_REASONS
    seats_fixed = 2
    data_files: ClassVar[dict[str, DataFile]] = {
        "knight_cards": DataFile("knight_cards.yaml", Roster),
        "dragon_cards": DataFile("dragon_cards.yaml", Roster),
        "examples": DataFile("examples.yaml", Examples),
    }
    texts = TEXTS   # the words its Python prints on aids and in the rulebook (printed_words.py)
    settings_model = DanceSettings
    parts = (DanceReport, DanceRulebook, DanceKit, DancePlaytest, DanceHidden)

    # --- core: data --------------------------------------------------------------------------

    def dance_data(self, game: Any) -> DanceData:
        """The rules' view of this game's data: from a DanceData, a loaded GameData (computed once
        per load, so a studio reload sees every edit) or a folder (read by the generic loader)."""
        if isinstance(game, DanceData):
            return game
        if isinstance(game, (str, Path)):
            from dragon_pnp.games.registry import load_game

            game = load_game(game)
        data: DanceData = game.derived("dragon_dance", dance_from_game)
        return data

    def data_checks(self) -> list[Any]:
        """The cross-file checks, then the seed's worked examples (D13) played through the engine."""
        return [("dance_data", "Roles, decks, options and kit counts agree", _cross_file),
                ("worked_examples", "The seed's worked examples come out as printed", _worked_examples)]

    # --- rules ------------------------------------------------------------------------------

    def make_rules(self, game: Any, options: Mapping[str, Any] | None = None) -> Rules:
        return Rules(self.dance_data(game), options)

    def new_game(self, rules: Rules, seed: int, players: int | None = None, setup: str | None = None,
                 record: bool = False) -> DanceState:
        if players not in (None, 2):
            raise ValueError(f"Dragon Dance is a duel: 2 players, not {players}")
        if setup not in (None, ""):
            raise ValueError(f"Dragon Dance has no setups; got {setup!r}")
        return new_game(rules, seed, record=record)

    def load_state(self, rules: Rules, data: Mapping[str, Any]) -> DanceState:
        return state_from_dict(rules, data)

    def parse_action(self, state: GameState, seat: int, text: str) -> Any:
        """The legal action written `text`, or an IllegalActionError that says why it is not legal."""
        assert isinstance(state, DanceState)
        wanted = parse_notation(text)
        shown = str(wanted)
        for action in state.legal_actions(seat):
            if str(action) == shown:
                return action
        raise IllegalActionError(f"'{shown}' is not legal for the {state.rules.roles[seat]} now: "
                                 f"{why_illegal(state, seat, wanted)}")

    def evaluate(self, state: GameState, seat: int) -> float:
        assert isinstance(state, DanceState)
        return _evaluator(state.rules).state_value(state, seat)

    def policies(self) -> dict[str, PolicyFactory]:
        from dragon_pnp.games.dragon_dance.policies import greedy_policy, strong_policy

        return {**super().policies(), "greedy": greedy_policy, "strong": strong_policy}

    # --- core: what the rules check varies -----------------------------------------------------

    def seat_names(self, game: Any, players: int) -> list[str]:
        return list(self.dance_data(game).roles)


def why_illegal(state: DanceState, seat: int, action: Action) -> str:
    """A one-line reason an action of the right shape is not legal for `seat` now."""
    rules = state.rules
    role = rules.roles[seat]
    phase = state.phase
    if seat not in state.to_move():
        return "the game is over" if state.result is not None else f"it is not the {role}'s choice now"
    wanted = {DIE: DieAction, CARD: CardAction, COMBO: ComboAction}[phase]
    if not isinstance(action, wanted):
        return {DIE: "choose a die first ('die N' or 'no die')", CARD: "play a card now ('play CARD')",
                COMBO: "answer the combo ('combo CARD die N', 'combo CARD no die' or 'no combo')"}[phase]
    if isinstance(action, DieAction):
        shown = ", ".join(map(str, state.dice[seat])) or "none"
        return f"no available die shows {action.face} (available: {shown})"
    card_id = action.id
    if card_id not in rules.card_index[seat]:
        return f"the {role} has no card '{card_id}' (cards: {', '.join(rules.card_index[seat])})"
    card = rules.card(seat, card_id)
    if isinstance(action, CardAction):
        if not state.hands[seat] >> card.index & 1:
            return f"{card.name} is in the discard pile until a Recuperate (D11)"
        return f"{card.name} cannot be played at {RANGE_NAMES[state.range]} range (D6)"
    if not state.combo_partners(seat) >> card.index & 1:
        return f"{card.name} cannot follow up: it must be a Combo card in hand, playable at {RANGE_NAMES[state.range]} range (D10)"
    shown = ", ".join(map(str, state.dice[seat])) or "none"
    return f"no remaining die shows {action.face} (available: {shown})"


def _cross_file(game: Any) -> Iterator[Finding]:
    """Findings of `dance_from_game`: every cross-file problem, located."""
    try:
        GAME.dance_data(game)
    except DataErrors as exc:
        yield from (Finding("dance_data", "data", e.message, e.location) for e in exc.errors)


def _worked_examples(game: Any) -> Iterator[Finding]:
    """Each worked example the tables or the engine no longer reproduce, located in examples.yaml."""
    from dragon_pnp.games.dragon_dance.worked_examples import check_examples

    try:
        data = GAME.dance_data(game)
    except DataErrors:
        return   # reported by _cross_file
    yield from (Finding("worked_examples", "data", e.message, e.location) for e in check_examples(data))


@once_per_object
def _evaluator(rules: Rules) -> Evaluator:
    """The evaluator's tables, built once per rules object."""
    return Evaluator(rules)


GAME = DragonDance()

__all__ = ["GAME", "DragonDance", "why_illegal"]
