"""Assemble and write the rulebook PDF: title page, rules, and the one-page player aid.

reportlab's `invariant` mode fixes dates and document ids, so the same data gives the same bytes.
The file is written beside its target and renamed into place, so a failure leaves no half file.
"""

from __future__ import annotations

import contextlib
import io
import re
import tempfile
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, NextPageTemplate, PageBreak, PageTemplate
from reportlab.platypus.doctemplate import LayoutError as ReportlabLayoutError

from dragon_pnp.data import GameData
from dragon_pnp.data.components import has_component
from dragon_pnp.errors import LayoutError
from dragon_pnp.games.parts import RulebookPart
from dragon_pnp.kit.text_fit import ICON_TOKEN
from dragon_pnp.paper import mm_to_pt, paper_size_mm
from dragon_pnp.pdf import with_page_boxes
from dragon_pnp.rulebook.aid import aid_layout, aid_story, half_frames, on_half_page
from dragon_pnp.rulebook.flow import HeadingParagraph, RulesFlow
from dragon_pnp.rulebook.icons import draw_icons
from dragon_pnp.rulebook.markup import Block, Directive, Heading, parse
from dragon_pnp.rulebook.placing import PlaceOnly, unwritten
from dragon_pnp.rulebook.script_paragraph import draw_line
from dragon_pnp.rulebook.source import render_rules, rules_path, source_line
from dragon_pnp.rulebook.styles import RULE, make_styles
from dragon_pnp.rulebook.title import title_page

MARGIN_MM = (17.0, 17.0, 18.0, 17.0)  # left, right, top, bottom


@dataclass(frozen=True)
class Rulebook:
    """A typeset rulebook and the facts tests and reports want about it."""

    pdf: bytes
    pages: int
    aid_pdf: bytes | None
    aid_copies: int = 1     # copies of the aid on its page: 2 for a half-page aid
    # The rules without the aid, for print-and-play to put the aid on the cover's back: set only
    # when the rules end on a front, so an aid to cut out would print on the back of rules.
    rules_pdf: bytes | None = None


class _Doc(BaseDocTemplate):
    def __init__(self, buffer: io.BytesIO, game: GameData, paper: str, probe: bool = False):
        width_mm, height_mm = paper_size_mm(paper)
        left, right, top, bottom = MARGIN_MM
        super().__init__(
            buffer, pagesize=(mm_to_pt(width_mm), mm_to_pt(height_mm)),
            leftMargin=mm_to_pt(left), rightMargin=mm_to_pt(right),
            topMargin=mm_to_pt(top), bottomMargin=mm_to_pt(bottom),
            title=f"{game.game.name}: {game.game.phrases.text('words.rules')}", author=", ".join(game.game.designers),
            subject=f"{game.game.name} {game.game.phrases.text('words.rulebook')}", creator="dragon-pnp", invariant=1,
            initialFontName="Vera", initialFontSize=10, initialLeading=12,
        )
        self.game_name = game.game.name
        self.words = game.game.phrases
        frame = (PlaceOnly if probe else Frame)(self.leftMargin, self.bottomMargin, self.width, self.height,
                                                 id="body", leftPadding=0, rightPadding=0, topPadding=0,
                                                 bottomPadding=0)
        if probe:
            unwritten(self)
        self.addPageTemplates([
            PageTemplate("title", [frame]),
            PageTemplate("body", [frame], onPage=self._body_page),
            PageTemplate("aid", [frame], onPage=self._aid_page),
            PageTemplate("aid_half", half_frames(self.pagesize[0], self.pagesize[1], kind=PlaceOnly if probe else Frame),
                         onPage=on_half_page(f"{self.game_name} · {self.words.text('words.player_aid')}",
                                                             self.words.text("words.aid_two_to_a_page"))),
        ])
        self._outline_level = -1

    def _footer(self, canvas: Canvas, text: str) -> None:
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        y = self.bottomMargin - mm_to_pt(6)
        canvas.line(self.leftMargin, y + mm_to_pt(4), self.leftMargin + self.width, y + mm_to_pt(4))
        canvas.setFont("Vera", 7.5)
        draw_line(canvas, self.leftMargin, y, text, "Vera", 7.5)
        canvas.drawRightString(self.leftMargin + self.width, y, str(canvas.getPageNumber()))
        canvas.restoreState()

    def _body_page(self, canvas: Canvas, doc: Any) -> None:
        self._footer(canvas, f"{self.game_name} · {self.words.text('words.rules')}")

    def _aid_page(self, canvas: Canvas, doc: Any) -> None:
        self._footer(canvas, f"{self.game_name} · {self.words.text('words.aid_on_its_own')}")

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        """As reportlab's, but a flowable too large for any page is reported as what it shows."""
        first = flowables[0] if flowables else None
        try:
            super().handle_flowable(flowables)
        except ReportlabLayoutError:
            raise _TooLarge(first, self.height) from None

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, HeadingParagraph) and getattr(flowable, "in_outline", True):
            # Outline levels may not skip (reportlab refuses level 2 straight after level 0).
            level = min(flowable.outline_level, self._outline_level + 1)
            self._outline_level = level
            text = re.sub(r"<[^>]+>", "", ICON_TOKEN.sub("", flowable.outline_text)).replace("&amp;", "&").strip()
            self.canv.bookmarkPage(flowable.outline_key)
            self.canv.addOutlineEntry(text, flowable.outline_key, level=level, closed=level > 0)


def split_aid(blocks: list[Block]) -> tuple[list[Block], list[Block]]:
    """Rules blocks before `::: player_aid`, and the aid's blocks after it."""
    for i, block in enumerate(blocks):
        if isinstance(block, Directive) and block.name == "player_aid":
            return blocks[:i], blocks[i + 1:]
    return blocks, []


def require_sections(game: GameData, blocks: list[Block], rules_file: Path) -> None:
    """A game with rules needs a rulebook with headings and a player aid: a rules.md emptied, cut
    short or missing its `::: player_aid` line is an error, not a thin rulebook and no
    player-aid.pdf. A data-only game, or one whose player aids are cards (an `aid` component),
    needs headings; its aid page is optional (a page repeating the aid cards wastes a sheet)."""
    markers = [b for b in blocks if isinstance(b, Directive) and b.name == "player_aid"]
    if not markers and (game.module is None or has_component(game, "aid")):
        # Its rules still need headings.
        if not any(isinstance(b, Heading) for b in blocks):
            raise LayoutError(f"{rules_file}: the rules have no heading ('# ...'); was the file emptied or cut short?")
        return
    if not markers:
        raise LayoutError(f"{rules_file}: no '::: player_aid' line; the kit's player-aid.pdf is the text after "
                          "that line, so the rules must end with it and the aid (was the file cut short?)")
    if len(markers) > 1:
        line = source_line(game, markers[1].source) if markers[1].source else None
        raise LayoutError(f"{rules_file}{f':{line}' if line else ''}: a second '::: player_aid' line; "
                          "the player aid starts once")
    rules_part, aid_part = split_aid(blocks)
    if not any(isinstance(b, Heading) for b in rules_part):
        raise LayoutError(f"{rules_file}: the rules before '::: player_aid' have no heading ('# ...'); "
                          "was the file emptied or cut short?")
    if not aid_part:
        line = source_line(game, markers[0].source) if markers[0].source else None
        raise LayoutError(f"{rules_file}{f':{line}' if line else ''}: nothing follows '::: player_aid'; "
                          "the player aid needs its text")


def typeset(game: GameData, paper: str = "letter", workdir: Path | None = None) -> Rulebook:
    """Lay out the whole rulebook (and the aid on its own) into PDF bytes. Icons are drawn into
    `workdir` when given (its owner removes it), else into a temporary folder of its own."""
    book = _typeset(game, paper, workdir, drawn=True)
    if book is None:
        raise RuntimeError("a drawn typesetting gave no rulebook")
    return book


def rehearse_typesetting(game: GameData, paper: str = "letter") -> None:
    """Lay out the rulebook and the aid as `typeset` does, undrawn and unwritten: what `validate`
    runs, raising the errors `typeset` would raise (all of them come from making the story and
    laying it out; drawing it raises none) at well under half its cost."""
    _typeset(game, paper, None, drawn=False)


def _typeset(game: GameData, paper: str, workdir: Path | None, drawn: bool) -> Rulebook | None:
    if paper not in ("letter", "a4"):
        raise LayoutError(f"--paper {paper!r}: expected letter or a4")
    text = render_rules(game)
    rules_file = rules_path(game)
    blocks = parse(text, rules_file.name)
    require_sections(game, blocks, rules_file)
    rules_blocks, aid_blocks = split_aid(blocks)
    facts = game.module.part(RulebookPart).facts(game) if game.module is not None else []

    marker = next((b for b in blocks if isinstance(b, Directive) and b.name == "player_aid"), None)
    layout = aid_layout(marker, _located(game, rules_file, marker)) if marker is not None else None
    with contextlib.nullcontext(str(workdir)) if workdir is not None else \
            tempfile.TemporaryDirectory(prefix="dragon-pnp-icons-") as icons:
        folder = Path(icons)
        aid_template = "aid_half" if layout is not None and layout.size == "half" else "aid"
        with_aid = bool(aid_blocks) and layout is not None
        pictures: dict[Hashable, Any] = {}   # the directives' pictures, drawn once for all the layouts below

        def book(blocks: list[Block], title_alone: bool = True, aid: bool = True,
                 probe: bool = not drawn) -> tuple[bytes, int, set[int]]:
            buffer = io.BytesIO()
            doc = _Doc(buffer, game, paper, probe)
            styles = make_styles()
            story: list[Flowable] = title_page(game, styles, doc.width, doc.height)
            story += [NextPageTemplate("body"), PageBreak()] if title_alone else [NextPageTemplate("body")]
            story += RulesFlow(game, styles, doc.width, facts, rules_file, drawn=pictures).flowables(blocks)
            draw_icons(story, game.root, rules_file, folder)
            if with_aid and aid and layout is not None:
                story += [NextPageTemplate(aid_template), PageBreak()]
                story += aid_story(game, layout, doc.pagesize, (doc.width, doc.height), facts, rules_file, aid_blocks,
                                   folder)
            _build(doc, story, rules_file)
            # the rules.md lines of the top-level headings that began a page (seen only undrawn)
            openers = [o for t in doc.pageTemplates for frame in t.frames if isinstance(frame, PlaceOnly)
                       for o in frame.opening]
            begun = {line for key, level, line in openers if key.startswith("rules-") and level == 0 and line is not None}
            return buffer.getvalue(), doc.page, begun

        # An aid to cut out (half pages) wants a front of its own; a whole-page aid may back the
        # last page of rules; without an aid the rules end a sheet, so card fronts follow on a front.
        uncut_aid = with_aid and layout is not None and layout.size != "half"
        def right_parity(pages: int) -> bool:
            return (pages - int(with_aid)) % 2 == int(not uncut_aid)

        # The rules as they come, then begun on the title page's free room, then a new page before
        # a section. Each is laid out undrawn and without the aid (a page of its own after the
        # rules) to learn its count; only the one chosen is drawn. A new page before a section
        # that began a page as the rules came changes nothing (everything before it is the same,
        # and it begins a page either way): that layout is the first's, and is not laid out again.
        points = reflow_points(rules_blocks)
        candidates = [(rules_blocks, True), (rules_blocks, False)] + [(b, True) for b in reflowed(rules_blocks)]
        probed: dict[int, int] = {}
        begun: set[int] = set()

        def probe(i: int) -> int:
            line = rules_blocks[points[i - 2]].line if i >= 2 else None
            if i >= 2 and 0 in probed and line is not None and line in begun:
                probed[i] = probed[0]
                return probed[i]
            _, count, opened = book(*candidates[i], aid=False, probe=True)
            probed[i] = count + int(with_aid)
            if i == 0:
                begun.update(opened)
            return probed[i]

        if not drawn:
            # A rehearsal wants the errors, not the choice: laying the rules out raises the same
            # whichever page they begin on or a section breaks before (a block too large is too
            # large for any page of the frame). The rules once; the aid, alone, below.
            choice = 0
            pdf, pages = b"", probe(0)
        else:
            choice = parity_choice(len(candidates), probe, right_parity)
            pdf, pages, _ = book(*candidates[choice])
        if pages != probed[choice]:   # the aid took other than its one page: choose among them drawn
            choice = parity_choice(len(candidates), lambda i: book(*candidates[i])[1], right_parity)
            pdf, pages, _ = book(*candidates[choice])
        chosen = candidates[choice]
        rules_pdf = None
        if with_aid and not uncut_aid and not right_parity(pages) and drawn:
            rules_pdf = with_page_boxes(book(*chosen, aid=False)[0], title=f"{game.game.name}: rules")

        aid_pdf = None
        if aid_blocks and layout is not None:
            aid_buffer = io.BytesIO()
            aid_doc = _Doc(aid_buffer, game, paper, probe=not drawn)
            aid_doc.pageTemplates = [t for t in aid_doc.pageTemplates if t.id == aid_template]
            _build(aid_doc, aid_story(game, layout, aid_doc.pagesize, (aid_doc.width, aid_doc.height), facts,
                                      rules_file, aid_blocks, folder), rules_file)
            aid_pdf = aid_buffer.getvalue()
    if not drawn:
        return None
    # Every page carries TrimBox and BleedBox (the page itself), as the kit's other PDFs do.
    title = f"{game.game.name}: {game.game.phrases.text('words.rules')}"
    boxed_aid = with_page_boxes(aid_pdf, title=f"{title}, {game.game.phrases.text('words.player_aid')}") if aid_pdf is not None else None
    copies = 2 if layout is not None and layout.size == "half" else 1
    return Rulebook(with_page_boxes(pdf, title=title), pages, boxed_aid, copies, rules_pdf)


MAX_REFLOWS = 2


def parity_choice(count: int, pages: Callable[[int], int], right: Callable[[int], bool]) -> int:
    """The first of `count` layouts (0, 1, ...) whose page count `right` accepts, asking `pages`
    no further than that one; the first layout when none is right (a blank page is better than
    a worse layout)."""
    return next((i for i in range(count) if right(pages(i))), 0)


def reflowed(blocks: list[Block]) -> list[list[Block]]:
    """The rules with a new page before one of their last top-level sections (the last first), at
    most MAX_REFLOWS of them: with the rules begun on the title page, how the typesetter changes
    the page count by one when a whole-file duplex print needs the other parity, instead of a
    blank page. A section already starting a page is left as it is (the break never makes an
    empty page)."""
    return [blocks[:i] + [Directive("pagebreak", line=blocks[i].line)] + blocks[i:] for i in reflow_points(blocks)]


def reflow_points(blocks: list[Block]) -> list[int]:
    """Where `reflowed` puts its new pages, in its order: the indexes of the last top-level headings."""
    tops = [i for i, block in enumerate(blocks) if isinstance(block, Heading) and block.level == 1 and i > 0]
    return list(reversed(tops))[:MAX_REFLOWS]


def _located(game: GameData, rules_file: Path, directive: Directive) -> str:
    line = source_line(game, directive.source) if directive.source else None
    return f"{rules_file}:{line}" if line else str(rules_file)


class _TooLarge(Exception):
    def __init__(self, flowable: Flowable | None, page_height: float):
        self.flowable = flowable
        self.page_height = page_height


def _build(doc: _Doc, story: list[Flowable], rules_file: Path) -> None:
    """Build the PDF; content taller than a page is a LayoutError naming its source."""
    try:
        doc.build(story)
    except _TooLarge as exc:
        raise LayoutError(_too_large(exc.flowable, exc.page_height, rules_file)) from None


def _too_large(flowable: Flowable | None, page_height: float, rules_file: Path) -> str:
    heights = list(getattr(flowable, "_rowHeights", None) or [])
    sources = list(getattr(flowable, "row_sources", None) or [])
    if heights and sources:
        row = max(range(len(heights)), key=lambda i: heights[i])
        if heights[row] > page_height and row < len(sources) and sources[row] is not None:
            return (f"{sources[row]}: this text is too long for the rulebook: its table row needs "
                    f"{heights[row] / page_height:.1f} pages and a row must fit on one; shorten it")
        return (f"{rules_file}: a table of {len(heights) - 1} rows needs {sum(heights) / page_height:.1f} pages "
                "and cannot be split; shorten the text in it")
    if isinstance(flowable, HeadingParagraph):
        line = f":{flowable.source_line}" if flowable.source_line else ""
        return f"{rules_file}{line}: this heading is taller than a page; shorten it"
    kind = type(flowable).__name__ if flowable is not None else "content"
    return f"{rules_file}: a {kind} is taller than a page and cannot be split; make it smaller"
