"""Assemble and write the rulebook PDF: title page, rules, and the one-page player aid.

reportlab's `invariant` mode fixes dates and document ids, so the same data gives the same bytes.
The file is written beside its target and renamed into place, so a failure leaves no half file.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass
from pathlib import Path

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, NextPageTemplate, PageBreak, PageTemplate

from generator.data import GameData
from generator.errors import LayoutError
from generator.paper import mm_to_pt, paper_size_mm
from generator.pdf import with_page_boxes
from generator.rulebook.flow import HeadingParagraph, RulesFlow
from generator.rulebook.markup import Block, Directive, parse
from generator.rulebook.source import render_rules, rules_path
from generator.rulebook.styles import RULE, make_styles
from generator.rulebook.title import title_page

MARGIN_MM = (17.0, 17.0, 18.0, 17.0)  # left, right, top, bottom
AID_SCALE = 0.95


@dataclass(frozen=True)
class Rulebook:
    """A typeset rulebook and the facts tests and reports want about it."""

    pdf: bytes
    pages: int
    aid_pdf: bytes | None


class _Doc(BaseDocTemplate):
    def __init__(self, buffer: io.BytesIO, game: GameData, paper: str):
        width_mm, height_mm = paper_size_mm(paper)
        left, right, top, bottom = MARGIN_MM
        super().__init__(
            buffer, pagesize=(mm_to_pt(width_mm), mm_to_pt(height_mm)),
            leftMargin=mm_to_pt(left), rightMargin=mm_to_pt(right),
            topMargin=mm_to_pt(top), bottomMargin=mm_to_pt(bottom),
            title=f"{game.game.name}: rules", author=", ".join(game.game.designers),
            subject=f"{game.game.name} rulebook", creator="dragon-pnp", invariant=1,
            initialFontName="Vera", initialFontSize=10, initialLeading=12,
        )
        self.game_name = game.game.name
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("title", [frame]),
            PageTemplate("body", [frame], onPage=self._body_page),
            PageTemplate("aid", [frame], onPage=self._aid_page),
        ])
        self._outline_level = -1

    def _footer(self, canvas, text: str) -> None:
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        y = self.bottomMargin - mm_to_pt(6)
        canvas.line(self.leftMargin, y + mm_to_pt(4), self.leftMargin + self.width, y + mm_to_pt(4))
        canvas.setFont("Vera", 7.5)
        canvas.drawString(self.leftMargin, y, text)
        canvas.drawRightString(self.leftMargin + self.width, y, str(canvas.getPageNumber()))
        canvas.restoreState()

    def _body_page(self, canvas, doc) -> None:
        self._footer(canvas, f"{self.game_name} · rules")

    def _aid_page(self, canvas, doc) -> None:
        self._footer(canvas, f"{self.game_name} · player aid (print this page on its own)")

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, HeadingParagraph):
            # Outline levels may not skip (reportlab refuses level 2 straight after level 0).
            level = min(flowable.outline_level, self._outline_level + 1)
            self._outline_level = level
            text = re.sub(r"<[^>]+>", "", flowable.outline_text).replace("&amp;", "&")
            self.canv.bookmarkPage(flowable.outline_key)
            self.canv.addOutlineEntry(text, flowable.outline_key, level=level, closed=level > 0)


def split_aid(blocks: list[Block]) -> tuple[list[Block], list[Block]]:
    """Rules blocks before `::: player_aid`, and the aid's blocks after it."""
    for i, block in enumerate(blocks):
        if isinstance(block, Directive) and block.name == "player_aid":
            return blocks[:i], blocks[i + 1:]
    return blocks, []


def typeset(game: GameData, paper: str = "letter") -> Rulebook:
    """Lay out the whole rulebook (and the aid on its own) into PDF bytes."""
    if paper not in ("letter", "a4"):
        raise LayoutError(f"--paper {paper!r}: expected letter or a4")
    text = render_rules(game)
    rules_file = rules_path(game)
    blocks = parse(text, rules_file.name)
    rules_blocks, aid_blocks = split_aid(blocks)
    presets = game.module.rulebook_facts(game) if game.module is not None else []

    buffer = io.BytesIO()
    doc = _Doc(buffer, game, paper)
    styles = make_styles()
    story: list[Flowable] = title_page(game, styles, doc.width, doc.height)
    story += [NextPageTemplate("body"), PageBreak()]
    story += RulesFlow(game, styles, doc.width, presets, rules_file).flowables(rules_blocks)
    if aid_blocks:
        story += [NextPageTemplate("aid"), PageBreak()]
        story += _aid_story(game, doc, presets, rules_file, aid_blocks)
    doc.build(story)
    pages = doc.page

    aid_pdf = None
    if aid_blocks:
        aid_buffer = io.BytesIO()
        aid_doc = _Doc(aid_buffer, game, paper)
        aid_doc.pageTemplates = [t for t in aid_doc.pageTemplates if t.id == "aid"]
        aid_doc.build(_aid_story(game, aid_doc, presets, rules_file, aid_blocks))
        aid_pdf = aid_buffer.getvalue()
    # Every page carries TrimBox and BleedBox (the page itself), as the kit's other PDFs do.
    title = f"{game.game.name}: rules"
    boxed_aid = with_page_boxes(aid_pdf, title=f"{title}, player aid") if aid_pdf is not None else None
    return Rulebook(with_page_boxes(buffer.getvalue(), title=title), pages, boxed_aid)


def _aid_story(game: GameData, doc: _Doc, presets, rules_file: Path, blocks: list[Block]) -> list[Flowable]:
    """The aid's flowables, checked to fit on one page: an aid that spills over is an error."""
    flow = RulesFlow(game, make_styles(AID_SCALE), doc.width, presets, rules_file, key_prefix="aid").flowables(blocks)
    used = 0.0
    for flowable in flow:
        _, height = flowable.wrap(doc.width, doc.height)
        used += height + flowable.getSpaceBefore() + flowable.getSpaceAfter()
    if used > doc.height:
        raise LayoutError(
            f"{rules_file}: the player aid (after '::: player_aid') needs {used / doc.height:.0%} of a page; "
            "it must fit on one page, so shorten it"
        )
    return flow
