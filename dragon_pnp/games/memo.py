"""What a game derives from one rules object (tables, evaluators, learned values), made once.

A rules object is immutable, so anything computed from it alone can be kept beside it. A cache
keyed by `id(rules)` alone is wrong once that object is gone (Python reuses ids) and keeps every
entry forever; `once_per_object(make)` keys by identity and drops an entry when its object dies.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class once_per_object(Generic[K, V]):   # used as a decorator, so named like a function
    """`make(obj)` computed on the first call for `obj` and returned again for that same object.

    Keyed by identity, never by equality. The entry goes when the object is collected (when it
    takes a weak reference; otherwise the object is held, as a plain cache would). A value that
    itself holds its object keeps both alive, like any strong cache."""

    def __init__(self, make: Callable[[K], V]):
        self.make = make
        self._values: dict[int, tuple[Callable[[], K | None], V]] = {}

    def __call__(self, obj: K) -> V:
        key = id(obj)
        found = self._values.get(key)
        if found is not None and found[0]() is obj:
            return found[1]
        value = self.make(obj)
        self._values[key] = (self._reference(obj, key), value)
        return value

    def __len__(self) -> int:
        return len(self._values)

    def _reference(self, obj: K, key: int) -> Callable[[], K | None]:
        values = self._values
        try:
            return weakref.ref(obj, lambda _gone: values.pop(key, None))
        except TypeError:   # no weak references to it (slots, ints): hold it
            return lambda: obj
