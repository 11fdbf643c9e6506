"""Five Trails' own player, and the reckoning it and `evaluate` share.

`greedy` climbs only trails it can pay for, plays its lowest useful card first (so higher ones
still fit above it), throws away what it can no longer use, and takes a thrown card only when it
fits one of its started trails right away.
"""

from __future__ import annotations

import random
from typing import Any

from .game import DECK, DRAW, Draw, TrailsState, laid_sums, lay, split, trail_score


def reaches(state: TrailsState, seat: int) -> dict[str, tuple[int, int]]:
    """Per trail, (numbers laid plus those in hand that still fit, wagers laid and held): one pass
    over the trails and one over the hand, since the players and `evaluate` ask it at every step."""
    tops: dict[str, int] = {}
    found: dict[str, list[int]] = {}
    for trail, laid in state.laid[seat].items():
        total, wagers, tops[trail] = laid_sums(laid)
        found[trail] = [total, wagers]
    for card in state.hands[seat]:
        trail, value = split(card)
        top = tops[trail]
        if value > top:
            found[trail][0] += value
        elif value == 0 and top == 0:
            found[trail][1] += 1
    return {trail: (total, wagers) for trail, (total, wagers) in found.items()}


def reach(state: TrailsState, seat: int, trail: str) -> tuple[int, int]:
    """(numbers laid plus those in hand that still fit, wagers laid and held) on one trail."""
    return reaches(state, seat)[trail]


def worth_starting(state: TrailsState, seat: int, trail: str) -> bool:
    """A trail already started, or one whose cards in reach pay its cost."""
    total, _ = reach(state, seat, trail)
    return bool(state.laid[seat][trail]) or total >= state.rules.trail_cost


def prospects(state: TrailsState, seat: int) -> float:
    """The seat's score now, plus half of what its hand could still add to trails worth climbing."""
    score = 0.0
    cost = state.rules.trail_cost
    for trail, (total, wagers) in reaches(state, seat).items():
        laid = state.laid[seat][trail]
        now = trail_score(state.rules, laid)
        if laid or total >= cost:
            hoped = (total - cost) * (1 + wagers)
            score += now + 0.5 * max(0.0, hoped - now)
        else:
            score += now
    return score


class Greedy:
    name = "greedy"

    def __init__(self, rules: Any):
        self.rules = rules

    def choose(self, state: TrailsState, seat: int, rng: random.Random) -> Any:
        if state.phase == DRAW:
            return self._draw(state, seat, [a for a in state.legal_actions(seat) if isinstance(a, Draw)])
        # One pass over the hand (sorted, so of equal keys the first card in trail order wins):
        # the lowest card that fits a trail worth climbing (wagers first, then small steps up),
        # else throw the card least worth keeping (one that no longer fits before any other, then
        # the one on the trail of least reach).
        reached = reaches(state, seat)
        cost = state.rules.trail_cost
        laid = state.laid[seat]
        play: str | None = None
        throw = ""
        step = keep = 0.0
        for card in state.hands[seat]:
            trail, value = split(card)
            mine = laid[trail]
            top = split(mine[-1])[1] if mine else -1
            fits = (value > top) if value else top <= 0
            if fits and (mine or reached[trail][0] >= cost) and (play is None or value - max(top, 0) < step):
                play, step = card, value - max(top, 0)
            worth = reached[trail][0] + value / 10 if fits else -1.0
            if not throw or worth < keep:
                throw, keep = card, worth
        return lay(play) if play is not None else lay(throw, True)

    @staticmethod
    def _draw(state: TrailsState, seat: int, legal: list[Draw]) -> Draw:
        for action in legal:
            if action.source == DECK:
                continue
            card = state.piles[action.source][-1]
            if state.laid[seat][action.source] and state.playable(seat, card):
                return action
        return next((a for a in legal if a.source == DECK), legal[0])
