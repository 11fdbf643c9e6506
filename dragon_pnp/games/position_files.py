"""Position files for every game with rules: what `play` writes and reads, YAML or JSON.

A position file is `{game, options, state, pending}`: the game's folder name, the rules
options in force, the state as the game writes it (`state.to_dict()`), and the choices already
committed at a simultaneous node (seat -> notation, seats from 1; `{}` when none). A game whose
state names its own game and options (Dragon Pants, docs/positions.md) is written flat: its
fields at the top level, beside `pending`; files without `pending` still load. `events` (what
`play --json` adds) is ignored on reading. Every mistake is a located `PositionError` (exit 2).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from dragon_pnp.data.located_yaml import SourceMap, load_yaml
from dragon_pnp.data.reading import decode_utf8, read_bounded
from dragon_pnp.errors import DataError, DragonPnpError, Location, NotationError
from dragon_pnp.games.api import GameModule, GameState, PositionError
from dragon_pnp.games.position_fields import shown
from dragon_pnp.games.turns import SeatByBoard

ENVELOPE = ("game", "options", "state", "pending")
OUTPUT_ONLY = ("events",)


# --- writing -------------------------------------------------------------------------------


def position_document(slug: str, options: Mapping[str, Any], board: SeatByBoard) -> dict[str, Any]:
    """The position of a game in play, as the mapping a file holds."""
    state = board.state.to_dict()
    pending = {seat_key(board.state, seat): text for seat, text in board.pending_notation().items()}
    if "game" in state and "options" in state:
        return {**state, "pending": pending}
    return {"game": slug, "options": dict(options), "state": state, "pending": pending}


def dump_yaml(data: Mapping[str, Any]) -> str:
    """Block YAML that reads like a description: short lists and small mappings stay on one line,
    a list of mappings (dragons, players) lists each entry's fields one per line."""
    lines: list[str] = []
    _block(data, 0, lines)
    return "\n".join(lines) + "\n"


def _block(data: Mapping[str, Any], indent: int, lines: list[str]) -> None:
    pad = " " * indent
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(v, Mapping) and v for v in value):
            lines.append(f"{pad}{key}:")
            for item in value:
                first = True
                for field, inner in item.items():
                    lines.append(f"{pad}  {'- ' if first else '  '}{field}: {_flow(inner)}")
                    first = False
        elif isinstance(value, Mapping) and len(value) > 2:
            lines.append(f"{pad}{key}:")
            _block(value, indent + 2, lines)
        else:
            lines.append(f"{pad}{key}: {_flow(value)}")


_PLAIN = re.compile(r"[a-z_][a-z0-9_ ]*")
_RESERVED = ("null", "true", "false", "yes", "no", "on", "off")


def _flow(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        plain = _PLAIN.fullmatch(value) and value not in _RESERVED and not value.endswith(" ")
        return value if plain else json.dumps(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_flow(str(k))}: {_flow(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} in a position")


# --- reading -------------------------------------------------------------------------------


def read_position_file(path: Path | str) -> tuple[dict[str, Any], SourceMap]:
    """The raw mapping of a YAML or JSON position file and where each value sits in it."""
    file = Path(path)
    text = None
    try:
        text = decode_utf8(read_bounded(file), file)
    except (OSError, UnicodeDecodeError, DataError, RecursionError):
        pass  # load_yaml reports these (size, encoding, nesting depth) with their location
    if text is not None:
        _refuse_long_numbers(file, text)
        if file.suffix.lower() == ".json":
            # YAML reads most JSON, but forgives mistakes JSON does not: check it as JSON first.
            try:
                json.loads(text)
            except json.JSONDecodeError as exc:
                raise PositionError((), f"JSON syntax error: {exc.msg}", Location(file, exc.lineno, exc.colno)) from None
            except (ValueError, RecursionError):
                pass  # load_yaml names the line where the nesting goes too deep
    try:
        raw, source = load_yaml(file)
    except DataError as exc:
        raise PositionError((), exc.message, exc.location) from None
    if not isinstance(raw, dict):
        raise PositionError((), "expected a mapping of position fields (see docs/positions.md)", source.locate(()))
    return raw, source


MAX_DIGITS = 100   # no field of any position needs more (a 64-bit generator state has 20)
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


def _refuse_long_numbers(file: Path, text: str) -> None:
    """A run of more than MAX_DIGITS digits is a located error before YAML or JSON reads it (Python
    refuses to convert more than 4,300 digits, and nothing in a position needs more than 20)."""
    found = _LONG_NUMBER.search(text)
    if found is not None:
        line = text.count("\n", 0, found.start()) + 1
        column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
        raise PositionError((), f"a number of {len(found.group()):,} digits; no position field has more than "
                                f"{MAX_DIGITS}", Location(file, line, column))


def game_named(raw: Mapping[str, Any]) -> str | None:
    name = raw.get("game")
    return name if isinstance(name, str) and name else None


def rules_options(raw: Mapping[str, Any], source: SourceMap) -> dict[str, Any]:
    """The file's rules options: names mapped to true or false (a game checks the names)."""
    options = raw.get("options")
    if options is None:   # left out or written empty (`options:`)
        return {}
    if not isinstance(options, dict):
        raise _located(source, ("options",), "expected a mapping of rules option names to true or false")
    for name, value in options.items():
        if not isinstance(value, bool):
            raise _located(source, ("options", name), f"a rules option is true or false, got {shown(value)}")
    return options


def load_position(module: GameModule, game: Any, raw: Mapping[str, Any], source: SourceMap) -> tuple[SeatByBoard, dict[str, Any]]:
    """The game in play that a position file describes, and the rules options it names."""
    if "game" in raw and not (isinstance(raw["game"], str) and raw["game"]):
        raise _located(source, ("game",), f"expected the game's name (its folder), got {shown(raw['game'])}")
    options = rules_options(raw, source)
    rules = _rules(lambda opts: module.make_rules(game, opts), options, source)
    state = _state(module.load_state, rules, raw, source)
    return SeatByBoard(module, state, _pending(module, state, raw.get("pending"), source)), options


def load_state_file(path: Path | str, make_rules: Callable[[dict[str, Any]], Any],
                    load_state: Callable[[Any, Mapping[str, Any]], GameState]) -> GameState:
    """The state of a position file (its `pending` left aside), for tests and tools that hold a
    game's `make_rules` and `load_state` rather than its module and data; errors located alike."""
    raw, source = read_position_file(path)
    return _state(load_state, _rules(make_rules, rules_options(raw, source), source), raw, source)


def _rules(make_rules: Callable[[dict[str, Any]], Any], options: dict[str, Any], source: SourceMap) -> Any:
    try:
        return make_rules(options)
    except (ValueError, NotationError) as exc:
        raise _located(source, ("options",), getattr(exc, "message", None) or str(exc)) from None


def _state(load_state: Callable[[Any, Mapping[str, Any]], GameState], rules: Any, raw: Mapping[str, Any],
           source: SourceMap) -> GameState:
    """The state part of the file (under `state:`, or the flat fields) read by the game, located."""
    if "state" in raw:
        unknown = [k for k in raw if k not in ENVELOPE + OUTPUT_ONLY]
        if unknown:
            raise _located(source, (unknown[0],), f"unknown field {unknown[0]!r}; expected {', '.join(ENVELOPE)}")
        prefix: tuple[str, ...] = ("state",)
        data = raw["state"]
    else:
        data, prefix = {k: v for k, v in raw.items() if k not in ("pending",) + OUTPUT_ONLY}, ()
    try:
        return load_state(rules, data)
    except PositionError as exc:
        raise _located(source, prefix + exc.path, exc.message) from None


def _pending(module: GameModule, state: GameState, raw: Any, source: SourceMap) -> dict[int, Any]:
    """Committed choices of a simultaneous node: each a legal action of a seat still to decide."""
    if raw is None or raw == {}:
        return {}
    if not isinstance(raw, dict):
        raise _located(source, ("pending",), "expected a mapping of seat number to committed action")
    moving = state.to_move()
    committed: dict[int, Any] = {}
    for key, text in raw.items():
        where = ("pending", key)
        if isinstance(key, int) and not isinstance(key, bool):
            seat = key - 1
        elif isinstance(key, str) and re.fullmatch(r"[0-9]{1,6}", key):
            seat = int(key) - 1
        else:
            seat = _role_seat(state, str(key))
        if seat not in moving:
            shown_moving = ", ".join(seat_key(state, s) for s in moving) or "nobody"
            raise _located(source, where, f"seat {str(key)[:20]} has no choice to commit now (deciding: {shown_moving})")
        if seat in committed:
            raise _located(source, where, f"seat {seat_key(state, seat)} is pending twice")
        if not isinstance(text, str):
            raise _located(source, where, f"expected an action in notation, got {shown(text)}")
        try:
            committed[seat] = module.parse_action(state, seat, text)
        except DragonPnpError as exc:
            raise _located(source, where, str(exc)) from None
    if len(committed) == len(moving):
        raise _located(source, ("pending",), "every deciding seat has committed: the choices would already be "
                                             "applied; leave one out or apply them")
    return committed


def _located(source: SourceMap, path: tuple[str | int, ...], message: str) -> PositionError:
    return PositionError(path, message, source.locate(path))


def seat_key(state: GameState, seat: int) -> str:
    """How a position file names a seat: its role where the game has roles, else its number from 1."""
    roles = _roles(state)
    return roles[seat] if roles else str(seat + 1)


def _role_seat(state: GameState, name: str) -> int:
    roles = _roles(state)
    return roles.index(name) if name in roles else -1


def _roles(state: GameState) -> list[str]:
    rules = getattr(state, "rules", None)
    return list(getattr(rules, "roles", None) or [])
