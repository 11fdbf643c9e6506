"""$title: each round both players play a card from their hand at once; the higher power
scores a point, equal powers score nothing. After the last round the higher score wins.

Everything here goes through dragon-pnp's game interface (dragon_pnp/games/api.py):
- `Play` is an action: a frozen value whose text is its notation ("play spark").
- `State` is a position: who is to move, their legal actions, `apply` of the choices made at
  once, what each seat may see (`view`), `clone` and `to_dict` (a position file).
- `HighCard` is the module: rules from the data, new games, positions back from files, a
  heuristic and the players `check` and the studio can use.
The cards come from the deck in game.yaml (its `power` column); chance is the shuffle, drawn
from dragon-pnp's seeded generator so a game replays exactly from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from dragon_pnp.games import MASK64, Event, GameModule, IllegalActionError, PositionError, Result, seed_state, shuffle

SEATS = 2


class Settings(BaseModel):
    """game.yaml `settings:`, checked by `dragon-pnp validate`."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    deck: str = Field(description="the id of the deck component the players are dealt from")
    hand_size: int = Field(ge=1, le=20, description="cards dealt to each player, one round per card")


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    power: int


@dataclass(frozen=True)
class Rules:
    cards: tuple[Card, ...]       # every physical card of the deck, copies included
    hand_size: int


@dataclass(frozen=True)
class Play:
    """Play the card `card` (its id) this round."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


class State:
    seats = SEATS

    def __init__(self, rules: Rules, rng: int, record: bool = False):
        self.rules, self.rng, self.record = rules, rng, record
        self.hands: list[list[str]] = [[], []]
        self.played: list[list[str]] = [[], []]
        self.scores = [0, 0]
        self.result: Result | None = None
        self.events: list[Event] = []
        self.counts: dict[str, int] = {}

    def to_move(self) -> tuple[int, ...]:
        return () if self.result is not None else (0, 1)

    def decision(self, seat: int) -> str:
        return "play" if seat in self.to_move() else "none"

    def legal_actions(self, seat: int) -> list[Play]:
        if seat not in self.to_move():
            return []
        return [Play(card) for card in sorted(set(self.hands[seat]))]

    def apply(self, joint: Mapping[int, Play]) -> None:
        if set(joint) != set(self.to_move()):
            raise IllegalActionError("both players play at once")
        for seat, action in joint.items():
            if action not in self.legal_actions(seat):
                raise IllegalActionError(f"player {seat + 1} cannot play '{action}' now")
        power = {c.id: c.power for c in self.rules.cards}
        for seat, action in joint.items():
            self.hands[seat].remove(action.card)
            self.played[seat].append(action.card)
        first, second = power[joint[0].card], power[joint[1].card]
        if first != second:
            winner = 0 if first > second else 1
            self.scores[winner] += 1
            self._emit("point", winner, [joint[0].card, joint[1].card])
        else:
            self._emit("tie", None, [joint[0].card, joint[1].card])
        if not self.hands[0]:
            a, b = self.scores
            winners = () if a == b else ((0,) if a > b else (1,))
            self.result = Result(winners, "score" if winners else "draw", len(self.played[0]), (float(a), float(b)))

    def view(self, seat: int | None) -> dict[str, Any]:
        """Hands are face up in this game; only the deck order is hidden (and it is not used)."""
        return {"hands": [sorted(h) for h in self.hands], "played": [list(p) for p in self.played],
                "scores": list(self.scores)}

    def clone(self) -> State:
        other = State(self.rules, self.rng, self.record)
        other.hands = [list(h) for h in self.hands]
        other.played = [list(p) for p in self.played]
        other.scores, other.result = list(self.scores), self.result
        other.events, other.counts = list(self.events), dict(self.counts)
        return other

    def to_dict(self) -> dict[str, Any]:
        return {"rng": self.rng, "hands": [list(h) for h in self.hands], "played": [list(p) for p in self.played],
                "scores": list(self.scores)}

    def _emit(self, kind: str, seat: int | None, detail: Any = None) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        if self.record:
            self.events.append(Event(kind, seat, detail))


class HighestCard:
    """A simple player: always the most powerful card in hand."""

    name = "highest"

    def __init__(self, rules: Rules):
        self.power = {c.id: c.power for c in rules.cards}

    def choose(self, state: State, seat: int, rng: random.Random) -> Play:
        return max(state.legal_actions(seat), key=lambda a: (self.power[a.card], a.card))


class HighCard(GameModule[Rules, State, Play]):
    slug = "$module"
    seats_fixed = SEATS
    end_reasons = ("score", "draw")     # every Result.reason this game ends with
    settings_model = Settings

    def make_rules(self, game: Any, options: Mapping[str, Any] | None = None) -> Rules:
        if options:
            raise ValueError(f"no rules options; got {', '.join(options)}")
        rows = game.rows(game.settings.deck)
        cards = tuple(Card(_card_id(row), str(row["name"]), int(row.get("power") or 0))
                      for row in rows for _ in range(int(row.get("count") or 1)))
        if len(cards) < SEATS * game.settings.hand_size:
            raise ValueError(f"the deck has {len(cards)} cards; {SEATS} hands of {game.settings.hand_size} need more")
        return Rules(cards, game.settings.hand_size)

    def new_game(self, rules: Rules, seed: int, players: int | None = None, setup: str | None = None,
                 record: bool = False) -> State:
        if players not in (None, SEATS):
            raise ValueError(f"this game is for {SEATS} players")
        state = State(rules, seed_state(seed), record)
        deck = [c.id for c in rules.cards]
        state.rng = shuffle(deck, state.rng)
        for seat in range(SEATS):
            state.hands[seat] = sorted(deck[seat * rules.hand_size:(seat + 1) * rules.hand_size])
        return state

    def load_state(self, rules: Rules, data: Mapping[str, Any]) -> State:
        """A position file back into a state, refusing one the rules could never reach."""
        ids = {c.id for c in rules.cards}
        for key in ("rng", "hands", "played", "scores"):
            if key not in data:
                raise PositionError((key,), f"missing field {key!r}")
        if type(data["rng"]) is not int or not 0 <= data["rng"] <= MASK64:
            raise PositionError(("rng",), "expected a whole number from 0 to 2**64-1")
        state = State(rules, data["rng"], record=True)
        for key in ("hands", "played"):
            value = data[key]
            if not isinstance(value, list) or len(value) != SEATS or not all(
                    isinstance(cards, list) and all(isinstance(c, str) and c in ids for c in cards) for cards in value):
                raise PositionError((key,), f"expected one list of card ids per player ({', '.join(sorted(ids))})")
        state.hands = [list(h) for h in data["hands"]]
        state.played = [list(p) for p in data["played"]]
        for seat in range(SEATS):
            if len(state.hands[seat]) + len(state.played[seat]) != rules.hand_size:
                raise PositionError(("hands", seat), f"a player holds and has played {rules.hand_size} cards in all")
        if len(state.played[0]) != len(state.played[1]):
            raise PositionError(("played",), "both players play every round")
        power = {c.id: c.power for c in rules.cards}
        scores = [0, 0]
        for a, b in zip(*state.played):
            if power[a] != power[b]:
                scores[0 if power[a] > power[b] else 1] += 1
        if data["scores"] != scores:
            raise PositionError(("scores",), f"the cards played score {scores}, not {data['scores']}")
        state.scores = scores
        if not state.hands[0]:
            a, b = scores
            winners = () if a == b else ((0,) if a > b else (1,))
            state.result = Result(winners, "score" if winners else "draw", len(state.played[0]), (float(a), float(b)))
        return state

    def evaluate(self, state: State, seat: int) -> float:
        if state.result is not None:
            return super().evaluate(state, seat)
        lead = state.scores[seat] - state.scores[1 - seat]
        return max(0.0, min(1.0, 0.5 + lead / (2 * state.rules.hand_size)))

    def policies(self) -> dict[str, Any]:
        return {**super().policies(), "highest": HighestCard}


def _card_id(row: Mapping[str, Any]) -> str:
    return str(row.get("id") or row["name"]).strip().lower().replace(" ", "_")


GAME = HighCard()
