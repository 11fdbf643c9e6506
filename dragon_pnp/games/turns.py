"""Simultaneous choices one seat at a time, for `play`, position files and hot-seat play.

`SeatByBoard` wraps any game state: it asks the seats of a simultaneous node in seat order and
keeps each committed choice hidden (a position file stores it; `view` shows the other seats only
that a choice was made) until the last seat has chosen, then applies them together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragon_pnp.games.api import GameModule, GameState


class SeatByBoard:
    """One decider at a time over a state whose nodes may be simultaneous."""

    def __init__(self, module: GameModule, state: GameState, pending: Mapping[int, Any] | None = None):
        self.module = module
        self.state = state
        self.pending: dict[int, Any] = dict(pending or {})

    @property
    def decider(self) -> int | None:
        """The next seat that must choose, or None once the game is over."""
        for seat in self.state.to_move():
            if seat not in self.pending:
                return seat
        return None

    def legal_actions(self) -> list[Any]:
        seat = self.decider
        return [] if seat is None else self.state.legal_actions(seat)

    def apply(self, action: Any) -> bool:
        """Commit the decider's choice (notation or action); True when the node was resolved."""
        seat = self.decider
        if seat is None:
            from dragon_pnp.errors import IllegalActionError

            raise IllegalActionError("the game is over; no one is to decide")
        if isinstance(action, str):
            action = self.module.parse_action(self.state, seat, action)
        elif action not in self.state.legal_actions(seat):
            from dragon_pnp.errors import IllegalActionError

            raise IllegalActionError(f"'{action}' is not legal for seat {seat + 1} now")
        self.pending[seat] = action
        if all(s in self.pending for s in self.state.to_move()):
            joint, self.pending = self.pending, {}
            self.state.apply(joint)
            return True
        return False

    def view(self, seat: int | None) -> dict[str, Any]:
        """The state's view for `seat`, plus which seats have already committed (not what)."""
        shown = dict(self.state.view(seat))
        shown["committed"] = sorted(s + 1 for s in self.pending)
        if seat is not None and seat in self.pending:
            shown["my_choice"] = str(self.pending[seat])
        return shown

    def pending_notation(self) -> dict[int, str]:
        return {seat: str(action) for seat, action in sorted(self.pending.items())}
