"""Five Trails' own player, and the reckoning it and `evaluate` share.

`greedy` climbs only trails it can pay for, plays its lowest useful card first (so higher ones
still fit above it), throws away what it can no longer use, and takes a thrown card only when it
fits one of its started trails right away.
"""

from __future__ import annotations

import random
from typing import Any

from .game import DECK, DRAW, Draw, Lay, TrailsState, split, trail_score


def reach(state: TrailsState, seat: int, trail: str) -> tuple[int, int]:
    """(numbers laid plus those in hand that still fit, wagers laid and held) on one trail."""
    laid = state.laid[seat][trail]
    top = max((split(c)[1] for c in laid), default=0)
    total = sum(split(c)[1] for c in laid)
    wagers = sum(1 for c in laid if split(c)[1] == 0)
    for card in state.hands[seat]:
        name, value = split(card)
        if name == trail and value > top:
            total += value
        elif name == trail and value == 0 and top == 0:
            wagers += 1
    return total, wagers


def worth_starting(state: TrailsState, seat: int, trail: str) -> bool:
    """A trail already started, or one whose cards in reach pay its cost."""
    total, _ = reach(state, seat, trail)
    return bool(state.laid[seat][trail]) or total >= state.rules.trail_cost


def prospects(state: TrailsState, seat: int) -> float:
    """The seat's score now, plus half of what its hand could still add to trails worth climbing."""
    score = 0.0
    for trail in state.rules.trails:
        laid = state.laid[seat][trail]
        now = trail_score(state.rules, laid)
        if worth_starting(state, seat, trail):
            total, wagers = reach(state, seat, trail)
            hoped = (total - state.rules.trail_cost) * (1 + wagers)
            score += now + 0.5 * max(0.0, hoped - now)
        else:
            score += now
    return score


class Greedy:
    name = "greedy"

    def __init__(self, rules: Any):
        self.rules = rules

    def choose(self, state: TrailsState, seat: int, rng: random.Random) -> Any:
        legal = state.legal_actions(seat)
        if state.phase == DRAW:
            return self._draw(state, seat, [a for a in legal if isinstance(a, Draw)])
        plays = [a for a in legal if isinstance(a, Lay) and not a.discard
                 and worth_starting(state, seat, split(a.card)[0])]
        if plays:   # the lowest card that fits: wagers first, then small steps up
            return min(plays, key=lambda a: self._step(state, seat, a.card))
        throws = [a for a in legal if isinstance(a, Lay) and a.discard]
        return min(throws, key=lambda a: self._keep(state, seat, a.card))

    @staticmethod
    def _step(state: TrailsState, seat: int, card: str) -> int:
        laid = state.laid[seat][split(card)[0]]
        top = max((split(c)[1] for c in laid), default=0)
        return split(card)[1] - top

    @staticmethod
    def _keep(state: TrailsState, seat: int, card: str) -> float:
        """How much the card is worth keeping: nothing if it no longer fits, else its trail's reach."""
        if not state.playable(seat, card):
            return -1.0
        total, _ = reach(state, seat, split(card)[0])
        return total + split(card)[1] / 10

    @staticmethod
    def _draw(state: TrailsState, seat: int, legal: list[Draw]) -> Draw:
        for action in legal:
            if action.source == DECK:
                continue
            card = state.piles[action.source][-1]
            if state.laid[seat][action.source] and state.playable(seat, card):
                return action
        return next((a for a in legal if a.source == DECK), legal[0])
