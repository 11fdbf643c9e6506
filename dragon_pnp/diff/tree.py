"""Field-by-field differences between two plain trees (dicts, lists, scalars) of data.

List items that all carry one of `ITEM_LABELS` are matched by that value, not by position, so
a card inserted in the middle of a deck is one addition, not a change to every later card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ITEM_LABELS = ("id", "key", "name", "setup", "seat")
MISSING = object()


@dataclass(frozen=True)
class Change:
    """One leaf (or whole item) that differs. `path` holds keys and list indices of the NEW
    tree where it exists (else the old one's); `old_path` those of the old tree."""

    path: tuple[Any, ...]
    old_path: tuple[Any, ...]
    old: Any
    new: Any

    @property
    def kind(self) -> str:
        if self.old is MISSING:
            return "added"
        if self.new is MISSING:
            return "removed"
        return "changed"


def changes(old: Any, new: Any, path: tuple[Any, ...] = (), old_path: tuple[Any, ...] | None = None) -> list[Change]:
    """Every difference between `old` and `new`, in the new tree's order."""
    old_path = path if old_path is None else old_path
    if isinstance(old, dict) and isinstance(new, dict):
        found = []
        for key in [*new, *(k for k in old if k not in new)]:
            found += changes(old.get(key, MISSING), new.get(key, MISSING), (*path, key), (*old_path, key))
        return found
    if isinstance(old, list) and isinstance(new, list):
        return _list_changes(old, new, path, old_path)
    if old is MISSING and new is MISSING:
        return []
    if _same(old, new):
        return []
    return [Change(path, old_path, old, new)]


def _list_changes(old: list[Any], new: list[Any], path: tuple[Any, ...], old_path: tuple[Any, ...]) -> list[Change]:
    label = _distinct_label(old, new)
    if label is None:
        if all(not isinstance(v, (dict, list)) for v in old + new):
            return [] if old == new else [Change(path, old_path, old, new)]
        found = []
        for index in range(max(len(old), len(new))):
            found += changes(old[index] if index < len(old) else MISSING,
                             new[index] if index < len(new) else MISSING, (*path, index), (*old_path, index))
        return found
    old_at = {item[label]: index for index, item in enumerate(old)}
    found = []
    for index, item in enumerate(new):
        before = old_at.get(item[label])
        if before is None:
            found.append(Change((*path, index), (*path, index), MISSING, item))
        else:
            found += changes(old[before], item, (*path, index), (*old_path, before))
    new_keys = {item[label] for item in new}
    for index, item in enumerate(old):
        if item[label] not in new_keys:
            found.append(Change((*path, index), (*old_path, index), item, MISSING))
    return found


def item_label(items: list[Any]) -> str | None:
    """The label field every item of a list carries with distinct values, if any."""
    if not items or not all(isinstance(item, dict) for item in items):
        return None
    for label in ITEM_LABELS:
        values = [item.get(label) for item in items]
        if all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in values):
            return label
    return None


def _distinct_label(old: list[Any], new: list[Any]) -> str | None:
    """A label both lists carry, each without repeats (else items are matched by position)."""
    label = item_label(old + new)
    if label is None:
        return None
    for items in (old, new):
        if len({item[label] for item in items}) != len(items):
            return None
    return label


def _same(old: Any, new: Any) -> bool:
    return (type(old) is type(new) and old == new) or (
        isinstance(old, (int, float)) and isinstance(new, (int, float))
        and not isinstance(old, bool) and not isinstance(new, bool) and old == new)
