"""Small line-of-sight pictures for cards: how a card picks its target, drawn on a hex patch.

Built from the shared hex geometry (dragon_pnp.hexgrid), so the picture of a flat or
diagonal line is the same line the rules engine checks. Output is plain shapes in millimetres
for a template to draw; the meaning comes from the card's `target` field in the data.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dragon_pnp.hexgrid import DIAGONALS, DIRECTIONS, Hex, centre, corners, hexagon, scale
from dragon_pnp.hexmap_diagrams.shapes import star_points

# Roles a hex plays in a picture; the template colours them.
PLAIN, LINE, YOU, TARGET = "plain", "line", "you", "target"

# Where each kind of targeting aims its example target on the patch (axial, relative to you).
FLAT_TARGET: Hex = scale(DIRECTIONS[2], 2)        # straight north, through two hex sides
DIAGONAL_TARGET: Hex = DIAGONALS[1]               # up and right, through a hex corner
LABELS = {
    "none": "Never played",
    "self": "Only you",
    "flat_line": "Flat line",
    "diagonal_line": "Diagonal line",
    "any_player": "Any dragon, anywhere",
    "all_others": "Every other dragon",
    "reaction": "Reaction",
}


@dataclass(frozen=True)
class PictureHex:
    points: str
    role: str


@dataclass(frozen=True)
class PictureLine:
    x1: float
    y1: float
    x2: float
    y2: float
    dashed: bool = False
    arrow: bool = True


@dataclass(frozen=True)
class Pictogram:
    hexes: tuple[PictureHex, ...]
    lines: tuple[PictureLine, ...]
    arcs: tuple[str, ...]          # SVG path data for curved strokes (shield, circling arrow)
    heads: tuple[str, ...]         # SVG points of arrowheads at the ends of curved arrows
    star: str | None               # SVG points of a star over your hex (the prize)
    label: str


def pictogram(target: str, reacts_to: list[str], centre_xy: tuple[float, float], radius_mm: float) -> Pictogram:
    """The picture for a card's `target`, centred at `centre_xy`, hexes of corner radius `radius_mm`."""
    ox, oy = centre_xy
    roles: dict[Hex, str] = dict.fromkeys(hexagon(2), PLAIN)
    lines: list[PictureLine] = []
    arcs: list[str] = []
    heads: list[str] = []
    star = None

    def at(h: Hex) -> tuple[float, float]:
        x, y = centre(h, radius_mm)
        return (ox + x, oy + y)

    def line(a: Hex, b: Hex, dashed: bool = False, arrow: bool = True, shorten: float = 0.45) -> None:
        (x1, y1), (x2, y2) = at(a), at(b)
        length = math.hypot(x2 - x1, y2 - y1)
        k = (length - shorten * radius_mm) / length
        lines.append(PictureLine(x1, y1, x1 + (x2 - x1) * k, y1 + (y2 - y1) * k, dashed, arrow))

    if target == "flat_line":
        for d in DIRECTIONS:
            for k in (1, 2):
                roles[scale(d, k)] = LINE
        roles[FLAT_TARGET] = TARGET
        line((0, 0), FLAT_TARGET)
    elif target == "diagonal_line":
        for d in DIAGONALS:
            roles[d] = LINE
        roles[DIAGONAL_TARGET] = TARGET
        line((0, 0), DIAGONAL_TARGET)
    elif target == "any_player":
        far = (2, -1)
        roles[far] = TARGET
        (x1, y1), (x2, y2) = at((0, 0)), at(far)
        bend = radius_mm * 2.2
        control = ((x1 + x2) / 2 - bend * 0.3, min(y1, y2) - bend)
        end = (x2 - radius_mm * 0.2, y2 - radius_mm * 0.55)
        arcs.append(f"M {x1:.3f} {y1 - radius_mm * 0.5:.3f} Q {control[0]:.3f} {control[1]:.3f} {end[0]:.3f} {end[1]:.3f}")
        heads.append(arrowhead(end, (end[0] - control[0], end[1] - control[1]), radius_mm * 0.55))
    elif target == "all_others":
        for h in ((0, -2), (2, 0), (-2, 1), (1, 1)):
            roles[h] = TARGET
            line((0, 0), h)
    elif target == "reaction":
        source = (2, -2)
        roles[source] = TARGET
        line(source, (0, 0), shorten=1.25)
        (sx, sy), (cx, cy) = at(source), at((0, 0))
        angle = math.atan2(sy - cy, sx - cx)
        r = radius_mm * 1.05
        a1, a2 = angle - 0.9, angle + 0.9
        arcs.append(f"M {cx + r * math.cos(a1):.3f} {cy + r * math.sin(a1):.3f} "
                    f"A {r:.3f} {r:.3f} 0 0 1 {cx + r * math.cos(a2):.3f} {cy + r * math.sin(a2):.3f}")
    elif target == "self":
        cx, cy = at((0, 0))
        r = radius_mm * 1.35
        a1, a2 = math.radians(-60), math.radians(220)
        arcs.append(f"M {cx + r * math.cos(a1):.3f} {cy + r * math.sin(a1):.3f} "
                    f"A {r:.3f} {r:.3f} 0 1 1 {cx + r * math.cos(a2):.3f} {cy + r * math.sin(a2):.3f}")
        heads.append(arrowhead((cx + r * math.cos(a2), cy + r * math.sin(a2)), (-math.sin(a2), math.cos(a2)),
                               radius_mm * 0.55))
    elif target == "none":
        cx, cy = at((0, 0))
        # A card never played has no range to show: a large star alone, no hexes.
        star = star_points(cx, cy, radius_mm * 2.2, radius_mm * 0.95)
    roles[(0, 0)] = YOU
    hexes = () if target == "none" else tuple(
        PictureHex(" ".join(f"{ox + x:.3f},{oy + y:.3f}" for x, y in corners(h, radius_mm * 0.94)), role)
        for h, role in roles.items()
    )
    label = LABELS[target]
    if target == "reaction" and reacts_to:
        label = "Reaction to " + _listing(reacts_to)
    return Pictogram(hexes, tuple(lines), tuple(arcs), tuple(heads), star, label)


def arrowhead(tip: tuple[float, float], direction: tuple[float, float], size: float) -> str:
    """A filled triangle pointing along `direction` with its point at `tip`."""
    length = math.hypot(*direction) or 1.0
    ux, uy = direction[0] / length, direction[1] / length
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    half = size * 0.55
    points = [tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]
    return " ".join(f"{x:.3f},{y:.3f}" for x, y in points)


def _listing(words: list[str]) -> str:
    words = [w.replace("_", " ") for w in words]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]

