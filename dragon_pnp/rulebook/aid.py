"""The player aid after `::: player_aid`: a page of its own, or a half-page reference printed twice.

`::: player_aid` sets the aid on one page. `::: player_aid size=half` sets it in two columns on
half the page (landscape half: the page's width, half its height), and the aid page carries two
copies, one above the other, with a dashed cut line between them: one printed page gives two
players their reference, and each half keeps its own margins and label once cut. `::: column`
starts the aid's second column. Whatever the size, an aid that does not fit is a located error
naming how much room it needs, never a second page.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate
from reportlab.platypus.doctemplate import ActionFlowable, FrameBreak, NextFrameFlowable
from reportlab.platypus.doctemplate import LayoutError as ReportlabLayoutError

from dragon_pnp.data import GameData
from dragon_pnp.errors import LayoutError
from dragon_pnp.kit.layouts import PRINTER_MARGIN_MM
from dragon_pnp.paper import mm_to_pt
from dragon_pnp.rulebook.flow import HeadingParagraph, RulesFlow
from dragon_pnp.rulebook.icons import draw_icons
from dragon_pnp.rulebook.markup import Block, Directive
from dragon_pnp.rulebook.placing import PlaceOnly, unwritten
from dragon_pnp.rulebook.script_paragraph import draw_line
from dragon_pnp.rulebook.styles import RULE, Styles, make_styles

PAGE_SCALE = 0.95     # a whole-page aid: the rulebook's type, a little smaller
HALF_SCALE = 0.79     # a half-page aid: 7.6 pt body text, as a reference card's
MIN_AID_PT = 7.5      # no text of an aid smaller (its card table too): read across a table
RAISED_LEADING = 1.13  # a raised style's leading: table rows set tight, so the raised table still fits
SIZES = ("page", "half")
HALF_MARGIN_MM = (11.0, 6.5, 12.0)    # sides, top, bottom (the label sits in the bottom margin)
COLUMN_GAP_MM = 6.0


@dataclass(frozen=True)
class AidLayout:
    """How the aid is set: its size, the type scale and the frame width its text is set to."""

    size: str
    scale: float


def aid_layout(marker: Directive, where: str) -> AidLayout:
    """The layout `::: player_aid [size=page|half]` asks for; another size is a located error."""
    unknown = sorted(set(marker.args) - {"size"})
    if unknown:
        shown = ["(a bare word)" if k == "_" else k for k in unknown]
        raise LayoutError(f"{where}: player_aid: unknown argument {', '.join(shown)}; expected size")
    size = marker.args.get("size", "page")
    if size not in SIZES:
        raise LayoutError(f"{where}: player_aid size={size!r}: expected {' or '.join(SIZES)}")
    return AidLayout(size, HALF_SCALE if size == "half" else PAGE_SCALE)


def half_frames(width: float, height: float, kind: type[Frame] = Frame) -> list[Frame]:
    """Four frames (points): the top copy's two columns, then the bottom copy's."""
    side, top, bottom = (mm_to_pt(v) for v in HALF_MARGIN_MM)
    gap = mm_to_pt(COLUMN_GAP_MM)
    column = (width - 2 * side - gap) / 2
    half = height / 2
    frames = []
    for copy, base in enumerate((half, 0.0)):
        for col in range(2):
            frames.append(kind(side + col * (column + gap), base + bottom, column, half - top - bottom,
                                id=f"aid{copy}{col}", leftPadding=0, rightPadding=0, topPadding=0,
                                bottomPadding=0))
    return frames


def draw_half_page(canvas: Any, width: float, height: float, label: str,
                   note: str = "two to a page: cut on the dashed line") -> None:
    """The dashed cut line across the middle and each copy's label in its bottom margin."""
    side, _, bottom = (mm_to_pt(v) for v in HALF_MARGIN_MM)
    canvas.saveState()
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.6)
    canvas.setDash(4, 3)
    # across the page, but clear of the band home printers cannot reach
    edge = mm_to_pt(PRINTER_MARGIN_MM + 1)
    canvas.line(edge, height / 2, width - edge, height / 2)
    canvas.setDash()
    canvas.setFont("Vera", MIN_AID_PT)
    for base in (height / 2, 0.0):
        y = base + bottom - mm_to_pt(6)
        canvas.line(side, y + mm_to_pt(3.5), width - side, y + mm_to_pt(3.5))
        draw_line(canvas, side, y, label, "Vera", 7)
        draw_line(canvas, width - side, y, note, "Vera", 7, end=True)
    canvas.restoreState()


def aid_story(game: GameData, layout: AidLayout, page: tuple[float, float], frame: tuple[float, float],
              facts: list[Any], rules_file: Path, blocks: list[Block], folder: Path) -> list[Flowable]:
    """The aid's flowables, checked to fit its page (`frame`: the body frame's size, points) or
    half page; a half-page aid twice over, the second copy jumping to the bottom half."""
    if layout.size == "page":
        flow = _copy(game, layout, frame[0], facts, rules_file, blocks, folder, "aid")
        _check_page(flow, *frame, rules_file)
        return flow
    column = half_frames(*page)[0]._width
    first = _copy(game, layout, column, facts, rules_file, blocks, folder, "aid")
    _check_half(first, page, rules_file)
    second = _copy(game, layout, column, facts, rules_file, blocks, folder, "aid-copy")
    for flowable in second:
        if isinstance(flowable, HeadingParagraph):
            flowable.in_outline = False     # the outline lists the aid once
    return [*_copy(game, layout, column, facts, rules_file, blocks, folder, "aid"),
            NextFrameFlowable(2), FrameBreak(), *second]


def aid_styles(scale: float) -> Styles:
    """The rulebook's styles at `scale`, each raised to at least MIN_AID_PT (leading in step):
    scaled down whole, the aid's table cells would print at 6.6 pt."""
    styles = make_styles(scale)
    raised = {}
    for field in fields(styles):
        style: ParagraphStyle = getattr(styles, field.name)
        if style.fontSize < MIN_AID_PT:
            style = style.clone(style.name, fontSize=MIN_AID_PT, leading=MIN_AID_PT * RAISED_LEADING)
        raised[field.name] = style
    return replace(styles, **raised)


def _copy(game: GameData, layout: AidLayout, width: float, facts: list[Any], rules_file: Path, blocks: list[Block],
          folder: Path, prefix: str) -> list[Flowable]:
    flow = RulesFlow(game, aid_styles(layout.scale), width, facts, rules_file, key_prefix=prefix).flowables(blocks)
    draw_icons(flow, game.root, rules_file, folder)
    return flow


def _check_page(flow: list[Flowable], width: float, height: float, rules_file: Path) -> None:
    used = 0.0
    for flowable in flow:
        if isinstance(flowable, ActionFlowable):   # a column break: in a page aid, a second page
            used = height + 1
            break
        _, tall = flowable.wrap(width, height)
        used += tall + flowable.getSpaceBefore() + flowable.getSpaceAfter()
    if used > height:
        raise LayoutError(
            f"{rules_file}: the player aid (after '::: player_aid') needs {used / height:.0%} of a page; "
            "it must fit on one page, so shorten it"
        )


def _check_half(flow: list[Flowable], page: tuple[float, float], rules_file: Path) -> None:
    """Set one copy alone in the top half's two columns, undrawn: a second page means it does not fit."""
    frames = half_frames(*page, kind=PlaceOnly)[:2]
    doc = BaseDocTemplate(io.BytesIO(), pagesize=page, invariant=1)
    unwritten(doc)
    doc.addPageTemplates([PageTemplate("half", frames)])
    try:
        doc.build(list(flow))
    except ReportlabLayoutError:    # one block (a table kept whole) taller than a column
        doc.page = 2
    if doc.page > 1:
        raise LayoutError(
            f"{rules_file}: the player aid (after '::: player_aid size=half') does not fit in the two columns "
            f"of half a page; shorten it, or move '::: column' so each column holds what fits"
        )


def on_half_page(label: str, note: str = "two to a page: cut on the dashed line") -> Callable[[Any, Any], None]:
    """The `onPage` of the half-page aid's page template."""
    def draw(canvas: Any, doc: Any) -> None:
        draw_half_page(canvas, doc.pagesize[0], doc.pagesize[1], label, note)
    return draw
