"""`DragonDance`: the game module the generic play, check and studio reach Dragon Dance through."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from generator.errors import DataError, DataErrors, IllegalActionError
from generator.games.api import DataFile, Finding, GameModule, PlayTrace, PolicyFactory
from generator.games.dragon_dance import metrics
from generator.games.dragon_dance.actions import parse_notation
from generator.games.dragon_dance.data import DanceData, DanceSettings, Examples, Roster
from generator.games.dragon_dance.evaluation import Evaluator
from generator.games.dragon_dance.loading import load_dance
from generator.games.dragon_dance.positions import state_from_dict
from generator.games.dragon_dance.rules import RANGE_NAMES, Rules
from generator.games.dragon_dance.state import CARD, COMBO, DIE, DanceState, new_game


class DragonDance(GameModule):
    """A knight and a dragon duel with simultaneous die and card choices (seed 003)."""

    slug = "dragon_dance"
    seats_fixed = 2
    data_files = {
        "knight_cards": DataFile("knight_cards.yaml", Roster),
        "dragon_cards": DataFile("dragon_cards.yaml", Roster),
        "examples": DataFile("examples.yaml", Examples),
    }
    settings_model = DanceSettings

    # --- data -------------------------------------------------------------------------------

    def dance_data(self, game: Any) -> DanceData:
        """This game's data from a DanceData, a loaded GameData (its folder) or a folder path."""
        if isinstance(game, DanceData):
            return game
        return _load_cached(str(_folder(game).resolve()))

    def validate(self, game: Any) -> list[DataError]:
        try:
            load_dance(_folder(game))
        except DataErrors as exc:
            return list(exc.errors)
        except DataError as exc:
            return [exc]
        return []

    def template_globals(self, game: Any) -> dict[str, Any]:
        """`dance_card(row, role)`, `dance_cards(role, range)` and `dance_role(role)` for the kit templates."""
        from generator.games.dragon_dance import presentation

        data = self.dance_data(game)

        def dance_card(row: Mapping[str, Any], role: str) -> dict[str, Any]:
            return presentation.card_view(data, role, data.card(role, str(row["id"])))

        return {
            "dance_card": dance_card,
            "dance_cards": lambda role, at_range=None: presentation.cards_at(data, role, at_range),
            "dance_role": lambda role: presentation.role_view(data, role),
            "dance_table_heads": presentation.TABLE_HEADS,
        }

    def rulebook_directives(self) -> dict[str, Any]:
        """`card_table role=...`: each role's cards and die-face values as a table."""
        from generator.games.dragon_dance.rulebook_directives import directives

        return directives(self.dance_data)

    def rulebook_context(self, game: Any) -> dict[str, Any]:
        """Roles (life, dice, cards by range), every card by id and the worked examples, computed."""
        from generator.games.dragon_dance import presentation

        data = self.dance_data(game)
        roles = {role: presentation.role_view(data, role) for role in data.roles}
        return {
            **roles,
            "roles": [roles[role] for role in data.roles],
            "card": {role: {c["id"]: c for c in roles[role]["cards"]} for role in data.roles},
            "table_heads": presentation.TABLE_HEADS,
            "examples": presentation.example_views(data),
            "rules_options": data.rules_options,
            "provisional": data.provisional,
            "version": data.version,
        }

    # --- command line and studio ------------------------------------------------------------
    def playtest_board_svg(self, game: Any, view: Mapping[str, Any]) -> str:
        """The duel as it lies on the table: range marker, life, dice and the cards in play."""
        from generator.games.dragon_dance.playtest_board import board_svg

        return board_svg(game, view)

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

    def parse_action(self, state: DanceState, seat: int, text: str) -> Any:
        """The legal action written `text`, or an IllegalActionError that says why it is not legal."""
        notation = parse_notation(text)
        legal = state.legal_actions(seat)
        shown = " ".join(text.split())
        for action in legal:
            if str(action) == shown:
                return action
        raise IllegalActionError(f"'{shown}' is not legal for the {state.rules.roles[seat]} now: "
                                 f"{why_illegal(state, seat, notation)}")

    def evaluate(self, state: DanceState, seat: int) -> float:
        return _evaluator(state.rules).state_value(state, seat)

    def policies(self) -> dict[str, PolicyFactory]:
        from generator.games.dragon_dance.policies import greedy_policy, strong_policy

        return {**super().policies(), "greedy": greedy_policy, "strong": strong_policy}

    def sample_hidden(self, state: DanceState, seat: int, rng: Any) -> DanceState:
        """Only the dice generator is hidden (D12: choices never reach the state before the
        reveal), so a world is a copy whose later re-rolls come from a new generator."""
        world = state.clone()
        world.rng = rng.getrandbits(64)
        return world

    # --- rules-check report hooks -----------------------------------------------------------

    def seat_names(self, game: Any, players: int) -> list[str]:
        return list(self.dance_data(game).roles)

    def game_metrics(self, state: DanceState, trace: PlayTrace) -> dict[str, Any]:
        return metrics.game_metrics(state)

    def hazards(self, state: DanceState, trace: PlayTrace) -> dict[str, int]:
        return metrics.hazards(state)

    def findings(self, game: Any, summary: Mapping[str, Any]) -> list[Finding]:
        return metrics.findings(self.dance_data(game), summary)

    def playtime_minutes(self, game: Any, state: DanceState, trace: PlayTrace) -> float | None:
        return metrics.playtime_minutes(self.dance_data(game).settings, state.result.rounds if state.result else state.round)


def why_illegal(state: DanceState, seat: int, notation: Any) -> str:
    """A one-line reason an action of the right shape is not legal for `seat` now."""
    rules = state.rules
    role = rules.roles[seat]
    phase = state.phase
    if seat not in state.to_move():
        return "the game is over" if state.result is not None else f"it is not the {role}'s choice now"
    wanted = {DIE: "die", CARD: "card", COMBO: "combo"}[phase]
    if notation.kind != wanted:
        return {DIE: "choose a die first ('die N' or 'no die')", CARD: "play a card now ('play CARD')",
                COMBO: "answer the combo ('combo CARD die N', 'combo CARD no die' or 'no combo')"}[phase]
    if notation.kind == "die":
        shown = ", ".join(map(str, state.dice[seat])) or "none"
        return f"no available die shows {notation.face} (available: {shown})"
    card_id = notation.card
    if card_id not in rules.card_index[seat]:
        return f"the {role} has no card '{card_id}' (cards: {', '.join(rules.card_index[seat])})"
    card = rules.card(seat, card_id)
    if notation.kind == "card":
        if not state.hands[seat] >> card.index & 1:
            return f"{card.name} is in the discard pile until a Recuperate (D11)"
        return f"{card.name} cannot be played at {RANGE_NAMES[state.range]} range (D6)"
    if not state.combo_partners(seat) >> card.index & 1:
        return f"{card.name} cannot follow up: it must be a Combo card in hand, playable at {RANGE_NAMES[state.range]} range (D10)"
    shown = ", ".join(map(str, state.dice[seat])) or "none"
    return f"no remaining die shows {notation.face} (available: {shown})"


def _folder(game: Any) -> Path:
    """The game folder of a path, a folder name under data/, or loaded game data (its `root`)."""
    if isinstance(game, (str, Path)):
        candidate = Path(game)
        if not candidate.is_dir():
            from generator.data.loader import resolve_game_dir

            return resolve_game_dir(game)
        return candidate
    return Path(game.root)


@lru_cache(maxsize=16)
def _load_cached(root: str) -> DanceData:
    return load_dance(Path(root))


_EVALUATORS: dict[int, tuple[Rules, Evaluator]] = {}


def _evaluator(rules: Rules) -> Evaluator:
    held = _EVALUATORS.get(id(rules))
    if held is None or held[0] is not rules:
        if len(_EVALUATORS) > 32:
            _EVALUATORS.clear()
        held = _EVALUATORS[id(rules)] = (rules, Evaluator(rules))
    return held[1]


GAME = DragonDance()

__all__ = ["GAME", "DragonDance", "why_illegal"]
