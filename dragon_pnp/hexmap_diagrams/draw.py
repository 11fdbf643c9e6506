"""Lower a `BoardScene` to drawing primitives: terrain marks, home numbers, then the overlays.

Every mark has a shape as well as a colour (peaks, waves, star, numbered discs, dashed home rings;
an overlay's own dashes, ticks and crosses), so the diagrams still read in black and white.
"""

from __future__ import annotations

import math

from dragon_pnp.contrast import ink_on
from dragon_pnp.hexmap_diagrams.overlays import Badge, HexLine, HexOutline, Marker, Stroke
from dragon_pnp.hexmap_diagrams.scene import BoardScene, HexCell, HomeMarker
from dragon_pnp.hexmap_diagrams.shapes import Circle, Label, Point, Polygon, Polyline, Shape, star_corners

OUTLINE = "#3d3a36"
PEAK_FILL, PEAK_LINE = "#7d736a", "#2f2a26"
WAVE_LINE = "#2a6796"
STAR_FILL, STAR_LINE = "#e0a800", "#6b4f00"
OUTLINE_INSET = 0.86  # a hex outline sits this far in from the corners, clear of its neighbours' rings


def scene_shapes(scene: BoardScene) -> list[Shape]:
    """All primitives of a scene, back to front."""
    s = scene.hex_size_mm
    shapes: list[Shape] = []
    for cell in scene.cells:
        shapes.append(Polygon(cell.corners, cell.fill, OUTLINE, width_mm=0.06 * s))
    for cell in scene.cells:
        shapes.extend(_terrain_mark(cell, s))
    for home in scene.homes:
        shapes.extend(_home_mark(home, s))
    shapes.extend(_hex_outline(scene, outline) for outline in scene.outlines)
    shapes.extend(_hex_line(scene, line) for line in scene.lines)
    for marker in scene.markers:
        shapes.extend(_marker(scene, marker))
    for badge in scene.badges:
        shapes.extend(_badge(scene, badge))
    shapes.extend(scene.captions)
    return shapes


def _terrain_mark(cell: HexCell, s: float) -> list[Shape]:
    x, y = cell.centre
    if cell.pattern == "peaks":
        big = ((x - 0.55 * s, y + 0.35 * s), (x - 0.05 * s, y - 0.45 * s), (x + 0.45 * s, y + 0.35 * s))
        small = ((x + 0.05 * s, y + 0.35 * s), (x + 0.35 * s, y - 0.15 * s), (x + 0.65 * s, y + 0.35 * s))
        return [Polygon(big, PEAK_FILL, PEAK_LINE, 0.05 * s), Polygon(small, PEAK_FILL, PEAK_LINE, 0.05 * s)]
    if cell.pattern == "waves":
        return [Polyline(_wave(x, y + dy * s, 0.55 * s, 0.09 * s), WAVE_LINE, 0.06 * s)
                for dy in (-0.28, 0.0, 0.28)]
    if cell.pattern == "star":
        return [Polygon(star_corners(x, y, 0.55 * s, 0.23 * s), STAR_FILL, STAR_LINE, 0.05 * s)]
    return []


def _home_mark(home: HomeMarker, s: float) -> list[Shape]:
    x, y = home.centre
    ring = tuple((x + 0.7 * (cx - x), y + 0.7 * (cy - y)) for cx, cy in _hexagon(x, y, s))
    shapes: list[Shape] = [Polygon(ring, None, OUTLINE, 0.04 * s, dash_mm=(0.12 * s, 0.1 * s))]
    if home.seat is not None:
        shapes.append(Circle((x, y), 0.47 * s, "#ffffff", "#000000", 0.06 * s))
        shapes.append(Label((x, y), str(home.seat), 0.62 * s))
    return shapes


def _hex_outline(scene: BoardScene, outline: HexOutline) -> Polygon:
    inset = _inset(scene.corners_of(outline.hex), scene.point(outline.hex), OUTLINE_INSET)
    width, dash = _stroke_mm(outline.stroke, scene.hex_size_mm)
    return Polygon(inset, None, outline.stroke.colour, width, dash_mm=dash)


def _hex_line(scene: BoardScene, line: HexLine) -> Polyline:
    width, dash = _stroke_mm(line.stroke, scene.hex_size_mm)
    return Polyline(tuple(scene.point(h) for h in line.hexes), line.stroke.colour, width, dash_mm=dash)


def _marker(scene: BoardScene, marker: Marker) -> list[Shape]:
    # Small enough that the terrain mark underneath (a mountain's peaks) still shows.
    s = scene.hex_size_mm
    at = scene.point(marker.hex)
    return [Circle(at, 0.33 * s, marker.colour, "#000000", width_mm=0.07 * s),
            Label(at, marker.label, 0.45 * s, fill=ink_on(marker.colour))]   # a letter that reads on its seat colour


def _badge(scene: BoardScene, badge: Badge) -> list[Shape]:
    """A tick or a cross in a white disc, beside the hex centre rather than on it."""
    s = scene.hex_size_mm
    centre_x, centre_y = scene.point(badge.hex)
    x, y = centre_x + 0.55 * s, centre_y - 0.55 * s
    disc = Circle((x, y), 0.45 * s, "#ffffff", badge.colour, 0.06 * s)
    if badge.symbol == "tick":
        tick = ((x - 0.3 * s, y), (x - 0.08 * s, y + 0.25 * s), (x + 0.32 * s, y - 0.3 * s))
        return [disc, Polyline(tick, badge.colour, 0.14 * s)]
    d = 0.3 * s
    return [disc, Polyline(((x - d, y - d), (x + d, y + d)), badge.colour, 0.14 * s),
            Polyline(((x - d, y + d), (x + d, y - d)), badge.colour, 0.14 * s)]


def _stroke_mm(stroke: Stroke, s: float) -> tuple[float, tuple[float, ...] | None]:
    """A stroke's width and dashes in mm on a scene whose hexes have corner radius `s`."""
    return stroke.width * s, (tuple(d * s for d in stroke.dash) if stroke.dash else None)


def _wave(x: float, y: float, half_width: float, amplitude: float, steps: int = 12) -> tuple[Point, ...]:
    return tuple(
        (x - half_width + 2 * half_width * i / steps,
         y + amplitude * math.sin(2 * math.pi * 1.5 * i / steps))
        for i in range(steps + 1)
    )


def _hexagon(x: float, y: float, s: float) -> tuple[Point, ...]:
    return tuple((x + s * math.cos(math.radians(60 * i)), y + s * math.sin(math.radians(60 * i))) for i in range(6))


def _inset(corners: tuple[Point, ...], middle: Point, factor: float) -> tuple[Point, ...]:
    return tuple((middle[0] + factor * (cx - middle[0]), middle[1] + factor * (cy - middle[1])) for cx, cy in corners)
