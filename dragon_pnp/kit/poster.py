"""The full-size board poster, tiled over as few pages as it needs.

The board is cut into columns of pages. Each column is only as tall as the art in it, and
its pages start where its art starts, so the narrow ends of a hexagonal board do not cost
pages that would print mostly paper. Pages overlap by the profile's `poster.overlap_mm`. In
each overlap strip the page underneath (the one above, or the column to the left) carries
registration crosses whose line runs to where the covering page's cut edge lands, and the
covering page only a short tick at that edge: stack each column's pages (trim a page's top
along its dashed line, lay it over the page above with each tick on its line), then lay each
column over the one to its left the same way. Once taped, every cross is covered, so no mark
is left over the board's art.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dragon_pnp.data.lang.words import ENGLISH, Phrases
from dragon_pnp.kit.faces import render_template
from dragon_pnp.kit.layouts import SheetLayout
from dragon_pnp.kit.sheet import Placement, SheetPage

COLUMN_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MARK_INSET_MM = 6.0          # registration marks keep this far from a window's corners
MIN_SHARED_MM = 24.0         # two pages sharing less of an edge than this get no marks on it
# board x range -> board y range its art covers there, or None where it has none
ArtExtent = Callable[[float, float], tuple[float, float] | None]


@dataclass(frozen=True)
class PosterWindow:
    """One page's view of the board: its column, its place in the column, and its top-left corner."""

    column: int
    row: int
    x0: float
    y0: float

    @property
    def name(self) -> str:
        return f"{COLUMN_NAMES[self.column]}{self.row + 1}"


@dataclass(frozen=True)
class PosterPlan:
    """How the board is cut into pages: page size, margins, and each page's window on the board."""

    page_size: tuple[float, float]
    margin: float
    overlap: float
    windows: tuple[PosterWindow, ...]

    @property
    def window(self) -> tuple[float, float]:
        return (self.page_size[0] - 2 * self.margin, self.page_size[1] - 2 * self.margin)

    @property
    def step(self) -> tuple[float, float]:
        return (self.window[0] - self.overlap, self.window[1] - self.overlap)

    @property
    def columns(self) -> int:
        return max(w.column for w in self.windows) + 1

    def rows_in(self, column: int) -> int:
        return sum(1 for w in self.windows if w.column == column)

    def bounds(self, window: PosterWindow) -> tuple[float, float, float, float]:
        """The board rectangle (x0, y0, x1, y1) shown on that window's page."""
        return (window.x0, window.y0, window.x0 + self.window[0], window.y0 + self.window[1])


def plan_poster(board_size: tuple[float, float], layout: SheetLayout, paper: str, overlap: float,
                art: ArtExtent) -> PosterPlan:
    """Fewest pages over both orientations: columns across the board, each column's pages
    covering just the art in it; ties go to the fuller pages (portrait first)."""
    best = None
    for orientation in ("portrait", "landscape"):
        size = layout.model_copy(update={"orientation": orientation}).page_size(paper)
        plan = _columns_plan(board_size, size, layout.margin_mm, overlap, art)
        if best is None or len(plan.windows) < len(best.windows):
            best = plan
    assert best is not None
    return best


def _columns_plan(board_size: tuple[float, float], page: tuple[float, float], margin: float, overlap: float,
                  art: ArtExtent) -> PosterPlan:
    window = (page[0] - 2 * margin, page[1] - 2 * margin)
    step = (window[0] - overlap, window[1] - overlap)
    columns = max(1, math.ceil((board_size[0] - overlap) / step[0]))
    covered = columns * step[0] + overlap
    left = (board_size[0] - covered) / 2
    windows = []
    for column in range(columns):
        x0 = left + column * step[0]
        extent = art(x0, x0 + window[0])
        if extent is None:
            continue
        top, bottom = extent
        rows = max(1, math.ceil((bottom - top - overlap) / step[1]))
        start = (top + bottom) / 2 - (rows * step[1] + overlap) / 2
        windows += [PosterWindow(column, row, x0, start + row * step[1]) for row in range(rows)]
    # Columns without art are dropped; name the rest A, B, C... from the left.
    used = sorted({w.column for w in windows})
    windows = [PosterWindow(used.index(w.column), w.row, w.x0, w.y0) for w in windows]
    return PosterPlan(page, margin, overlap, tuple(windows))


@dataclass(frozen=True)
class RegistrationMark:
    """A board point in an overlap strip: a cross on the page underneath (the page above, or the
    column to the left), hidden once the covering page is laid on it, and a short tick at the
    covering page's cut edge (`over`, laid over along its `edge`, "top" or "left") that meets it."""

    x: float
    y: float
    over: PosterWindow
    edge: str


def registration_marks(plan: PosterPlan) -> list[RegistrationMark]:
    """The registration marks: two in every overlap strip two pages share. Only the covered
    page prints a cross, so no mark is left over the board's art once the poster is taped."""
    ww, wh = plan.window
    ov = plan.overlap
    marks: list[RegistrationMark] = []
    by_column: dict[int, list[PosterWindow]] = {}
    for w in plan.windows:
        by_column.setdefault(w.column, []).append(w)
    for column, windows in by_column.items():
        for upper, lower in itertools.pairwise(windows):          # within a column: the horizontal strip
            y = lower.y0 + ov / 2
            marks += [RegistrationMark(upper.x0 + f * ww, y, lower, "top") for f in (0.25, 0.75)]
        for left in windows:                                     # across columns: the vertical strip
            for right in by_column.get(column + 1, []):
                top = max(left.y0, right.y0) + MARK_INSET_MM
                bottom = min(left.y0, right.y0) + wh - MARK_INSET_MM
                if bottom - top < MIN_SHARED_MM:
                    continue
                x = right.x0 + ov / 2
                marks += [RegistrationMark(x, top + f * (bottom - top), right, "left") for f in (0.25, 0.75)]
    return marks


def poster_pages(plan: PosterPlan, board_key: str, board_size: tuple[float, float], title: str,
                 band: float, label_baseline: float, words: Phrases = ENGLISH) -> list[SheetPage]:
    """One page per window, each with its cut lines, the registration marks it shows, and a label
    in the kit's language (`words`); nothing within `band` mm of the paper edge."""
    marks = registration_marks(plan)
    pages: list[Any] = []
    m = plan.margin
    ww, wh = plan.window
    for window in plan.windows:
        x0, y0, x1, y1 = plan.bounds(window)
        page = SheetPage(plan.page_size)
        clip = ((m, m), (m + ww, m), (m + ww, m + wh), (m, m + wh))
        page.placements.append(Placement(board_key, m - x0, m - y0, board_size[0], board_size[1], clip=clip))
        crosses = [(m + r.x - x0, m + r.y - y0, r.edge) for r in marks
                   if r.over != window and x0 <= r.x <= x1 and y0 <= r.y <= y1]
        ticks = [(m + r.x - x0 if r.edge == "top" else m, m + r.y - y0 if r.edge == "left" else m, r.edge)
                 for r in marks if r.over == window]
        above = f"{COLUMN_NAMES[window.column]}{window.row}" if window.row > 0 else ""
        left = COLUMN_NAMES[window.column - 1] if window.column > 0 else ""
        page.svg_overlay = render_template("kit/poster_marks.svg.j2", plan=plan, name=window.name, marks=crosses,
                                           ticks=ticks,
                                           above=above, left=left, band=band)
        column = COLUMN_NAMES[window.column]
        page.label = words.text("words.poster.label", title=title, name=window.name, n=words.number(len(pages) + 1),
                                total=words.number(len(plan.windows)), column=column,
                                last=COLUMN_NAMES[plan.columns - 1], row=words.number(window.row + 1),
                                rows=words.number(plan.rows_in(window.column)))
        page.label_at = (plan.page_size[0] / 2, label_baseline, 0)
        pages.append(page)
    return pages
