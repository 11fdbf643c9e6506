"""Dragon Line positions: the full state as plain data that round-trips, and what each seat sees.

A position names cards by id, seats from 1 in text and from 0 in lists, and lists a line front
first. `state_from_dict` checks a hand-written position as strictly as the engine would have
built it (every card in exactly one place, piles of the sizes the draft step implies, full lines
at a round's start) and points at the field that is wrong.
"""

from __future__ import annotations

from typing import Any, Mapping

from generator.errors import Location, NotationError
from generator.games.api import Result
from generator.games.dragon_line.rules import Rules
from generator.games.dragon_line.state import (FACE_DOWN, FORMAT, _cards, _slots, state_to_dict, state_view, ACTIVATE, BOTH, COUNTED, DRAFT, LINE, OVER, PHASES, REFILL,
                                               REMOVE, LineState)



class PositionError(NotationError):
    """A position that cannot be loaded, naming the field that is wrong (exit 2)."""

    def __init__(self, location: Location, message: str):
        self.location = location
        self.message = message
        super().__init__(f"{location}: {message}")


# --- writing -------------------------------------------------------------------------------------


# --- reading -------------------------------------------------------------------------------------


class _Reader:
    """Field access with located errors for one position mapping."""

    def __init__(self, rules: Rules, data: Mapping[str, Any], file: str):
        self.rules = rules
        self.data = data
        self.file = file

    def fail(self, field: str, message: str) -> PositionError:
        return PositionError(Location(self.file, field=field), message)

    def get(self, mapping: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
        if not isinstance(mapping, Mapping) or key not in mapping:
            raise self.fail(where, "required field is missing")
        value = mapping[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            expected = {int: "a whole number", list: "a list", bool: "true or false", str: "text",
                        dict: "a mapping"}.get(kind if isinstance(kind, type) else kind[0], str(kind))
            raise self.fail(where, f"expected {expected}, got {value!r}")
        return value

    def cards(self, mapping: Mapping[str, Any], key: str, where: str) -> list[int]:
        values = self.get(mapping, key, list, where)
        out = []
        for i, card in enumerate(values):
            if not isinstance(card, str) or card not in self.rules.index:
                raise self.fail(f"{where}[{i}]", f"no dragon called {card!r}")
            out.append(self.rules.index[card])
        return out


def state_from_dict(rules: Rules, data: Mapping[str, Any], file: str = "position") -> LineState:
    """The state a position describes; raise PositionError at the first field that is wrong."""
    r = _Reader(rules, data, file)
    if not isinstance(data, Mapping):
        raise r.fail("state", "expected a mapping of position fields")
    if data.get("format") != FORMAT:
        raise r.fail("format", f"expected '{FORMAT}', got {data.get('format')!r}")
    settings = rules.settings
    state = LineState(rules, r.get(data, "seed", int, "seed"), single=not r.get(data, "match", bool, "match"),
                      deal=False)
    state.hand = r.get(data, "hand", int, "hand")
    hands_in_game = 1 if state.single else settings.match_hands
    if not 1 <= state.hand <= hands_in_game:
        raise r.fail("hand", f"expected a hand number from 1 to {hands_in_game}, got {state.hand}")
    points = r.get(data, "points", list, "points")
    if len(points) != 2 or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in points):
        raise r.fail("points", f"expected two whole numbers of points, got {points!r}")
    state.points = list(points)
    phase = r.get(data, "phase", str, "phase")
    if phase not in PHASES:
        raise r.fail("phase", f"expected one of {', '.join(PHASES)}, got {phase!r}")
    state.phase = PHASES.index(phase)
    state.step = r.get(data, "draft_step", int, "draft_step")
    state.picks_left = r.get(data, "picks_left", int, "picks_left")
    state.round = r.get(data, "round", int, "round")
    state.rounds_total = r.get(data, "rounds_total", int, "rounds_total")
    state.buried = r.cards(data, "buried", "buried")
    state.fallen = r.cards(data, "fallen", "fallen")
    seats = r.get(data, "seats", list, "seats")
    if len(seats) != 2:
        raise r.fail("seats", f"expected two seats, got {len(seats)}")
    state.stacks, state.hands, state.lines, state.shown, state.carried = [], [], [], [], []
    state.drafted, state.fielded, state.removed, state.seen_stacks = [], [], [], []
    for s, entry in enumerate(seats):
        where = f"seats[{s}]"
        if not isinstance(entry, Mapping):
            raise r.fail(where, "expected a mapping with stack, hand, line, shown, damage, drafted, seen_stacks, "
                                "fielded, removed")
        unknown = sorted(set(entry) - {"stack", "hand", "line", "shown", "damage", "drafted", "seen_stacks", "fielded", "removed"})
        if unknown:
            raise r.fail(f"{where}.{unknown[0]}", "unknown field; check the spelling")
        state.stacks.append(r.cards(entry, "stack", f"{where}.stack"))
        state.hands.append(sorted(r.cards(entry, "hand", f"{where}.hand")))
        line = r.cards(entry, "line", f"{where}.line")
        state.lines.append(line)
        shown = r.get(entry, "shown", list, f"{where}.shown")
        damage = r.get(entry, "damage", list, f"{where}.damage")
        for name, values, kind in (("shown", shown, bool), ("damage", damage, int)):
            if len(values) != len(line):
                raise r.fail(f"{where}.{name}", f"expected one entry per line dragon ({len(line)}), got {len(values)}")
            for i, value in enumerate(values):
                if not isinstance(value, kind) or (kind is int and (isinstance(value, bool) or value < 0)):
                    raise r.fail(f"{where}.{name}[{i}]", f"expected {'true or false' if kind is bool else 'a whole number from 0'}, got {value!r}")
        if any(damage) and not rules.carry_damage:
            raise r.fail(f"{where}.damage", "damage only stays on dragons with the damage_carries_over option")
        state.shown.append(list(shown))
        state.carried.append(list(damage))
        state.drafted.append(r.cards(entry, "drafted", f"{where}.drafted"))
        seen = r.get(entry, "seen_stacks", list, f"{where}.seen_stacks")
        state.seen_stacks.append([sum(1 << c for c in r.cards({"s": stack}, "s", f"{where}.seen_stacks[{i}]"))
                                  for i, stack in enumerate(seen)])
        state.fielded.append(r.cards(entry, "fielded", f"{where}.fielded"))
        state.removed.append(r.get(entry, "removed", int, f"{where}.removed"))
    state.fallback_rounds = r.get(data, "fallback_rounds", int, "fallback_rounds")
    state.last = _last_round(r, data.get("last_round"))
    state.hands_log = _hands_log(r, data, state)
    counts = r.get(data, "counts", dict, "counts")
    state.counts = {kind: 0 for kind in COUNTED}
    for kind, value in counts.items():
        if kind not in state.counts or not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise r.fail(f"counts.{kind}", f"expected one of {', '.join(COUNTED)} with a whole number, got {value!r}")
        state.counts[kind] = value
    _check_places(r, state)
    _check_phase(r, state)
    result = data.get("result")
    if state.phase == OVER:
        if not isinstance(result, Mapping):
            raise r.fail("result", "a finished game needs its result")
        try:
            state.result = Result(tuple(w for w in result["winners"]), str(result["reason"]), int(result["rounds"]),
                                  tuple(float(x) for x in result["scores"]) if result.get("scores") is not None else None)
        except (KeyError, TypeError, ValueError):
            raise r.fail("result", "expected winners, reason, rounds and scores") from None
    elif result is not None:
        raise r.fail("result", f"a game in the {phase} phase has no result yet")
    state._to_move = _movers(state)
    return state


def _last_round(r: _Reader, last: Any) -> dict[str, Any] | None:
    if last is None:
        return None
    if not isinstance(last, Mapping):
        raise r.fail("last_round", "expected a mapping or null")
    activated = r.get(last, "activated", list, "last_round.activated")
    masks = []
    for s, slots in enumerate(activated):
        if not isinstance(slots, list) or not all(isinstance(x, int) and 1 <= x <= r.rules.line_size for x in slots):
            raise r.fail(f"last_round.activated[{s}]", f"expected slots from 1 to {r.rules.line_size}")
        masks.append(sum(1 << (x - 1) for x in set(slots)))
    destroyed = r.get(last, "destroyed", list, "last_round.destroyed")
    if len(masks) != 2 or len(destroyed) != 2:
        raise r.fail("last_round", "expected activated and destroyed for both seats")
    return {"round": r.get(last, "round", int, "last_round.round"), "activated": masks,
            "destroyed": [r.cards({"d": d}, "d", f"last_round.destroyed[{s}]") for s, d in enumerate(destroyed)],
            "fallback": r.get(last, "fallback", bool, "last_round.fallback")}


def _hands_log(r: _Reader, data: Mapping[str, Any], state: LineState) -> list[dict[str, Any]]:
    entries = r.get(data, "hands", list, "hands")
    if len(entries) != state.hand - 1 + (1 if state.phase == OVER else 0):
        raise r.fail("hands", f"hand {state.hand} follows {state.hand - 1} finished hands; got {len(entries)}")
    log = []
    for i, entry in enumerate(entries):
        where = f"hands[{i}]"
        try:
            item = {
                "hand": int(entry["hand"]), "winners": [int(w) for w in entry["winners"]], "reason": str(entry["reason"]),
                "rounds": int(entry["rounds"]), "points": [int(p) for p in entry["points"]],
                "health": [int(h) for h in entry["health"]], "in_hand": [int(n) for n in entry["in_hand"]],
                "drafted": [r.cards({"c": cards}, "c", f"{where}.drafted") for cards in entry["drafted"]],
                "fielded": [r.cards({"c": cards}, "c", f"{where}.fielded") for cards in entry["fielded"]],
                "fallback_rounds": int(entry["fallback_rounds"]), "removed": [int(n) for n in entry["removed"]],
            }
        except (KeyError, TypeError, ValueError):
            raise r.fail(where, "expected hand, winners, reason, rounds, points, health, in_hand, drafted, "
                                "fielded, fallback_rounds, removed") from None
        log.append(item)
    return log


def _check_places(r: _Reader, state: LineState) -> None:
    """Every card of the deck in exactly one place (L1)."""
    where_is: dict[int, str] = {}
    for place, cards in (("buried", state.buried), ("fallen", state.fallen),
                         *((f"seats[{s}].{pile}", getattr(state, attr)[s])
                           for s in BOTH for pile, attr in (("stack", "stacks"), ("hand", "hands"), ("line", "lines")))):
        for card in cards:
            if card in where_is:
                raise r.fail(place, f"{r.rules.card_ids[card]} is also in {where_is[card]}; every card is in one place")
            where_is[card] = place
    missing = [r.rules.card_ids[c] for c in range(r.rules.deck_size) if c not in where_is]
    if missing:
        raise r.fail("seats", f"cards in no place: {', '.join(missing)}; all {r.rules.deck_size} must be somewhere")


def _check_phase(r: _Reader, state: LineState) -> None:
    """Pile sizes the phase implies (L6-L8), so a position cannot be one the rules never reach."""
    rules = r.rules
    settings = rules.settings
    size = settings.line_size
    picks = settings.draft_picks
    phase = state.phase
    hands = [len(h) for h in state.hands]
    lines = [len(line) for line in state.lines]
    stacks = [len(st) for st in state.stacks]
    expected_seen = state.step + 1 if phase == DRAFT else len(picks) + 1
    for s in BOTH:
        seen = len(state.seen_stacks[s])
        if seen != expected_seen and not (phase not in (DRAFT, LINE) and seen == 0):
            raise r.fail(f"seats[{s}].seen_stacks", f"expected the {expected_seen} stacks this seat has seen so far"
                                                    + ("" if phase in (DRAFT, LINE) else " (or none)"))
    if phase in (DRAFT, LINE):
        if len(state.buried) != settings.random_discard or state.fallen:
            raise r.fail("buried", f"during the draft only the {settings.random_discard} face-down cards are discarded")
    if phase == DRAFT:
        if not 0 <= state.step < len(picks) or not 1 <= state.picks_left <= picks[state.step]:
            raise r.fail("picks_left", f"draft step {state.step + 1} takes 1 to {picks[min(state.step, len(picks) - 1)]} more cards")
        taken = sum(picks[:state.step]) + picks[state.step] - state.picks_left
        for s in BOTH:
            if hands[s] != taken or stacks[s] != settings.stack_size - taken or lines[s]:
                raise r.fail(f"seats[{s}]", f"at this draft step a seat holds {taken} cards and its stack "
                                            f"{settings.stack_size - taken}, with no line yet")
        return
    if phase == LINE:
        drafted = sum(picks)
        if lines[0] != lines[1] or lines[0] >= size:
            raise r.fail("seats", f"both Starting Lines are built together; got lines of {lines[0]} and {lines[1]}")
        for s in BOTH:
            if hands[s] != drafted or stacks[s] != settings.stack_size - drafted - lines[s]:
                raise r.fail(f"seats[{s}]", f"during the line-up a seat holds its {drafted} drafted cards and "
                                            f"{settings.stack_size - drafted - lines[s]} stack cards")
        return
    for s in BOTH:
        if stacks[s]:
            raise r.fail(f"seats[{s}].stack", "the stacks are discarded once the Starting Lines stand")
    if not 1 <= state.round <= settings.round_cap:
        raise r.fail("round", f"expected a round from 1 to {settings.round_cap}, got {state.round}")
    if phase == ACTIVATE and lines != [size, size]:
        raise r.fail("seats", f"every round starts with lines of {size}; got {lines[0]} and {lines[1]}")
    if phase == REMOVE and not any(lines):
        raise r.fail("seats", "no survivors to remove; the position would be at the refill or the end")
    if phase == REFILL:
        for s in BOTH:
            if size - lines[s] > hands[s]:
                raise r.fail(f"seats[{s}].hand", "this seat cannot fill its line; the hand would have ended")
        if lines == [size, size]:
            raise r.fail("seats", "both lines are full; the position would be at the next activation")


def _movers(state: LineState) -> tuple[int, ...]:
    size = state.rules.line_size
    if state.phase in (DRAFT, LINE, ACTIVATE):
        return BOTH
    if state.phase == REMOVE:
        return tuple(s for s in BOTH if state.lines[s])
    if state.phase == REFILL:
        return tuple(s for s in BOTH if len(state.lines[s]) < size)
    return ()
