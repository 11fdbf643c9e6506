"""Crop marks round a block of pieces: a pair of short lines at the ends of every cut.

Marks start `gap` outside the trim and run up to `length` outward, kept inside the block's
zone (the page inside its keep-out band, or the block's share of the strip between two
blocks), so a ruler laid from mark to mark follows the cut. Where the margin is narrow a mark
crosses its own piece's outer bleed; the furniture draws it with a white halo there.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from dragon_pnp.kit.sheet import Rect, Segment

SHORTEST_MM = 0.5


def band_crop_marks(trims: list[Rect], zone: Rect, gap: float, length: float,
                    exclude_x: AbstractSet[float] = frozenset(), only_x: AbstractSet[float] | None = None) -> list[Segment]:
    """Marks above and below the block at every vertical cut, and left and right of it at every
    horizontal one. `exclude_x` leaves out vertical lines that are not cuts (folds); `only_x`
    draws just those vertical lines and no horizontal ones (the fold marks themselves)."""
    x0, y0 = min(t[0] for t in trims), min(t[1] for t in trims)
    x1, y1 = max(t[2] for t in trims), max(t[3] for t in trims)
    zx0, zy0, zx1, zy1 = zone
    cuts_x = sorted({round(v, 6) for t in trims for v in (t[0], t[2])} - set(exclude_x))
    cuts_y = sorted({round(v, 6) for t in trims for v in (t[1], t[3])})
    if only_x is not None:
        cuts_x, cuts_y = sorted(only_x), []
    marks: list[Segment] = []

    def add(fixed: float, start: float, direction: int, limit: float, vertical: bool) -> None:
        """A mark from `start` running `direction` (-1 up or left, +1 down or right) up to `limit`."""
        end = start + direction * min(length, (limit - start) * direction)
        if (end - start) * direction < SHORTEST_MM:
            return
        marks.append(Segment((fixed, start), (fixed, end)) if vertical else Segment((start, fixed), (end, fixed)))

    for x in cuts_x:
        add(x, y0 - gap, -1, zy0, True)
        add(x, y1 + gap, +1, zy1, True)
    for y in cuts_y:
        add(y, x0 - gap, -1, zx0, False)
        add(y, x1 + gap, +1, zx1, False)
    return marks
