"""Crop marks outside a block of pieces: one pair of short lines per cut, in the margins.

Marks start `gap` outside the trim and run `length` outward, so a ruler laid across the
sheet from mark to mark follows the cut. Where a margin is narrow they cross the bleed; the
furniture draws them with a white halo so they stay visible there.
"""

from __future__ import annotations

from generator.kit.sheet import Rect, Segment


def block_crop_marks(block: Rect, cuts_x: list[float], cuts_y: list[float], gap: float, length: float,
                     page: tuple[float, float]) -> list[Segment]:
    """Marks above and below the block at every vertical cut, and left and right at every horizontal one."""
    x0, y0, x1, y1 = block
    width, height = page
    marks: list[Segment] = []

    def keep(a: float, b: float, limit: float) -> tuple[float, float] | None:
        lo, hi = max(min(a, b), 0.0), min(max(a, b), limit)
        return (lo, hi) if hi - lo > 0.5 else None

    for x in cuts_x:
        for start, end in ((y0 - gap, y0 - gap - length), (y1 + gap, y1 + gap + length)):
            span = keep(start, end, height)
            if span:
                marks.append(Segment((x, span[0]), (x, span[1])))
    for y in cuts_y:
        for start, end in ((x0 - gap, x0 - gap - length), (x1 + gap, x1 + gap + length)):
            span = keep(start, end, width)
            if span:
                marks.append(Segment((span[0], y), (span[1], y)))
    return marks
