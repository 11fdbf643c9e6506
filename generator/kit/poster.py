"""The full-size board poster, tiled over as many pages as it needs.

Pages overlap by the profile's `poster.overlap_mm`. Every page carries registration marks
at board positions inside each overlap strip, so the same mark appears on both neighbours:
trim one page along its dashed edge line and lay it over the next until the marks meet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from generator.kit.faces import render_template
from generator.kit.layouts import SheetLayout
from generator.kit.sheet import Placement, SheetPage

ROW_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class PosterPlan:
    """How the board is cut into pages: page size, grid, and each page's window on the board."""

    page_size: tuple[float, float]
    margin: float
    overlap: float
    columns: int
    rows: int
    origin: tuple[float, float]   # board coordinate at the top-left of the first window

    @property
    def window(self) -> tuple[float, float]:
        return (self.page_size[0] - 2 * self.margin, self.page_size[1] - 2 * self.margin)

    @property
    def step(self) -> tuple[float, float]:
        return (self.window[0] - self.overlap, self.window[1] - self.overlap)

    def window_at(self, col: int, row: int) -> tuple[float, float, float, float]:
        """The board rectangle (x0, y0, x1, y1) shown on page (col, row)."""
        x0 = self.origin[0] + col * self.step[0]
        y0 = self.origin[1] + row * self.step[1]
        return (x0, y0, x0 + self.window[0], y0 + self.window[1])


def plan_poster(board_size: tuple[float, float], layout: SheetLayout, paper: str, overlap: float) -> PosterPlan:
    """Fewest pages over both orientations; the board is centred in the area the pages cover."""
    best = None
    for orientation in ("portrait", "landscape"):
        size = layout.model_copy(update={"orientation": orientation}).page_size(paper)
        window = (size[0] - 2 * layout.margin_mm, size[1] - 2 * layout.margin_mm)
        step = (window[0] - overlap, window[1] - overlap)
        columns = max(1, math.ceil((board_size[0] - overlap) / step[0]))
        rows = max(1, math.ceil((board_size[1] - overlap) / step[1]))
        covered = (columns * step[0] + overlap, rows * step[1] + overlap)
        origin = ((board_size[0] - covered[0]) / 2, (board_size[1] - covered[1]) / 2)
        plan = PosterPlan(size, layout.margin_mm, overlap, columns, rows, origin)
        if best is None or columns * rows < best.columns * best.rows:
            best = plan
    assert best is not None
    return best


def poster_pages(plan: PosterPlan, board_key: str, board_size: tuple[float, float],
                 board_has_art: Callable[[tuple[float, float, float, float]], bool], title: str) -> list[SheetPage]:
    """One page per window that shows some of the board, each with its marks and label."""
    pages = []
    total = plan.columns * plan.rows
    for row in range(plan.rows):
        for col in range(plan.columns):
            x0, y0, x1, y1 = plan.window_at(col, row)
            if not board_has_art((x0, y0, x1, y1)):
                continue
            page = SheetPage(plan.page_size)
            m = plan.margin
            clip = ((m, m), (m + plan.window[0], m), (m + plan.window[0], m + plan.window[1]), (m, m + plan.window[1]))
            page.placements.append(Placement(board_key, m - x0, m - y0, board_size[0], board_size[1], clip=clip))
            name = f"{ROW_NAMES[row]}{col + 1}"
            page.svg_overlay = render_template(
                "kit/poster_marks.svg.j2", plan=plan, col=col, row=row, name=name,
                marks=_registration_marks(plan, col, row), rows=ROW_NAMES,
            )
            page.label = f"{title}: page {name} ({len(pages) + 1} of {{total}}), row {ROW_NAMES[row]} of {ROW_NAMES[plan.rows - 1]}, column {col + 1} of {plan.columns}"
            # Baseline 0.5 mm above the middle of the bottom margin: clear of the window and of
            # the band home printers cannot reach.
            page.label_at = (plan.page_size[0] / 2, plan.page_size[1] - m / 2 - 0.5, 0)
            pages.append(page)
    for page in pages:
        page.label = page.label.replace("{total}", str(len(pages)))
    return pages


def _registration_marks(plan: PosterPlan, col: int, row: int) -> list[tuple[float, float]]:
    """Page positions of marks in each overlap strip this page shares with a neighbour."""
    x0, y0, _, _ = plan.window_at(col, row)
    m, (ww, wh), ov = plan.margin, plan.window, plan.overlap
    marks = []
    strips_x = []
    if col > 0:
        strips_x.append(x0 + ov / 2)
    if col < plan.columns - 1:
        strips_x.append(x0 + ww - ov / 2)
    strips_y = []
    if row > 0:
        strips_y.append(y0 + ov / 2)
    if row < plan.rows - 1:
        strips_y.append(y0 + wh - ov / 2)
    # Marks sit at fixed board positions: a quarter and three quarters along each shared edge.
    for bx in strips_x:
        for fy in (0.25, 0.75):
            marks.append((bx, y0 + fy * wh))
    for by in strips_y:
        for fx in (0.25, 0.75):
            marks.append((x0 + fx * ww, by))
    return [(m + bx - x0, m + by - y0) for bx, by in marks]
