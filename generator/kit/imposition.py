"""The one imposer: puts pieces on pages following a sheet layout (see sheet_layouts.yaml).

Grid layouts centre a block of equal pieces on the paper. With `backs: duplex` every fronts
page is followed by its backs page, mirrored left to right so a long-edge duplex flip lands
each back behind its own front; with `backs: fold` each back sits beside its front, sharing
a fold line. Shelf layouts pack mixed pieces in rows. Millimetres, y down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.errors import LayoutError
from generator.kit.crop_marks import block_crop_marks
from generator.kit.faces import Face, Item
from generator.kit.layouts import SheetLayout
from generator.kit.sheet import Placement, Point, Rect, Segment, SheetPage

LABEL_CLEARANCE_MM = 2.0
LABEL_EDGE_MM = 4.0  # keep labels out of the band most printers cannot reach


@dataclass(frozen=True)
class MarkStyle:
    """Crop mark geometry from the print profile."""

    gap: float
    length: float


def impose(items: list[Item], faces: dict[str, Face], layout: SheetLayout, paper: str, marks: MarkStyle,
           title: str) -> list[SheetPage]:
    """Pages for `items` in print order, labelled `title`."""
    if not items:
        return []
    if layout.flow == "shelves":
        return _shelves(items, faces, layout, paper, title)
    return _grid(items, faces, layout, paper, marks, title)


# --- grids ----------------------------------------------------------------------------------


def _grid(items: list[Item], faces: dict[str, Face], layout: SheetLayout, paper: str, marks: MarkStyle,
          title: str) -> list[SheetPage]:
    face = faces[items[0].front]
    sides = [i.front for i in items] + [i.back for i in items if i.back is not None and layout.backs != "none"]
    if any(faces[key].size_mm != face.size_mm for key in sides):
        raise LayoutError(f"{title}: a grid layout needs pieces of one size")
    layout = fitted_grid(layout, face, paper, title)
    page_w, page_h = layout.page_size(paper)
    trim_w, trim_h = face.trim_mm
    ext_x, ext_y = (face.size_mm[0] - trim_w) / 2, (face.size_mm[1] - trim_h) / 2
    per_cell = 2 if layout.backs == "fold" else 1
    cell_trim_w = trim_w * per_cell
    if layout.spacing == "shared":
        pitch_x, pitch_y = cell_trim_w, trim_h
        block_w = layout.columns * pitch_x + 2 * ext_x
        block_h = layout.rows * pitch_y + 2 * ext_y
    else:
        pitch_x, pitch_y = cell_trim_w + 2 * ext_x + layout.gap_mm, trim_h + 2 * ext_y + layout.gap_mm
        block_w = layout.columns * pitch_x - layout.gap_mm
        block_h = layout.rows * pitch_y - layout.gap_mm
    if block_w > page_w + 1e-6 or block_h > page_h + 1e-6:
        raise LayoutError(
            f"{title}: {layout.columns} x {layout.rows} pieces of {trim_w:g} x {trim_h:g} mm need "
            f"{block_w:.1f} x {block_h:.1f} mm, more than the {page_w:g} x {page_h:g} mm page"
        )
    left = (page_w - block_w) / 2 + ext_x      # trim edge of the first column
    top = (page_h - block_h) / 2 + ext_y
    per_page = layout.columns * layout.rows
    pages: list[SheetPage] = []
    sheets = math.ceil(len(items) / per_page)
    for sheet in range(sheets):
        chunk = items[sheet * per_page:(sheet + 1) * per_page]
        occupied = {(i % layout.columns, i // layout.columns) for i in range(len(chunk))}
        front = SheetPage((page_w, page_h))
        back = SheetPage((page_w, page_h))
        cuts_x: set[float] = set()
        cuts_y: set[float] = set()
        folds_x: set[float] = set()
        for index, item in enumerate(chunk):
            col, row = index % layout.columns, index // layout.columns
            x, y = left + col * pitch_x, top + row * pitch_y
            parts = [(item.front, x, "front")]
            if layout.backs == "fold":
                if item.back is None:
                    raise LayoutError(f"{title}: {item.label} has no back to fold")
                parts.append((item.back, x + trim_w, "back"))
                folds_x.add(round(x + trim_w, 6))
            for form, px, side in parts:
                trim = (px, y, px + trim_w, y + trim_h)
                clip = None
                if layout.spacing == "shared":
                    clip = _shared_clip(trim, ext_x, ext_y, col, row, occupied, layout, side)
                front.placements.append(Placement(form, px - ext_x, y - ext_y, *face.size_mm, trim, clip))
                cuts_x.update((round(trim[0], 6), round(trim[2], 6)))
                cuts_y.update((round(trim[1], 6), round(trim[3], 6)))
                if layout.marks == "outline":
                    _cut_line(front, faces[form], trim)
            if layout.backs == "duplex" and item.back is not None:
                mx = page_w - x - trim_w
                trim = (mx, y, mx + trim_w, y + trim_h)
                clip = None
                if layout.spacing == "shared":
                    mirrored = {(layout.columns - 1 - c, r) for c, r in occupied}
                    clip = _shared_clip(trim, ext_x, ext_y, layout.columns - 1 - col, row, mirrored, layout, "front")
                back.placements.append(Placement(item.back, mx - ext_x, y - ext_y, *face.size_mm, trim, clip))
        cuts_x -= folds_x
        if layout.marks == "crop":
            block = _bounds([p.trim for p in front.placements if p.trim])
            front.crop_marks = block_crop_marks(block, sorted(cuts_x), sorted(cuts_y), marks.gap, marks.length,
                                                (page_w, page_h))
            front.fold_marks = block_crop_marks(block, sorted(folds_x), [], marks.gap, marks.length, (page_w, page_h))
            back.crop_marks = [_mirror(s, page_w) for s in front.crop_marks]
        count = f" {sheet + 1} of {sheets}" if sheets > 1 else ""
        _label(front, f"{title}: fronts{count}" if layout.backs == "duplex" else f"{title}{count}", marks)
        _single_item_boxes(front)
        pages.append(front)
        if back.placements:
            _label(back, f"{title}: backs{count} (print on the back of the page before)", marks)
            _single_item_boxes(back)
            pages.append(back)
    return pages


def fitted_grid(layout: SheetLayout, face: Face, paper: str, title: str = "") -> SheetLayout:
    """The layout's grid, cut down to as many columns and rows as the paper holds.

    `columns` and `rows` are the most a page takes: a grid fits when its bleed block lies on
    the paper and every trim line stays `margin_mm` from the paper edge, where a home printer
    can still print it. Any piece size thus imposes on any paper it fits at all.
    """
    page_w, page_h = layout.page_size(paper)
    trim_w, trim_h = face.trim_mm
    ext_x, ext_y = (face.size_mm[0] - trim_w) / 2, (face.size_mm[1] - trim_h) / 2
    cell_w = trim_w * (2 if layout.backs == "fold" else 1)
    columns = min(layout.columns, _fit_count(cell_w, ext_x, page_w, layout))
    rows = min(layout.rows, _fit_count(trim_h, ext_y, page_h, layout))
    if not columns or not rows:
        raise LayoutError(f"{title}: a {cell_w:g} x {trim_h:g} mm piece does not fit on {paper} paper with its "
                          f"bleed and a {layout.margin_mm:g} mm margin")
    return layout.model_copy(update={"columns": columns, "rows": rows})


def _fit_count(trim: float, ext: float, page: float, layout: SheetLayout) -> int:
    """How many pieces of `trim` (plus `ext` bleed each side) fit across `page`."""
    count = 0
    while True:
        n = count + 1
        if layout.spacing == "shared":
            block, trims = n * trim + 2 * ext, n * trim
        else:
            block = n * (trim + 2 * ext) + (n - 1) * layout.gap_mm
            trims = block - 2 * ext
        if block > page + 1e-6 or trims + 2 * max(layout.margin_mm, ext) > page + 1e-6:
            return count
        count = n


def _shared_clip(trim: Rect, ext_x: float, ext_y: float, col: int, row: int, occupied: set[tuple[int, int]],
                 layout: SheetLayout, side: str) -> tuple[Point, ...]:
    """Trim plus bleed on each side with no neighbour: shared cuts show no neighbour's bleed."""
    x0, y0, x1, y1 = trim
    left_free = (col - 1, row) not in occupied
    right_free = (col + 1, row) not in occupied
    if layout.backs == "fold":  # no bleed across the fold: the other side is right there
        right_free = right_free and side != "front"
        left_free = left_free and side != "back"
    up_free = (col, row - 1) not in occupied
    down_free = (col, row + 1) not in occupied
    x0 -= ext_x if left_free else 0
    x1 += ext_x if right_free else 0
    y0 -= ext_y if up_free else 0
    y1 += ext_y if down_free else 0
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _cut_line(page: SheetPage, face: Face, trim: Rect) -> None:
    """A cut line round the piece's trim: a circle for round pieces, else its outline."""
    if face.shape == "circle" and face.outline is None:
        page.circles.append((((trim[0] + trim[2]) / 2, (trim[1] + trim[3]) / 2), (trim[2] - trim[0]) / 2))
    else:
        page.outlines.append(_outline(face, trim))


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


def _single_item_boxes(page: SheetPage) -> None:
    """A page holding one piece gets its TrimBox and BleedBox (what print shops read)."""
    if len(page.placements) == 1 and page.placements[0].trim:
        p = page.placements[0]
        page.trim_box = p.trim
        page.bleed_box = (p.x, p.y, p.x + p.width, p.y + p.height)


def _label(page: SheetPage, text: str, marks: MarkStyle) -> None:
    """Put the page label in the widest free margin, clear of the marks."""
    page_w, page_h = page.size
    art = _bounds([(p.x, p.y, p.x + p.width, p.y + p.height) for p in page.placements])
    reach = marks.gap + marks.length if page.crop_marks else 0.0
    baseline = art[3] + reach + LABEL_CLEARANCE_MM
    if baseline <= page_h - LABEL_EDGE_MM:
        page.label = text
        page.label_at = (page_w / 2, baseline, 0)
        return
    # Narrow bottom margin: run the label up the left margin, between two mark positions.
    ys = sorted({s.a[1] for s in page.crop_marks if s.a[1] == s.b[1]} | {art[1], art[3]})
    gaps = [(b - a, (a + b) / 2) for a, b in zip(ys, ys[1:])]
    middle = max(gaps)[1] if gaps else page_h / 2
    page.label = text
    page.label_at = (max(art[0] - 2.2, 3.5), middle, -90)


# --- shelves --------------------------------------------------------------------------------


def _shelves(items: list[Item], faces: dict[str, Face], layout: SheetLayout, paper: str,
             title: str) -> list[SheetPage]:
    """Mixed pieces left to right in rows, rows top to bottom, each piece with its own bleed."""
    page_w, page_h = layout.page_size(paper)
    margin, gap = layout.margin_mm, layout.gap_mm
    usable_w = page_w - 2 * margin
    rows: list[list[Face]] = []
    pages_rows: list[list[list[Face]]] = [[]]
    height_used = 0.0
    for item in items:
        face = faces[item.front]
        w, h = face.size_mm
        if w > usable_w or h > page_h - 2 * margin:
            raise LayoutError(f"{title}: {item.label} ({w:.0f} x {h:.0f} mm) does not fit the page")
        row = pages_rows[-1][-1] if pages_rows[-1] else None
        if row is not None and sum(f.size_mm[0] for f in row) + gap * len(row) + w <= usable_w:
            row.append(face)
            continue
        row_h = max(f.size_mm[1] for f in row) if row else 0.0
        height_used += row_h + (gap if row else 0)
        if height_used + h > page_h - 2 * margin and pages_rows[-1]:
            pages_rows.append([])
            height_used = 0.0
        pages_rows[-1].append([face])
    pages = []
    for number, page_rows in enumerate(pages_rows):
        page = SheetPage((page_w, page_h))
        y = margin
        for row in page_rows:
            row_w = sum(f.size_mm[0] for f in row) + gap * (len(row) - 1)
            x = (page_w - row_w) / 2
            row_h = max(f.size_mm[1] for f in row)
            for face in row:
                w, h = face.size_mm
                ex, ey = (w - face.trim_mm[0]) / 2, (h - face.trim_mm[1]) / 2
                top = y + (row_h - h) / 2
                trim = (x + ex, top + ey, x + w - ex, top + h - ey)
                page.placements.append(Placement(face.key, x, top, w, h, trim))
                if layout.marks == "outline" or (face.shape == "circle" and face.outline is None):
                    _cut_line(page, face, trim)
                x += w + gap
            y += row_h + gap
        count = f" {number + 1} of {len(pages_rows)}" if len(pages_rows) > 1 else ""
        page.label = f"{title}{count}"
        page.label_at = (page_w / 2, page_h - margin / 2, 0)
        _single_item_boxes(page)
        pages.append(page)
    return pages
