"""Table building blocks for the rulebook, and the generic tables every game may place.

`grid` makes the ruled, shaded-header table every generated table uses; `cell_grid` lays figure
cells out in columns. The generic tables come from the manifest alone: the box's components, a
reference table of any deck's rows, the rules options. Each is sized to the frame width it is given
(points), so the same table fits Letter and A4.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.platypus import Flowable, Table, TableStyle

from dragon_pnp.components.counts import piece_count
from dragon_pnp.data import GameData
from dragon_pnp.data.components import DeckSpec
from dragon_pnp.errors import LayoutError, Location
from dragon_pnp.rulebook.markup import escape_inline, inline_xml
from dragon_pnp.rulebook.script_paragraph import ScriptParagraph as Paragraph
from dragon_pnp.rulebook.styles import RULE, SHADE, Styles

SHORT_TABLE_ROWS = 10  # tables up to this many rows move to the next page whole rather than split
MIN_ROWS_PER_PART = 2  # a split table keeps two body rows or more on each page


class SourcedTable(Table):
    """A table that knows, per row, which data field its text comes from (None: no field).

    The parts of a split table keep their rows' sources, so whichever part does not fit a
    page can still name the field to shorten.
    """

    row_sources: list[Location | None] = []  # noqa: RUF012 - each table is given its own list, never extends this one

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        """As reportlab's, but never a row alone on either side of the break: the break moves up
        a row at a time until two rows or more go over, and a table that would leave fewer than
        two rows at the page foot moves over whole."""
        parts: list[Any] = super().split(availWidth, availHeight)
        while len(parts) == 2 and len(parts[1]._cellvalues) - self.repeatRows < MIN_ROWS_PER_PART:
            kept = len(parts[0]._cellvalues) - self.repeatRows
            if kept <= MIN_ROWS_PER_PART:
                return []
            # room for all but the last row this page held (heights as wrapped for this page)
            room = sum(self._rowHeights[:len(parts[0]._cellvalues) - 1]) + 0.5
            parts = super().split(availWidth, room)
        if len(parts) == 2 and len(parts[0]._cellvalues) - self.repeatRows < MIN_ROWS_PER_PART:
            return []
        if len(parts) == 2:
            first = len(parts[0]._cellvalues)
            parts[0].row_sources = self.row_sources[:first]
            parts[1].row_sources = self.row_sources[:self.repeatRows] + self.row_sources[first:]
        return parts


class WholeTable(SourcedTable):
    """A short table that is never split across pages.

    Unlike wrapping it in KeepTogether, it can still be kept with the heading or the
    introducing sentence before it (Platypus will not chain keepWithNext into a container).
    """

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        return []


def grid(rows: list[list[Flowable | str]], widths: Sequence[float], styles: Styles,
         header: bool = True, sources: Sequence[Location | None] = ()) -> Table:
    """A ruled table with a shaded header row; plain strings become wrapped paragraphs.

    `sources` gives, per body row, the data field its longest text comes from, so a row too
    tall for any page is reported at that field (see document.py).
    """
    body = [[cell if isinstance(cell, Flowable) else Paragraph(inline_xml(str(cell)), styles.cell_head
                                                                if header and r == 0 else styles.cell)
             for cell in row] for r, row in enumerate(rows)]
    kind = WholeTable if len(rows) <= SHORT_TABLE_ROWS else SourcedTable
    table = kind(body, colWidths=list(widths), repeatRows=1 if header else 0, hAlign="LEFT")
    commands = [
        # Cells hold paragraphs, but reportlab sets each cell's font first (Helvetica unless
        # told), and that font would be referenced without being embedded.
        ("FONTNAME", (0, 0), (-1, -1), "Vera"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 2.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    if header:
        commands += [("BACKGROUND", (0, 0), (-1, 0), SHADE), ("LINEBELOW", (0, 0), (-1, 0), 0.9, RULE)]
    table.setStyle(TableStyle(commands))
    table.spaceBefore, table.spaceAfter = 2, 7
    table.row_sources = [None, *sources] if header else list(sources)
    return table


def cell_grid(cells: list[list[Flowable]], width: float, columns: int) -> Table:
    """Lay figure cells (each a list of flowables: a drawing and its caption) out `columns` to a row."""
    rows = [cells[i:i + columns] for i in range(0, len(cells), columns)]
    rows[-1] = rows[-1] + [[] for _ in range(columns - len(rows[-1]))]
    table = Table(rows, colWidths=[width / columns] * columns, hAlign="CENTER", spaceBefore=4, spaceAfter=4)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), "Vera"),   # not Helvetica, which is never embedded
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
    ]))
    return table


def components_table(game: GameData, styles: Styles, width: float) -> Table:
    """One row per component of game.yaml: its name, how many pieces, its description."""
    rows: list[list[Flowable | str]] = [["Component", "Count", "What it is"]]
    manifest = game.game.components
    for component in manifest:
        rows.append([f"**{escape_inline(component.name)}**", str(piece_count(game, component)),
                     escape_inline(component.description) if component.description else _faces(component)])
    sources = [game.locate("game.yaml", "components", i, "description") for i in range(len(manifest))]
    return grid(rows, [0.26 * width, 0.1 * width, 0.64 * width], styles, sources=sources)


def _faces(component: Any) -> str:
    """Tokens and dice say what their faces are when the manifest gives no description."""
    if component.kind == "tokens":
        return ", ".join(f"{face.count} {escape_inline(face.name)}" for face in component.faces)
    if component.kind == "dice":
        return ", ".join(f"{die.count} {escape_inline(die.name)}" for die in component.sets)
    return ""


def option_title(option_id: str) -> str:
    """A variant's name as the table prints it: its id in words ("Damage carries over")."""
    return option_id.replace("_", " ").capitalize()


def variants_table(game: GameData, styles: Styles, width: float) -> Table:
    words = game.game.phrases
    rows: list[list[Flowable | str]] = [[words.text("words.variants.variant"), words.text("words.variants.what_changes"),
                                         words.text("words.variants.standard")]]
    for option_id, option in game.game.rules_options.items():
        title = words.texts.get(f"game.rules_options.{option_id}.title") or option_title(option_id)
        rows.append([f"**{escape_inline(title)}**", escape_inline(option.summary),
                     words.text("words.variants.on" if option.default else "words.variants.off")])
    sources = [game.locate("game.yaml", "rules_options", option_id, "summary") for option_id in game.game.rules_options]
    return grid(rows, [0.3 * width, 0.52 * width, 0.18 * width], styles, sources=sources)


def parse_columns(text: str, where: str) -> list[tuple[str, str]]:
    """`name:Card,count:No.` as (field, heading) pairs; a bare field is its own heading, capitalised."""
    columns = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        field, _, heading = part.partition(":")
        if not field.strip():
            raise LayoutError(f"{where}: table columns: {part!r} has no field name; expected field:Heading")
        columns.append((field.strip(), heading.strip() or field.strip().replace("_", " ").capitalize()))
    if not columns:
        raise LayoutError(f"{where}: table needs columns=\"field:Heading,...\" naming the card fields to show")
    return columns


def rows_table(game: GameData, deck: str, columns: list[tuple[str, str]], styles: Styles, width: float,
               where: str) -> Table:
    """A deck's card rows as a reference table, one row per distinct card, columns as asked.

    Column widths follow the longest text in each column (a count column stays narrow); a field no
    row has is a located error, since the table would print an empty column.
    """
    spec = next(c for c in game.game.components if c.id == deck and isinstance(c, DeckSpec))
    cards = game.rows(deck)
    for field, _ in columns:
        if not any(field in row for row in cards):
            known = ", ".join(sorted({k for row in cards for k in row}))
            raise LayoutError(f"{where}: table deck={deck}: no card has a field {field!r}; its fields are {known}")
    body: list[list[Flowable | str]] = [[heading for _, heading in columns]]   # rules.md markup, not data
    for row in cards:
        cells = [_cell(row.get(field)) for field, _ in columns]
        cells[0] = f"**{cells[0]}**" if cells[0] else cells[0]
        body.append(cells)
    longest = [max(len(str(r[i])) for r in body) for i in range(len(columns))]
    weights = [min(max(n, 4), 60) for n in longest]
    widths = [width * w / sum(weights) for w in weights]
    text_field = max(range(len(columns)), key=lambda i: longest[i])
    sources = [_locate(game, spec.cards, i, columns[text_field][0]) for i in range(len(cards))]
    return grid(body, widths, styles, sources=sources)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(_cell(v) for v in value)
    return escape_inline(str(value))


def _locate(game: GameData, file: str, index: int, field: str) -> Location | None:
    try:
        return game.locate(file, index, field)
    except (KeyError, LookupError):
        return None
