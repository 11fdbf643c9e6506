"""The exact figures a game reports about its own data (its report extras), old v new.

The one place the diff asks a game for something beyond the core interface; when the report
hooks move, only `game_extras` changes. Distributions (mappings of many numeric keys) are
compared as a whole, so the table lists the figures a person reads, not every probability.
"""

from __future__ import annotations

from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.data.located_yaml import format_path
from dragon_pnp.diff.tree import MISSING, changes
from dragon_pnp.games.parts import ReportPart

DISTRIBUTION_KEYS = 8


def game_extras(game: GameData) -> dict[str, Any]:
    """The game's exact maths for the report (empty for a game without any)."""
    if game.module is None:
        return {}
    return game.module.part(ReportPart).report_extras(game) or {}


def compare_extras(old: GameData, new: GameData) -> list[dict[str, Any]]:
    """Each changed figure: where it is (path), old, new and the difference when numeric."""
    found = []
    for change in changes(_folded(game_extras(old)), _folded(game_extras(new))):
        a = None if change.old is MISSING else change.old
        b = None if change.new is MISSING else change.new
        numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (a, b))
        found.append({"figure": format_path(change.path), "old": _shown(a), "new": _shown(b),
                      "difference": (b - a) if numeric else None})  # type: ignore[operator]
    return found


def _folded(tree: Any) -> Any:
    """A distribution (many numeric keys) becomes one value: "changed" shows as one row."""
    if isinstance(tree, dict):
        if len(tree) > DISTRIBUTION_KEYS and all(_numeric_key(k) for k in tree):
            return "distribution of " + ", ".join(f"{k}: {_round(v)}" for k, v in tree.items())
        return {k: _folded(v) for k, v in tree.items()}
    if isinstance(tree, list):
        return [_folded(v) for v in tree]
    return tree


def _numeric_key(key: Any) -> bool:
    return str(key).lstrip("+-").replace(".", "", 1).isdigit()


def _round(value: Any) -> Any:
    return round(value, 4) if isinstance(value, float) else value


def _shown(value: Any) -> Any:
    if isinstance(value, (dict, list)):
        return str(value)
    return value
