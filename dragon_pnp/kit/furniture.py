"""Sheet furniture drawn straight onto a cairo page: crop and fold marks, cut lines, the page label.

These are a few hundred line segments computed by the imposer, the same on every kit, so they
are drawn with cairo calls in millimetres rather than written as SVG and parsed back (that cost
more than the cards themselves). Designed overlays (poster marks, page titles) stay SVG.
Runs in render workers; `context` is a cairocffi Context on a page in points, y down.
"""

from __future__ import annotations

import math
from typing import Any

from dragon_pnp.kit.sheet import Segment, SheetPage
from dragon_pnp.paper import mm_to_pt

HALO = (1.0, 1.0, 1.0)
INK = (0.0, 0.0, 0.0)
CUT_LINE = (0x3A / 255, 0x3A / 255, 0x3A / 255)
LABEL = (0x55 / 255, 0x55 / 255, 0x55 / 255)
HALO_MM = 0.6          # white under every mark, so marks show over dark bleed
CROP_MM = 0.2
FOLD_MM = 0.25
FOLD_DASH_MM = (0.8, 0.6)
CUT_LINE_MM = 0.18
FOLD_TEXT_MM = 2.2
LABEL_TEXT_MM = 2.4


def draw_marks(context: Any, page: SheetPage) -> None:
    """Everything the imposer put on the page under its overlay: marks and cut lines."""
    context.save()
    context.scale(mm_to_pt(1.0), mm_to_pt(1.0))
    if page.crop_marks:
        _stroke_segments(context, page.crop_marks, HALO, HALO_MM)
        _stroke_segments(context, page.crop_marks, INK, CROP_MM)
    if page.fold_marks:
        _stroke_segments(context, page.fold_marks, HALO, HALO_MM)
        context.set_dash(FOLD_DASH_MM)
        _stroke_segments(context, page.fold_marks, INK, FOLD_MM)
        context.set_dash(())
        for segment in page.fold_marks:
            if segment.a[1] < page.size[1] / 2:
                # Beside the mark, not beyond its end: the mark already reaches the printable edge.
                middle = (segment.a[1] + segment.b[1]) / 2
                _text(context, "fold", segment.a[0] + 0.8, middle + 0.35 * FOLD_TEXT_MM, FOLD_TEXT_MM, INK,
                      anchor="start")
    context.set_source_rgb(*CUT_LINE)
    context.set_line_width(CUT_LINE_MM)
    for outline in page.outlines:
        first, *rest = outline
        context.move_to(*first)
        for point in rest:
            context.line_to(*point)
        context.close_path()
    for (x, y), radius in page.circles:
        context.new_sub_path()
        context.arc(x, y, radius, 0, 2 * math.pi)
    context.stroke()
    context.restore()


def draw_label(context: Any, page: SheetPage) -> None:
    """The page's label, centred on its anchor and turned by its angle (drawn last, on top)."""
    if not page.label or page.label_at is None:
        return
    x, y, degrees = page.label_at
    context.save()
    context.scale(mm_to_pt(1.0), mm_to_pt(1.0))
    if degrees:
        context.translate(x, y)
        context.rotate(math.radians(degrees))
        context.translate(-x, -y)
    _text(context, page.label, x, y, LABEL_TEXT_MM, LABEL)
    context.restore()


def _stroke_segments(context: Any, segments: list[Segment], colour: tuple[float, float, float], width: float) -> None:
    for segment in segments:
        context.move_to(*segment.a)
        context.line_to(*segment.b)
    context.set_source_rgb(*colour)
    context.set_line_width(width)
    context.stroke()


def _text(context: Any, text: str, x: float, baseline: float, size: float, colour: tuple[float, float, float],
          anchor: str = "middle") -> None:
    """One line of text centred on x (or starting at x) with its baseline at `baseline`, as SVG's text-anchor.

    A label naming translated components may hold any script: it is joined and put in visual
    order (text_scripts), and each run drawn in the face that has its glyphs (cairo's toy API
    would draw a box for a glyph its one font lacks)."""
    import cairocffi

    from dragon_pnp.font_runs import line_runs
    from dragon_pnp.text_scripts import has_rtl, shaped, starts_rtl, visual_runs

    context.set_font_options(_print_font_options())
    context.set_font_size(size)
    logical = shaped(text)
    runs = [(family, run) for _font, family, run in line_runs(logical, False, f"page label {text!r}")]
    if has_rtl(logical):
        runs = [(family, run) for run, family in visual_runs([(run, family) for family, run in runs],
                                                            starts_rtl(logical))]
    if len(runs) == 1:   # one face: placed by its ink extents, as always
        context.select_font_face(runs[0][0], cairocffi.FONT_SLANT_NORMAL, cairocffi.FONT_WEIGHT_NORMAL)
        x_bearing, _, width, _, _, _ = context.text_extents(runs[0][1])
        context.move_to(x - (x_bearing + width / 2) if anchor == "middle" else x - x_bearing, baseline)
        context.set_source_rgb(*colour)
        context.show_text(runs[0][1])
        return
    widths = []
    for family, run in runs:
        context.select_font_face(family, cairocffi.FONT_SLANT_NORMAL, cairocffi.FONT_WEIGHT_NORMAL)
        widths.append(context.text_extents(run)[4])
    context.select_font_face(runs[0][0], cairocffi.FONT_SLANT_NORMAL, cairocffi.FONT_WEIGHT_NORMAL)
    x_bearing = context.text_extents(runs[0][1])[0]
    left = x - (x_bearing + sum(widths) / 2) if anchor == "middle" else x - x_bearing
    context.set_source_rgb(*colour)
    for (family, run), width in zip(runs, widths):
        context.select_font_face(family, cairocffi.FONT_SLANT_NORMAL, cairocffi.FONT_WEIGHT_NORMAL)
        context.move_to(left, baseline)
        context.show_text(run)
        left += width


def _print_font_options() -> Any:
    """Unhinted glyph metrics: exact advances, as print wants.

    Left to itself cairo may hint metrics (advances rounded to whole device units, which at
    1 pt units shifts small text by points), and whether it does can depend on what the
    process drew before, so the same job could give different bytes in different workers.
    SVG templates ask cairosvg for the same with text-rendering="geometricPrecision".
    """
    import cairocffi

    options = cairocffi.FontOptions()
    options.set_hint_metrics(cairocffi.HINT_METRICS_OFF)
    options.set_hint_style(cairocffi.HINT_STYLE_NONE)
    return options
