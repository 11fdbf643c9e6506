"""`DragonLine`: the GameModule through which play, check and the kit reach Dragon Line.

A game is a match of `settings.match_hands` hands (setup "match", the default) or one hand
(setup "hand", used by the per-hand speed bench and tests). The report's hand-level figures
come from `game_metrics`, which reads the finished hands a match keeps in its state.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from dragon_pnp.errors import IllegalActionError, NotationError
from dragon_pnp.games.api import DataFile, GameModule, GameState, PolicyFactory
from dragon_pnp.games.dragon_line.actions import Remove, parse_notation
from dragon_pnp.games.dragon_line.data import CardValues, DragonDeck, LineSettings, SuitTable, validate
from dragon_pnp.games.dragon_line.parts import LineHidden, LineKit, LinePlaytest, LineReport, LineRulebook
from dragon_pnp.games.dragon_line.positions import state_from_dict
from dragon_pnp.games.dragon_line.printed_words import TEXTS
from dragon_pnp.games.dragon_line.rules import Rules
from dragon_pnp.games.dragon_line.state import END_REASONS, LineState
from dragon_pnp.games.memo import once_per_object

SETUPS = ("match", "hand")


# How much a card's learned worth (in standard deviations) counts in `evaluate`, against 0.5 a card.
VALUE_WEIGHT = 0.25
@once_per_object
def _worth(rules: Rules) -> list[float]:
    """The learned card values standardised (mean 0, one standard deviation 1), once per rules."""
    raw = list(rules.card_value) if any(rules.card_value) else [0.0] * rules.deck_size
    mean = sum(raw) / len(raw)
    spread = (sum((v - mean) ** 2 for v in raw) / len(raw)) ** 0.5 or 1.0
    return [(v - mean) / spread for v in raw]


class DragonLine(GameModule):
    slug = "dragon_line"
    end_reasons = END_REASONS
    seats_fixed = 2
    data_files: ClassVar[dict[str, DataFile]] = {
        "dragons": DataFile("dragons.yaml", DragonDeck),
        "suits": DataFile("suits.yaml", SuitTable),
        "card_values": DataFile("card_values.yaml", CardValues, optional=True),
    }
    settings_model = LineSettings
    texts = TEXTS   # the words its Python prints in the rulebook (printed_words.py)
    parts = (LineReport, LineRulebook, LineKit, LinePlaytest, LineHidden)

    # --- core: data ---------------------------------------------------------------------------
    def data_checks(self) -> list[Any]:
        """Suits and counts, Damage v Reform per suit, the draft's arithmetic (L6), learned values."""
        return [("line_data", "Suits, cards, draft and learned values agree", _cross_file)]

    # --- rules -------------------------------------------------------------------------------
    def make_rules(self, game: Any, options: Mapping[str, Any] | None = None) -> Rules:
        return Rules.build(game, options)

    def new_game(self, rules: Rules, seed: int, players: int | None = None, setup: str | None = None,
                 record: bool = False) -> LineState:
        if players not in (None, 2):
            raise NotationError(f"Dragon Line is for 2 players, not {players}")
        if setup not in (None, "", *SETUPS):
            raise NotationError(f"unknown setup '{setup}'; expected one of {', '.join(SETUPS)}")
        return LineState(rules, seed, single=setup == "hand", record=record)

    def load_state(self, rules: Rules, data: Mapping[str, Any]) -> LineState:
        return state_from_dict(rules, data)

    def parse_action(self, state: GameState, seat: int, text: str) -> Any:
        """The legal action `text` names; lists of slots or cards may come in any order."""
        wanted = parse_notation(text)
        legal = state.legal_actions(seat)
        for action in legal:
            if action == wanted or (isinstance(action, Remove) and isinstance(wanted, Remove)
                                    and sorted(action.cards) == sorted(wanted.cards)):
                return action
        listed = ", ".join(str(a) for a in legal[:20]) + (" ..." if len(legal) > 20 else "")
        decision = state.decision(seat)
        raise IllegalActionError(f"'{' '.join(text.split())}' is not legal for seat {seat + 1} now "
                                 f"({decision}); legal: {listed or 'nothing'}")

    def evaluate(self, state: GameState, seat: int) -> float:
        """Won hands' points so far, cards still in play this hand and what they are worth (the
        learned card values, in standard deviations; an enemy card the seat has not seen counts as
        an average one), squashed to 0..1."""
        assert isinstance(state, LineState)
        if state.result is not None:
            return super().evaluate(state, seat)
        other = 1 - seat
        cards = [len(state.hands[s]) + len(state.lines[s]) for s in (0, 1)]
        worth = _worth(state.rules)
        mine = sum(worth[c] for c in state.hands[seat]) + sum(worth[c] for c in state.lines[seat])
        theirs = sum(worth[c] for c, up in zip(state.lines[other], state.shown[other]) if up)
        edge = (state.points[seat] - state.points[other]) + 0.5 * (cards[seat] - cards[other]) \
            + VALUE_WEIGHT * (mine - theirs)
        return 1.0 / (1.0 + math.exp(-edge))

    def policies(self) -> dict[str, PolicyFactory]:
        from dragon_pnp.games.dragon_line.policies import greedy_policy, strong_policy

        found = super().policies()
        found.update({"greedy": greedy_policy, "strong": strong_policy})
        return found

    # --- core: what the rules check varies ------------------------------------------------------
    def setups(self, game: Any) -> list[str]:
        return ["match"]

    def seat_names(self, game: Any, players: int) -> list[str]:
        return [f"player {n}" for n in range(1, players + 1)]


def _cross_file(game: Any) -> Iterator[Any]:
    """`validate`'s problems as located data findings."""
    from dragon_pnp.data.findings import Finding

    yield from (Finding("line_data", "data", e.message, e.location) for e in validate(game))
