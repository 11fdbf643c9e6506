"""The rules-check report as a PDF (reportlab Platypus), from the same view as the HTML page.

Invariant mode fixes the dates and document id, so the same report gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any, TypeVar
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from dragon_pnp.fonts import register_reportlab_fonts
from dragon_pnp.paper import mm_to_pt, paper_size_mm
from dragon_pnp.pdf import with_page_boxes
from dragon_pnp.report.charts import BarChart, ColumnChart, bar_chart_drawing, column_chart_drawing
from dragon_pnp.report.view import ReportView
from dragon_pnp.report.view import Table as ViewTable

ChartT = TypeVar("ChartT", BarChart, ColumnChart)

MARGIN_MM = 16.0
CELL_PT = 7.2
ACCENT = colors.HexColor("#4a7bb7")
ALERT = colors.HexColor("#c0392b")
RULE = colors.HexColor("#dddddd")


def _styles() -> dict[str, ParagraphStyle]:
    face = register_reportlab_fonts()
    base = ParagraphStyle("body", fontName=face, fontSize=9.5, leading=12.5)
    return {
        "body": base,
        "title": ParagraphStyle("title", parent=base, fontName="Vera-Bold", fontSize=20, leading=24),
        "subtitle": ParagraphStyle("subtitle", parent=base, textColor=colors.HexColor("#666666")),
        "h2": ParagraphStyle("h2", parent=base, fontName="Vera-Bold", fontSize=14, leading=18, spaceBefore=10,
                             spaceAfter=4, textColor=ACCENT),
        "h3": ParagraphStyle("h3", parent=base, fontName="Vera-Bold", fontSize=10.5, leading=13, spaceBefore=6,
                             spaceAfter=2),
        "note": ParagraphStyle("note", parent=base, fontSize=7.5, leading=9.5, textColor=colors.HexColor("#666666"),
                               spaceAfter=4),
        "cell": ParagraphStyle("cell", parent=base, fontSize=7.2, leading=8.6),
        "cell_right": ParagraphStyle("cell_right", parent=base, fontSize=7.2, leading=8.6, alignment=2),
        "alert": ParagraphStyle("alert", parent=base, textColor=ALERT, fontName="Vera-Bold", fontSize=12, leading=15),
    }


def render_pdf(view: ReportView, paper: str = "letter") -> bytes:
    """The whole report as PDF bytes on the given paper."""
    styles = _styles()
    width_mm, height_mm = paper_size_mm(paper)
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer, pagesize=(mm_to_pt(width_mm), mm_to_pt(height_mm)),
        leftMargin=mm_to_pt(MARGIN_MM), rightMargin=mm_to_pt(MARGIN_MM),
        topMargin=mm_to_pt(MARGIN_MM), bottomMargin=mm_to_pt(MARGIN_MM + 4),
        title=view.title, subject="Simulated rules check", creator="dragon-pnp check", invariant=1,
        initialFontName="Vera", initialFontSize=9.5, initialLeading=12.5,
    )
    text_width_mm = width_mm - 2 * MARGIN_MM
    story: list[Any] = [Paragraph(escape(view.title), styles["title"]), Paragraph(escape(view.subtitle), styles["subtitle"]),
                   Spacer(1, mm_to_pt(4))]
    if view.attention:
        story.append(Paragraph("Needs your attention", styles["alert"]))
        story.append(_numbered(view.attention, styles))
    if view.notes:
        story.append(Paragraph("Worth knowing", styles["h2"]))
        story.append(_numbered(view.notes, styles, bullet=True))
    story.append(Paragraph("What was played", styles["h2"]))
    story.append(_table(ViewTable("", ["Setting", "Value"], [list(row) for row in view.settings]), styles,
                        text_width_mm, numeric=False))
    story.append(Paragraph("Reproduce: " + escape(view.reproduce), styles["note"]))
    story += [PageBreak(), Paragraph("Overview", styles["h2"]), _table(view.overview, styles, text_width_mm),
              Paragraph(escape(view.overview.note), styles["note"])]
    if view.duel:
        block = [Paragraph(escape(view.duel_title), styles["h2"])]
        if view.duel_chart:
            block.append(bar_chart_drawing(_fit(view.duel_chart, text_width_mm)))
        block += [_table(view.duel, styles, text_width_mm), Paragraph(escape(view.duel.note), styles["note"])]
        story.append(KeepTogether(block))
    story.append(Paragraph("Fairness", styles["h2"]))
    if view.first_chart:
        story.append(bar_chart_drawing(_fit(view.first_chart, text_width_mm)))
    for chart in view.seat_charts:
        story.append(KeepTogether([bar_chart_drawing(_fit(chart, text_width_mm))]))
    for section in view.sections:
        story += [CondPageBreak(mm_to_pt(90)), Paragraph(escape(section.title), styles["h2"])]
        for table in section.tables:
            story.append(_table(table, styles, text_width_mm))
            if table.note:
                story.append(Paragraph(escape(table.note), styles["note"]))
        for shown in section.charts:
            if isinstance(shown, BarChart):
                story.append(KeepTogether([bar_chart_drawing(_fit(shown, text_width_mm))]))
            else:
                story.append(KeepTogether([column_chart_drawing(_fit(shown, text_width_mm))]))
    story.append(Paragraph("Data checks", styles["h2"]))
    story += [Paragraph(escape(line), styles["body"]) for line in view.validation]
    story.append(Paragraph("How this was made", styles["h2"]))
    story += [Paragraph(escape(line), styles["body"]) for line in view.method]
    story.append(PageBreak())
    story.append(Paragraph("Every configuration", styles["h2"]))
    for config in view.configs:
        block = [CondPageBreak(mm_to_pt(70)), Paragraph(f"{escape(config.title)} ({config.key})", styles["h3"])]
        for table in config.tables:
            block.append(Paragraph(escape(table.title), styles["body"]))
            block.append(_table(table, styles, text_width_mm))
            if table.note:
                block.append(Paragraph(escape(table.note), styles["note"]))
        story += block
    doc.build(story, onFirstPage=_footer(view), onLaterPages=_footer(view))
    return with_page_boxes(buffer.getvalue(), title=view.title)


def _fit(chart: ChartT, width_mm: float) -> ChartT:
    """The chart at the text width, so PDF charts line up with the tables."""
    from dataclasses import replace

    return replace(chart, width_mm=width_mm)


def _numbered(items: list[str], styles: dict[str, ParagraphStyle], bullet: bool = False) -> ListFlowable:
    return ListFlowable([ListItem(Paragraph(escape(t), styles["body"]), leftIndent=mm_to_pt(6)) for t in items],
                        bulletType="bullet" if bullet else "1", bulletFontName="Vera", bulletFontSize=9,
                        leftIndent=mm_to_pt(6), spaceAfter=mm_to_pt(2))


def _table(table: ViewTable, styles: dict[str, ParagraphStyle], width_mm: float, numeric: bool = True) -> Table:
    """A table in the body font. Short cells stay plain strings (a Paragraph per cell is what makes
    a long report slow to typeset); only cells long enough to need wrapping become Paragraphs."""
    widths = _widths(table, width_mm)
    cell, right = styles["cell"], styles["cell_right"]

    def flow(text: str, column: int, header: bool = False) -> str | Paragraph:
        aligned = right if numeric and column >= table.numeric_from else cell
        if header:
            return Paragraph(f"<b>{escape(text)}</b>", aligned)
        fits = stringWidth(text, "Vera", CELL_PT) <= widths[column] - 6
        return text if fits else Paragraph(escape(text), aligned)

    rows = [[flow(h, i, header=True) for i, h in enumerate(table.header)]]
    rows += [[flow(v, i) for i, v in enumerate(row)] for row in table.rows]
    flowable = Table(rows, repeatRows=1, hAlign="LEFT", colWidths=widths)
    commands = [
        ("FONTNAME", (0, 0), (-1, -1), "Vera"),
        ("FONTSIZE", (0, 0), (-1, -1), CELL_PT),
        ("LEADING", (0, 0), (-1, -1), CELL_PT * 1.2),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#f0f0f0")),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]
    if numeric and table.numeric_from < len(table.header):
        commands.append(("ALIGN", (table.numeric_from, 0), (-1, -1), "RIGHT"))
    flowable.setStyle(TableStyle(commands))
    return flowable


def _widths(table: ViewTable, width_mm: float) -> list[float]:
    """Share the text width by each column's longest text, with a floor so short columns stay legible."""
    def need(i: int) -> int:
        header_word = max(len(word) for word in table.header[i].split() or [""])
        return max([header_word + 3] + [len(row[i]) + 1 for row in table.rows])

    weights = [min(max(need(i), 4), 40) for i in range(len(table.header))]
    total = sum(weights)
    return [mm_to_pt(width_mm * w / total) for w in weights]


def _footer(view: ReportView) -> Callable[[Canvas, Any], None]:
    def draw(canvas: Canvas, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont("Vera", 7)
        canvas.setFillColor(colors.HexColor("#777777"))
        canvas.drawString(doc.leftMargin, mm_to_pt(MARGIN_MM - 4), f"{view.title} - {view.subtitle}")
        canvas.drawRightString(doc.leftMargin + doc.width, mm_to_pt(MARGIN_MM - 4), f"page {doc.page}")
        canvas.restoreState()

    return draw
