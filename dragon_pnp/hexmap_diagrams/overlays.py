"""What a game may draw over a hex map without this package knowing what it means.

Overlays are placed by hex coordinates, never by scene millimetres, so a game's layer (Dragon
Pants' sight lines, the studio's dragons) needs no geometry of its own; strokes are sized in hex
sizes (corner radii) so an overlay keeps its look at any scale. Drawn in this order, after the
tiles and homes: outlines, lines, markers, badges.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from dragon_pnp.hexgrid import Hex


@dataclass(frozen=True)
class Stroke:
    """A line's colour, width and dash pattern; width and dashes in hex sizes (corner radii)."""

    colour: str
    width: float
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True)
class HexOutline:
    """A hex ringed just inside its edge, e.g. a hex a rule looks at."""

    hex: Hex
    stroke: Stroke


@dataclass(frozen=True)
class HexLine:
    """A polyline from hex centre to hex centre (at least two hexes), e.g. a line of sight."""

    hexes: tuple[Hex, ...]
    stroke: Stroke


@dataclass(frozen=True)
class Marker:
    """A piece standing on a hex: a disc in its colour carrying a short label (a seat, a letter)."""

    hex: Hex
    label: str
    colour: str


@dataclass(frozen=True)
class Badge:
    """A tick or a cross beside (up and right of) a hex centre, so what is under it stays visible."""

    hex: Hex
    symbol: Literal["tick", "cross"]
    colour: str
