"""A located finding of a data check: which check, data or rule, what is wrong and where.

Declared with the data, below the games: a game's `data_checks()` yields these, and the checks
runner (`dragon_pnp.checks`) collects them, so neither has to import the other's layer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from dragon_pnp.errors import Location

if TYPE_CHECKING:
    from dragon_pnp.data.loader import GameData

FindingKind = Literal["data", "rule"]


@dataclass(frozen=True)
class Finding:
    """One located problem a data check found; data findings exit 2, rule findings 1."""

    check: str
    kind: FindingKind
    message: str
    location: Location

    @property
    def severity(self) -> str:
        return "error"

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"

    def to_json(self) -> dict[str, object]:
        loc = self.location
        return {
            "check": self.check,
            "kind": self.kind,
            "message": self.message,
            "file": str(loc.file),
            "line": loc.line,
            "column": loc.column,
            "field": loc.field,
        }


# A data check: a loaded game in, its findings out.
Check = Callable[["GameData"], Iterator[Finding]]
