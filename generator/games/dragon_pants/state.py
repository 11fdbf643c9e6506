"""Dragon Pants behind the game interface: the engine's `GameState`, one decider at a time.

A thin adapter: the engine decides everything; this class answers the interface's questions
(`to_move`, `legal_actions(seat)`, `apply(joint)`, `view`, `to_dict`) and keeps what the engine
does not: who wore The Pants at each turn end (the report's tension figures), which cards each
seat played (counted as actions are applied: cheaper than reading the trace back), and a cap
on decisions within one turn (a loop the rules allow, such as Boost drawn back from the discard
pile again and again, is cut off and counted as a stall).
"""

from __future__ import annotations

from typing import Any, Mapping

from generator.games.dragon_pants.engine import Action, GameState as EngineState
from generator.games.dragon_pants.engine.positions import position_to_dict
from generator.errors import IllegalActionError
from generator.games.api import Event, Result

# A turn still asking for decisions after this many has found a loop the rules allow (a turn
# can only end when its player stops); the game is cut off and counted as a stall.
DECISIONS_PER_TURN_CAP = 500


class PantsWatch:
    """Who held The Pants, sampled after every decision: changes of hands and holders at turn ends."""

    __slots__ = ("last_holder", "changes", "change_turn", "turn", "held")

    def __init__(self, engine: EngineState):
        self.last_holder = engine.holder  # last player (not pile) to hold The Pants; -1: a pile
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
        holder = engine.holder
        if holder >= 0 and holder != self.last_holder:
            if self.last_holder >= 0:
                self.changes += 1
                self.change_turn = engine.turn
            self.last_holder = holder
        if self.turn >= engine.turn:
            return False
        self.held[holder] += engine.turn - self.turn  # holder -1 (a pile) counts in the last slot
        self.turn = engine.turn
        return True

    def turn_ends_without(self, engine: EngineState, seat: int) -> int:
        """Turn ends (the game's end included) at which `seat` did not hold The Pants."""
        return sum(self.held) + 1 - self.held[seat] - (engine.holder == seat)


class CardTally:
    """Actions taken (moves, draws, plays: what table time is counted in) and cards played and
    reacted with, per card id and seat: counted as decisions are applied, for the report."""

    __slots__ = ("actions", "plays", "reactions")

    def __init__(self) -> None:
        self.actions = 0
        self.plays: dict[str, list[int]] = {}
        self.reactions: dict[str, list[int]] = {}

    def copy(self) -> "CardTally":
        other = CardTally()
        other.actions = self.actions
        other.plays = {k: v[:] for k, v in self.plays.items()}
        other.reactions = {k: v[:] for k, v in self.reactions.items()}
        return other

    def note(self, seat: int, action: Action, players: int) -> None:
        verb = action.verb
        if verb == "move" or verb == "draw":
            self.actions += 1
        elif verb == "play":
            self.actions += 1
            per_seat = self.plays.get(action.card)
            if per_seat is None:
                per_seat = self.plays[action.card] = [0] * players
            per_seat[seat] += 1
        elif verb == "react":
            per_seat = self.reactions.get(action.card)
            if per_seat is None:
                per_seat = self.reactions[action.card] = [0] * players
            per_seat[seat] += 1


class DragonPantsState:
    """A Dragon Pants position as a `generator.games.api.GameState`. `engine` is the rules engine's state."""

    __slots__ = ("engine", "seats", "result", "watch", "tally", "turn_decisions", "cut_off", "seat")

    def __init__(self, engine: EngineState):
        self.engine = engine
        self.seats = engine.players
        self.watch = PantsWatch(engine)
        self.tally = CardTally()
        self.turn_decisions = 0
        self.cut_off = False
        self.result: Result | None = None
        self.seat = -1  # who decides now; -1 once the game is over
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
        return () if self.seat < 0 else (self.seat,)

    def decision(self, seat: int) -> str:
        """The engine's decision kind for the seat that decides (`action`, `react`, ...), else 'none'."""
        return self.engine.decision if seat == self.seat else "none"

    def legal_actions(self, seat: int) -> list[Any]:
        return self.engine.legal_actions() if seat == self.seat else []

    def apply(self, joint: Mapping[int, Any]) -> None:
        engine = self.engine
        seat = self.seat
        if seat < 0:
            raise IllegalActionError(f"the game is over ({self.result.reason}); no action is legal")
        if len(joint) != 1 or seat not in joint:
            given = ", ".join(str(s + 1) for s in sorted(joint)) or "none"
            raise IllegalActionError(f"dragon {seat + 1} decides now, alone; got actions for seat(s) {given}")
        action = joint[seat]
        if action.__class__ is not Action:
            action = Action.parse(action)
        engine.apply(action)
        self.tally.note(seat, action, self.seats)
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
        other.tally = self.tally.copy()
        other.turn_decisions = self.turn_decisions
        other.cut_off = self.cut_off
        other.result = self.result
        other.seat = self.seat
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
            self.seat = engine.decider
            return
        self.seat = -1
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
