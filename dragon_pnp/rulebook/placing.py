"""A frame that places flowables without drawing them, for layouts wanted only for their page count.

The rulebook is laid out several times to learn page counts (the duplex parity probes, the check
that a half-page aid fits its columns); only one layout is drawn into the file. Placing reads a
flowable's `wrap` and `split` only, never what drawing did, so an undrawn layout's page count
is the drawn one's, at a fraction of the cost (no paragraphs, pictures or icons drawn).
"""

from __future__ import annotations

from typing import Any, cast

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame


class PlaceOnly(Frame):  # type: ignore[misc]
    """A Frame whose flowables are placed and not drawn. `opening` keeps, each time the frame was
    begun by an entry of the PDF's outline (a heading; the first flowable inside the group placed
    at its top), the entry's (key, level, source line): plain values, as reportlab deep-copies a
    frame to measure a group in it."""

    def add(self, flowable: Flowable, canv: Canvas, trySplit: int = 0) -> int:
        at_top = bool(self._atTop)
        # The instance's own drawOn, over its class's, for this one placing (through its __dict__:
        # a graphics Drawing checks the attributes set on it).
        own = vars(flowable)
        own["drawOn"] = _not_drawn
        try:
            placed = int(Frame._add(self, flowable, canv, trySplit))
        finally:
            del own["drawOn"]
        first = first_inside(flowable) if placed and at_top else None
        if first is not None and isinstance(getattr(first, "outline_key", None), str):
            self.opening.append((first.outline_key, getattr(first, "outline_level", None),
                                 getattr(first, "source_line", None)))
        return placed

    @property
    def opening(self) -> list[tuple[str, int | None, int | None]]:
        return cast(list[tuple[str, int | None, int | None]], self.__dict__.setdefault("_opening", []))


def first_inside(flowable: Flowable) -> Flowable:
    """The first flowable a group (kept together, kept with the next) shows; else the flowable."""
    inner = getattr(flowable, "_content", None)
    return first_inside(inner[0]) if isinstance(inner, list) and inner else flowable


def unwritten(doc: BaseDocTemplate) -> None:
    """Build `doc` without writing its file (no fonts embedded, nothing compressed): reportlab's
    own switch for a build that is only counted."""
    doc._doSave = 0


def _not_drawn(*args: Any, **kwargs: Any) -> None:
    """A flowable's drawOn while placed only: nothing."""
