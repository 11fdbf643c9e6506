"""Drawing primitives in millimetres (y grows downward), the common tongue of both renderers.

A scene is lowered to these once (`dragon_pnp.hexmap_diagrams.draw`), so the PDF and SVG renderers only
translate primitives and can never disagree about what a diagram shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

Point = tuple[float, float]


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str | None
    stroke: str | None
    width_mm: float = 0.25
    dash_mm: tuple[float, ...] | None = None


@dataclass(frozen=True)
class Polyline:
    points: tuple[Point, ...]
    stroke: str
    width_mm: float = 0.25
    dash_mm: tuple[float, ...] | None = None


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius_mm: float
    fill: str | None
    stroke: str | None
    width_mm: float = 0.25


@dataclass(frozen=True)
class Label:
    """Text centred on `at`; `size_mm` is the font size (em height) in millimetres."""

    at: Point
    text: str
    size_mm: float
    fill: str = "#000000"
    bold: bool = True
    anchor: Literal["start", "middle", "end"] = "middle"

    @property
    def baseline(self) -> Point:
        """Where the baseline starts so the capitals sit vertically centred on `at`."""
        return (self.at[0], self.at[1] + 0.36 * self.size_mm)


Shape = Polygon | Polyline | Circle | Label


def star_corners(cx: float, cy: float, outer: float, inner: float) -> tuple[Point, ...]:
    """A five-pointed star, point up: the draw-hex mark on diagrams, tiles and card pictograms."""
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(-90 + 36 * i)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return tuple(points)


def star_points(cx: float, cy: float, outer: float, inner: float) -> str:
    """`star_corners` as an SVG `points` attribute, for templates that draw the star themselves."""
    return " ".join(f"{x:.3f},{y:.3f}" for x, y in star_corners(cx, cy, outer, inner))
