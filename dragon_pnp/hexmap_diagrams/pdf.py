"""Render a scene as a reportlab `Drawing` (vector, fonts embedded), for Platypus or a canvas.

Millimetres become points here and y is flipped, because reportlab's y grows upward.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Circle as RLCircle
from reportlab.graphics.shapes import Drawing, PolyLine, String
from reportlab.graphics.shapes import Polygon as RLPolygon
from reportlab.lib.colors import HexColor

from dragon_pnp.fonts import register_reportlab_fonts
from dragon_pnp.hexmap_diagrams.draw import scene_shapes
from dragon_pnp.hexmap_diagrams.scene import BoardScene
from dragon_pnp.hexmap_diagrams.shapes import Circle, Label, Point, Polygon, Polyline
from dragon_pnp.paper import mm_to_pt


def scene_drawing(scene: BoardScene, width_mm: float | None = None) -> Drawing:
    """A Drawing of the scene, scaled to `width_mm` wide (its natural size when None)."""
    register_reportlab_fonts()
    k = (width_mm / scene.width_mm) if width_mm else 1.0
    height = scene.height_mm

    def pt(p: Point) -> tuple[float, float]:
        return mm_to_pt(p[0] * k), mm_to_pt((height - p[1]) * k)

    def flat(points: tuple[Point, ...]) -> list[float]:
        return [c for p in points for c in pt(p)]

    def dash(d: tuple[float, ...] | None) -> list[float] | None:
        return [mm_to_pt(v * k) for v in d] if d else None

    drawing = Drawing(mm_to_pt(scene.width_mm * k), mm_to_pt(height * k))
    drawing.initialFontName = "Vera"   # else the renderer starts in Helvetica, which is never embedded
    for shape in scene_shapes(scene):
        if isinstance(shape, Polygon):
            drawing.add(RLPolygon(flat(shape.points), fillColor=_colour(shape.fill), strokeColor=_colour(shape.stroke),
                                  strokeWidth=mm_to_pt(shape.width_mm * k), strokeDashArray=dash(shape.dash_mm),
                                  strokeLineJoin=1))
        elif isinstance(shape, Polyline):
            drawing.add(PolyLine(flat(shape.points), strokeColor=_colour(shape.stroke),
                                 strokeWidth=mm_to_pt(shape.width_mm * k), strokeDashArray=dash(shape.dash_mm),
                                 strokeLineCap=1, strokeLineJoin=1))
        elif isinstance(shape, Circle):
            x, y = pt(shape.centre)
            drawing.add(RLCircle(x, y, mm_to_pt(shape.radius_mm * k), fillColor=_colour(shape.fill),
                                 strokeColor=_colour(shape.stroke), strokeWidth=mm_to_pt(shape.width_mm * k)))
        elif isinstance(shape, Label):
            x, y = pt(shape.baseline)
            drawing.add(String(x, y, shape.text, fontName="Vera-Bold" if shape.bold else "Vera",
                               fontSize=mm_to_pt(shape.size_mm * k), fillColor=_colour(shape.fill),
                               textAnchor=shape.anchor))
    return drawing


def _colour(value: str | None) -> HexColor | None:
    return HexColor(value) if value else None
