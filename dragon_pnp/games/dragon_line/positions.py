"""Dragon Line positions: the schema `load_state` reads, on the shared position codec.

A position names cards by id, numbers seats from 1 wherever a seat is named (winners), lists a
line front first and the two seats' parts in seat order. `state_from_dict` checks a hand-written
position as strictly as the engine would have built it (every card in exactly one place, piles
of the sizes the draft step implies, full lines at a round's start, at least one dragon destroyed
before a removal, the result and the running totals the hands log implies) and points at the
field that is wrong. Fields are read by `dragon_pnp.games.position_fields`; files are read and
written by `dragon_pnp.games.position_files` (docs/positions.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragon_pnp.games.api import PositionError, Result
from dragon_pnp.games.chance import MASK64
from dragon_pnp.games.dragon_line.rules import Rules
from dragon_pnp.games.dragon_line.state import (
    ACTIVATE,
    BOTH,
    COUNTED,
    DRAFT,
    FORMAT,
    HAND_REASONS,
    LINE,
    OLDER_FORMATS,
    OVER,
    PHASES,
    REFILL,
    REMOVE,
    LineState,
)
from dragon_pnp.games.position_fields import Fields, bit_mask, whole

SEAT_FIELDS = ("stack", "hand", "line", "shown", "damage", "drafted", "seen_stacks", "fielded", "removed")
HAND_FIELDS = ("hand", "winners", "reason", "rounds", "points", "health", "in_hand", "drafted", "fielded",
               "fallback_rounds", "removed")
COUNT_LIMIT = 10**9


def state_from_dict(rules: Rules, data: Mapping[str, Any]) -> LineState:
    """The state a position describes; raise PositionError at the first field that is wrong."""
    f = Fields(data, (), "a mapping of position fields")
    f.format(FORMAT, OLDER_FORMATS)
    settings = rules.settings
    deck = rules.index
    state = LineState(rules, f.integer("seed", 0, MASK64, what="a seed"), single=not f.flag("match"), deal=False)
    hands_in_game = 1 if state.single else settings.match_hands
    state.hand = f.integer("hand", 1, hands_in_game, what="a hand number")
    round_cap = settings.round_cap
    state.points = f.ints("points", 0, COUNT_LIMIT, length=2, what="points")
    state.phase = f.word("phase", PHASES)
    state.step = f.integer("draft_step", 0, len(settings.draft_picks), what="a draft step")
    state.picks_left = f.integer("picks_left", 0, max(settings.draft_picks), what="picks left")
    state.round = f.integer("round", 0, round_cap, what="a round")
    state.rounds_total = f.integer("rounds_total", 0, round_cap * hands_in_game, what="rounds played")
    state.buried = f.cards("buried", deck, "dragon")
    state.fallen = f.cards("fallen", deck, "dragon")
    seats = f.entries("seats", length=2, what="a mapping of " + ", ".join(SEAT_FIELDS))
    state.stacks, state.hands, state.lines, state.shown, state.carried = [], [], [], [], []
    state.drafted, state.fielded, state.removed, state.seen_stacks = [], [], [], []
    for entry in seats:
        _seat(rules, state, entry)
    state.fallback_rounds = f.integer("fallback_rounds", 0, round_cap, what="fallback rounds")
    state.last = _last_round(rules, f.sub("last_round", None, null=True))
    state.hands_log = _hands_log(rules, state, f)
    counts = f.sub("counts", what="a mapping of event counts")
    counts.only(COUNTED)
    state.counts = {kind: counts.integer(kind, 0, COUNT_LIMIT, default=0) for kind in COUNTED}
    _check_places(rules, state)
    _check_phase(rules, state)
    _check_totals(state)
    _result(state, f)
    state._to_move = _movers(state)
    return state


def _seat(rules: Rules, state: LineState, entry: Fields) -> None:
    deck = rules.index
    entry.only(SEAT_FIELDS)
    state.stacks.append(entry.cards("stack", deck, "dragon"))
    state.hands.append(sorted(entry.cards("hand", deck, "dragon")))
    line = entry.cards("line", deck, "dragon")
    state.lines.append(line)
    shown = entry.items("shown", length=len(line), what="one entry per line dragon, a list")
    for i, value in enumerate(shown):
        if not isinstance(value, bool):
            raise entry.fail(("shown", i), f"expected true or false, got {value!r}"[:200])
    damage = entry.ints("damage", 0, 10**6, length=len(line), what="damage")
    if any(damage) and not rules.carry_damage:
        raise entry.fail("damage", "damage only stays on dragons with the damage_carries_over option")
    state.shown.append(list(shown))
    state.carried.append(list(damage))
    state.drafted.append(entry.cards("drafted", deck, "dragon"))
    state.seen_stacks.append([bit_mask(cards) for cards in entry.card_lists("seen_stacks", deck, "dragon")])
    state.fielded.append(entry.cards("fielded", deck, "dragon"))
    state.removed.append(entry.integer("removed", 0, rules.deck_size, what="dragons removed"))


def _last_round(rules: Rules, last: Fields | None) -> dict[str, Any] | None:
    if last is None:
        return None
    last.only(("round", "activated", "destroyed", "fallback"))
    size = rules.line_size
    masks = [bit_mask([x - 1 for x in slots]) for slots in last.int_lists("activated", 1, size, length=2, what="a slot")]
    return {"round": last.integer("round", 1, rules.settings.round_cap, what="a round"), "activated": masks,
            "destroyed": last.card_lists("destroyed", rules.index, "dragon", length=2),
            "fallback": last.flag("fallback")}


def _hands_log(rules: Rules, state: LineState, f: Fields) -> list[dict[str, Any]]:
    entries = f.entries("hands", what="a finished hand: " + ", ".join(HAND_FIELDS))
    if len(entries) != state.hand - 1 + (1 if state.phase == OVER else 0):
        raise f.fail("hands", f"hand {state.hand} follows {state.hand - 1} finished hands; got {len(entries)}")
    deck, cap = rules.index, rules.settings.round_cap
    log = []
    for i, e in enumerate(entries):
        e.only(HAND_FIELDS)
        if e.integer("hand", 1, len(entries)) != i + 1:
            raise e.fail("hand", f"expected hand {i + 1}: the hands are listed in the order played")
        points = e.ints("points", 0, COUNT_LIMIT, length=2, what="points")
        winners = e.items("winners", what="the winning seats (from 1), a list")
        seats = sorted(whole(w, e.at("winners", j), 1, 2, "a seat") - 1 for j, w in enumerate(winners))
        if seats != [s for s in BOTH if points[s] > 0]:
            raise e.fail("winners", "a hand's winners are the seats it gave points (L8; seats are numbered from 1)")
        item = {
            "hand": i + 1, "winners": seats, "reason": HAND_REASONS[e.word("reason", HAND_REASONS)],
            "rounds": e.integer("rounds", 0, cap, what="rounds"), "points": points,
            "health": e.ints("health", 0, COUNT_LIMIT, length=2, what="printed Health"),
            "in_hand": e.ints("in_hand", 0, rules.deck_size, length=2, what="cards in hand"),
            "drafted": e.card_lists("drafted", deck, "dragon", length=2),
            "fielded": e.card_lists("fielded", deck, "dragon", length=2),
            "fallback_rounds": e.integer("fallback_rounds", 0, cap, what="fallback rounds"),
            "removed": e.ints("removed", 0, rules.deck_size, length=2, what="dragons removed"),
        }
        log.append(item)
    return log


def _check_places(rules: Rules, state: LineState) -> None:
    """Every card of the deck in exactly one place (L1)."""
    where_is: dict[int, tuple[Any, ...]] = {}
    for place, cards in ((("buried",), state.buried), (("fallen",), state.fallen),
                         *((("seats", s, pile), getattr(state, attr)[s])
                           for s in BOTH for pile, attr in (("stack", "stacks"), ("hand", "hands"), ("line", "lines")))):
        for card in cards:
            if card in where_is:
                shown = ".".join(str(p) for p in where_is[card])
                raise PositionError(place, f"{rules.card_ids[card]} is also in {shown}; every card is in one place")
            where_is[card] = place
    missing = [rules.card_ids[c] for c in range(rules.deck_size) if c not in where_is]
    if missing:
        raise PositionError(("seats",), f"cards in no place: {', '.join(missing)}; all {rules.deck_size} must be somewhere")


def _check_phase(rules: Rules, state: LineState) -> None:
    """Pile sizes the phase implies (L6-L8), so a position cannot be one the rules never reach."""
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
            raise PositionError(("seats", s, "seen_stacks"), f"expected the {expected_seen} stacks this seat has seen so far"
                                + ("" if phase in (DRAFT, LINE) else " (or none)"))
    if phase in (DRAFT, LINE) and (len(state.buried) != settings.random_discard or state.fallen):
        raise PositionError(("buried",), f"during the draft only the {settings.random_discard} face-down cards are discarded")
    if phase == DRAFT:
        if not 0 <= state.step < len(picks) or not 1 <= state.picks_left <= picks[state.step]:
            raise PositionError(("picks_left",), f"draft step {state.step + 1} takes 1 to {picks[min(state.step, len(picks) - 1)]} more cards")
        taken = sum(picks[:state.step]) + picks[state.step] - state.picks_left
        for s in BOTH:
            if hands[s] != taken or stacks[s] != settings.stack_size - taken or lines[s]:
                raise PositionError(("seats", s), f"at this draft step a seat holds {taken} cards and its stack "
                                                  f"{settings.stack_size - taken}, with no line yet")
        if state.round:
            raise PositionError(("round",), "no round is played during the draft; expected 0")
        return
    drafted = sum(picks)
    if phase == LINE:
        if lines[0] != lines[1] or lines[0] >= size:
            raise PositionError(("seats",), f"both Starting Lines are built together; got lines of {lines[0]} and {lines[1]}")
        for s in BOTH:
            if hands[s] != drafted or stacks[s] != settings.stack_size - drafted - lines[s]:
                raise PositionError(("seats", s), f"during the line-up a seat holds its {drafted} drafted cards and "
                                                  f"{settings.stack_size - drafted - lines[s]} stack cards")
        if state.round:
            raise PositionError(("round",), "no round is played during the line-up; expected 0")
        return
    for s in BOTH:
        if stacks[s]:
            raise PositionError(("seats", s, "stack"), "the stacks are discarded once the Starting Lines stand")
        if hands[s] > drafted:
            raise PositionError(("seats", s, "hand"), f"a hand holds at most the {drafted} cards drafted (L6), "
                                                      f"never {hands[s]}")
    if phase == OVER:
        return
    if not 1 <= state.round <= settings.round_cap:
        raise PositionError(("round",), f"expected a round from 1 to {settings.round_cap}, got {state.round}")
    if state.fallback_rounds > state.round:
        raise PositionError(("fallback_rounds",), f"more fallback rounds ({state.fallback_rounds}) than rounds "
                                                  f"played this hand ({state.round})")
    if phase == ACTIVATE and lines != [size, size]:
        raise PositionError(("seats",), f"every round starts with lines of {size}; got {lines[0]} and {lines[1]}")
    if phase == REMOVE:
        if not any(lines):
            raise PositionError(("seats",), "no survivors to remove; the position would be at the refill or the end")
        if lines == [size, size]:
            raise PositionError(("seats",), "both lines are full, but every round destroys at least one dragon before "
                                            "the removal (L7.3-4)")
    if phase == REFILL:
        for s in BOTH:
            if size - lines[s] > hands[s]:
                raise PositionError(("seats", s, "hand"), "this seat cannot fill its line; the hand would have ended")
        if lines == [size, size]:
            raise PositionError(("seats",), "both lines are full; the position would be at the next activation")


def _check_totals(state: LineState) -> None:
    """Points and rounds played are the sums of the hands log (and the round in play)."""
    log = state.hands_log
    points = [sum(h["points"][s] for h in log) for s in BOTH]
    if state.points != points:
        raise PositionError(("points",), f"the finished hands gave {points[0]} and {points[1]} points")
    rounds = sum(h["rounds"] for h in log) + (state.round if state.phase != OVER else 0)
    if state.rounds_total != rounds:
        raise PositionError(("rounds_total",), f"the hands log and the round in play make {rounds} rounds played")


def _result(state: LineState, f: Fields) -> None:
    """A finished game's result, exactly as the finished hands imply it (L8, L9), winners from 1."""
    given = f.raw("result", None, null=True)
    if state.phase != OVER:
        if given is not None:
            raise f.fail("result", f"a game in the {PHASES[state.phase]} phase has no result yet")
        return
    if state.single:
        last = state.hands_log[-1]
        expected = Result(tuple(last["winners"]), last["reason"], last["rounds"], tuple(float(p) for p in last["points"]))
    else:
        a, b = state.points
        winners = (0,) if a > b else (1,) if b > a else ()
        expected = Result(winners, "points" if winners else "tie", state.rounds_total, (float(a), float(b)))
    if given != expected.to_json():
        raise f.fail("result", f"the finished hands give the result {expected.to_json()} (seats from 1)")
    state.result = expected


def _movers(state: LineState) -> tuple[int, ...]:
    size = state.rules.line_size
    if state.phase in (DRAFT, LINE, ACTIVATE):
        return BOTH
    if state.phase == REMOVE:
        return tuple(s for s in BOTH if state.lines[s])
    if state.phase == REFILL:
        return tuple(s for s in BOTH if len(state.lines[s]) < size)
    return ()
