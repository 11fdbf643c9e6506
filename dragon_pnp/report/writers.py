"""Write the report as rules-check.html (Jinja2, inline SVG), rules-check.pdf and rules-check.json.

The three replace the previous three as one set (`report_set.py`), so an interrupted or killed
check never leaves a half-written report, or a new report beside an old one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from dragon_pnp.report.charts import BarChart, ColumnChart, bar_chart_svg, column_chart_svg
from dragon_pnp.report.pdf import render_pdf
from dragon_pnp.report.report_set import replace_report_set
from dragon_pnp.report.view import build_view
from dragon_pnp.resources import templates_dir

TEMPLATE = "rules-check.html.j2"
NAMES = {"html": "rules-check.html", "pdf": "rules-check.pdf", "json": "rules-check.json"}


def render_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def render_html(report: dict[str, Any]) -> str:
    env = Environment(loader=FileSystemLoader(templates_dir()), autoescape=select_autoescape(["html", "j2"]),
                      undefined=StrictUndefined, keep_trailing_newline=True, trim_blocks=False)
    env.globals["svg"] = _svg
    return env.get_template(TEMPLATE).render(v=build_view(report))


def _svg(chart: BarChart | ColumnChart) -> Markup:
    """Inline SVG markup (svgwrite escapes every text it holds)."""
    drawn = bar_chart_svg(chart) if isinstance(chart, BarChart) else column_chart_svg(chart)
    return Markup(drawn)


def write_report(report: dict[str, Any], folder: Path, paper: str = "letter") -> dict[str, Path]:
    """All three forms into `folder`; returns their paths by role ("html", "pdf", "json")."""
    folder.mkdir(parents=True, exist_ok=True)
    contents = {
        "json": render_json(report).encode("utf-8"),
        "html": render_html(report).encode("utf-8"),
        "pdf": render_pdf(build_view(report), paper),
    }
    written = replace_report_set(folder, {NAMES[role]: data for role, data in contents.items()})
    return {role: written[NAMES[role]] for role in contents}
