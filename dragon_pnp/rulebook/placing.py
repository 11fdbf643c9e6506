"""A frame that places flowables without drawing them, for layouts wanted only for their page count.

The rulebook is laid out several times to learn page counts (the duplex parity probes, the check
that a half-page aid fits its columns); only one layout is drawn into the file. Placing reads a
flowable's `wrap` and `split` only, never what drawing did, so an undrawn layout's page count
is the drawn one's, at a fraction of the cost (no paragraphs, pictures or icons drawn).
"""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame


class PlaceOnly(Frame):  # type: ignore[misc]
    """A Frame whose flowables are placed and not drawn."""

    def add(self, flowable: Flowable, canv: Canvas, trySplit: int = 0) -> int:
        # The instance's own drawOn, over its class's, for this one placing (through its __dict__:
        # a graphics Drawing checks the attributes set on it).
        own = vars(flowable)
        own["drawOn"] = _not_drawn
        try:
            return int(Frame._add(self, flowable, canv, trySplit))
        finally:
            del own["drawOn"]


def unwritten(doc: BaseDocTemplate) -> None:
    """Build `doc` without writing its file (no fonts embedded, nothing compressed): reportlab's
    own switch for a build that is only counted."""
    doc._doSave = 0


def _not_drawn(*args: Any, **kwargs: Any) -> None:
    """A flowable's drawOn while placed only: nothing."""
