"""What the studio's rebuilds made, by the digest of everything they read.

A rebuild whose inputs equal an earlier one's (an edit undone, a language or paper switched
back, a save of the same bytes, a settings request that changes nothing) takes the typeset
rulebook, the kit plan and the translation's fit table from here instead of making them again:
those are most of a warm rebuild's CPU, and none of them shows anything new.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")


class Remembered:
    """A few results by key, the least recently used dropped first (each may hold a whole kit plan)."""

    def __init__(self, size: int = 12):
        self.size = size
        self._items: OrderedDict[tuple[str, Hashable], Any] = OrderedDict()
        self.hits = 0

    def make(self, inputs: str | None, key: Hashable, make: Callable[[], T]) -> T:
        """`make()`'s value for `key` made from `inputs` (a digest; None: not to be remembered)."""
        if inputs is None:
            return make()
        full = (inputs, key)
        if full in self._items:
            self._items.move_to_end(full)
            self.hits += 1
            found: T = self._items[full]
            return found
        value = make()
        self._items[full] = value
        while len(self._items) > self.size:
            self._items.popitem(last=False)
        return value

    def forget(self, inputs: str) -> None:
        """Drop what was made from `inputs`: the files changed while it was being made."""
        for full in [full for full in self._items if full[0] == inputs]:
            del self._items[full]
