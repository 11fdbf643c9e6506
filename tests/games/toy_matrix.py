"""Toy Matrix: one round of a two-seat zero-sum matrix game (matching pennies, rock-paper-scissors),
both seats choosing at once, for checking what the search's simultaneous nodes converge to.

Seat 1 picks a row and seat 2 a column; seat 1 scores `payoff[row][column]` (between -2 and 2)
and seat 2 its negative. `evaluate` of the finished game maps a seat's score onto 0..1, so the
search's values are an affine image of the payoffs and the equilibria are the matrix game's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dragon_pnp.games.api import Event, GameModule, Result

PENNIES = [[1, -1], [-1, 1]]
# Rock-paper-scissors where scissors beats paper by 2: the unique equilibrium of both seats is
# rock 1/4, paper 1/2, scissors 1/4 (equal payoff of every row against it: -p + 2s = r - s = p - 2r).
WEIGHTED_RPS = [[0, -1, 2], [1, 0, -1], [-2, 1, 0]]
SPAN = 2.0          # largest |payoff| the evaluation maps onto 0..1


@dataclass(frozen=True)
class Pick:
    index: int

    def __str__(self) -> str:
        return f"pick {self.index}"


class MatrixState:
    seats = 2

    def __init__(self, payoff: list[list[int]], score: float | None = None):
        self.payoff = payoff
        self.score = score
        self.result: Result | None = None
        if score is not None:
            self.result = Result((0,) if score > 0 else (1,) if score < 0 else (), "round", 1, (score, -score))
        self.events: list[Event] = []
        self.counts: dict[str, int] = {}

    def to_move(self) -> tuple[int, ...]:
        return () if self.result is not None else (0, 1)

    def decision(self, seat: int) -> str:
        return "pick"

    def legal_actions(self, seat: int) -> list[Pick]:
        if self.result is not None:
            return []
        return [Pick(i) for i in range(len(self.payoff) if seat == 0 else len(self.payoff[0]))]

    def apply(self, joint: Mapping[int, Any]) -> None:
        self.score = float(self.payoff[joint[0].index][joint[1].index])
        self.result = Result((0,) if self.score > 0 else (1,) if self.score < 0 else (), "round", 1,
                             (self.score, -self.score))

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.to_dict()

    def clone(self) -> MatrixState:
        return MatrixState(self.payoff, self.score)

    def to_dict(self) -> dict[str, Any]:
        return {"payoff": self.payoff, "score": self.score}


class ToyMatrix(GameModule):
    slug = "toy_matrix"
    seats_fixed = 2

    def make_rules(self, game: Any, options: Mapping[str, Any] | None = None) -> Any:
        return None

    def load_state(self, rules: Any, data: Mapping[str, Any]) -> MatrixState:
        return MatrixState(data["payoff"], data["score"])

    def evaluate(self, state: Any, seat: int) -> float:
        if state.score is None:
            return 0.5
        mine = state.score if seat == 0 else -state.score
        return 0.5 + 0.5 * mine / SPAN


TOY_MATRIX = ToyMatrix()
