"""The one imposer: puts pieces on pages following a sheet layout (see sheet_layouts.yaml).

Grid layouts fill a page with pieces of one size (dragon_pnp.kit.slots decides how many and
where): each piece keeps its own bleed and a gutter from its neighbours, and crop marks mark
every cut outside each block. With `backs: duplex` every fronts page is followed by its backs
page, mirrored left to right so a long-edge duplex flip lands each back behind its own front;
with `backs: fold` each back sits beside its front, sharing a fold line. Shelf layouts pack
mixed pieces in rows (with `backs: duplex`, mirrored backs pages too). Nothing is drawn
within the layout's `margin_mm` of the paper edge. Millimetres, y down.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from dragon_pnp.data.lang.words import ENGLISH, Phrases
from dragon_pnp.errors import LayoutError
from dragon_pnp.kit.crop_marks import band_crop_marks
from dragon_pnp.kit.faces import Face, Item
from dragon_pnp.kit.layouts import SheetLayout
from dragon_pnp.kit.sheet import Placement, Point, Rect, Segment, SheetPage
from dragon_pnp.kit.slots import SheetPlan, Slot, SlotRules, plan_sheet

LABEL_CLEARANCE_MM = 1.5
LABEL_CAP_MM = 1.8        # the page label's capitals above its baseline
LABEL_DESCENT_MM = 0.6    # and its descenders below
LABEL_ROOM_MM = LABEL_CLEARANCE_MM + LABEL_CAP_MM + LABEL_DESCENT_MM + 0.4   # label and its clearance
MIN_MARK_MM = 2.0         # a crop mark shorter than this is too short to lay a ruler on
SHARED_MARK_MM = 1.5      # shared-cut sheets (a print.yaml choice) make do with shorter marks


@dataclass(frozen=True)
class MarkStyle:
    """Crop mark geometry from the print profile."""

    gap: float
    length: float


def impose(items: list[Item], faces: dict[str, Face], layout: SheetLayout, paper: str, marks: MarkStyle,
           title: str, words: Phrases = ENGLISH) -> list[SheetPage]:
    """Pages for `items` in print order, labelled `title`."""
    if not items:
        return []
    if layout.flow == "shelves":
        return _labelled(_shelves(items, faces, layout, paper, title), title, layout.margin_mm, words)
    return _labelled(_grid(items, faces, layout, paper, marks, title), title, layout.margin_mm, words)


def impose_mixed(grid_items: list[Item], shelf_items: list[Item], faces: dict[str, Face], grid_layout: SheetLayout,
                 shelf_layout: SheetLayout, paper: str, marks: MarkStyle, title: str,
                 words: Phrases = ENGLISH) -> list[SheetPage]:
    """Grid pieces, then shelf pieces of the same stock starting in the strip the grid's last sheet
    leaves free (tokens beside the last aid cards, pawns beside the last tiles), so that sheet is
    not cut for a piece or two while the shelf pieces take a sheet of their own. Shelf pieces that
    do not fit there go on sheets of their own, as `impose` would put them."""
    sheets = _grid(grid_items, faces, grid_layout, paper, marks, title, lone_ok=bool(shelf_items))
    if shelf_items:
        front, back = sheets[-1]
        beside, shelf_items = _beside_last_row(front, shelf_items, faces, shelf_layout)
        if back is None and any(item.back is not None for item, _ in beside):
            back = SheetPage(front.size, shared_cut=front.shared_cut)
        for item, placement in beside:
            front.placements.append(placement)
            assert placement.trim is not None
            if shelf_layout.marks == "outline" or faces[item.front].shape == "circle":
                _cut_line(front, faces[item.front], placement.trim)
            if item.back is not None and back is not None and shelf_layout.backs == "duplex":
                x0, y0, x1, y1 = placement.trim
                page_w = front.size[0]
                back.placements.append(Placement(item.back, page_w - placement.x - placement.width, placement.y,
                                                 placement.width, placement.height, (page_w - x1, y0, page_w - x0, y1)))
        sheets[-1] = (front, back)
        if not shelf_items:
            return _labelled(sheets, title, grid_layout.margin_mm, words)
        top = _ink_bounds(front)[3] + max(shelf_layout.gap_mm, LABEL_CLEARANCE_MM)
        more = _shelves(shelf_items, faces, shelf_layout, paper, title, first_top=top)
        # Rows that fitted below the grid start at `top`; a fresh page's first row starts higher.
        if more and more[0][0].placements and min(p.y for p in more[0][0].placements) >= top - 1e-6:
            shelf_front, shelf_back = more.pop(0)
            front.placements += shelf_front.placements
            front.outlines += shelf_front.outlines
            front.circles += shelf_front.circles
            if shelf_back is not None:
                if back is None:
                    back = SheetPage(front.size, shared_cut=front.shared_cut)
                back.placements += shelf_back.placements
            sheets[-1] = (front, back)
        elif len(sheets[-1][0].placements) == 1:
            # Nothing fitted beside a lone grid piece: impose as two runs, neither leaving one alone.
            return _labelled(_grid(grid_items, faces, grid_layout, paper, marks, title) +
                             _shelves(shelf_items, faces, shelf_layout, paper, title), title, grid_layout.margin_mm, words)
        sheets += more
    return _labelled(sheets, title, grid_layout.margin_mm, words)


def _beside_last_row(page: SheetPage, items: list[Item], faces: dict[str, Face],
                     layout: SheetLayout) -> tuple[list[tuple[Item, Placement]], list[Item]]:
    """Shelf pieces placed in the room right of a grid's partly filled last row (a time track
    beside a lone tile), each top-aligned with that row, in order, skipping those too wide or too
    tall for the room; and the pieces left for the rows below."""
    if not page.placements:
        return [], items
    page_w, page_h = page.size
    row_top = max(p.y for p in page.placements)
    row = [p for p in page.placements if p.y > row_top - 1.0]
    row_bottom = max(p.y + p.height for p in row)
    # the row's crop marks reach past its bleed: the room starts after them too
    marks = [max(s.a[0], s.b[0]) for s in page.crop_marks + page.fold_marks
             if min(s.a[1], s.b[1]) <= row_bottom + 1.0 and max(s.a[1], s.b[1]) >= row_top - 1.0]
    x = max([p.x + p.width for p in row] + marks) + layout.gap_mm
    right = page_w - layout.margin_mm
    bottom = page_h - layout.margin_mm - LABEL_ROOM_MM
    placed: list[tuple[Item, Placement]] = []
    left: list[Item] = []
    for item in items:
        face = faces[item.front]
        w, h = face.size_mm
        if x + w <= right + 1e-6 and row_top + h <= bottom + 1e-6:
            ex, ey = (w - face.trim_mm[0]) / 2, (h - face.trim_mm[1]) / 2
            placed.append((item, Placement(face.key, x, row_top, w, h, (x + ex, row_top + ey, x + w - ex, row_top + h - ey))))
            x += w + layout.gap_mm
        else:
            left.append(item)
    return placed, left


def _labelled(sheets: list[tuple[SheetPage, SheetPage | None]], title: str, margin: float,
              words: Phrases = ENGLISH) -> list[SheetPage]:
    """The sheets' pages in print order, each fronts page followed by its backs page, labelled:
    "TITLE: fronts 2 of 3" and "TITLE: backs 2 of 3 (...)" for two-sided sheets, "TITLE 2 of 3"
    for one-sided ones."""
    pages = []
    for number, (front, back) in enumerate(sheets, start=1):
        count = words.text("words.sheet.count", n=words.number(number), total=words.number(len(sheets))) \
            if len(sheets) > 1 else ""
        _label(front, words.text("words.sheet.fronts", title=title, count=count) if back is not None else f"{title}{count}",
               margin)
        pages.append(front)
        if back is not None:
            _label(back, words.text("words.sheet.backs", title=title, count=count), margin)
            pages.append(back)
    return pages


# --- grids ----------------------------------------------------------------------------------


def fullest_layout(face: Face, layout: SheetLayout, paper: str, marks: MarkStyle) -> SheetLayout:
    """The layout as it will be used for `face`-sized pieces: with shared cuts when it shares them
    only where that puts more pieces on a page and it does (3 x 3 poker cards on Letter, where
    each card's own bleed and gutter leave room for 8), else as it is."""
    if not layout.shared_cut_when_fuller or layout.shared_cut or layout.backs == "fold":
        return layout
    shared = layout.model_copy(update={"shared_cut": True, "shared_cut_when_fuller": False})
    try:
        own = len(grid_plan(face, layout, paper, marks).slots)
    except LayoutError:
        own = 0
    try:
        fuller = len(grid_plan(face, shared, paper, marks).slots) > own
    except LayoutError:
        fuller = False
    return shared if fuller else layout


def grid_plan(face: Face, layout: SheetLayout, paper: str, marks: MarkStyle) -> SheetPlan:
    """Where a full page of `face`-sized pieces goes on `paper` under `layout` (a LayoutError if none fits)."""
    trim_w, trim_h = face.trim_mm
    over_x, over_y = (face.size_mm[0] - trim_w) / 2, (face.size_mm[1] - trim_h) / 2
    spread = (over_x / face.bleed_mm, over_y / face.bleed_mm) if face.bleed_mm else (1.0, 1.0)
    per_cell = 2 if layout.backs == "fold" else 1
    rules = SlotRules(
        cell=(trim_w * per_cell, trim_h), spread=spread, bleed=face.bleed_mm,
        min_bleed=min(layout.min_bleed_mm, face.bleed_mm), gap=layout.gap_mm, margin=layout.margin_mm,
        mark_room=marks.gap + (SHARED_MARK_MM if layout.shared_cut else MIN_MARK_MM) if layout.marks == "crop" else 0.0,
        most=layout.columns * layout.rows, turn=layout.turn and layout.backs != "fold",
        label_room=0.0 if layout.shared_cut else LABEL_ROOM_MM, shared=layout.shared_cut,
        label_side=LABEL_ROOM_MM if layout.shared_cut else 0.0,
    )
    page = layout.page_size(paper)
    plan = plan_sheet(rules, page)
    if plan is None:
        raise LayoutError(
            f"{trim_w * per_cell:g} x {trim_h:g} mm pieces with {rules.min_bleed:g} mm bleed do not fit a "
            f"{page[0]:g} x {page[1]:g} mm page inside its {layout.margin_mm:g} mm margin"
        )
    return plan


def _grid(items: list[Item], faces: dict[str, Face], layout: SheetLayout, paper: str, marks: MarkStyle,
          title: str, lone_ok: bool = False) -> list[tuple[SheetPage, SheetPage | None]]:
    """Sheets of pieces of one size as (fronts page, its backs page or None), not yet labelled;
    the last sheet may hold a lone piece only when `lone_ok` (other pieces will join it)."""
    face = faces[items[0].front]
    sides = [i.front for i in items] + [i.back for i in items if i.back is not None and layout.backs != "none"]
    if any(faces[key].size_mm != face.size_mm or faces[key].trim_mm != face.trim_mm for key in sides):
        raise LayoutError(f"{title}: a grid layout needs pieces of one size")
    layout = fullest_layout(face, layout, paper, marks)
    try:
        plan = grid_plan(face, layout, paper, marks)
    except LayoutError as error:
        raise LayoutError(f"{title}: {error}") from None
    page_w, page_h = layout.page_size(paper)
    trim_w = face.trim_mm[0]
    slots = plan.slots
    per_page = len(slots)
    sheets: list[tuple[SheetPage, SheetPage | None]] = []
    for chunk in _chunks(items, per_page, lone_ok):
        front = SheetPage((page_w, page_h), shared_cut=layout.shared_cut)
        back = SheetPage((page_w, page_h), shared_cut=layout.shared_cut)
        used: list[tuple[Slot, ...]] = []
        for band in plan.bands:
            used.append(tuple(slot for slot in band.slots if slots.index(slot) < len(chunk)))
        for item, slot in zip(chunk, slots):
            if layout.backs == "fold":
                if item.back is None:
                    raise LayoutError(f"{title}: {item.label} has no back to fold")
                x0, y0, _, y1 = slot.trim
                front.placements.append(_placed(faces[item.front], (x0, y0, x0 + trim_w, y1), plan.bleed, sides="ltb"))
                front.placements.append(_placed(faces[item.back], (x0 + trim_w, y0, x0 + 2 * trim_w, y1), plan.bleed,
                                                sides="rtb"))
            else:
                shown = _outer_sides(slot, slots[:len(chunk)]) if layout.shared_cut else "lrtb"
                front.placements.append(_placed(faces[item.front], slot.trim, plan.bleed, turn=90 if slot.turned else 0,
                                                sides=shown))
            if layout.marks == "outline":
                for placement in front.placements[-2 if layout.backs == "fold" else -1:]:
                    assert placement.trim is not None   # placed just above, with its trim
                    _cut_line(front, faces[placement.form], placement.trim)
            if layout.backs == "duplex" and item.back is not None:
                x0, y0, x1, y1 = slot.trim
                mirrored = (page_w - x1, y0, page_w - x0, y1)
                back_sides = shown.translate(str.maketrans("lr", "rl")) if layout.shared_cut else "lrtb"
                back.placements.append(_placed(faces[item.back], mirrored, plan.bleed, turn=270 if slot.turned else 0,
                                                sides=back_sides))
        if layout.marks == "crop":
            for band, band_slots in zip(plan.bands, used):
                if not band_slots:
                    continue
                folds = {round(s.trim[0] + trim_w, 6) for s in band_slots} if layout.backs == "fold" else set()
                front.crop_marks += band_crop_marks([s.trim for s in band_slots], band.zone, marks.gap, marks.length,
                                                    exclude_x=folds)
                if folds:
                    front.fold_marks += band_crop_marks([s.trim for s in band_slots], band.zone, marks.gap,
                                                        marks.length, only_x=folds)
            back.crop_marks = [_mirror(s, page_w) for s in front.crop_marks]
        sheets.append((front, back if back.placements else None))
    return sheets


def _chunks(items: list[Item], per_page: int, lone_ok: bool = False) -> list[list[Item]]:
    """Items a sheet at a time, every sheet full but the last; a last sheet that would carry one
    lone piece takes a second one from the sheet before, so no sheet is cut for a single piece."""
    chunks = [items[start:start + per_page] for start in range(0, len(items), per_page)]
    if len(chunks) > 1 and len(chunks[-1]) == 1 and per_page > 2 and not lone_ok:
        chunks[-1].insert(0, chunks[-2].pop())
    return chunks


def _outer_sides(slot: Slot, filled: list[Slot]) -> str:
    """The page sides (l, r, t, b) of a shared-cut slot that face no filled neighbour: only they show bleed."""
    x0, y0, x1, y1 = slot.trim
    sides = ""
    checks: tuple[tuple[str, Callable[[tuple[float, float, float, float]], bool]], ...] = (("l", lambda t: abs(t[2] - x0) < 1e-6 and t[1] < y1 and t[3] > y0),
                           ("r", lambda t: abs(t[0] - x1) < 1e-6 and t[1] < y1 and t[3] > y0),
                           ("t", lambda t: abs(t[3] - y0) < 1e-6 and t[0] < x1 and t[2] > x0),
                           ("b", lambda t: abs(t[1] - y1) < 1e-6 and t[0] < x1 and t[2] > x0))
    for side, touching in checks:
        if not any(touching(other.trim) for other in filled if other is not slot):
            sides += side
    return sides


def _placed(face: Face, trim: Rect, bleed: float, turn: int = 0, sides: str = "lrtb") -> Placement:
    """The face on `trim` (turned `turn` degrees clockwise), its art clipped to `bleed` past the
    trim on the named sides (l, r, t, b: page sides) and to the trim on the others."""
    x0, y0, x1, y1 = trim
    fw, fh = face.size_mm
    tw, th = face.trim_mm
    if turn in (90, 270):
        fw, fh, tw, th = fh, fw, th, tw
    over_x, over_y = (fw - tw) / 2, (fh - th) / 2
    ratio_x, ratio_y = (over_x / face.bleed_mm, over_y / face.bleed_mm) if face.bleed_mm else (0.0, 0.0)
    reach_x, reach_y = min(over_x, bleed * ratio_x), min(over_y, bleed * ratio_y)
    if face.shape == "hex":
        clip = _hexagon(trim, bleed)
    else:
        clip = _rectangle((x0 - (reach_x if "l" in sides else 0), y0 - (reach_y if "t" in sides else 0),
                           x1 + (reach_x if "r" in sides else 0), y1 + (reach_y if "b" in sides else 0)))
    return Placement(face.key, x0 - over_x, y0 - over_y, fw, fh, trim, clip, rotate=turn)


def _rectangle(rect: Rect) -> tuple[Point, ...]:
    x0, y0, x1, y1 = rect
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _cut_line(page: SheetPage, face: Face, trim: Rect) -> None:
    """A cut line round the piece's trim: a circle for round pieces, else its outline."""
    if face.shape == "circle" and face.outline is None:
        page.circles.append((((trim[0] + trim[2]) / 2, (trim[1] + trim[3]) / 2), (trim[2] - trim[0]) / 2))
    else:
        page.outlines.append(_outline(face, trim))
def _hexagon(trim: Rect, bleed: float) -> tuple[Point, ...]:
    """The flat-topped hexagon lying `bleed` outside every side of the hexagon inscribed in `trim`."""
    x0, y0, x1, y1 = trim
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    radius = (x1 - x0) / 2 + 2 * bleed / math.sqrt(3)
    return tuple((cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
                 for i in range(6))


def _outline(face: Face, trim: Rect) -> tuple[Point, ...]:
    x0, y0, x1, y1 = trim
    if face.outline is not None:
        return tuple((x0 + x, y0 + y) for x, y in face.outline)
    if face.shape == "hex":
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
        return tuple((cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i)))
                     for i in range(6))
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _mirror(segment: Segment, page_w: float) -> Segment:
    return Segment((page_w - segment.a[0], segment.a[1]), (page_w - segment.b[0], segment.b[1]))


def _bounds(rects: list[Rect]) -> Rect:
    return (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects), max(r[3] for r in rects))


def _ink_bounds(page: SheetPage) -> Rect:
    """Everything the imposer drew on the page: art (as clipped) and marks."""
    rects = []
    for p in page.placements:
        if p.clip:
            xs, ys = [x for x, _ in p.clip], [y for _, y in p.clip]
            rects.append((min(xs), min(ys), max(xs), max(ys)))
        else:
            rects.append((p.x, p.y, p.x + p.width, p.y + p.height))
    for s in page.crop_marks + page.fold_marks:
        rects.append((min(s.a[0], s.b[0]), min(s.a[1], s.b[1]), max(s.a[0], s.b[0]), max(s.a[1], s.b[1])))
    return _bounds(rects)


def _label(page: SheetPage, text: str, margin: float) -> None:
    """Put the page label in the widest free strip between the ink and the keep-out band."""
    page_w, page_h = page.size
    x0, y0, x1, y1 = _ink_bounds(page)
    height = LABEL_CAP_MM + LABEL_DESCENT_MM
    strips = [  # (room, anchor x, baseline y, rotation)
        ((page_h - margin) - (y1 + LABEL_CLEARANCE_MM), page_w / 2, page_h - margin - LABEL_DESCENT_MM - 0.2, 0),
        # Above or beside the ink the glyphs' ascent, not just their capitals, must clear the band.
        ((y0 - LABEL_CLEARANCE_MM) - margin, page_w / 2, margin + 0.7 + LABEL_CAP_MM, 0),
        ((x0 - LABEL_CLEARANCE_MM) - margin, margin + 0.7 + LABEL_CAP_MM, page_h / 2, -90),
        ((page_w - margin) - (x1 + LABEL_CLEARANCE_MM), page_w - margin - 0.7 - LABEL_CAP_MM, page_h / 2, 90),
    ]
    room, x, y, turn = max(strips, key=lambda strip: strip[0])
    if room < height:
        raise LayoutError(f"{text}: no room for the page label inside the {margin:g} mm margin")
    page.label = text
    page.label_at = (x, y, turn)


# --- shelves --------------------------------------------------------------------------------


def _shelves(items: list[Item], faces: dict[str, Face], layout: SheetLayout, paper: str,
             title: str, first_top: float | None = None) -> list[tuple[SheetPage, SheetPage | None]]:
    """Mixed pieces left to right in rows, rows top to bottom, each piece with its own bleed, as
    (fronts page, its backs page or None), not yet labelled. The first page's rows start at
    `first_top` mm (below another layout's pieces) when given; a row that does not fit there goes on
    the next page.

    With `backs: duplex` a page holding two-sided pieces is followed by its backs page, each
    back at its front's place mirrored left to right (one-sided pieces leave theirs blank).
    """
    page_w, page_h = layout.page_size(paper)
    margin, gap = layout.margin_mm, layout.gap_mm
    label_room = LABEL_ROOM_MM
    usable_w = page_w - 2 * margin
    usable_h = page_h - 2 * margin - label_room
    duplex = layout.backs == "duplex"
    pages_rows: list[list[list[Item]]] = [[]]
    first_offset = max(0.0, first_top - margin) if first_top is not None else 0.0
    height_used = first_offset
    for item in items:
        face = faces[item.front]
        w, h = face.size_mm
        if w > usable_w or h > usable_h:
            raise LayoutError(f"{title}: {item.label} ({w:.0f} x {h:.0f} mm) does not fit the page")
        if duplex and item.back is not None and faces[item.back].size_mm != face.size_mm:
            raise LayoutError(f"{title}: {item.label} has a back of another size than its front")
        row = pages_rows[-1][-1] if pages_rows[-1] else None
        if row is not None and sum(faces[i.front].size_mm[0] for i in row) + gap * len(row) + w <= usable_w:
            row.append(item)
            continue
        row_h = max(faces[i.front].size_mm[1] for i in row) if row else 0.0
        height_used += row_h + (gap if row else 0)
        if height_used + h > usable_h and (pages_rows[-1] or (len(pages_rows) == 1 and first_offset)):
            pages_rows.append([])
            height_used = 0.0
        pages_rows[-1].append([item])
    sheets: list[tuple[SheetPage, SheetPage | None]] = []
    for number, page_rows in enumerate(pages_rows):
        if not page_rows:
            continue   # nothing fitted below `first_top`: the pieces start on a page of their own
        page = SheetPage((page_w, page_h))
        back = SheetPage((page_w, page_h))
        y = margin + (first_offset if number == 0 else 0.0)
        for row in page_rows:
            row_w = sum(faces[i.front].size_mm[0] for i in row) + gap * (len(row) - 1)
            x = (page_w - row_w) / 2
            row_h = max(faces[i.front].size_mm[1] for i in row)
            for item in row:
                face = faces[item.front]
                w, h = face.size_mm
                ex, ey = (w - face.trim_mm[0]) / 2, (h - face.trim_mm[1]) / 2
                top = y + (row_h - h) / 2
                trim = (x + ex, top + ey, x + w - ex, top + h - ey)
                page.placements.append(Placement(face.key, x, top, w, h, trim))
                if layout.marks == "outline" or (face.shape == "circle" and face.outline is None):
                    _cut_line(page, face, trim)
                if duplex and item.back is not None:
                    back.placements.append(Placement(item.back, page_w - x - w, top, w, h,
                                                     (page_w - trim[2], trim[1], page_w - trim[0], trim[3])))
                x += w + gap
            y += row_h + gap
        sheets.append((page, back if back.placements else None))
    return sheets
