"""Turn parsed rules blocks into Platypus flowables: headings, paragraphs, lists, notes, figures."""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from dragon_pnp.data import GameData
from dragon_pnp.rulebook.directives import DirectiveContext, check_arguments, directive_specs
from dragon_pnp.rulebook.markup import Block, Callout, Directive, Heading, ListBlock, inline_xml
from dragon_pnp.rulebook.markup import Paragraph as TextBlock
from dragon_pnp.rulebook.script_paragraph import ScriptParagraph as Paragraph
from dragon_pnp.rulebook.source import source_line
from dragon_pnp.rulebook.styles import ACCENT, SHADE, Styles


class HeadingParagraph(Paragraph):
    """A heading that also becomes an entry in the PDF's outline (bookmarks)."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, key: str, line: int | None = None):
        super().__init__(text, style)
        self.outline_level = level
        self.outline_key = key
        self.outline_text = text
        self.source_line = line

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        """Never: a heading is one piece (reportlab's split would rebuild it without its outline);
        one taller than a page is reported by the document as an error at its line."""
        return []


class RulesFlow:
    """Lays out one run of blocks with one set of styles and one frame width (points)."""

    def __init__(self, game: GameData, styles: Styles, width: float, facts: list[Any],
                 rules_file: Path, key_prefix: str = "rules", drawn: dict[Hashable, Any] | None = None):
        self.game = game
        self.key_prefix = key_prefix  # bookmark keys must be unique across the whole PDF
        self.styles = styles
        self.width = width
        self.facts = facts  # the rules module's shared rulebook facts, computed once
        self.specs = directive_specs(game)
        self.rules_file = rules_file
        self._headings = 0
        self.drawn = {} if drawn is None else drawn   # the directives' pictures, shared by the rulebook's layouts

    def flowables(self, blocks: list[Block]) -> list[Flowable]:
        out: list[Flowable] = []
        i = 0
        while i < len(blocks):
            block = blocks[i]
            if isinstance(block, Directive):
                ctx = self._context(block)
                spec = check_arguments(self.specs, ctx, block)
                if spec.group is not None:  # a run of this directive renders as one block
                    run: list[tuple[DirectiveContext, Directive]] = []
                    while i < len(blocks):
                        same = blocks[i]
                        if not (isinstance(same, Directive) and same.name == block.name):
                            break
                        ctx = self._context(same)
                        check_arguments(self.specs, ctx, same)
                        run.append((ctx, same))
                        i += 1
                    out.extend(spec.group(run))
                else:
                    out.extend(spec.render(ctx, block))
                    i += 1
                continue
            out.extend(self._block(block))
            i += 1
        return out

    def _block(self, block: Block) -> list[Flowable]:
        s = self.styles
        where = f"{self.rules_file.name}"
        if isinstance(block, Heading):
            self._headings += 1
            style = {1: s.h1, 2: s.h2, 3: s.h3}[block.level]
            return [HeadingParagraph(inline_xml(block.text, where, block.line), style, block.level - 1,
                                     f"{self.key_prefix}-h{self._headings}", block.line)]
        if isinstance(block, TextBlock):
            para = Paragraph(inline_xml(block.text, where, block.line), s.body)
            if block.text.rstrip().endswith(":"):
                para.keepWithNext = True  # it introduces the list or table that follows
            return [para]
        if isinstance(block, ListBlock):
            items = []
            for n, item in enumerate(block.items, start=1):
                bullet = f"{n}." if block.ordered else "•"
                items.append(Paragraph(inline_xml(item, where, block.line), s.bullet, bulletText=bullet))
            items[-1].style = s.bullet  # spacing after the list comes from the next block
            return items + [Spacer(1, 3 * (s.body.fontSize / 9.6))]
        if isinstance(block, Callout):
            return [self._callout(block)]
        raise TypeError(f"unknown block {block!r}")

    def _callout(self, block: Callout) -> Table:
        paragraphs = [Paragraph(inline_xml(p, self.rules_file.name, block.line), self.styles.note)
                      for p in block.paragraphs]
        box = Table([[paragraphs]], colWidths=[self.width])
        box.setStyle(TableStyle([
            ("FONTNAME", (0, 0), (-1, -1), "Vera"),   # not Helvetica, which is never embedded
            ("BACKGROUND", (0, 0), (-1, -1), SHADE),
            ("LINEBEFORE", (0, 0), (0, -1), 2.2, ACCENT),
            ("LEFTPADDING", (0, 0), (-1, -1), 8),
            ("RIGHTPADDING", (0, 0), (-1, -1), 8),
            ("TOPPADDING", (0, 0), (-1, -1), 5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]))
        box.spaceAfter = 6
        box.spaceBefore = 2
        return box

    def _context(self, directive: Directive) -> DirectiveContext:
        line = source_line(self.game, directive.source) if directive.source else None
        where = f"{self.rules_file}:{line}" if line else f"{self.rules_file} (directive {directive.source!r})"
        return DirectiveContext(self.game, self.styles, self.width, self.facts, where, self.drawn)
