"""Undrawn layouts (rulebook/placing.py) and the parity search's choice, on constructed cases
whose page breaks are worked out by hand."""

from __future__ import annotations

import io
from collections.abc import Callable

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from dragon_pnp.rulebook.document import parity_choice
from dragon_pnp.rulebook.placing import PlaceOnly, unwritten


class Box(Flowable):  # type: ignore[misc]
    """A flowable of a fixed height that counts its drawings; optionally an outline entry."""

    def __init__(self, height: float, key: str | None = None, line: int | None = None):
        super().__init__()
        self.tall = height
        self.drawn = 0
        if key is not None:
            self.outline_key, self.outline_level, self.source_line = key, 0, line

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return 10, self.tall

    def draw(self) -> None:
        self.drawn += 1


def _layout(kind: type[Frame], story: list[Flowable]) -> tuple[BaseDocTemplate, Frame]:
    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=(200, 200), invariant=1)
    frame = kind(50, 50, 100, 100, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc.addPageTemplates([PageTemplate("only", [frame])])
    if kind is PlaceOnly:
        unwritten(doc)
    doc.build(story)
    return doc, frame


def _story() -> list[Flowable]:
    # A 100 pt frame. Page 1: 60 pt, then the 50 pt section A does not fit in the 40 left;
    # page 2: A at the top (50 left), 30 pt (20 left), section B of 15 pt fits; page 3: 90 pt.
    return [Box(60), Box(50, "rules-h1", 3), Box(30), Box(15, "rules-h2", 7), Box(90)]


def test_an_undrawn_layout_has_the_drawn_pages_and_draws_nothing() -> None:
    undrawn_story, drawn_story = _story(), _story()
    undrawn, frame = _layout(PlaceOnly, list(undrawn_story))
    drawn, _ = _layout(Frame, list(drawn_story))
    assert (undrawn.page, drawn.page) == (3, 3)
    assert [box.drawn for box in undrawn_story] == [0, 0, 0, 0, 0]
    assert [box.drawn for box in drawn_story] == [1, 1, 1, 1, 1]
    # only the section that began a page is noted (B follows text on page 2; the boxes have no key)
    assert frame.opening == [("rules-h1", 0, 3)]


def test_the_parity_choice_is_the_first_right_layout_and_asks_no_further() -> None:
    asked: list[int] = []

    def pages(counts: list[int]) -> Callable[[int], int]:
        def count(i: int) -> int:
            asked.append(i)
            return counts[i]
        return count

    even = lambda n: n % 2 == 0  # noqa: E731
    assert parity_choice(4, pages([11, 11, 12, 13]), even) == 2
    assert asked == [0, 1, 2]
    asked.clear()
    assert parity_choice(4, pages([11, 13, 11, 9]), even) == 0 
    assert asked == [0, 1, 2, 3]
    asked.clear()
    assert parity_choice(4, pages([10, 11, 12, 13]), even) == 0
    assert asked == [0]
