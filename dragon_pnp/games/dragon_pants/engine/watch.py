"""Who wore The Pants, sampled after every decision: the report's tension figures.

The rules never ask who held The Pants at an earlier turn end, but the rules check does (how often
the winner played without them, how long since they last changed hands). Sampling after each
decision, not inside effects, counts one change per decision however often The Pants move in it.
"""

from __future__ import annotations

from typing import Protocol


class Holding(Protocol):
    """What the watch reads of a `PantsState` (it sits below the state, which keeps one)."""

    holder: int      # seat wearing The Pants; -1 while they lie in a pile
    turn: int
    players: int


class PantsWatch:
    """Changes of hands of The Pants and the turn ends each seat held them."""

    __slots__ = ("change_turn", "changes", "held", "last_holder", "turn")

    def __init__(self, state: Holding | None = None):
        """A watch from `state` on; without one, an empty watch for `copy` to fill (compiled
        classes cannot be made through `__new__`)."""
        self.last_holder = state.holder if state is not None else -1  # last player (not pile) to
        self.changes = 0                                                # hold The Pants; -1: a pile
        self.change_turn = 0
        self.turn = state.turn if state is not None else 0
        self.held = [0] * (state.players + 1) if state is not None else []  # turn ends held per
                                                                            # seat; the last: nobody

    def copy(self) -> PantsWatch:
        other = PantsWatch()
        other.last_holder, other.changes, other.change_turn = self.last_holder, self.changes, self.change_turn
        other.turn, other.held = self.turn, self.held[:]
        return other

    def after_decision(self, state: Holding) -> bool:
        """Note the holder now; True when one or more turns ended (frozen turns pass in one go)."""
        holder = state.holder
        if holder >= 0 and holder != self.last_holder:
            if self.last_holder >= 0:
                self.changes += 1
                self.change_turn = state.turn
            self.last_holder = holder
        if self.turn >= state.turn:
            return False
        self.held[holder] += state.turn - self.turn  # holder -1 (a pile) counts in the last slot
        self.turn = state.turn
        return True

    def turn_ends_without(self, state: Holding, seat: int) -> int:
        """Turn ends (the game's end included) at which `seat` did not hold The Pants."""
        return sum(self.held) + 1 - self.held[seat] - (state.holder == seat)
