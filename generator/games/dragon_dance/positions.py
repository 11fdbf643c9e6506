"""Dragon Dance positions: a small YAML/JSON form of a game state that round-trips exactly.

Roles are keys (`knight:`, `dragon:`), cards are ids of the deck files, dice are faces. A
position carries the dice generator (`rng`), so a loaded game re-rolls exactly as the saved one
would. Hand-written positions may leave out what has a natural default (see `docs/dragon-dance.md`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Mapping

import yaml

from generator.data.located_yaml import SourceMap, format_path, load_yaml
from generator.errors import DataError, Location, NotationError
from generator.games.api import Result
from generator.games.chance import MASK64
from generator.games.dragon_dance.rules import RANGE_NAMES, Rules
from generator.games.dragon_dance.state import FORMAT, position_to_dict, BOTH, CARD, COMBO, DIE, NOT_CHOSEN, OVER, PHASE_NAMES, DanceState

FIELDS = ("format", "game", "options", "round", "range", "phase", "to_decide", "combo", "rng", "result")
SIDE_FIELDS = ("life", "dice", "spent_dice", "hand", "discard", "table")


class PositionError(NotationError):
    """A position that cannot be read, with the file, line and field of the problem (exit 2)."""

    def __init__(self, location: Location, message: str):
        self.location = location
        self.message = message
        super().__init__(f"{location}: {message}")


# --- writing ---------------------------------------------------------------------------------


def dump_position(state: DanceState, as_json: bool = False) -> str:
    """Position text: block YAML with short lists inline, or indented JSON."""
    data = position_to_dict(state)
    if as_json:
        return json.dumps(data, indent=2) + "\n"
    lines = []
    for key, value in data.items():
        if isinstance(value, dict) and key in state.rules.roles + ("options", "result", "to_decide"):
            lines.append(f"{key}:")
            lines.extend(f"  {k}: {_flow(v)}" for k, v in value.items())
        else:
            lines.append(f"{key}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def _flow(value: Any) -> str:
    """JSON is YAML flow style; plain words stay unquoted when YAML reads them back unchanged."""
    if isinstance(value, str) and value.isidentifier() and yaml.safe_load(value) == value:
        return value
    return json.dumps(value)


# --- reading ---------------------------------------------------------------------------------


def load_position(path: Path, rules_for: Callable[[dict[str, bool]], Rules]) -> DanceState:
    """Read a position file; `rules_for(options)` gives the rules for the options it names."""
    try:
        raw, source = load_yaml(Path(path))
    except DataError as exc:
        raise PositionError(exc.location, exc.message) from None
    if not isinstance(raw, dict):
        raise PositionError(source.locate(()), "a position is a mapping of fields")
    options = raw.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(v, bool) for v in options.values()):
        raise PositionError(source.locate(("options",)), "options map option names to true or false")
    try:
        rules = rules_for(dict(options))
    except ValueError as exc:
        raise PositionError(source.locate(("options",)), str(exc)) from None
    return state_from_dict(rules, raw, source)


def state_from_dict(rules: Rules, data: Mapping[str, Any], source: SourceMap | None = None) -> DanceState:
    """The inverse of `position_to_dict`; a PositionError names the field (and line, from a file)."""
    return _Reader(rules, data, source).read()


class _Reader:
    def __init__(self, rules: Rules, data: Mapping[str, Any], source: SourceMap | None):
        self.rules = rules
        self.data = data
        self.source = source

    def fail(self, path: tuple, message: str) -> PositionError:
        if self.source is not None:
            return PositionError(self.source.locate(path), message)
        return PositionError(Location("position", None, None, format_path(path) or None), message)

    def get(self, path: tuple, default: Any = ..., kind: type | tuple = object) -> Any:
        node: Any = self.data
        for part in path:
            if not isinstance(node, Mapping) or part not in node:
                if default is ...:
                    raise self.fail(path, "required field is missing")
                return default
            node = node[part]
        if node is not None and kind is not object and (not isinstance(node, kind) or isinstance(node, bool) and kind is int):
            raise self.fail(path, f"expected {_kind_name(kind)}, got {node!r}")
        return node

    def read(self) -> DanceState:
        rules, data = self.rules, self.data
        if not isinstance(data, Mapping):
            raise self.fail((), "a position is a mapping of fields")
        known = set(FIELDS) | set(rules.roles)
        for key in data:
            if key not in known:
                raise self.fail((key,), f"unknown field; expected one of: {', '.join(list(FIELDS) + list(rules.roles))}")
        fmt = self.get(("format",), FORMAT, str)
        if fmt != FORMAT:
            raise self.fail(("format",), f"expected '{FORMAT}'")
        game = self.get(("game",), rules.slug, str)
        if game != rules.slug:
            raise self.fail(("game",), f"this is a {rules.slug} position reader; the file says {game}")
        options = self.get(("options",), {}, dict) or {}
        for name, value in options.items():
            if rules.options.get(name) != value:
                raise self.fail(("options", name), f"the rules were made with {name}={rules.options.get(name)}")
        state = DanceState(rules)
        state.round = self.get(("round",), 1, int)
        if not 1 <= state.round <= rules.round_cap:
            raise self.fail(("round",), f"round must be 1-{rules.round_cap} (the round cap)")
        state.range = self._choice(("range",), RANGE_NAMES, RANGE_NAMES[rules.start_range])
        state.phase = self._choice(("phase",), PHASE_NAMES, "die")
        for seat, role in enumerate(rules.roles):
            self._side(state, seat, role)
        self._combo(state)
        self._result(state)
        rng = self.get(("rng",), 0, int)
        if not 0 <= rng <= MASK64:
            raise self.fail(("rng",), "rng is a 64-bit generator state (0 to 2^64-1)")
        state.rng = rng
        self._to_decide(state)
        return state

    def _choice(self, path: tuple, names: tuple[str, ...], default: str) -> int:
        value = self.get(path, default, str)
        if value not in names:
            raise self.fail(path, f"expected one of {', '.join(names)}, got {value!r}")
        return names.index(value)

    def _side(self, state: DanceState, seat: int, role: str) -> None:
        rules = self.rules
        cards = rules.cards[seat]
        side = self.get((role,), kind=dict)
        for key in side:
            if key not in SIDE_FIELDS:
                raise self.fail((role, key), f"unknown field; expected one of: {', '.join(SIDE_FIELDS)}")
        life = self.get((role, "life"), rules.life0[seat], int)
        if life > rules.life0[seat]:
            raise self.fail((role, "life"), f"the {role} starts with {rules.life0[seat]} life and never gains any")
        state.life[seat] = life
        dice = self.get((role, "dice"), kind=list)
        for i, face in enumerate(dice):
            if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
                raise self.fail((role, "dice", i), f"a die face is 1-6, got {face!r}")
        state.dice[seat] = tuple(sorted(dice))
        state.spent[seat] = self.get((role, "spent_dice"), 0, int)
        if state.spent[seat] < 0:
            raise self.fail((role, "spent_dice"), "spent_dice counts discarded dice; it cannot be negative")
        table = self.get((role, "table"), None, dict)
        by_id = rules.card_index[seat]
        hand = self._cards((role, "hand"), by_id, role, [c.id for c in cards])
        discard = self._cards((role, "discard"), by_id, role, [])
        on_table = 0
        if table is not None:
            for key in table:
                if key not in ("die", "card"):
                    raise self.fail((role, "table", key), "unknown field; expected die and card")
            die = self.get((role, "table", "die"))
            if die == "none":
                state.table_die[seat] = 0
            elif isinstance(die, int) and not isinstance(die, bool) and 1 <= die <= 6:
                state.table_die[seat] = die
            else:
                raise self.fail((role, "table", "die"), f"a die face 1-6 or none, got {die!r}")
            card = self.get((role, "table", "card"), None, str)
            if card is not None:
                if card not in by_id:
                    raise self.fail((role, "table", "card"), f"the {role} has no card '{card}'; cards: {', '.join(by_id)}")
                state.table_card[seat] = by_id[card]
                on_table = 1 << by_id[card]
        if hand & discard or (hand | discard) & on_table:
            raise self.fail((role,), "a card is in two places (hand, discard, table)")
        if hand | discard | on_table != rules.all_cards[seat]:
            missing = [c.id for c in cards if not (hand | discard | on_table) >> c.index & 1]
            raise self.fail((role,), f"every card is in the hand, the discard or on the table; missing: {', '.join(missing)}")
        state.hands[seat] = hand
        state.discards[seat] = discard
        used = 1 if state.table_die[seat] > 0 else 0
        total = len(state.dice[seat]) + state.spent[seat] + used
        if total != rules.dice0[seat]:
            raise self.fail((role, "dice"), f"the {role} has {rules.dice0[seat]} dice; available {len(state.dice[seat])}"
                                            f" + spent {state.spent[seat]} + on the table {used} = {total}")
        phase = state.phase
        wants_die = phase in (CARD, COMBO)
        wants_card = phase == COMBO
        if (table is not None) != wants_die or (wants_die and (state.table_card[seat] != NOT_CHOSEN) != wants_card):
            expected = {DIE: "no table (nothing chosen yet)", CARD: "a table with the revealed die and no card",
                        COMBO: "a table with the die and card played this round", OVER: "no table"}[phase]
            raise self.fail((role, "table"), f"in the {PHASE_NAMES[phase]} phase each side has {expected}")

    def _cards(self, path: tuple, by_id: dict[str, int], role: str, default: list[str]) -> int:
        ids = self.get(path, default, list)
        mask = 0
        for i, card in enumerate(ids):
            if card not in by_id:
                raise self.fail(path + (i,), f"the {role} has no card {card!r}; cards: {', '.join(by_id)}")
            if mask >> by_id[card] & 1:
                raise self.fail(path + (i,), f"{card} is listed twice")
            mask |= 1 << by_id[card]
        return mask

    def _combo(self, state: DanceState) -> None:
        rules = self.rules
        roles = self.get(("combo",), [], list)
        seats = []
        for i, role in enumerate(roles):
            if role not in rules.roles:
                raise self.fail(("combo", i), f"expected a role ({', '.join(rules.roles)}), got {role!r}")
            seats.append(rules.roles.index(role))
        if (state.phase == COMBO) != bool(seats):
            raise self.fail(("combo",), "the combo phase names the roles that may follow up, and only then")
        for i, seat in enumerate(seats):
            if not state.combo_partners(seat):
                raise self.fail(("combo", i), f"the {rules.roles[seat]} has no Combo card playable at "
                                              f"{RANGE_NAMES[state.range]} range in hand to follow up with")
        state.combo_seats = tuple(sorted(seats))
        if state.phase == COMBO:
            # The main damage of this round was dealt already; recompute it for the round's log.
            c = [rules.cards[s][state.table_card[s]] for s in BOTH]
            d = state.table_die
            for seat in BOTH:
                other = 1 - seat
                if c[seat].attack and not c[other].dodge:
                    state.dealt[seat] = max(0, c[seat].table[d[seat]] - (c[other].table[d[other]] if c[other].defence else 0))
            state._played_range = state.range

    def _result(self, state: DanceState) -> None:
        rules = self.rules
        result = self.get(("result",), None, dict)
        if (result is not None) != (state.phase == OVER):
            raise self.fail(("result",), "a result is given exactly when the phase is over")
        if result is None:
            if min(state.life) <= 0 and state.phase != COMBO:   # mid-round, the combo may still come
                raise self.fail(("result",), "a side is at 0 life: the game ended (D12); give the result and phase over")
            return
        winners = self.get(("result", "winners"), kind=list)
        for i, role in enumerate(winners):
            if role not in rules.roles:
                raise self.fail(("result", "winners", i), f"expected a role ({', '.join(rules.roles)}), got {role!r}")
        reason = self.get(("result", "reason"), kind=str)
        rounds = self.get(("result", "rounds"), state.round, int)
        state.result = Result(tuple(sorted(rules.roles.index(r) for r in winners)), reason, rounds)

    def _to_decide(self, state: DanceState) -> None:
        """`to_decide` is written for readers; when given it must agree with the position."""
        given = self.get(("to_decide",), None, dict)
        if given is None:
            return
        expected = position_to_dict(state)["to_decide"]
        if given != expected:
            raise self.fail(("to_decide",), f"this position asks {expected}, not {given}")


def _kind_name(kind: type | tuple) -> str:
    names = {int: "a whole number", str: "text", list: "a list", dict: "a mapping", bool: "true or false"}
    if isinstance(kind, tuple):
        return " or ".join(names.get(k, k.__name__) for k in kind)
    return names.get(kind, kind.__name__)
