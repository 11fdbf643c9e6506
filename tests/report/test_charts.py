"""Report charts are readable in print: every label at least 8 pt, in the PDF and the HTML's SVG."""

from __future__ import annotations

import re

from reportlab.graphics.shapes import String

from dragon_pnp.paper import mm_to_pt
from dragon_pnp.report.charts import (
    MIN_LABEL_PT,
    BarChart,
    bar_chart_drawing,
    bar_chart_svg,
    column_chart_drawing,
    column_chart_svg,
)
from dragon_pnp.report.view import build_view


def all_charts(report: dict) -> list:
    view = build_view(report)
    charts = [view.duel_chart, view.first_chart, *view.seat_charts]
    # The game's own charts (Dragon Pants: destiny odds, column charts) come in its report sections.
    charts += [chart for section in view.sections for chart in section.charts]
    charts += [chart for config in view.configs for chart in config.charts]
    return [chart for chart in charts if chart is not None]


def strings(node) -> list[String]:
    found = [node] if isinstance(node, String) else []
    for child in getattr(node, "contents", []):
        found += strings(child)
    return found


def test_every_chart_label_is_at_least_eight_points(small_report):
    charts = all_charts(small_report)
    assert any(isinstance(c, BarChart) for c in charts) and any(not isinstance(c, BarChart) for c in charts)
    for chart in charts:
        bar = isinstance(chart, BarChart)
        drawing = bar_chart_drawing(chart) if bar else column_chart_drawing(chart)
        labels = strings(drawing)
        assert labels, chart.title
        for label in labels:
            assert label.fontSize >= MIN_LABEL_PT - 1e-6, (chart.title, label.text, label.fontSize)
        svg = bar_chart_svg(chart) if bar else column_chart_svg(chart)
        sizes = [float(size) for size in re.findall(r'font-size="([0-9.]+)"', svg)]
        assert sizes and min(mm_to_pt(size) for size in sizes) >= MIN_LABEL_PT, chart.title
