"""Dragon Pants behind the game interface: the engine's `GameState`, one decider at a time.

A thin adapter: the engine decides everything; this class answers the interface's questions
(`to_move`, `legal_actions(seat)`, `apply(joint)`, `view`, `to_dict`) and keeps two things the
engine does not: who wore The Pants at each turn end (the report's tension figures) and a cap
on decisions within one turn (a loop the rules allow, such as Boost drawn back from the discard
pile again and again, is cut off and counted as a stall).
"""

from __future__ import annotations

from typing import Any, Mapping

from generator.engine import GameState as EngineState
from generator.engine.positions import position_to_dict
from generator.errors import IllegalActionError
from generator.games.api import Event, Result

# A turn still asking for decisions after this many has found a loop the rules allow (a turn
# can only end when its player stops); the game is cut off and counted as a stall.
DECISIONS_PER_TURN_CAP = 500


class PantsWatch:
    """Who held The Pants, sampled after every decision: changes of hands and holders at turn ends."""

    __slots__ = ("last_holder", "changes", "change_turn", "turn", "held")

    def __init__(self, engine: EngineState):
        self.last_holder = engine.pants_holder()  # last player (not pile) to hold The Pants
        self.changes = 0
        self.change_turn = 0
        self.turn = engine.turn
        self.held = [0] * (engine.players + 1)  # turn ends held per seat; the last slot: nobody

    def copy(self) -> "PantsWatch":
        other = PantsWatch.__new__(PantsWatch)
        other.last_holder, other.changes, other.change_turn = self.last_holder, self.changes, self.change_turn
        other.turn, other.held = self.turn, self.held[:]
        return other

    def after_decision(self, engine: EngineState) -> bool:
        """Note the holder now; True when one or more turns ended (frozen turns pass in one go)."""
        holder = engine.pants_holder()
        if holder is not None and holder != self.last_holder:
            if self.last_holder is not None:
                self.changes += 1
                self.change_turn = engine.turn
            self.last_holder = holder
        if self.turn >= engine.turn:
            return False
        slot = len(self.held) - 1 if holder is None else holder
        self.held[slot] += engine.turn - self.turn
        self.turn = engine.turn
        return True

    def turn_ends_without(self, engine: EngineState, seat: int) -> int:
        """Turn ends (the game's end included) at which `seat` did not hold The Pants."""
        holder = engine.pants_holder()
        final = len(self.held) - 1 if holder is None else holder
        return sum(self.held) + 1 - self.held[seat] - (final == seat)


class DragonPantsState:
    """A Dragon Pants position as a `generator.games.api.GameState`. `engine` is the rules engine's state."""

    __slots__ = ("engine", "seats", "result", "watch", "turn_decisions", "cut_off", "tallied", "moving")

    def __init__(self, engine: EngineState):
        self.engine = engine
        self.seats = engine.players
        self.watch = PantsWatch(engine)
        self.turn_decisions = 0
        self.cut_off = False
        self.tallied: tuple | None = None  # the report's count of one game's decisions, made once
        self.result: Result | None = None
        self.moving: tuple[int, ...] = ()  # to_move(), kept current by apply: asked several times a decision
        self._settle()

    # --- the interface ----------------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        """What happened, when the state records (`record=True`); details name seats from 1."""
        return [Event(e.kind, e.seat, public_detail(e.kind, e.detail)) for e in self.engine.events]

    @property
    def counts(self) -> dict[str, int]:
        return self.engine.counts

    def to_move(self) -> tuple[int, ...]:
        return self.moving

    def decision(self, seat: int) -> str:
        """The engine's decision kind for the seat that decides (`action`, `react`, ...), else 'none'."""
        return self.engine.decision if (seat,) == self.moving else "none"

    def legal_actions(self, seat: int) -> list[Any]:
        return self.engine.legal_actions() if (seat,) == self.moving else []

    def apply(self, joint: Mapping[int, Any]) -> None:
        engine = self.engine
        if self.result is not None:
            raise IllegalActionError(f"the game is over ({self.result.reason}); no action is legal")
        seat = self.moving[0]
        if len(joint) != 1 or seat not in joint:
            given = ", ".join(str(s + 1) for s in sorted(joint)) or "none"
            raise IllegalActionError(f"dragon {seat + 1} decides now, alone; got actions for seat(s) {given}")
        engine.apply(joint[seat])
        if self.watch.after_decision(engine):
            self.turn_decisions = 0
        else:
            self.turn_decisions += 1
        self._settle()

    def view(self, seat: int | None) -> dict[str, Any]:
        """What a seat sees. Hands lie face up in Dragon Pants (everyone sees every card); the
        Power and Destiny decks are face down, so only their sizes show."""
        data = position_to_dict(self.engine)
        engine = self.engine
        holder = engine.pants_holder()
        return {
            "seat": None if seat is None else seat + 1,
            "players": engine.players,
            "turn": engine.turn,
            "current": engine.current + 1,
            "time": engine.time,
            "length": engine.length,
            "actions_left": engine.actions_left,
            "to_decide": data["to_decide"],
            "dragons": [{**d, "hand_size": len(d["hand"])} for d in data["dragons"]],
            "pants": holder + 1 if holder is not None else ("discard" if engine.rules.pants_card in engine.discard
                                                            else "deck"),
            "power_deck": len(engine.deck),
            "power_discard": data["power_discard"],
            "destiny_deck": len(engine.destiny),
            "destiny_discard": data["destiny_discard"],
            "result": data["result"],
        }

    def clone(self) -> "DragonPantsState":
        other = DragonPantsState.__new__(DragonPantsState)
        other.engine = self.engine.clone()
        other.seats = self.seats
        other.watch = self.watch.copy()
        other.turn_decisions = self.turn_decisions
        other.cut_off = self.cut_off
        other.tallied = None
        other.result = self.result
        other.moving = self.moving
        return other

    def to_dict(self) -> dict[str, Any]:
        """The Dragon Pants position (docs/positions.md): it names its game and rules options."""
        return position_to_dict(self.engine)

    # --- inside ------------------------------------------------------------------------------

    def _settle(self) -> None:
        """Who decides next, or the result once the engine ended the game or a turn ran too long."""
        engine = self.engine
        ended = engine.result
        if ended is None and self.turn_decisions < DECISIONS_PER_TURN_CAP:
            self.moving = (engine.decider,)
            return
        self.moving = ()
        if ended is not None:
            self.result = Result(() if ended.winner is None else (ended.winner,), ended.reason, ended.rounds)
        else:
            self.cut_off = True
            self.result = Result((), "stall", -(-engine.turn // engine.players))


def public_detail(kind: str, detail: Any) -> Any:
    """An engine event's detail as a player reads it: seats from 1, hexes as [q, r]."""
    if kind in ("bite", "swap", "target") and isinstance(detail, int):
        return detail + 1
    if kind == "steal":
        return [detail[0], detail[1] + 1]
    if kind == "pants":
        return None if detail is None else detail + 1
    if isinstance(detail, tuple):
        return list(detail)
    return detail
