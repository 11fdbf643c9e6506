"""Toy Bids: a tiny game built from a data table, to show the search player needs nothing of a game
but the interface (tests/games/test_search_player.py).

The table (`TABLE`, as a designer's YAML would give it) lists each seat's bid cards and the prize
cards. The prize deck is shuffled face down by the state's own generator; one prize lies face up.
Both seats bid a card at once (a simultaneous node); the higher bid wins the round, a tie wins
nothing. The winner then chooses (a sequential node) to `take` the prize and its carry, or `pass`
it on: it stays on the table, its value carried onto the next prize. When the prizes are gone the
higher score wins; equal scores are a draw. The view shows everything but the deck's order and
the generator, so the search player's default re-deal (`dragon_pnp.games.redeal`) applies.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dragon_pnp.errors import IllegalActionError
from dragon_pnp.games.api import Event, GameModule, Result

TABLE = {"bids": [1, 2, 3, 4, 5], "prizes": [1, 2, 3, 4, 5]}


@dataclass(frozen=True)
class Move:
    verb: str              # "bid", "take", "pass"
    value: int = 0

    def __str__(self) -> str:
        return f"bid {self.value}" if self.verb == "bid" else self.verb


class BidsState:
    seats = 2

    def __init__(self, data: Mapping[str, Any]):
        self.hands: list[list[int]] = [list(data["hands"][0]), list(data["hands"][1])]
        self.deck: list[int] = list(data["deck"])
        self.prize: int = data["prize"]
        self.carry: int = data.get("carry", 0)
        self.scores: list[int] = list(data.get("scores", [0, 0]))
        self.claimer: int | None = data.get("claimer")
        self.rng: int = data["rng"]
        self.result: Result | None = None
        self.events: list[Event] = []
        self.counts: dict[str, int] = {}
        self._settle()

    def to_move(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        return (self.claimer,) if self.claimer is not None else (0, 1)

    def decision(self, seat: int) -> str:
        return "claim" if self.claimer is not None else "bid"

    def legal_actions(self, seat: int) -> list[Move]:
        if seat not in self.to_move():
            return []
        if self.claimer is not None:
            return [Move("take"), Move("pass")]
        return [Move("bid", v) for v in sorted(set(self.hands[seat]))]

    def apply(self, joint: Mapping[int, Any]) -> None:
        movers = self.to_move()
        if sorted(joint) != sorted(movers) or any(joint[s] not in self.legal_actions(s) for s in movers):
            raise IllegalActionError(f"expected a legal action from seats {movers}, got {joint}")
        if self.claimer is not None:
            if joint[self.claimer].verb == "take":
                self.scores[self.claimer] += self.prize + self.carry
                self.carry = 0
            else:
                self.carry += self.prize
            self.claimer = None
            self._next_prize()
            return
        bids = [joint[0].value, joint[1].value]
        for seat in (0, 1):
            self.hands[seat].remove(bids[seat])
        if bids[0] == bids[1]:
            self._next_prize()
        else:
            self.claimer = 0 if bids[0] > bids[1] else 1

    def _next_prize(self) -> None:
        if self.deck:
            self.prize = self.deck.pop()
        else:
            self.prize = 0
        self._settle()

    def _settle(self) -> None:
        if self.claimer is None and (self.prize == 0 or not self.hands[0]):
            a, b = self.scores
            self.result = Result((0,) if a > b else (1,) if b > a else (), "prizes", len(TABLE["prizes"]),
                                 (float(a), float(b)))

    def view(self, seat: int | None) -> dict[str, Any]:
        shown = self.to_dict()
        del shown["rng"]
        shown["deck"] = len(self.deck)
        return shown

    def clone(self) -> BidsState:
        return BidsState(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "deck": list(self.deck), "prize": self.prize,
                "carry": self.carry, "scores": list(self.scores), "claimer": self.claimer, "rng": self.rng}


class ToyBids(GameModule):
    slug = "toy_bids"
    seats_fixed = 2

    def make_rules(self, game: Any, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return dict(TABLE)

    def new_game(self, rules: Any, seed: int, players: int | None = None, setup: str | None = None,
                 record: bool = False) -> BidsState:
        draw = random.Random(seed)
        deck = list(rules["prizes"])
        draw.shuffle(deck)
        prize = deck.pop()
        return BidsState({"hands": [rules["bids"], rules["bids"]], "deck": deck, "prize": prize,
                          "rng": draw.getrandbits(63)})

    def load_state(self, rules: Any, data: Mapping[str, Any]) -> BidsState:
        return BidsState(data)

    def evaluate(self, state: Any, seat: int) -> float:
        """Score lead, squashed: the one thing the search is told about the game."""
        if state.result is not None:
            return super().evaluate(state, seat)
        lead = state.scores[seat] - state.scores[1 - seat]
        return 0.5 + 0.5 * lead / (abs(lead) + 5)


TOY = ToyBids()
