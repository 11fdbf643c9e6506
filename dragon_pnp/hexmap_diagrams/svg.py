"""Render a scene as an SVG document (user units are millimetres), for cairosvg or the web.

Text uses the bundled Vera family by name; call `dragon_pnp.fonts.use_bundled_fonts_for_cairo()`
before rasterising with cairo.
"""

from __future__ import annotations

from typing import Any

import svgwrite

from dragon_pnp.fonts import SVG_FONT_FAMILY
from dragon_pnp.hexmap_diagrams.draw import scene_shapes
from dragon_pnp.hexmap_diagrams.scene import BoardScene
from dragon_pnp.hexmap_diagrams.shapes import Circle, Label, Point, Polygon, Polyline, Shape


def scene_svg(scene: BoardScene) -> str:
    """The scene as a standalone SVG string, sized in mm with a matching viewBox."""
    w, h = _num(scene.width_mm), _num(scene.height_mm)
    # geometricPrecision: exact glyph advances (cairo otherwise may round them to whole points).
    dwg = svgwrite.Drawing(size=(f"{w}mm", f"{h}mm"), viewBox=f"0 0 {w} {h}", debug=False,
                           **{"text-rendering": "geometricPrecision", "font-family": SVG_FONT_FAMILY})
    for shape in scene_shapes(scene):
        dwg.add(_element(dwg, shape))
    text: str = dwg.tostring()
    return text


def scene_group(scene: BoardScene, dwg: svgwrite.Drawing, x_mm: float = 0.0, y_mm: float = 0.0) -> Any:
    """The scene as a `<g>` placed at (x_mm, y_mm) inside a larger mm-based SVG document."""
    group = dwg.g(transform=f"translate({_num(x_mm)},{_num(y_mm)})")
    for shape in scene_shapes(scene):
        group.add(_element(dwg, shape))
    return group


def _element(dwg: svgwrite.Drawing, shape: Shape) -> Any:
    if isinstance(shape, Polygon):
        return dwg.polygon(_points(shape.points), **_paint(shape.fill, shape.stroke, shape.width_mm, shape.dash_mm))
    if isinstance(shape, Polyline):
        attrs = _paint(None, shape.stroke, shape.width_mm, shape.dash_mm)
        return dwg.polyline(_points(shape.points), stroke_linecap="round", **attrs)
    if isinstance(shape, Circle):
        return dwg.circle(center=(_num(shape.centre[0]), _num(shape.centre[1])), r=_num(shape.radius_mm),
                          **_paint(shape.fill, shape.stroke, shape.width_mm, None))
    if isinstance(shape, Label):
        x, y = shape.baseline
        return dwg.text(shape.text, insert=(_num(x), _num(y)), font_family=SVG_FONT_FAMILY,
                        font_size=_num(shape.size_mm), font_weight="bold" if shape.bold else "normal",
                        fill=shape.fill, text_anchor=shape.anchor)
    raise TypeError(f"unknown shape {shape!r}")


def _paint(fill: str | None, stroke: str | None, width: float, dash: tuple[float, ...] | None) -> dict[str, Any]:
    attrs = {"fill": fill or "none", "stroke": stroke or "none", "stroke_width": _num(width),
             "stroke_linejoin": "round"}
    if dash:
        attrs["stroke_dasharray"] = ",".join(str(_num(d)) for d in dash)
    return attrs


def _points(points: tuple[Point, ...]) -> list[tuple[float, float]]:
    return [(_num(x), _num(y)) for x, y in points]


def _num(value: float) -> float:
    """Round to 1/1000 mm: plenty for print, and keeps the SVG text stable and short."""
    return round(value, 3) + 0.0
