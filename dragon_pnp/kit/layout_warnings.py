"""Warnings found while laying out a kit: printed by `build` and `validate`, never fatal.

A layout warning is something a designer should fix but a kit can still be printed with: card
text set smaller than the rest of its deck, a raster picture under print resolution. Each names
where it came from (file, line, field) like an error does. Faces are drawn in the building
process, so a module-level list gathers them; `take()` hands them over and starts afresh.
"""

from __future__ import annotations

from dataclasses import dataclass

from dragon_pnp.errors import Location


@dataclass(frozen=True)
class LayoutWarning:
    location: Location | None
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location is not None else self.message


_found: list[LayoutWarning] = []


def warn(location: Location | None, message: str) -> None:
    """Note a warning once (a face drawn twice does not warn twice)."""
    found = LayoutWarning(location, message)
    if found not in _found:
        _found.append(found)


def take() -> list[LayoutWarning]:
    """The warnings noted since the last call, in the order found."""
    found = list(_found)
    _found.clear()
    return found
