"""The report's charts drawn two ways: inline SVG for the HTML page (svgwrite) and reportlab
Drawings for the PDF, so both show exactly the same figures. The chart models live in
`dragon_pnp.games.report_parts`, where a game's own report sections can build them too.

Sizes are in millimetres like everything else; the SVG uses them as its user units and the
PDF converts them to points at the edge.
"""

from __future__ import annotations

import math
from typing import Any

import svgwrite
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors

from dragon_pnp.fonts import SVG_FONT_FAMILY
from dragon_pnp.games.report_parts import BAR, FLAG, SECOND, Bar, BarChart, ColumnChart
from dragon_pnp.paper import mm_to_pt

__all__ = [
    "BAR",
    "FLAG",
    "SECOND",
    "Bar",
    "BarChart",
    "ColumnChart",
    "bar_chart_drawing",
    "bar_chart_svg",
    "column_chart_drawing",
    "column_chart_svg",
]

INK = "#222222"
MUTED = "#777777"
GRID = "#dddddd"
# Text sizes in mm (the SVG's user units; the PDF sets them at 0.95 of that in points): every
# label at least 8 pt, so a printed report stays readable.
FONT_MM = 3.0
TITLE_MM = 3.6
MIN_LABEL_PT = 8.0
PLOT_TOP_MM = 11.5   # below the title
COLUMN_AXIS_MM = 13.0   # room left of a column chart for its tick labels


# --- SVG ----------------------------------------------------------------------------------


def _svg(width: float, height: float) -> svgwrite.Drawing:
    drawing = svgwrite.Drawing(size=(f"{width}mm", f"{height}mm"), viewBox=f"0 0 {width} {height}",
                               profile="full", debug=False)
    drawing.attribs["font-family"] = SVG_FONT_FAMILY
    drawing.attribs["role"] = "img"
    return drawing


def _text(d: svgwrite.Drawing, x: float, y: float, text: str, size: float = FONT_MM, anchor: str = "start",
          fill: str = INK, weight: str = "normal") -> Any:
    return d.text(text, insert=(round(x, 2), round(y, 2)), font_size=size, text_anchor=anchor, fill=fill,
                  font_weight=weight)


def bar_chart_svg(chart: BarChart) -> str:
    d = _svg(chart.width_mm, chart.height_mm)
    d.set_desc(title=chart.title)
    d.add(_text(d, 1, 4.5, chart.title, TITLE_MM, weight="bold"))
    x0, x1 = chart.label_mm, chart.width_mm - 18.0
    scale = (x1 - x0) / chart.maximum if chart.maximum else 0
    top = PLOT_TOP_MM
    bottom = top + chart.row_mm * len(chart.bars)
    for tick in _ticks(chart.maximum):
        x = x0 + tick * scale
        d.add(d.line((x, top - 1), (x, bottom), stroke=GRID, stroke_width=0.2))
        d.add(_text(d, x, bottom + 3.5, _tick_label(tick, chart.maximum), FONT_MM, "middle", MUTED))
    for i, bar in enumerate(chart.bars):
        y = top + i * chart.row_mm
        colour = FLAG if bar.flagged else BAR
        d.add(_text(d, x0 - 1.5, y + chart.row_mm * 0.62, bar.label, anchor="end"))
        d.add(d.rect((x0, y + 1.0), (max(0.0, bar.value * scale), chart.row_mm - 2.0), fill=colour))
        end = x0 + bar.value * scale
        if bar.low is not None and bar.high is not None:
            mid = y + chart.row_mm / 2
            a, b = x0 + bar.low * scale, x0 + bar.high * scale
            d.add(d.line((a, mid), (b, mid), stroke=INK, stroke_width=0.3))
            for x in (a, b):
                d.add(d.line((x, mid - 1.2), (x, mid + 1.2), stroke=INK, stroke_width=0.3))
            end = max(end, b)
        if bar.note:
            d.add(_text(d, end + 1.5, y + chart.row_mm * 0.62, bar.note, FONT_MM, fill=MUTED))
    if chart.reference is not None:
        x = x0 + chart.reference * scale
        d.add(d.line((x, top - 2), (x, bottom), stroke=FLAG, stroke_width=0.35, stroke_dasharray="1,0.8"))
        if chart.reference_label:
            d.add(_text(d, x + 1, top - 2.3, chart.reference_label, FONT_MM, fill=FLAG))
    text: str = d.tostring()
    return text


def column_chart_svg(chart: ColumnChart) -> str:
    d = _svg(chart.width_mm, chart.height_mm)
    d.set_desc(title=chart.title)
    d.add(_text(d, 1, 4.5, chart.title, TITLE_MM, weight="bold"))
    x0, x1, top, bottom = COLUMN_AXIS_MM, chart.width_mm - 2.0, PLOT_TOP_MM, chart.height_mm - 7.0
    peak = chart.maximum or max((v for _, _, values in chart.series for v in values), default=1.0) or 1.0
    slot = (x1 - x0) / max(1, len(chart.categories))
    width = slot * 0.8 / max(1, len(chart.series))
    for tick in _ticks(peak):
        y = bottom - tick / peak * (bottom - top)
        d.add(d.line((x0, y), (x1, y), stroke=GRID, stroke_width=0.2))
        d.add(_text(d, x0 - 1, y + 0.8, _tick_label(tick, peak), FONT_MM, "end", MUTED))
    for s, (_, colour, values) in enumerate(chart.series):
        for i, value in enumerate(values):
            h = value / peak * (bottom - top)
            d.add(d.rect((x0 + i * slot + slot * 0.1 + s * width, bottom - h), (width, h), fill=colour))
    for i, category in enumerate(chart.categories):
        if i % chart.tick_every == 0:
            d.add(_text(d, x0 + (i + 0.5) * slot, bottom + 3.2, category, FONT_MM, "middle", MUTED))
    for s, (name, colour, _) in enumerate(chart.series):
        x = x0 + 2 + s * 45
        d.add(d.rect((x, top - 3.6), (2.5, 2.5), fill=colour))
        d.add(_text(d, x + 3.5, top - 1.4, name, FONT_MM))
    text: str = d.tostring()
    return text


# --- reportlab ------------------------------------------------------------------------------


def _pt(x_mm: float) -> float:
    return mm_to_pt(x_mm)


def _drawing(width_mm: float, height_mm: float, font: str) -> Drawing:
    """A Drawing whose renderer starts in our font, so no standard Helvetica slips into the PDF."""
    d = Drawing(_pt(width_mm), _pt(height_mm))
    d.initialFontName = font
    return d


class _MmDrawing:
    """A reportlab Drawing addressed in millimetres from the top-left, as the SVG charts are."""

    def __init__(self, width_mm: float, height_mm: float, font: str):
        self.drawing = _drawing(width_mm, height_mm, font)
        self.height_mm = height_mm
        self.font = font

    def y(self, y_mm: float) -> float:
        return _pt(self.height_mm - y_mm)

    def text(self, x: float, y: float, s: str, size: float = FONT_MM, anchor: str = "start",
             fill: str = INK, face: str | None = None) -> None:
        self.drawing.add(String(_pt(x), self.y(y), s, fontName=face or self.font, fontSize=_pt(size) * 0.95,
                                textAnchor=anchor, fillColor=colors.HexColor(fill)))


def bar_chart_drawing(chart: BarChart, font: str = "Vera") -> Drawing:
    """The same bar chart as a reportlab Drawing (y grows upwards, so rows are flipped)."""
    w, h = chart.width_mm, chart.height_mm
    canvas = _MmDrawing(w, h, font)
    d, y_of, text = canvas.drawing, canvas.y, canvas.text

    text(1, 4.5, chart.title, TITLE_MM, face=f"{font}-Bold")
    x0, x1 = chart.label_mm, w - 18.0
    scale = (x1 - x0) / chart.maximum if chart.maximum else 0
    top = PLOT_TOP_MM
    bottom = top + chart.row_mm * len(chart.bars)
    for tick in _ticks(chart.maximum):
        x = x0 + tick * scale
        d.add(Line(_pt(x), y_of(top - 1), _pt(x), y_of(bottom), strokeColor=colors.HexColor(GRID), strokeWidth=_pt(0.2)))
        text(x, bottom + 3.5, _tick_label(tick, chart.maximum), FONT_MM, "middle", MUTED)
    for i, bar in enumerate(chart.bars):
        y = top + i * chart.row_mm
        colour = colors.HexColor(FLAG if bar.flagged else BAR)
        text(x0 - 1.5, y + chart.row_mm * 0.62, bar.label, anchor="end")
        d.add(Rect(_pt(x0), y_of(y + chart.row_mm - 1.0), _pt(max(0.0, bar.value * scale)), _pt(chart.row_mm - 2.0),
                   fillColor=colour, strokeColor=None))
        end = x0 + bar.value * scale
        if bar.low is not None and bar.high is not None:
            mid = y + chart.row_mm / 2
            a, b = x0 + bar.low * scale, x0 + bar.high * scale
            ink = colors.HexColor(INK)
            d.add(Line(_pt(a), y_of(mid), _pt(b), y_of(mid), strokeColor=ink, strokeWidth=_pt(0.3)))
            for x in (a, b):
                d.add(Line(_pt(x), y_of(mid - 1.2), _pt(x), y_of(mid + 1.2), strokeColor=ink, strokeWidth=_pt(0.3)))
            end = max(end, b)
        if bar.note:
            text(end + 1.5, y + chart.row_mm * 0.62, bar.note, FONT_MM, fill=MUTED)
    if chart.reference is not None:
        x = x0 + chart.reference * scale
        d.add(Line(_pt(x), y_of(top - 2), _pt(x), y_of(bottom), strokeColor=colors.HexColor(FLAG),
                   strokeWidth=_pt(0.35), strokeDashArray=[_pt(1), _pt(0.8)]))
        if chart.reference_label:
            text(x + 1, top - 2.3, chart.reference_label, FONT_MM, fill=FLAG)
    return d


def column_chart_drawing(chart: ColumnChart, font: str = "Vera") -> Drawing:
    w, h = chart.width_mm, chart.height_mm
    canvas = _MmDrawing(w, h, font)
    d, y_of, text = canvas.drawing, canvas.y, canvas.text

    text(1, 4.5, chart.title, TITLE_MM, face=f"{font}-Bold")
    x0, x1, top, bottom = COLUMN_AXIS_MM, w - 2.0, PLOT_TOP_MM, h - 7.0
    peak = chart.maximum or max((v for _, _, values in chart.series for v in values), default=1.0) or 1.0
    slot = (x1 - x0) / max(1, len(chart.categories))
    width = slot * 0.8 / max(1, len(chart.series))
    for tick in _ticks(peak):
        y = bottom - tick / peak * (bottom - top)
        d.add(Line(_pt(x0), y_of(y), _pt(x1), y_of(y), strokeColor=colors.HexColor(GRID), strokeWidth=_pt(0.2)))
        text(x0 - 1, y + 0.8, _tick_label(tick, peak), FONT_MM, "end", MUTED)
    for s, (_, colour, values) in enumerate(chart.series):
        for i, value in enumerate(values):
            bar_h = value / peak * (bottom - top)
            d.add(Rect(_pt(x0 + i * slot + slot * 0.1 + s * width), y_of(bottom), _pt(width), _pt(bar_h),
                       fillColor=colors.HexColor(colour), strokeColor=None))
    for i, category in enumerate(chart.categories):
        if i % chart.tick_every == 0:
            text(x0 + (i + 0.5) * slot, bottom + 3.2, category, FONT_MM, "middle", MUTED)
    for s, (name, colour, _) in enumerate(chart.series):
        x = x0 + 2 + s * 45
        d.add(Rect(_pt(x), y_of(top - 1.1), _pt(2.5), _pt(2.5), fillColor=colors.HexColor(colour), strokeColor=None))
        text(x + 3.5, top - 1.4, name, FONT_MM)
    return d


# --- axes -----------------------------------------------------------------------------------


def _ticks(maximum: float) -> list[float]:
    """Four or five round gridline values from 0 to `maximum`."""
    if maximum <= 0:
        return [0.0]
    raw = maximum / 4
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw * 0.999)
    ticks, value = [], 0.0
    while value <= maximum + 1e-9:
        ticks.append(round(value, 10))
        value += step
    return ticks


def _tick_label(value: float, maximum: float) -> str:
    if maximum <= 1.0:
        return f"{100 * value:.0f} %"
    return f"{value:g}"
