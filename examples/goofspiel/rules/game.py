"""Goofspiel's rules, written only against dragon-pnp's game interface.

Each round a prize is turned face up and both players bid a card from their hands at once; the
higher bid takes the prize, equal bids leave it untaken. After every card is played the higher
total of prizes wins. The only chance is the prize deck's order, shuffled from the game's seed
with dragon-pnp's generator; the only hidden thing is that order (and a bid until both chose).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from dragon_pnp.games import MASK64, Event, GameModule, IllegalActionError, PositionError, Result, seed_state, shuffle

from .estimate import win_chance

SEATS = 2


class Settings(BaseModel):
    """game.yaml `settings:`."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    cards: int = Field(ge=2, le=30, description="each hand and the prize deck hold the cards 1 to this")


@dataclass(frozen=True)
class Bid:
    """Lay the card `value` face down as this round's bid; its text is its notation, `bid 7`."""

    value: int

    def __str__(self) -> str:
        return f"bid {self.value}"


@dataclass(frozen=True)
class Rules:
    cards: int


class GoofState:
    """A position. Mutable: `apply` changes it in place; `clone` copies it."""

    seats = SEATS

    def __init__(self, rules: Rules, rng: int, record: bool = False):
        self.rules = rules
        self.rng = rng
        self.record = record
        self.hands: list[list[int]] = [list(range(1, rules.cards + 1)) for _ in range(SEATS)]
        self.deck: list[int] = list(range(1, rules.cards + 1))   # face down, next prize last
        self.prize: int | None = None                              # face up now
        self.won: list[list[int]] = [[], []]
        self.tied: list[int] = []
        self.bids: list[list[int]] = [[], []]                      # spent bids, in order
        self.result: Result | None = None
        self.events: list[Event] = []
        self.counts: dict[str, int] = {}

    # --- the state protocol ------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return () if self.result is not None else (0, 1)

    def decision(self, seat: int) -> str:
        return "bid" if seat in self.to_move() else "none"

    def legal_actions(self, seat: int) -> list[Bid]:
        return [Bid(v) for v in self.hands[seat]] if seat in self.to_move() else []

    def apply(self, joint: Mapping[int, Bid]) -> None:
        if set(joint) != set(self.to_move()):
            raise IllegalActionError(f"both players bid at once; got bids for {sorted(s + 1 for s in joint)}")
        for seat, bid in joint.items():
            if not isinstance(bid, Bid) or bid.value not in self.hands[seat]:
                raise IllegalActionError(f"player {seat + 1} has no card {getattr(bid, 'value', bid)} to bid")
        prize = self.prize
        assert prize is not None, "a bid is asked for only while a prize is face up"
        blue, red = joint[0].value, joint[1].value
        for seat, value in ((0, blue), (1, red)):
            self.hands[seat].remove(value)
            self.bids[seat].append(value)
        self._emit("reveal", None, [blue, red])
        if blue == red:
            self.tied.append(prize)
            self._emit("tie", None, prize)
        else:
            winner = 0 if blue > red else 1
            self.won[winner].append(prize)
            self._emit("take", winner, prize)
        self._next_prize()

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything but the prize deck's order (only its size shows)."""
        return {"seat": None if seat is None else seat + 1, "prize": self.prize, "prizes_left": len(self.deck),
                "hands": [list(h) for h in self.hands], "bids": [list(b) for b in self.bids],
                "scores": self.scores(), "tied": list(self.tied),
                "result": None if self.result is None else self.result.to_json()}

    def clone(self) -> GoofState:
        other = GoofState.__new__(GoofState)
        other.rules, other.rng, other.record = self.rules, self.rng, self.record
        other.hands = [list(h) for h in self.hands]
        other.deck, other.prize = list(self.deck), self.prize
        other.won, other.tied = [list(w) for w in self.won], list(self.tied)
        other.bids = [list(b) for b in self.bids]
        other.result, other.events, other.counts = self.result, list(self.events), dict(self.counts)
        return other

    def to_dict(self) -> dict[str, Any]:
        return {"cards": self.rules.cards, "rng": self.rng, "prize": self.prize, "deck": list(self.deck),
                "hands": [list(h) for h in self.hands], "bids": [list(b) for b in self.bids],
                "won": [list(w) for w in self.won], "tied": list(self.tied),
                "result": None if self.result is None else self.result.to_json()}

    # --- inside --------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [sum(w) for w in self.won]

    def _emit(self, kind: str, seat: int | None, detail: Any = None) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        if self.record:
            self.events.append(Event(kind, seat, detail))

    def _next_prize(self) -> None:
        if not self.deck:
            self.prize = None
            blue, red = self.scores()
            winners = () if blue == red else ((0,) if blue > red else (1,))
            rounds = len(self.bids[0])
            self.result = Result(winners, "points" if winners else "draw", rounds, (float(blue), float(red)))
            return
        self.prize = self.deck.pop()
        self._emit("prize", None, self.prize)


def new_state(rules: Rules, seed: int, record: bool = False) -> GoofState:
    state = GoofState(rules, seed_state(seed), record)
    state.rng = shuffle(state.deck, state.rng)
    state._next_prize()
    return state


REQUIRED = ("cards", "rng", "prize", "deck", "hands", "bids", "won", "tied")
FIELDS = (*REQUIRED, "result")   # result may be left out while the game goes on


def load(rules: Rules, data: Mapping[str, Any]) -> GoofState:
    """A position back into a state, refusing any the rules could never reach."""
    n = rules.cards
    if not isinstance(data, Mapping):
        raise PositionError((), "expected a mapping of fields")
    cards = set(range(1, n + 1))

    def numbers(key: str, *path: Any) -> list[int]:
        value = data
        for step in (key, *path):
            value = value[step] if isinstance(value, (Mapping, list)) else None
        if not isinstance(value, list) or not all(type(v) is int and 1 <= v <= n for v in value):
            raise PositionError((key, *path), f"expected a list of card values from 1 to {n}")
        if len(set(value)) != len(value):
            raise PositionError((key, *path), "a card value appears twice")
        return list(value)

    for key in data:
        if key not in FIELDS:
            raise PositionError((str(key),), f"unknown field {key!r}; expected {', '.join(FIELDS)}")
    for key in REQUIRED:
        if key not in data:
            raise PositionError((key,), f"missing field {key!r}")
    if type(data["cards"]) is not int or data["cards"] != n:   # 13.0 or true is not the whole number 13
        raise PositionError(("cards",), f"this game is played with {n} cards, not {data['cards']!r}")
    if type(data["rng"]) is not int or not 0 <= data["rng"] <= MASK64:
        raise PositionError(("rng",), "expected the generator state, a whole number from 0 to 2**64-1")
    for key in ("hands", "bids", "won"):
        if not isinstance(data[key], list) or len(data[key]) != SEATS:
            raise PositionError((key,), "expected one list per player")
    hands = [numbers("hands", s) for s in range(SEATS)]
    bids = [numbers("bids", s) for s in range(SEATS)]
    won = [numbers("won", s) for s in range(SEATS)]
    deck, tied = numbers("deck"), numbers("tied")
    for seat in range(SEATS):
        if set(hands[seat]) & set(bids[seat]) or set(hands[seat]) | set(bids[seat]) != cards:
            raise PositionError(("hands", seat), "a hand and its spent bids hold every card once between them")
    rounds = len(bids[0])
    if len(bids[1]) != rounds:
        raise PositionError(("bids", 1), f"both players bid every round; player 1 bid {rounds} times")
    prize = data["prize"]
    over = rounds == n
    if over != (prize is None) or (prize is not None and (type(prize) is not int or prize not in cards)):
        raise PositionError(("prize",), "the face-up prize: a card value while cards remain, null once all are played")
    taken = won[0] + won[1] + tied
    if len(taken) != rounds or len(deck) != n - rounds - (0 if over else 1) or \
            set(taken) | set(deck) | ({prize} if prize else set()) != cards:
        raise PositionError(("deck",), "the prize deck, the face-up prize and the prizes taken or tied hold "
                                       "every prize once, one settled per round played")
    state = GoofState(rules, data["rng"], record=True)
    state.hands, state.bids, state.won, state.tied = hands, bids, won, tied
    state.deck, state.prize = deck, prize
    ties = sum(1 for blue, red in zip(*bids) if blue == red)
    if ties != len(tied):
        raise PositionError(("tied",), f"{ties} rounds had equal bids, so {ties} prizes lie untaken, not {len(tied)}")
    for seat in range(SEATS):   # the higher bid takes the round's prize: one prize won per round won
        rounds_won = sum(1 for own, other in zip(bids[seat], bids[1 - seat]) if own > other)
        if rounds_won != len(won[seat]):
            raise PositionError(("won", seat), f"player {seat + 1} bid higher in {rounds_won} rounds, so won "
                                               f"{rounds_won} prizes, not {len(won[seat])}")
    if over:
        state._next_prize()   # the game is over: the result follows from the prizes taken
    given = data.get("result")
    if given != (None if state.result is None else state.result.to_json()):
        raise PositionError(("result",), "the result must follow from the prizes taken (null while cards remain)")
    return state


class Goofspiel(GameModule[Rules, GoofState, Bid]):
    slug = "goofspiel"
    seats_fixed = 2
    end_reasons = ("points", "draw")
    settings_model = Settings

    def make_rules(self, game: Any, options: Mapping[str, Any] | None = None) -> Rules:
        if options:
            raise ValueError(f"Goofspiel has no rules options; got {', '.join(options)}")
        return Rules(game.settings.cards)

    def new_game(self, rules: Rules, seed: int, players: int | None = None, setup: str | None = None,
                 record: bool = False) -> GoofState:
        if players not in (None, 2):
            raise ValueError("Goofspiel is for 2 players")
        return new_state(rules, seed, record)

    def load_state(self, rules: Rules, data: Mapping[str, Any]) -> GoofState:
        return load(rules, data)

    def evaluate(self, state: GoofState, seat: int) -> float:
        """The chance to win: points taken and the cards left to take more with (`estimate.py`)."""
        if state.result is not None:
            return super().evaluate(state, seat)
        prizes = state.deck + ([state.prize] if state.prize else [])
        return win_chance(state.scores(), state.hands, prizes, seat)

    def policies(self) -> dict[str, Any]:
        from .players import MatchPrize

        return {**super().policies(), "match": MatchPrize}
