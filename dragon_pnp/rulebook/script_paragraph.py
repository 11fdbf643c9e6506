"""A Platypus paragraph that sets right-to-left and CJK text right.

reportlab breaks lines and draws each left to right; it neither reorders right-to-left text
(its own bidi needs `rlbidi`, which is not on PyPI's well-kept list) nor breaks text that has no
spaces unless told. So a paragraph whose first strong letter is right-to-left (Arabic, Hebrew;
joined already by font_runs.with_fallback_fonts) is aligned right, its bullet or number moved to
its right end, and each line reordered into visual order when it is drawn (text_scripts); a
paragraph with ideographs or kana uses reportlab's CJK line breaking, which keeps its kinsoku
rules. Lines are reordered at draw time only, on a copy: a paragraph split across pages is split
on its logical lines, and each part reordered once.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from dragon_pnp.text_scripts import NO_LINE_START, has_wide, starts_rtl, visual_runs

_TAG = re.compile(r"<[^>]*>")


class ScriptParagraph(Paragraph):  # type: ignore[misc]
    """`Paragraph` that reads its own script: right-to-left or CJK as its text says."""

    blPara: Any   # the broken lines, set by Paragraph.wrap

    def __init__(self, text: Any, style: Any = None, bulletText: Any = None, *args: Any, **kwargs: Any) -> None:
        plain = _TAG.sub("", text) if isinstance(text, str) else ""
        self._rtl = starts_rtl(plain)
        self._cjk = has_wide(plain)
        if self._rtl and bulletText:   # the bullet or number at the line's start: its right end
            text = f"{bulletText}\u00a0{text}"
            bulletText = None
        super().__init__(text, style, bulletText, *args, **kwargs)

    @property
    def style(self) -> Any:
        return self._style

    @style.setter
    def style(self, style: Any) -> None:
        """Any style given (at creation, or later: a list's last item gets the list's spacing)
        is adapted to the paragraph's script."""
        if style is not None and getattr(self, "_cjk", False) and style.wordWrap != "CJK":
            style = style.clone(style.name + "-cjk", wordWrap="CJK")
        if style is not None and getattr(self, "_rtl", False) and not style.name.endswith("-rtl"):
            style = style.clone(style.name + "-rtl", alignment=style.alignment if style.alignment == TA_CENTER else TA_RIGHT,
                                leftIndent=style.rightIndent, rightIndent=style.leftIndent, firstLineIndent=0)
        self._style = style

    def breakLinesCJK(self, maxWidths: Any) -> Any:
        """reportlab's CJK lines, with every closing mark that would start a line hung at the end of
        the line before (reportlab hangs one, so "）。" left the full stop to open the next line)."""
        para = super().breakLinesCJK(maxWidths)
        if getattr(para, "kind", 0) == 0:
            _hang_simple(para)
            return para
        lines = para.lines
        for before, line in itertools.pairwise(lines):
            while line.words and before.words and line.words[0].text[:1] in NO_LINE_START:
                first = line.words[0]
                mark = first.text[0]
                width = stringWidth(mark, first.fontName, first.fontSize)
                if first.text[1:]:
                    line.words[0] = first.clone(text=first.text[1:])
                else:
                    del line.words[0]
                last = before.words[-1]
                if (last.fontName, last.fontSize, last.textColor) == (first.fontName, first.fontSize, first.textColor):
                    before.words[-1] = last.clone(text=last.text + mark)
                else:
                    before.words.append(first.clone(text=mark))
                before.extraSpace -= width
                before.currentWidth += width
                line.extraSpace += width
                line.currentWidth -= width
        return para

    def drawPara(self, debug: int = 0) -> None:
        if not self._rtl:
            super().drawPara(debug)
            return
        logical: Any = self.blPara
        self.blPara = _visual(logical)
        try:
            super().drawPara(debug)
        finally:
            self.blPara = logical


def _hang_simple(para: Any) -> None:
    """breakLinesCJK's hanging for a one-style paragraph: lines are (extra space, [text])."""
    lines = para.lines
    for index in range(1, len(lines)):
        space, words = lines[index]
        before_space, before_words = lines[index - 1]
        while words and words[0][:1] in NO_LINE_START and before_words:
            mark = words[0][0]
            width = stringWidth(mark, para.fontName, para.fontSize)
            words = [words[0][1:], *words[1:]] if words[0][1:] else words[1:]
            before_words = [*before_words[:-1], before_words[-1] + mark]
            space, before_space = space + width, before_space - width
        lines[index - 1] = (before_space, before_words)
        lines[index] = (space, words)


def _visual(para: Any) -> Any:
    """A copy of broken lines with each line in visual order (right-to-left paragraph)."""
    if para.kind == 0:
        lines = []
        for space, words in para.lines:
            lines.append((space, ["".join(run for run, _ in visual_runs([(" ".join(words), None)], True))]))
        return para.clone(lines=lines)
    lines = []
    for line in para.lines:
        pieces = [(getattr(frag, "text", ""), frag) for frag in line.words]
        kept = [frag for text, frag in pieces if not text]          # images and other callbacks
        runs = visual_runs([(text, frag) for text, frag in pieces if text], True)
        lines.append(line.clone(words=kept + [frag.clone(text=run) for run, frag in runs]))
    return para.clone(lines=lines)


def draw_line(canvas: Any, x: float, y: float, text: str, font: str, size: float, end: bool = False) -> None:
    """One line of page furniture (a footer naming the translated game, a cut note) at (x, y), or
    ending at x when `end`: joined, in visual order and each run in the face that has its glyphs;
    plain Latin as drawString (the canvas is set to `font` at `size` before and after)."""
    from dragon_pnp.font_runs import line_runs
    from dragon_pnp.text_scripts import has_rtl, shaped

    logical = shaped(text)
    runs = [(name, run) for name, _family, run in line_runs(logical, False, f"page footer {text!r}")]
    if len(runs) == 1 and runs[0][0] == "Vera" and not has_rtl(logical):
        (canvas.drawRightString if end else canvas.drawString)(x, y, text)
        return
    if has_rtl(logical):
        runs = [(name, run) for run, name in visual_runs([(run, name) for name, run in runs], starts_rtl(logical))]
    faced = [(font if name == "Vera" else name, run) for name, run in runs]
    if end:
        x -= sum(stringWidth(run, face, size) for face, run in faced)
    for face, run in faced:
        canvas.setFont(face, size)
        canvas.drawString(x, y, run)
        x += stringWidth(run, face, size)
    canvas.setFont(font, size)
