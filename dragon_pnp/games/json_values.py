"""Values as JSON: what events and views carry out of a game, whatever types it keeps inside."""

from __future__ import annotations

from typing import Any


def plain(value: Any) -> Any:
    """Event details as JSON: tuples become lists, other objects their text."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return str(value)
