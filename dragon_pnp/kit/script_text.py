"""Card text in any script, drawn right by cairo: every <text> element of a rendered face gets the
font that has its characters, Arabic joined and right-to-left lines in visual order.

cairosvg draws a <text> element with one font and cairo's toy API, which neither falls back to
another font for a missing glyph (it draws an empty box) nor shapes nor reorders. So each line is
checked here against the faces of font_runs (MissingGlyph, exit 2, for a character none has),
given the face that has all of it, or split into one <text> per face run placed by the same
reportlab metrics the text fitting measured with; a right-to-left line is written in visual order
with `direction="ltr" unicode-bidi="bidi-override"`, so a browser showing the SVG keeps that order
too. Plain ASCII faces (the common case) come back unchanged.
"""

from __future__ import annotations

import html
import re

from reportlab.pdfbase.pdfmetrics import stringWidth

from dragon_pnp.errors import LayoutError
from dragon_pnp.font_runs import line_runs
from dragon_pnp.fonts import FAMILY
from dragon_pnp.text_scripts import has_rtl, shaped, starts_rtl, visual_runs

PT_MM = 25.4 / 72.0
_TEXT = re.compile(r"<text\b([^>]*)>([^<]*)</text>")
_ATTRIBUTE = re.compile(r'\s([a-zA-Z:-]+)="([^"]*)"')


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def script_text(svg: str, where: str = "text") -> str:
    """`svg` with every non-ASCII <text> drawn in the right face, joined and ordered."""
    if svg.isascii():
        return svg
    return _TEXT.sub(lambda match: _one(match.group(1), match.group(2), where), svg)


def _one(attributes: str, content: str, where: str) -> str:
    original = f"<text{attributes}>{content}</text>"
    if content.isascii():
        return original
    logical = shaped(html.unescape(content))
    joined = logical != html.unescape(content)   # Arabic, now in its joined forms
    bold = 'font-weight="bold"' in attributes
    runs = line_runs(logical, bold, f"{where}: {logical.strip()!r}")
    rtl = has_rtl(logical)
    if rtl:
        runs = [(font, family, run) for run, (font, family) in
                visual_runs([(run, (font, family)) for font, family, run in runs], starts_rtl(logical))]
    if len(runs) == 1 and runs[0][1] == FAMILY and not rtl and logical == html.unescape(content):
        return original   # Latin with accents, a dash: the face every SVG asks for draws it as written
    direction = ' direction="ltr" unicode-bidi="bidi-override"' if rtl else ""
    if len(runs) == 1:
        _font, family, run = runs[0]
        attrs = _without(attributes, *_replaced(family, joined)) + f" font-family=\"'{family}'\"" + direction
        return f"<text{attrs}>{_escape(run)}</text>"
    placed = _placed(attributes, runs, direction, joined)
    if placed is None:   # never drawn in one face that lacks some of its glyphs
        raise LayoutError(f"{where}: the line {logical.strip()!r} needs several fonts "
                          f"({', '.join(family for _f, family, _r in runs)}) and its <text> has no numeric "
                          f"x and font-size to place them by; give the element both")
    return placed


def _replaced(family: str, joined: bool = False) -> tuple[str, ...]:
    """Attributes a run's face replaces: its family, and for the fallback faces the slant (Arabic
    and CJK have no italics, and DejaVu Sans Oblique lacks the Arabic letters its upright has);
    in joined (Arabic) text the letter spacing too, which would pull the joined letters apart."""
    spacing = ("letter-spacing",) if joined else ()
    return ("font-family", *spacing) if family == FAMILY else ("font-family", "font-style", *spacing)


def _without(attributes: str, *names: str) -> str:
    return "".join(f' {name}="{value}"' for name, value in _ATTRIBUTE.findall(attributes) if name not in names)


def _placed(attributes: str, runs: list[tuple[str, str, str]], direction: str, joined: bool) -> str | None:
    """One <text> per run, left to right from where the whole line starts (its anchor and x)."""
    found = dict(_ATTRIBUTE.findall(attributes))
    try:
        x = float(found.get("x", "0"))
        size_mm = float(found["font-size"])
        spacing = 0.0 if joined else float(found.get("letter-spacing", "0"))
    except (KeyError, ValueError):
        return None
    size_pt = size_mm / PT_MM
    widths = [stringWidth(run, font, size_pt) * PT_MM + spacing * len(run) for font, _family, run in runs]
    anchor = found.get("text-anchor", "start")
    left = x - (sum(widths) / 2 if anchor == "middle" else sum(widths) if anchor == "end" else 0.0)
    out = []
    for (_font, family, run), width in zip(runs, widths):
        kept = _without(attributes, "x", "text-anchor", *_replaced(family, joined))
        if run.strip():
            out.append(f"<text x=\"{left:.3f}\"{kept} font-family=\"'{family}'\"{direction}>{_escape(run)}</text>")
        left += width
    return "".join(out)
