"""Paragraph and table styles of the rulebook: one place for type sizes, colours and spacing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle

from dragon_pnp.fonts import register_reportlab_fonts

INK = HexColor("#222222")
ACCENT = HexColor("#8a2d1f")   # headings and rules
SHADE = HexColor("#f4efe6")    # boxed notes and table headers
RULE = HexColor("#c9bfae")


@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    bullet: ParagraphStyle
    note: ParagraphStyle
    caption: ParagraphStyle
    cell: ParagraphStyle
    cell_head: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    title_line: ParagraphStyle


def make_styles(scale: float = 1.0) -> Styles:
    """The rulebook's styles; `scale` shrinks everything for the one-page player aid."""
    register_reportlab_fonts()

    def style(name: str, size: float, leading: float, **kw: Any) -> ParagraphStyle:
        # allowWidows=0: a paragraph split over a page carries two lines or more to the next one,
        # never its last line alone (reportlab allows that by default).
        return ParagraphStyle(name, fontName=kw.pop("fontName", "Vera"), fontSize=size * scale,
                              leading=leading * scale, textColor=kw.pop("textColor", INK), allowWidows=0, **kw)

    body = style("body", 9.6, 13.2, spaceAfter=5 * scale)
    return Styles(
        body=body,
        h1=style("h1", 17, 21, fontName="Vera-Bold", textColor=ACCENT, spaceBefore=10 * scale, spaceAfter=6 * scale,
                 keepWithNext=1),
        h2=style("h2", 12.5, 16, fontName="Vera-Bold", textColor=ACCENT, spaceBefore=8 * scale, spaceAfter=4 * scale,
                 keepWithNext=1),
        h3=style("h3", 10.2, 13.5, fontName="Vera-Bold", spaceBefore=5 * scale, spaceAfter=2 * scale,
                 keepWithNext=1),
        bullet=style("bullet", 9.6, 13.2, leftIndent=13 * scale, bulletIndent=3 * scale, spaceAfter=2 * scale,
                     bulletFontName="Vera-Bold", bulletFontSize=9.6 * scale),
        note=style("note", 9.1, 12.4, spaceAfter=3 * scale),
        caption=style("caption", 8, 10, alignment=TA_CENTER, spaceBefore=1, spaceAfter=3),
        cell=style("cell", 8.2, 10.2),
        cell_head=style("cell_head", 8.2, 10.2, fontName="Vera-Bold"),
        title=style("title", 38, 44, fontName="Vera-Bold", textColor=ACCENT, alignment=TA_CENTER),
        subtitle=style("subtitle", 13, 17, fontName="Vera-Italic", alignment=TA_CENTER, spaceAfter=4),
        title_line=style("title_line", 11, 15, alignment=TA_CENTER, spaceAfter=2),
    )
