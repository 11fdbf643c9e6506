"""Lower a `BoardScene` to drawing primitives: terrain marks, den numbers, dragons, sight lines.

Every mark has a shape as well as a colour (peaks, waves, star, numbered discs, solid or dashed
lines, ticks and crosses), so the diagrams still read when printed in black and white.
"""

from __future__ import annotations

import math

from generator.games.dragon_pants.diagrams.scene import BoardScene, DenMarker, HexCell, SightLine
from generator.games.dragon_pants.diagrams.shapes import Circle, Label, Point, Polygon, Polyline, Shape

OUTLINE = "#3d3a36"
PEAK_FILL, PEAK_LINE = "#7d736a", "#2f2a26"
WAVE_LINE = "#2a6796"
STAR_FILL, STAR_LINE = "#e0a800", "#6b4f00"
CLEAR_LINE = "#1d7a3c"
BLOCKED_LINE = "#c0392b"
FLANK_LINE = "#5a5a5a"


def scene_shapes(scene: BoardScene) -> list[Shape]:
    """All primitives of a scene, back to front."""
    s = scene.hex_size_mm
    shapes: list[Shape] = []
    for cell in scene.cells:
        shapes.append(Polygon(cell.corners, cell.fill, OUTLINE, width_mm=0.06 * s))
    for cell in scene.cells:
        shapes.extend(_terrain_mark(cell, s))
    for den in scene.dens:
        shapes.extend(_den_mark(den, s))
    for line in scene.sight_lines:
        shapes.extend(_line_hexes(scene, line))
    for line in scene.sight_lines:
        shapes.extend(_sight_line(line, s))
    for dragon in scene.dragons:
        # Small enough that the terrain mark underneath (a mountain's peaks) still shows.
        shapes.append(Circle(dragon.centre, 0.33 * s, dragon.colour, "#000000", width_mm=0.07 * s))
        shapes.append(Label(dragon.centre, dragon.label, 0.45 * s, fill="#ffffff"))
    for line in scene.sight_lines:
        shapes.extend(_verdict_mark(line, s))
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
        return [Polygon(_star(x, y, 0.55 * s, 0.23 * s), STAR_FILL, STAR_LINE, 0.05 * s)]
    return []


def _den_mark(den: DenMarker, s: float) -> list[Shape]:
    x, y = den.centre
    ring = tuple((x + 0.7 * (cx - x), y + 0.7 * (cy - y)) for cx, cy in _hexagon(x, y, s))
    shapes: list[Shape] = [Polygon(ring, None, OUTLINE, 0.04 * s, dash_mm=(0.12 * s, 0.1 * s))]
    if den.seat is not None:
        shapes.append(Circle((x, y), 0.47 * s, "#ffffff", "#000000", 0.06 * s))
        shapes.append(Label((x, y), str(den.seat), 0.62 * s))
    return shapes


def _line_hexes(scene: BoardScene, line: SightLine) -> list[Shape]:
    """Outline the hexes the rules look at: solid for 'between', dotted for diagonal flanks."""
    s = scene.hex_size_mm
    colour = CLEAR_LINE if line.check.verdict == "clear" else BLOCKED_LINE
    shapes: list[Shape] = []
    for hex_ in line.check.flanks:
        inset = _inset(scene.corners_of(hex_), scene.point(hex_), 0.86)
        shapes.append(Polygon(inset, None, FLANK_LINE, 0.05 * s, dash_mm=(0.06 * s, 0.08 * s)))
    for hex_ in line.check.between:
        inset = _inset(scene.corners_of(hex_), scene.point(hex_), 0.86)
        shapes.append(Polygon(inset, None, colour, 0.09 * s))
    return shapes


def _sight_line(line: SightLine, s: float) -> list[Shape]:
    width = 0.13 * s
    dash = (0.35 * s, 0.2 * s)
    verdict = line.check.verdict
    if verdict == "clear":
        return [Polyline((line.start, line.end), CLEAR_LINE, width)]
    if verdict == "blocked" and line.blocker is not None:
        return [Polyline((line.start, line.blocker), BLOCKED_LINE, width),
                Polyline((line.blocker, line.end), BLOCKED_LINE, width, dash_mm=dash)]
    return [Polyline((line.start, line.end), BLOCKED_LINE, width, dash_mm=dash)]


def _verdict_mark(line: SightLine, s: float) -> list[Shape]:
    """A tick beside a target that can be hit; a cross on whatever stops the line."""
    verdict = line.check.verdict
    if verdict == "clear":
        x, y = line.end[0] + 0.55 * s, line.end[1] - 0.55 * s
        tick = ((x - 0.3 * s, y), (x - 0.08 * s, y + 0.25 * s), (x + 0.32 * s, y - 0.3 * s))
        return [Circle((x, y), 0.45 * s, "#ffffff", CLEAR_LINE, 0.06 * s), Polyline(tick, CLEAR_LINE, 0.14 * s)]
    # Beside, not on, what stops the line, so the mountain or dragon under it stays visible.
    at = line.blocker if (verdict == "blocked" and line.blocker) else line.end
    x, y = at[0] + 0.55 * s, at[1] - 0.55 * s
    d = 0.3 * s
    return [Circle((x, y), 0.45 * s, "#ffffff", BLOCKED_LINE, 0.06 * s),
            Polyline(((x - d, y - d), (x + d, y + d)), BLOCKED_LINE, 0.14 * s),
            Polyline(((x - d, y + d), (x + d, y - d)), BLOCKED_LINE, 0.14 * s)]


def _wave(x: float, y: float, half_width: float, amplitude: float, steps: int = 12) -> tuple[Point, ...]:
    return tuple(
        (x - half_width + 2 * half_width * i / steps,
         y + amplitude * math.sin(2 * math.pi * 1.5 * i / steps))
        for i in range(steps + 1)
    )


def _star(x: float, y: float, outer: float, inner: float) -> tuple[Point, ...]:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(-90 + 36 * i)
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return tuple(points)


def _hexagon(x: float, y: float, s: float) -> tuple[Point, ...]:
    return tuple((x + s * math.cos(math.radians(60 * i)), y + s * math.sin(math.radians(60 * i))) for i in range(6))


def _inset(corners: tuple[Point, ...], middle: Point, factor: float) -> tuple[Point, ...]:
    return tuple((middle[0] + factor * (cx - middle[0]), middle[1] + factor * (cy - middle[1])) for cx, cy in corners)
