"""Balance targets: `FIGURE=VALUE±TOL`, a figure the rules check reports held to a band.

A share may be written as a fraction (0.50±0.03) or in percent (50±3%); a mean (rounds,
minutes) in its own unit. A figure is named as the check names it ("knight (seat 1) wins") or
without its seat ("knight wins") where that is unambiguous.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from dragon_pnp.errors import NotationError

_TARGET = re.compile(r"^\s*(?P<figure>.+?)\s*=\s*(?P<value>[-+]?\d+(?:\.\d+)?)\s*(?P<pct1>%?)\s*"
                     r"(?:±|\+-|\+/-)\s*(?P<tol>\d+(?:\.\d+)?)\s*(?P<pct2>%?)\s*$")
_SEAT = re.compile(r"\s*\(seat \d+\)")


@dataclass(frozen=True)
class Target:
    """One figure held to value ± tolerance (in the figure's own unit: a share as 0..1)."""

    figure: str
    value: float
    tolerance: float

    @property
    def low(self) -> float:
        return self.value - self.tolerance

    @property
    def high(self) -> float:
        return self.value + self.tolerance

    def to_json(self) -> dict[str, object]:
        return {"figure": self.figure, "value": self.value, "tolerance": self.tolerance}


def parse_target(text: str) -> Target:
    """`knight wins=0.50±0.03` (also `50±3%`, `+-` for ±) as a Target with the figure as written."""
    found = _TARGET.match(text)
    if found is None:
        raise NotationError(f"--target {text!r}: expected FIGURE=VALUE±TOL, such as \"first player wins=0.50±0.05\" "
                            "or \"rounds=12±2\"")
    value, tolerance = float(found["value"]), float(found["tol"])
    if found["pct1"] or found["pct2"]:
        value, tolerance = value / 100, tolerance / 100
    if tolerance <= 0:
        raise NotationError(f"--target {text!r}: the tolerance must be more than 0")
    return Target(found["figure"], value, tolerance)


def resolve_figure(target: Target, known: Sequence[str]) -> Target:
    """The target with its figure's name as the check reports it; a located error naming the
    known figures when it matches none, or several."""
    wanted = target.figure.casefold()
    exact = [name for name in known if name.casefold() == wanted]
    loose = [name for name in known if _SEAT.sub("", name).casefold() == wanted]
    found = exact or loose
    if len(found) != 1:
        what = "matches several figures" if found else "is not a figure this game reports"
        raise NotationError(f"--target {target.figure!r}: {what}; known figures: {', '.join(found or known)} "
                            "(dragon-pnp tune GAME --list-figures)")
    name = found[0]
    if (name.endswith(" wins") or name in ("draws",) or name.startswith(("ended: ", "hazard: "))) \
            and not 0 <= target.value <= 1:
        raise NotationError(f"--target {target.figure!r}: {target.value:g} is not a share; write a share as 0.50 "
                            "or 50%")
    return Target(name, target.value, target.tolerance)
