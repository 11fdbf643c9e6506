"""Axial hex-grid geometry for flat-topped hexes: neighbours, distance and sight lines.

Pure geometry with no game rules, so validation, the rules engine, the rulebook diagrams and
the print layouts all share one definition. Coordinates are axial (q, r) with s = -q - r;
pixel x grows with q and pixel y grows with r + q/2 (r negative is north).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

Hex = tuple[int, int]

# The six flat-line directions (through hex sides): on the page SE, NE, N, NW, SW, S.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Each diagonal (through hex corners) is the sum of two neighbouring flat directions; those two
# neighbours of a hex are the pair that flank the corner the diagonal crosses.
DIAGONAL_FLANKS: tuple[tuple[Hex, Hex], ...] = tuple(
    (DIRECTIONS[i], DIRECTIONS[(i + 1) % 6]) for i in range(6)
)
DIAGONALS: tuple[Hex, ...] = tuple((a[0] + b[0], a[1] + b[1]) for a, b in DIAGONAL_FLANKS)


class DiagonalLine(NamedTuple):
    """A diagonal sight line: the hex centres strictly between, and the flanking pair per corner."""

    between: tuple[Hex, ...]
    flanks: tuple[tuple[Hex, Hex], ...]


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def scale(a: Hex, k: int) -> Hex:
    return (a[0] * k, a[1] * k)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes sharing a side with h (on an unbounded grid)."""
    return tuple(add(h, d) for d in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring_radius(h: Hex) -> int:
    """Distance from the centre hex (0, 0)."""
    return distance(h, (0, 0))


def hexagon(radius: int) -> list[Hex]:
    """All hexes within `radius` of the centre, in reading order (north to south, west to east)."""
    cells = [
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]
    return sorted(cells, key=lambda h: (h[1] + h[0] / 2, h[0]))


def _step_towards(a: Hex, b: Hex, steps: Iterable[Hex]) -> tuple[Hex, int] | None:
    """The unit step and count k with b = a + k * step, if b lies on one of `steps` from a."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    for step in steps:
        for k in (dq // step[0] if step[0] else None, dr // step[1] if step[1] else None):
            if k is not None and k > 0 and scale(step, k) == (dq, dr):
                return step, k
    return None


def flat_line_between(a: Hex, b: Hex) -> tuple[Hex, ...] | None:
    """Hexes strictly between a and b when they share a flat line (straight through sides), else None."""
    found = _step_towards(a, b, DIRECTIONS)
    if found is None:
        return None
    step, k = found
    return tuple(add(a, scale(step, i)) for i in range(1, k))


def diagonal_line_between(a: Hex, b: Hex) -> DiagonalLine | None:
    """The diagonal line from a to b (through hex corners), or None when they are not on one.

    The line passes a corner, then a hex centre, alternately. Centres strictly between block;
    each corner crossing is flanked by two hexes that share the edge the line runs along.
    """
    found = _step_towards(a, b, DIAGONALS)
    if found is None:
        return None
    step, k = found
    left, right = DIAGONAL_FLANKS[DIAGONALS.index(step)]
    between = tuple(add(a, scale(step, i)) for i in range(1, k))
    flanks = tuple(
        (add(add(a, scale(step, i)), left), add(add(a, scale(step, i)), right)) for i in range(k)
    )
    return DiagonalLine(between, flanks)


# --- drawing geometry (millimetres or any unit; the caller picks `size`) ---------------------

SQRT3 = math.sqrt(3.0)


def centre(h: Hex, size: float) -> tuple[float, float]:
    """Pixel centre of hex h for flat-topped hexes with corner radius `size` (half corner-to-corner)."""
    q, r = h
    return (size * 1.5 * q, size * SQRT3 * (r + q / 2))


def corners(h: Hex, size: float) -> list[tuple[float, float]]:
    """The six corners of hex h, starting east and going clockwise (y grows downward)."""
    cx, cy = centre(h, size)
    return [
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


def flat_to_flat(size: float) -> float:
    """Width across two parallel sides for corner radius `size`."""
    return size * SQRT3
