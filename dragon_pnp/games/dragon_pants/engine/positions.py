"""Positions: a human-editable YAML/JSON form of any game state, that round-trips exactly.

A position names cards by id and seats from 1, lists piles top first, and carries the shuffle
generator's state, so a loaded position continues exactly as the saved game would. Pending
effects (a reaction to answer, a card to lose or take, a hand-limit discard, the storm's
self-return) are short phrases; docs/positions.md describes every field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from dragon_pnp.games.api import PositionError, Result
from dragon_pnp.games.chance import MASK64
from dragon_pnp.games.dragon_pants.engine.position_text import (
    FORMAT,
    OLDER_FORMATS,
    SPENT,
    SPENT_NOW,
    position_to_dict,
    task_text,
)
from dragon_pnp.games.dragon_pants.engine.rules import Rules
from dragon_pnp.games.dragon_pants.engine.state import END_REASONS, EVENT_KINDS, PantsState, Task
from dragon_pnp.games.position_fields import Fields, shown, whole

__all__ = ["FORMAT", "position_from_dict", "position_to_dict", "task_text"]


def position_from_dict(rules: Rules, data: Mapping[str, Any]) -> PantsState:
    """A state from a position mapping (as `position_to_dict` writes it); files are read by
    `dragon_pnp.games.position_files`, which locates a PositionError's path in the file."""
    f = Fields(data, (), "a mapping of position fields")
    options = f.sub("options", None, null=True)
    for name, value in (options.data.items() if options else ()):
        if rules.options.get(name) != value:
            raise options.fail(name, f"the position was saved with {name}={value}, the rules in use have {rules.options.get(name)}")
    return _read(rules, f)


KNOWN_FIELDS = {
    "format", "game", "players", "options", "length", "time", "turn", "current", "actions_left",
    "must_leave", "dragons", "power_deck", "power_discard", "destiny_deck", "destiny_discard", "rng",
    "to_decide", "asking", "then", "result",
}


def _read(rules: Rules, f: Fields) -> PantsState:
    board = rules.board
    f.only(sorted(KNOWN_FIELDS))
    f.text("game", None, null=True)   # which game: the file reader compares it with the game loaded
    f.format(FORMAT, OLDER_FORMATS)
    players = f.integer("players", 0, 99)
    if players not in rules.seat_dens:
        raise PositionError(("players",), f"expected a player count with seats on the board ({', '.join(map(str, sorted(rules.seat_dens)))})")
    limit = 10**9   # the time, turns and rounds of any real game are far below
    time = f.integer("time", -limit, limit)
    length = f.integer("length", -limit, limit, default=None, null=True)  # default: time minus drawn Destiny
    turn = f.integer("turn", 0, limit, default=None, null=True) or 1
    if turn < 1:
        raise PositionError(("turn",), "expected a turn number from 1")
    current = f.seat("current", players)
    actions_left = f.integer("actions_left", 0, limit, default=None, null=True)
    if actions_left is None:
        actions_left = rules.actions_per_turn
    must_leave = f.flag("must_leave", False, null=True) or False
    rng = f.integer("rng", 0, MASK64, default=0, null=True, what="the shuffle state, a whole number") or 0
    data = f.data

    state = PantsState.__new__(PantsState)
    state.rules = rules
    state.players = state.seats = players
    state.dens = rules.seat_dens[players]
    state.time, state.turn, state.current = time, turn, current
    state.actions_left, state.must_leave, state.rng = actions_left, must_leave, rng
    state.at = [-1] * board.size
    state.spent = [-1] * rules.card_count
    state.record = False
    state.events = []
    state.counts = dict.fromkeys(EVENT_KINDS, 0)
    state._legal = None

    pools: dict[int, list[int]] = {}
    for c, k in enumerate(rules.inst_kind):
        pools.setdefault(k, []).append(c)
    pools = {k: list(reversed(v)) for k, v in pools.items()}

    def take(name: Any, path: tuple[Any, ...]) -> tuple[int, str]:
        if not isinstance(name, str):
            raise PositionError(path, f"expected a card id, got {shown(name)}")
        text = name.strip()
        flag = ""
        for suffix in (SPENT_NOW, SPENT):
            if text.endswith(suffix):
                text, flag = text[: -len(suffix)].strip(), suffix
                break
        if text not in rules.kind_index:
            raise PositionError(path, f"unknown card {text!r}; expected one of {', '.join(rules.card_ids)}")
        kind = rules.kind_index[text]
        if not pools[kind]:
            total = sum(1 for k in rules.inst_kind if k == kind)
            raise PositionError(path, f"more {text} cards than the game has ({total})")
        return pools[kind].pop(), flag

    dragons = f.items("dragons")
    if len(dragons) != players:
        raise PositionError(("dragons",), f"expected {players} dragons (one per seat), got {len(dragons)}")
    state.pos, state.hands, state._frozen = [], [], []
    for i, d in enumerate(f.entries("dragons", what="a mapping with seat, at, frozen and hand")):
        path = ("dragons", i)
        d.only(("seat", "den", "at", "frozen", "hand"))
        seat = d.integer("seat", 0, 99)
        if seat != i + 1:
            raise PositionError(path + ("seat",), f"dragons are listed in seat order; expected seat {i + 1}")
        den = d.text("den", None, null=True)
        if den is not None and den != board.den_id[state.dens[i]]:
            raise PositionError(path + ("den",), f"seat {i + 1} of {players} uses den {board.den_id[state.dens[i]]} (board.yaml seats)")
        at = d.items("at")
        if len(at) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**6 for v in at):
            raise PositionError(path + ("at",), "expected [q, r], two whole numbers")
        h = board.index.get((at[0], at[1]))
        if h is None:
            raise PositionError(path + ("at",), f"({at[0]},{at[1]}) is not a hex of the board")
        if not board.is_home[h]:
            if state.at[h] >= 0:
                raise PositionError(path + ("at",), f"dragon {state.at[h] + 1} already stands on ({at[0]},{at[1]}); only dens hold two")
            state.at[h] = i
        state.pos.append(h)
        state._frozen.append(bool(d.flag("frozen", False, null=True)))
        hand = d.items("hand")
        cards = []
        for j, name in enumerate(hand):
            c, flag = take(name, path + ("hand", j))
            kind = rules.inst_kind[c]
            if flag and rules.kind_effect[kind] == "nothing":
                raise PositionError(path + ("hand", j), f"{rules.card_ids[kind]} is never played, so it cannot be spent")
            state.spent[c] = -1 if not flag else (turn if flag == SPENT_NOW else turn - 1)
            cards.append(c)
        state.hands.append(cards)

    def pile(key: str) -> list[int]:
        names = f.items(key, [], null=True) or []
        return [take(name, (key, j))[0] for j, name in enumerate(names)][::-1]

    state.discard = pile("power_discard")
    if data.get("power_deck") == "rest":
        # Every card not placed elsewhere, in data order from the top: handy for small test positions.
        state.deck = [c for k in range(len(rules.card_ids)) for c in reversed(pools[k])][::-1]
        pools = {k: [] for k in pools}
    else:
        state.deck = pile("power_deck")
    missing = [rules.card_ids[k] for k, pool in pools.items() for _ in pool]
    if missing:
        raise PositionError(("power_deck",), f"every Power card must be somewhere; missing: {', '.join(missing)}")
    holders = [s for s, hand in enumerate(state.hands) if rules.pants_card in hand]
    state.holder = holders[0] if holders else -1

    def values(key: str) -> list[int]:
        items = f.items(key, [], null=True) or []
        out = []
        for j, v in enumerate(items):
            if isinstance(v, str) and re.fullmatch(r"[+-]?\d+", v.strip()):
                v = int(v)
            if not isinstance(v, int) or isinstance(v, bool) or abs(v) > 10**6:
                raise PositionError((key, j), f"expected a Destiny value like -1 or +2, got {shown(v)}")
            out.append(v)
        return out[::-1]

    state.destiny = values("destiny_deck")
    state.destiny_discard = values("destiny_discard")
    _check_destiny_cards(rules, state.destiny[::-1], state.destiny_discard[::-1])
    if length is None:
        length = time - sum(state.destiny_discard)
    state.length = length
    if time != length + sum(state.destiny_discard):
        raise PositionError(("time",), f"the time must be the length plus the drawn Destiny cards: {length} + {sum(state.destiny_discard)} = {length + sum(state.destiny_discard)}")

    asking = data.get("asking")
    state.asking = None if asking is None else _parse_task(rules, asking, ("asking",), players)
    then = f.items("then", [], null=True) or []
    state.stack = [_parse_task(rules, t, ("then", j), players) for j, t in enumerate(then)][::-1]
    steps: list[tuple[tuple[Any, ...], Task]] = [(("asking",), state.asking)] if state.asking else []
    steps += [(("then", j), t) for j, t in enumerate(reversed(state.stack))]
    for path, task in steps:
        problem = _impossible_step(state, task)
        if problem:
            raise PositionError(path, problem)
    if state.asking is not None:
        problem = _settles_alone(state, state.asking)
        if problem:
            raise PositionError(("asking",), problem)

    result = f.sub("result", None, null=True)
    state.result = None
    if result is not None:
        reason = result.text("reason")
        if reason not in END_REASONS:
            raise PositionError(("result", "reason"), f"expected {', '.join(END_REASONS[:-1])} or {END_REASONS[-1]}")
        winner = result.seat("winner", players, None, null=True)
        # turns and Destiny draws are the state's at the end, written beside the result to read
        turns = result.integer("turns", 0, limit)
        if turns != turn:
            raise PositionError(("result", "turns"), f"a finished game's turns are its last turn, {turn}")
        draws = result.integer("destiny_draws", 0, limit)
        if draws != len(state.destiny_discard):
            raise PositionError(("result", "destiny_draws"),
                                f"expected {len(state.destiny_discard)}, the Destiny discard pile's size")
        state.result = Result(() if winner is None else (winner,), reason, result.integer("rounds", 0, limit))
        if state.asking is not None or state.stack:
            raise PositionError(("result",), "a finished game has nothing pending (asking and then must be empty)")

    for seat, hand in enumerate(state.hands):
        if len(hand) > rules.hand_limit and state.result is None:
            pending = [state.asking] + state.stack[::-1] if state.asking else state.stack[::-1]
            if not any(t and t[0] in ("limit", "steal") and t[1] == seat for t in pending):
                raise PositionError(("dragons", seat, "hand"), f"more than {rules.hand_limit} cards (the hand limit) with no pending 'hand_limit {seat + 1}'")

    if state.asking is None and state.result is None and state.stack:
        state._run()  # settle anything pending exactly as the engine would have before waiting
    decider = state.decider   # None once the game is over
    if decider is not None and not state.legal_actions(decider):
        raise PositionError(("asking",), "the pending step leaves nothing to decide (e.g. 'lose 2' for an empty hand); remove it")
    expected = data.get("to_decide")
    if expected is not None and state.result is None:
        if not isinstance(expected, dict):
            raise PositionError(("to_decide",), "expected {seat: N, decision: KIND} or leave it out")
        said_seat, said_kind = expected.get("seat"), expected.get("decision")
        if decider is None or said_seat != decider + 1 or said_kind != state.choice_kind:
            raise PositionError(("to_decide",), f"says seat {said_seat} decides {said_kind}, but the position has seat "
                                                f"{None if decider is None else decider + 1} to decide {state.choice_kind}")
    state.start_watch()
    return state


def _impossible_step(state: PantsState, task: tuple[Any, ...]) -> str | None:
    """Why a pending step cannot have arisen from play, or None. A card being resolved was played
    this turn by its user, who keeps it spent (R14); a bitten dragon stands where it is bitten."""
    rules = state.rules
    phrase = task_text(rules, task)
    if task[0] == "hit":
        user, kind = task[1], task[2]
        card = rules.card_ids[kind]
        if not any(rules.inst_kind[c] == kind and state.spent[c] >= state.turn for c in state.hands[user]):
            return (f"'{phrase}': dragon {user + 1} played {card} this turn, so it must hold "
                    f"\"{card}{SPENT_NOW}\"; its hand has none")
    elif task[0] == "bite":
        victim, h = task[2], task[3]
        if state.pos[victim] != h:
            q, r = rules.board.hexes[h]
            return f"'{phrase}': dragon {victim + 1} is not at ({q},{r}), so it cannot be bitten there"
    return None


def _settles_alone(state: PantsState, task: tuple[Any, ...]) -> str | None:
    """Why the engine would never ask this step (it settles it without a decision), or None."""
    rules = state.rules
    phrase = task_text(rules, task)
    op = task[0]
    if op in ("hit", "bite"):
        seat = task[3] if op == "hit" else task[2]
        fits = rules.fits[task[2]] if op == "hit" else rules.fits_bite
        if state._ready_reactions(seat, fits):
            return None
        answered = rules.card_ids[task[2]] if op == "hit" else "a bite"
        if rules.board.is_home[state.pos[seat]]:
            return f"'{phrase}' asks dragon {seat + 1} to react, but it is on a den, where no card is played (R9)"
        answers = ", ".join(rules.card_ids[k] for k in sorted(fits)) or "none"
        return (f"'{phrase}' asks dragon {seat + 1} to react, but it holds no ready card that answers {answered} "
                f"(these would: {answers}); a step nobody can answer settles by itself: put it under 'then'")
    if op == "storm":
        if rules.board.is_home[state.pos[task[1]]]:
            return f"'{phrase}': dragon {task[1] + 1} is already home; there is nothing to decide"
        return None
    owner = task[2] if op == "steal" else task[1]
    if op == "limit" and len(state.hands[owner]) <= rules.hand_limit:
        return f"'{phrase}': dragon {owner + 1} holds {len(state.hands[owner])} cards, within the hand limit"
    if len(state._card_choices(owner)) == 1:
        return (f"'{phrase}' leaves only one card to choose, which the engine takes by itself: put it under "
                "'then' or give the hand another card")
    return None
def _check_destiny_cards(rules: Rules, deck: list[int], discard: list[int]) -> None:
    """Every Destiny value must be a card of the game's box, no more often than the box has it."""
    in_box: dict[int, int] = {}
    for card in rules.data.destiny.cards:
        if not card.blank:
            in_box[card.value] = in_box.get(card.value, 0) + card.count
    used: dict[int, int] = {}
    for key, values in (("destiny_deck", deck), ("destiny_discard", discard)):
        for j, value in enumerate(values):
            used[value] = used.get(value, 0) + 1
            signed = f"{value:+d}"
            if value not in in_box:
                known = ", ".join(f"{v:+d}" for v in sorted(in_box))
                raise PositionError((key, j), f"no Destiny card has the value {signed}; the box has {known}")
            if used[value] > in_box[value]:
                raise PositionError((key, j), f"more {signed} Destiny cards than the box has ({in_box[value]})")


def _seat(value: Any, players: int, path: tuple[Any, ...]) -> int:
    return whole(value, path, 1, players, "a seat") - 1


_TASKS = [
    (re.compile(r"^hit (\d+) with ([a-z_][a-z0-9_]*) by (\d+)$"), "hit"),
    (re.compile(r"^bite (\d+) by (\d+) at (-?\d+),\s*(-?\d+)$"), "bite"),
    (re.compile(r"^lose (\d+)$"), "lose"),
    (re.compile(r"^steal from (\d+) by (\d+)$"), "steal"),
    (re.compile(r"^hand_limit (\d+)$"), "limit"),
    (re.compile(r"^storm_home (\d+)$"), "storm"),
]


def _parse_task(rules: Rules, text: Any, path: tuple[Any, ...], players: int) -> tuple[Any, ...]:
    if not isinstance(text, str):
        raise PositionError(path, f"expected a pending step like 'hit 3 with fireball by 1', got {shown(text)}")
    phrase = " ".join(text.split())
    for pattern, op in _TASKS:
        m = pattern.match(phrase)
        if not m:
            continue
        g = m.groups()
        if op == "hit":
            if g[1] not in rules.kind_index:
                raise PositionError(path, f"unknown card {g[1]!r}")
            return ("hit", _seat(int(g[2]), players, path), rules.kind_index[g[1]], _seat(int(g[0]), players, path))
        if op == "bite":
            h = rules.board.index.get((int(g[2]), int(g[3])))
            if h is None:
                raise PositionError(path, f"({g[2]},{g[3]}) is not a hex of the board")
            return ("bite", _seat(int(g[1]), players, path), _seat(int(g[0]), players, path), h)
        if op == "steal":
            return ("steal", _seat(int(g[1]), players, path), _seat(int(g[0]), players, path))
        return (op, _seat(int(g[0]), players, path))
    raise PositionError(path, "expected one of: 'hit SEAT with CARD by SEAT', 'bite SEAT by SEAT at Q,R', "
                         "'lose SEAT', 'steal from SEAT by SEAT', 'hand_limit SEAT', 'storm_home SEAT'")
