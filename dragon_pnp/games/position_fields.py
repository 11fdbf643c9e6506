"""Typed reading of a position's fields, for every game's `load_state`.

A game's position reader states its schema with these helpers (a whole number within bounds, a
seat numbered from 1, one of a few words, a list of card ids...) and gets, for anything else, a
`PositionError` carrying the path of the field. The generic file reader
(`dragon_pnp.games.position_files`) turns that path into the file, line and column, so no game
writes its own error class, its own type checks or its own locating code.

Values are checked exactly: `true` is not a number, `1.0` is not a whole number, `"3"` is not a
seat, and `null` is accepted only where a field says it may be (`null=True`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from dragon_pnp.games.api import PositionError

REQUIRED: Any = object()   # the default of a field that must be present
BIG = 10**18               # a bound for counters no real game reaches (rounds, points, counts)


def shown(value: Any) -> str:
    """A value as an error message may quote it: short, and never a 4,000-digit number."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and value.bit_length() > 64:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, float) and not math.isfinite(value):
        return "an infinite number" if math.isinf(value) else "not a number (nan)"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def is_int(value: Any) -> bool:
    """A whole number written as one (not true/false, not 2.0)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value: Any, path: tuple[Any, ...], lo: int = 0, hi: int = BIG, what: str = "") -> int:
    """`value` as a whole number from `lo` to `hi`, else a PositionError at `path`."""
    if not is_int(value) or not lo <= value <= hi:
        bounds = f"from {lo}" if hi == BIG else f"from {lo} to {hi}"
        raise PositionError(path, f"expected {what or 'a whole number'} {bounds}, got {shown(value)}")
    whole_number: int = value
    return whole_number


def word(value: Any, path: tuple[Any, ...], names: Sequence[str], what: str = "") -> int:
    """The index of `value` among `names` (a phase, a range, a role), else a PositionError."""
    if not isinstance(value, str) or value not in names:
        raise PositionError(path, f"expected {what + ': ' if what else ''}one of {', '.join(names)}, got {shown(value)}")
    return list(names).index(value)


def seat(value: Any, path: tuple[Any, ...], seats: int) -> int:
    """A seat written from 1 (as every file and output numbers them), returned from 0."""
    return whole(value, path, 1, seats, "a seat") - 1


def card(value: Any, path: tuple[Any, ...], known: Mapping[str, int], noun: str = "card") -> int:
    """The index of a card id (or any named thing) in `known`, else a PositionError listing them."""
    if not isinstance(value, str):
        raise PositionError(path, f"expected a {noun} id, got {shown(value)}")
    if value not in known:
        listed = ", ".join(list(known)[:40]) + (" ..." if len(known) > 40 else "")
        raise PositionError(path, f"no {noun} {value!r}; expected one of {listed}")
    return known[value]


def position_format(slug: str, version: int = 1) -> str:
    """The `format` every game's position files carry, one convention for all: the tool, the
    game and the version of that game's position schema."""
    return f"dragon-pnp {slug} position {version}"


def bit_mask(indices: Iterable[int]) -> int:
    """A set of small whole numbers (cards, card kinds, slots) as one int, bit i for i: the
    compact sets the games keep in their states and read from their positions."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def items(value: Any, path: tuple[Any, ...], what: str = "a list") -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(path, f"expected {what}, got {shown(value)}")
    return value


class Fields:
    """One mapping of a position (the whole of it, a side, an entry of a list) read field by field.

    The readers are named for what they read (`integer`, `flag`, `text`, `items`, ...), never after
    a builtin, so the builtins keep their meaning in this class's own annotations.

    Each reader takes the field's key and a `default` (left out: the field is required) and returns
    the checked value; a wrong one raises a PositionError whose path is this mapping's path plus
    the key (plus the index, in a list).
    """

    def __init__(self, data: Any, path: tuple[Any, ...] = (), what: str = "a mapping of fields"):
        if not isinstance(data, Mapping):
            raise PositionError(path, f"expected {what}, got {shown(data)}")
        self.data = data
        self.path = tuple(path)

    def at(self, *keys: Any) -> tuple[Any, ...]:
        return self.path + keys

    def fail(self, key: Any, message: str) -> PositionError:
        """A PositionError at a field of this mapping (`()` or None: the mapping itself)."""
        keys = () if key is None or key == () else (key if isinstance(key, tuple) else (key,))
        return PositionError(self.path + keys, message)

    def only(self, allowed: Iterable[str]) -> None:
        """Refuse any key this mapping does not know (a misspelt field would otherwise be ignored)."""
        allowed = list(allowed)
        for key in self.data:
            if key not in allowed:
                raise self.fail(key if isinstance(key, str) else str(key),
                                f"unknown field {shown(key)}; expected {', '.join(allowed)}")

    def format(self, current: str, older: Iterable[str] = ()) -> None:
        """The optional `format` field: the game's current position format, or an older one it
        still reads (the same fields under a name from before the one convention)."""
        known = (current, *older)
        written = self.raw("format", None, null=True)
        if written is not None and written not in known:
            raise self.fail("format", f"expected '{current}', got {shown(written)}")

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = REQUIRED, null: bool = False) -> Any:
        """The value as written; `default` when left out (or null, with `null=True`)."""
        _given, value = self._given(key, default, null)
        return value

    def _given(self, key: str, default: Any, null: bool) -> tuple[bool, Any]:
        """(whether a value to check was written, the value or the default)."""
        if key not in self.data:
            if default is REQUIRED:
                raise self.fail(key, f"missing field {key!r}")
            return False, default
        value = self.data[key]
        if value is None and null:
            return False, None if default is REQUIRED else default
        return True, value

    def integer(self, key: str, lo: int = 0, hi: int = BIG, default: Any = REQUIRED, null: bool = False,
            what: str = "") -> Any:
        given, value = self._given(key, default, null)
        return whole(value, self.at(key), lo, hi, what) if given else value

    def flag(self, key: str, default: Any = REQUIRED, null: bool = False) -> Any:
        given, value = self._given(key, default, null)
        if given and not isinstance(value, bool):
            raise self.fail(key, f"expected true or false, got {shown(value)}")
        return value

    def text(self, key: str, default: Any = REQUIRED, null: bool = False) -> Any:
        given, value = self._given(key, default, null)
        if given and not isinstance(value, str):
            raise self.fail(key, f"expected text, got {shown(value)}")
        return value

    def word(self, key: str, names: Sequence[str], default: Any = REQUIRED, what: str = "") -> int:
        """The index among `names` of a word field (its default given as the word)."""
        return word(self.raw(key, default), self.at(key), names, what)

    def seat(self, key: str, seats: int, default: Any = REQUIRED, null: bool = False) -> Any:
        given, value = self._given(key, default, null)
        return seat(value, self.at(key), seats) if given else value

    def items(self, key: str, default: Any = REQUIRED, null: bool = False, length: int | None = None,
             what: str = "a list") -> Any:
        given, value = self._given(key, default, null)
        if given:
            items(value, self.at(key), what)
            if length is not None and len(value) != length:
                raise self.fail(key, f"expected {what} of {length}, got {len(value)}")
        return value

    def ints(self, key: str, lo: int = 0, hi: int = BIG, default: Any = REQUIRED, length: int | None = None,
             what: str = "a whole number") -> list[int]:
        values = self.items(key, default, length=length)
        return [whole(v, self.at(key, i), lo, hi, what) for i, v in enumerate(values)]

    def cards(self, key: str, known: Mapping[str, int], noun: str = "card", default: Any = REQUIRED,
              unique: bool = False) -> list[int]:
        """A list of card ids (or other names) as indices; `unique`: none listed twice."""
        values = self.items(key, default)
        out: list[int] = []
        for i, value in enumerate(values):
            index = card(value, self.at(key, i), known, noun)
            if unique and index in out:
                raise self.fail((key, i), f"{value} is listed twice")
            out.append(index)
        return out

    def int_lists(self, key: str, lo: int = 0, hi: int = BIG, default: Any = REQUIRED, length: int | None = None,
                  what: str = "a whole number") -> list[list[int]]:
        """A list of lists of whole numbers (one per seat...)."""
        values = self.items(key, default, length=length)
        return [[whole(x, self.at(key, i, j), lo, hi, what) for j, x in enumerate(items(v, self.at(key, i)))]
                for i, v in enumerate(values)]

    def card_lists(self, key: str, known: Mapping[str, int], noun: str = "card", default: Any = REQUIRED,
                   length: int | None = None) -> list[list[int]]:
        """A list of lists of card ids (one per seat, one per stack seen...) as indices."""
        values = self.items(key, default, length=length)
        return [[card(c, self.at(key, i, j), known, noun) for j, c in enumerate(items(v, self.at(key, i)))]
                for i, v in enumerate(values)]

    def sub(self, key: str, default: Any = REQUIRED, null: bool = False, what: str = "a mapping of fields") -> Any:
        """The mapping under `key` as Fields (or `default` when left out, or null with `null=True`)."""
        given, value = self._given(key, default, null)
        return Fields(value, self.at(key), what) if given else value

    def entries(self, key: str, default: Any = REQUIRED, length: int | None = None,
                what: str = "a mapping of fields") -> list[Fields]:
        """A list of mappings (seats, sides, log entries), each as Fields."""
        values = self.items(key, default, length=length)
        return [Fields(v, self.at(key, i), what) for i, v in enumerate(values)]
