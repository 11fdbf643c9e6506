"""Wrap card text with real font metrics, shrinking it until it fits its box.

Text that cannot fit even at the profile's minimum size is a LayoutError that names the
card and its data file location: a card is never printed with clipped text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from dragon_pnp.errors import LayoutError, Location
from dragon_pnp.font_runs import line_runs
from dragon_pnp.fonts import register_reportlab_fonts
from dragon_pnp.text_scripts import break_units, shaped

PT_MM = 25.4 / 72.0
# Fonts as reportlab names them; the SVG uses the same files under the family name.
REGULAR = "Vera"
BOLD = "Vera-Bold"
# Where a line may break: any run of white space but the no-break space, which holds a phrase
# like "Damage\u00a0+2" together. Wrapped lines carry a plain space in its place: it measures the
# same, and cairo draws U+00A0 in Vera about a third of an em wider than the space reportlab measures.
NO_BREAK_SPACE = "\u00a0"
_BREAK = re.compile(r"[^\S\u00a0]+")
# An icon named in text, `{fire}`: drawn one em square in the line, measured as ICON_EM of the size.
ICON_TOKEN = re.compile(r"\{([a-z0-9][a-z0-9_-]*)\}")
ICON_EM = 1.1     # the icon's em square and a tenth of an em of air after it


@dataclass(frozen=True)
class FittedText:
    """Lines of text at one size, with the line height, all in millimetres except `size_pt`."""

    lines: tuple[str, ...]
    size_pt: float
    line_height_mm: float

    @property
    def size_mm(self) -> float:
        return self.size_pt * PT_MM

    @property
    def height_mm(self) -> float:
        return self.line_height_mm * len(self.lines)


def text_width_mm(text: str, size_pt: float, bold: bool = False) -> float:
    """Width of `text` at `size_pt`; each `{icon}` counts ICON_EM of the size."""
    register_reportlab_fonts()
    icons = len(ICON_TOKEN.findall(text))
    plain = ICON_TOKEN.sub("", text) if icons else text
    if plain.isascii():
        drawn = stringWidth(plain, BOLD if bold else REGULAR, size_pt)
    else:   # measured as drawn: joined (Arabic), each run in the face that has its characters
        drawn = sum(stringWidth(run, font, size_pt) for font, _family, run in line_runs(shaped(plain), bold))
    width: float = (drawn + icons * ICON_EM * size_pt) * PT_MM
    return width


def icon_names_in(text: str) -> list[str]:
    """The icons a text names, in order."""
    return ICON_TOKEN.findall(text)


def runs(line: str) -> list[tuple[str, str]]:
    """A line as ("text", words) and ("icon", name) pieces, in order."""
    pieces: list[tuple[str, str]] = []
    at = 0
    for match in ICON_TOKEN.finditer(line):
        if match.start() > at:
            pieces.append(("text", line[at:match.start()]))
        pieces.append(("icon", match.group(1)))
        at = match.end()
    if at < len(line):
        pieces.append(("text", line[at:]))
    return pieces


def wrap(text: str, width_mm: float, size_pt: float, bold: bool = False) -> list[str] | None:
    """Greedy word wrap keeping the text's own line breaks and never breaking at a no-break space;
    text without spaces (Chinese, Japanese) breaks between characters, by the kinsoku rules of
    text_scripts.break_units. None when a single unbreakable piece is wider than the box."""
    lines: list[str] = []
    if not text.strip():
        return lines
    for paragraph in text.strip().split("\n"):
        current = ""
        for word in _BREAK.split(paragraph.strip()):
            if not word:
                continue
            for index, unit in enumerate(break_units(word)):
                if text_width_mm(unit, size_pt, bold) > width_mm:
                    return None
                joiner = " " if index == 0 else ""
                trial = f"{current}{joiner}{unit}" if current else unit
                if text_width_mm(trial, size_pt, bold) <= width_mm:
                    current = trial
                else:
                    lines.append(current)
                    current = unit
        lines.append(current)
    return [line.replace(NO_BREAK_SPACE, " ") for line in lines]


def fit_text(
    text: str,
    box_mm: tuple[float, float],
    *,
    largest_pt: float,
    smallest_pt: float,
    where: str,
    location: Location | None = None,
    bold: bool = False,
    leading: float = 1.22,
    step_pt: float = 0.25,
) -> FittedText:
    """The largest size from `largest_pt` down to `smallest_pt` at which `text` fits `box_mm`.

    `where` names the thing being laid out (e.g. 'power card "Fireball" text') for the error.
    """
    width, height = box_mm
    size = largest_pt
    while size >= smallest_pt - 1e-9:
        lines = wrap(text, width, size, bold)
        line_height = size * leading * PT_MM
        if lines is not None and line_height * len(lines) <= height + 1e-9:
            return FittedText(tuple(lines), round(size, 3), line_height)
        size -= step_pt
    needed = f"{width:.1f} x {height:.1f} mm at {smallest_pt:g} pt"
    prefix = f"{location}: " if location else ""
    raise LayoutError(f"{prefix}{where} is too long for its box ({needed}); shorten the text")


def below_size(text: str, fitted: FittedText, box_mm: tuple[float, float], size_pt: float, *,
               bold: bool = False, leading: float = 1.22) -> str | None:
    """When `fitted` is smaller than `size_pt`: what to say, naming the words past what fits at `size_pt`."""
    if fitted.size_pt >= size_pt - 1e-9:
        return None
    words = _BREAK.split(text.strip())
    width, height = box_mm
    kept = 0
    for count in range(len(words), 0, -1):
        lines = wrap(" ".join(words[:count]), width, size_pt, bold)
        if lines is not None and size_pt * leading * PT_MM * len(lines) <= height + 1e-9:
            kept = count
            break
    cut = words[kept:]
    shown = " ".join(cut)
    if len(shown) > 60:
        shown = "..." + shown[-57:]
    return (f"text only fits at {fitted.size_pt:g} pt, below the deck's {size_pt:g} pt: at {size_pt:g} pt the "
            f"last {len(cut)} word{'s do' if len(cut) != 1 else ' does'} not fit (\"{shown}\"); cut them or give the text more room")


def fit_line(text: str, width_mm: float, *, largest_pt: float, smallest_pt: float, where: str,
             location: Location | None = None, bold: bool = True) -> float:
    """The largest size at which a one-line title fits `width_mm`."""
    size = largest_pt
    while size >= smallest_pt - 1e-9:
        if text_width_mm(text, size, bold) <= width_mm:
            return round(size, 3)
        size -= 0.25
    prefix = f"{location}: " if location else ""
    raise LayoutError(f"{prefix}{where} {text!r} is too long for one line at {smallest_pt:g} pt")
