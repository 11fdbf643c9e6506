"""Goofspiel's own player: bid the prize's value, the classic simple strategy."""

from __future__ import annotations

import random
from typing import Any


class MatchPrize:
    """Bid the card equal to the prize; without it, the next higher card, else the lowest left."""

    name = "match"

    def __init__(self, rules: Any):
        self.rules = rules

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        legal = state.legal_actions(seat)
        prize = state.prize or 0
        above = [a for a in legal if a.value >= prize]
        return min(above, key=lambda a: a.value) if above else min(legal, key=lambda a: a.value)
