"""Positions: a human-editable YAML/JSON form of any game state, that round-trips exactly.

A position names cards by id and seats from 1, lists piles top first, and carries the shuffle
generator's state, so a loaded position continues exactly as the saved game would. Pending
effects (a reaction to answer, a card to lose or take, a hand-limit discard, the storm's
self-return) are short phrases; docs/positions.md describes every field.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Mapping

from generator.data.located_yaml import SourceMap, load_yaml
from generator.data.reading import decode_utf8, read_bounded
from generator.games.dragon_pants.engine.rules import Rules
from generator.games.dragon_pants.engine.state import EVENT_KINDS, GameResult, GameState
from generator.errors import DataError, Location
from generator.games.api import PositionError as GamePositionError

FORMAT = "dragon-pnp position 1"
SPENT = " (spent)"
SPENT_NOW = " (spent this turn)"


class PositionError(GamePositionError):
    """A position file that cannot be read, with the file, line and field of the problem (exit 2).
    `path` is the field path, so a reader that knows the file can point at its line."""

    def __init__(self, location: Location, message: str, path: tuple = ()):
        super().__init__(path, message, location)


# --- writing -------------------------------------------------------------------------------


def position_to_dict(state: GameState) -> dict[str, Any]:
    """The canonical position of a state (plain dicts, lists, ints and strings)."""
    rules = state.rules
    board = rules.board
    ids, kinds = rules.card_ids, rules.inst_kind

    def card_text(seat: int, c: int) -> str:
        name = ids[kinds[c]]
        when = state.spent[c]
        if when < 0:
            return name
        # Only "before this turn" and "during this turn" behave differently (R14), so a position
        # keeps exactly that much of the turn a card was spent in.
        return name + (SPENT_NOW if when >= state.turn else SPENT)

    dragons = []
    for seat in range(state.players):
        q, r = board.hexes[state.pos[seat]]
        dragons.append({
            "seat": seat + 1,
            "den": board.den_id[state.dens[seat]],
            "at": [q, r],
            "frozen": state._frozen[seat],
            "hand": [card_text(seat, c) for c in state.hands[seat]],
        })
    result = None
    if state.result is not None:
        res = state.result
        result = {"reason": res.reason, "winner": None if res.winner is None else res.winner + 1,
                  "turns": res.turns, "rounds": res.rounds, "destiny_draws": res.destiny_draws}
    return {
        "format": FORMAT,
        "game": rules.slug,
        "players": state.players,
        "options": dict(sorted(rules.options.items())),
        "length": state.length,
        "time": state.time,
        "turn": state.turn,
        "current": state.current + 1,
        "actions_left": state.actions_left,
        "must_leave": state.must_leave,
        "dragons": dragons,
        "power_deck": [ids[kinds[c]] for c in reversed(state.deck)],
        "power_discard": [ids[kinds[c]] for c in reversed(state.discard)],
        "destiny_deck": list(reversed(state.destiny)),
        "destiny_discard": list(reversed(state.destiny_discard)),
        "rng": state.rng,
        "to_decide": None if state.result is not None else {"seat": state.decider + 1, "decision": state.decision},
        "asking": None if state.asking is None else task_text(rules, state.asking),
        "then": [task_text(rules, t) for t in reversed(state.stack)],
        "result": result,
    }


def task_text(rules: Rules, task: tuple) -> str:
    op = task[0]
    if op == "hit":
        return f"hit {task[3] + 1} with {rules.card_ids[task[2]]} by {task[1] + 1}"
    if op == "bite":
        q, r = rules.board.hexes[task[3]]
        return f"bite {task[2] + 1} by {task[1] + 1} at {q},{r}"
    if op == "lose":
        return f"lose {task[1] + 1}"
    if op == "steal":
        return f"steal from {task[2] + 1} by {task[1] + 1}"
    if op == "limit":
        return f"hand_limit {task[1] + 1}"
    return f"storm_home {task[1] + 1}"


def dump_position(state: GameState, as_json: bool = False) -> str:
    """Position text: YAML (fields in the documented order) or indented JSON."""
    data = position_to_dict(state)
    if as_json:
        return json.dumps(data, indent=2) + "\n"
    return _yaml_dump(data)


def _yaml_dump(data: Mapping[str, Any]) -> str:
    """Block YAML with short lists inline, so a position reads like a board description."""
    lines: list[str] = []
    for key, value in data.items():
        if key == "dragons":
            lines.append("dragons:")
            for dragon in value:
                lines.append(f"  - seat: {dragon['seat']}")
                for field in ("den", "at", "frozen", "hand"):
                    lines.append(f"    {field}: {_flow(dragon[field])}")
        elif isinstance(value, dict) and key in ("options", "result") and value:
            lines.append(f"{key}:")
            for k, v in value.items():
                lines.append(f"  {k}: {_flow(v)}")
        else:
            lines.append(f"{key}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def _flow(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value) if not re.fullmatch(r"[a-z_][a-z0-9_ ]*", value) or value in ("null", "true", "false", "yes", "no", "on", "off") else value
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} in a position")


# --- reading -------------------------------------------------------------------------------


def load_position(path: Path | str, rules_for: Any) -> GameState:
    """Read a YAML or JSON position file; `rules_for(options)` builds the Rules it names."""
    file = Path(path)
    try:
        if file.suffix.lower() == ".json":
            # YAML reads most JSON, but forgives mistakes JSON does not: check it as JSON first.
            try:
                json.loads(decode_utf8(read_bounded(file), file))
            except json.JSONDecodeError as exc:
                raise PositionError(Location(file, exc.lineno, exc.colno), f"JSON syntax error: {exc.msg}") from None
            except RecursionError:
                pass  # load_yaml names the line where the nesting goes too deep
        raw, source = load_yaml(file)
    except DataError as exc:
        raise PositionError(exc.location, exc.message) from None
    reader = _Reader(source)
    if not isinstance(raw, dict):
        raise reader.error((), "expected a mapping of position fields (see docs/positions.md)")
    options = raw.get("options", {}) or {}
    if not isinstance(options, dict):
        raise reader.error(("options",), "expected a mapping of rules option names to true/false")
    try:
        rules = rules_for(options)
    except ValueError as exc:
        raise reader.error(("options",), str(exc)) from None
    return _read(rules, raw, reader)


def position_from_dict(rules: Rules, data: Mapping[str, Any], source: str = "position") -> GameState:
    """A state from a position mapping (as `position_to_dict` writes it)."""
    reader = _Reader(SourceMap(Path(source)))
    if not isinstance(data, Mapping):
        raise reader.error((), "expected a mapping of position fields")
    options = data.get("options") or {}
    if isinstance(options, Mapping):
        for name, value in options.items():
            if rules.options.get(name) != value:
                raise reader.error(("options", name), f"the position was saved with {name}={value}, the rules in use have {rules.options.get(name)}")
    return _read(rules, data, reader)


class _Reader:
    """Typed field access that reports the file, line and field of anything wrong."""

    def __init__(self, source: SourceMap):
        self.source = source

    def error(self, path: tuple, message: str) -> PositionError:
        return PositionError(self.source.locate(path), message, path)

    def field(self, data: Mapping[str, Any], path: tuple, key: str, kind: type | tuple, optional: bool = False) -> Any:
        if key not in data:
            if optional:
                return None
            raise self.error(path, f"missing field {key!r}")
        value = data[key]
        if value is None and optional:
            return None
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            raise self.error(path + (key,), f"expected {_kind_name(kinds)}, got {value!r}")
        if not isinstance(value, kinds):
            raise self.error(path + (key,), f"expected {_kind_name(kinds)}, got {value!r}")
        return value


def _kind_name(kinds: tuple) -> str:
    names = {int: "a whole number", str: "text", bool: "true or false", list: "a list", dict: "a mapping"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


KNOWN_FIELDS = {
    "format", "game", "players", "options", "length", "time", "turn", "current", "actions_left",
    "must_leave", "dragons", "power_deck", "power_discard", "destiny_deck", "destiny_discard", "rng",
    "to_decide", "asking", "then", "result",
}


def _read(rules: Rules, data: Mapping[str, Any], rd: _Reader) -> GameState:
    board = rules.board
    for key in data:
        if key not in KNOWN_FIELDS:
            raise rd.error((key,), f"unknown field {key!r}; expected one of {', '.join(sorted(KNOWN_FIELDS))}")
    fmt = rd.field(data, (), "format", str, optional=True)
    if fmt is not None and fmt != FORMAT:
        raise rd.error(("format",), f"expected {FORMAT!r}, got {fmt!r}")
    players = rd.field(data, (), "players", int)
    if players not in rules.seat_dens:
        raise rd.error(("players",), f"expected a player count with seats on the board ({', '.join(map(str, sorted(rules.seat_dens)))})")
    time = rd.field(data, (), "time", int)
    length = rd.field(data, (), "length", int, optional=True)  # default: time minus drawn Destiny
    turn = rd.field(data, (), "turn", int, optional=True) or 1
    if turn < 1:
        raise rd.error(("turn",), "expected a turn number from 1")
    current = _seat(rd, rd.field(data, (), "current", int), players, ("current",))
    actions_left = rd.field(data, (), "actions_left", int, optional=True)
    if actions_left is None:
        actions_left = rules.actions_per_turn
    if actions_left < 0:
        raise rd.error(("actions_left",), "expected 0 or more")
    must_leave = rd.field(data, (), "must_leave", bool, optional=True) or False
    rng = rd.field(data, (), "rng", int, optional=True) or 0
    if not 0 <= rng < 2**64:
        raise rd.error(("rng",), "expected the shuffle state, a whole number from 0 to 2**64-1")

    state = GameState.__new__(GameState)
    state.rules = rules
    state.players = players
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

    def take(name: Any, path: tuple) -> tuple[int, str]:
        if not isinstance(name, str):
            raise rd.error(path, f"expected a card id, got {name!r}")
        text = name.strip()
        flag = ""
        for suffix in (SPENT_NOW, SPENT):
            if text.endswith(suffix):
                text, flag = text[: -len(suffix)].strip(), suffix
                break
        if text not in rules.kind_index:
            raise rd.error(path, f"unknown card {text!r}; expected one of {', '.join(rules.card_ids)}")
        kind = rules.kind_index[text]
        if not pools[kind]:
            total = sum(1 for k in rules.inst_kind if k == kind)
            raise rd.error(path, f"more {text} cards than the game has ({total})")
        return pools[kind].pop(), flag

    dragons = rd.field(data, (), "dragons", list)
    if len(dragons) != players:
        raise rd.error(("dragons",), f"expected {players} dragons (one per seat), got {len(dragons)}")
    state.pos, state.hands, state._frozen = [], [], []
    for i, dragon in enumerate(dragons):
        path = ("dragons", i)
        if not isinstance(dragon, dict):
            raise rd.error(path, "expected a mapping with seat, at, frozen and hand")
        for key in dragon:
            if key not in ("seat", "den", "at", "frozen", "hand"):
                raise rd.error(path + (key,), f"unknown field {key!r}; expected seat, den, at, frozen, hand")
        seat = rd.field(dragon, path, "seat", int)
        if seat != i + 1:
            raise rd.error(path + ("seat",), f"dragons are listed in seat order; expected seat {i + 1}")
        den = rd.field(dragon, path, "den", str, optional=True)
        if den is not None and den != board.den_id[state.dens[i]]:
            raise rd.error(path + ("den",), f"seat {i + 1} of {players} uses den {board.den_id[state.dens[i]]} (board.yaml seats)")
        at = rd.field(dragon, path, "at", list)
        if len(at) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in at):
            raise rd.error(path + ("at",), "expected [q, r], two whole numbers")
        h = board.index.get((at[0], at[1]))
        if h is None:
            raise rd.error(path + ("at",), f"({at[0]},{at[1]}) is not a hex of the board")
        if not board.is_home[h]:
            if state.at[h] >= 0:
                raise rd.error(path + ("at",), f"dragon {state.at[h] + 1} already stands on ({at[0]},{at[1]}); only dens hold two")
            state.at[h] = i
        state.pos.append(h)
        state._frozen.append(bool(rd.field(dragon, path, "frozen", bool, optional=True)))
        hand = rd.field(dragon, path, "hand", list)
        cards = []
        for j, name in enumerate(hand):
            c, flag = take(name, path + ("hand", j))
            kind = rules.inst_kind[c]
            if flag and rules.kind_effect[kind] == "nothing":
                raise rd.error(path + ("hand", j), f"{rules.card_ids[kind]} is never played, so it cannot be spent")
            state.spent[c] = -1 if not flag else (turn if flag == SPENT_NOW else turn - 1)
            cards.append(c)
        state.hands.append(cards)

    def pile(key: str) -> list[int]:
        names = rd.field(data, (), key, list, optional=True) or []
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
        raise rd.error(("power_deck",), f"every Power card must be somewhere; missing: {', '.join(missing)}")
    holders = [s for s, hand in enumerate(state.hands) if rules.pants_card in hand]
    state.holder = holders[0] if holders else -1

    def values(key: str) -> list[int]:
        items = rd.field(data, (), key, list, optional=True) or []
        out = []
        for j, v in enumerate(items):
            if isinstance(v, str) and re.fullmatch(r"[+-]?\d+", v.strip()):
                v = int(v)
            if not isinstance(v, int) or isinstance(v, bool):
                raise rd.error((key, j), f"expected a Destiny value like -1 or +2, got {v!r}")
            out.append(v)
        return out[::-1]

    state.destiny = values("destiny_deck")
    state.destiny_discard = values("destiny_discard")
    _check_destiny_cards(rules, rd, state.destiny[::-1], state.destiny_discard[::-1])
    if length is None:
        length = time - sum(state.destiny_discard)
    state.length = length
    if time != length + sum(state.destiny_discard):
        raise rd.error(("time",), f"the time must be the length plus the drawn Destiny cards: {length} + {sum(state.destiny_discard)} = {length + sum(state.destiny_discard)}")

    asking = data.get("asking")
    state.asking = None if asking is None else _parse_task(rules, rd, asking, ("asking",), players)
    then = rd.field(data, (), "then", list, optional=True) or []
    state.stack = [_parse_task(rules, rd, t, ("then", j), players) for j, t in enumerate(then)][::-1]
    steps = ([(("asking",), state.asking)] if state.asking else []) + [(("then", j), t) for j, t in
                                                                        enumerate(reversed(state.stack))]
    for path, task in steps:
        problem = _impossible_step(state, task)
        if problem:
            raise rd.error(path, problem)
    if state.asking is not None:
        problem = _settles_alone(state, state.asking)
        if problem:
            raise rd.error(("asking",), problem)

    result = rd.field(data, (), "result", dict, optional=True)
    state.result = None
    if result is not None:
        reason = rd.field(result, ("result",), "reason", str)
        if reason not in ("time", "destiny_exhausted", "stall"):
            raise rd.error(("result", "reason"), "expected time, destiny_exhausted or stall")
        winner = rd.field(result, ("result",), "winner", int, optional=True)
        state.result = GameResult(
            reason, None if winner is None else _seat(rd, winner, players, ("result", "winner")),
            rd.field(result, ("result",), "turns", int), rd.field(result, ("result",), "rounds", int),
            rd.field(result, ("result",), "destiny_draws", int),
        )
        if state.asking is not None or state.stack:
            raise rd.error(("result",), "a finished game has nothing pending (asking and then must be empty)")

    for seat, hand in enumerate(state.hands):
        if len(hand) > rules.hand_limit and state.result is None:
            pending = [state.asking] + state.stack[::-1] if state.asking else state.stack[::-1]
            if not any(t and t[0] in ("limit", "steal") and t[1] == seat for t in pending):
                raise rd.error(("dragons", seat, "hand"), f"more than {rules.hand_limit} cards (the hand limit) with no pending 'hand_limit {seat + 1}'")

    if state.asking is None and state.result is None and state.stack:
        state._run()  # settle anything pending exactly as the engine would have before waiting
    if state.result is None and not state.legal_actions():
        raise rd.error(("asking",), "the pending step leaves nothing to decide (e.g. 'lose 2' for an empty hand); remove it")
    expected = data.get("to_decide")
    if expected is not None and state.result is None:
        if not isinstance(expected, dict):
            raise rd.error(("to_decide",), "expected {seat: N, decision: KIND} or leave it out")
        seat = expected.get("seat")
        kind = expected.get("decision")
        if seat != state.decider + 1 or kind != state.decision:
            raise rd.error(("to_decide",), f"says seat {seat} decides {kind}, but the position has seat {state.decider + 1} to decide {state.decision}")
    return state


def _impossible_step(state: GameState, task: tuple) -> str | None:
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


def _settles_alone(state: GameState, task: tuple) -> str | None:
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
def _check_destiny_cards(rules: Rules, rd: _Reader, deck: list[int], discard: list[int]) -> None:
    """Every Destiny value must be a card of the game's box, no more often than the box has it."""
    in_box: dict[int, int] = {}
    for card in rules.data.destiny.cards:
        if not card.blank:
            in_box[card.value] = in_box.get(card.value, 0) + card.count
    used: dict[int, int] = {}
    for key, values in (("destiny_deck", deck), ("destiny_discard", discard)):
        for j, value in enumerate(values):
            used[value] = used.get(value, 0) + 1
            shown = f"{value:+d}"
            if value not in in_box:
                known = ", ".join(f"{v:+d}" for v in sorted(in_box))
                raise rd.error((key, j), f"no Destiny card has the value {shown}; the box has {known}")
            if used[value] > in_box[value]:
                raise rd.error((key, j), f"more {shown} Destiny cards than the box has ({in_box[value]})")


def _seat(rd: _Reader, value: Any, players: int, path: tuple) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= players:
        raise rd.error(path, f"expected a seat from 1 to {players}, got {value!r}")
    return value - 1


_TASKS = [
    (re.compile(r"^hit (\d+) with ([a-z_][a-z0-9_]*) by (\d+)$"), "hit"),
    (re.compile(r"^bite (\d+) by (\d+) at (-?\d+),\s*(-?\d+)$"), "bite"),
    (re.compile(r"^lose (\d+)$"), "lose"),
    (re.compile(r"^steal from (\d+) by (\d+)$"), "steal"),
    (re.compile(r"^hand_limit (\d+)$"), "limit"),
    (re.compile(r"^storm_home (\d+)$"), "storm"),
]


def _parse_task(rules: Rules, rd: _Reader, text: Any, path: tuple, players: int) -> tuple:
    if not isinstance(text, str):
        raise rd.error(path, f"expected a pending step like 'hit 3 with fireball by 1', got {text!r}")
    phrase = " ".join(text.split())
    for pattern, op in _TASKS:
        m = pattern.match(phrase)
        if not m:
            continue
        g = m.groups()
        if op == "hit":
            if g[1] not in rules.kind_index:
                raise rd.error(path, f"unknown card {g[1]!r}")
            return ("hit", _seat(rd, int(g[2]), players, path), rules.kind_index[g[1]], _seat(rd, int(g[0]), players, path))
        if op == "bite":
            h = rules.board.index.get((int(g[2]), int(g[3])))
            if h is None:
                raise rd.error(path, f"({g[2]},{g[3]}) is not a hex of the board")
            return ("bite", _seat(rd, int(g[1]), players, path), _seat(rd, int(g[0]), players, path), h)
        if op == "steal":
            return ("steal", _seat(rd, int(g[1]), players, path), _seat(rd, int(g[0]), players, path))
        return (op, _seat(rd, int(g[0]), players, path))
    raise rd.error(path, "expected one of: 'hit SEAT with CARD by SEAT', 'bite SEAT by SEAT at Q,R', "
                         "'lose SEAT', 'steal from SEAT by SEAT', 'hand_limit SEAT', 'storm_home SEAT'")
