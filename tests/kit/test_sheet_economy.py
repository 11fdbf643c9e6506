"""Paper economy by default (issue 33), on the imposer alone: 3 x 3 poker cards on Letter by
sharing their cuts, A4 keeping each card's own bleed where that already gives 3 x 3, the old
layout still there as a print.yaml choice, and no last sheet cut for a single piece.

Expected counts are hand arithmetic on the paper sizes (Letter 215.9 x 279.4 mm, A4 210 x 297):
- Letter, shared cuts: 3 x 88 = 264 mm of cards, plus 2.5 mm at each end for the crop marks
  (1 mm gap + 1.5 mm mark), is 269 mm <= 279.4 - 2 x 5 mm band = 269.4: 3 rows, 9 cards.
- Letter, own bleeds (2 mm each, 1 mm gutter): 264 + 2 x (2 + 1 + 2) + 2 x 3 = 280 > 269.4, so
  two upright rows of 3 and a band of 2 turned: 8.
- A4 with the seed games' 1 mm bleed and 0.5 mm gutter: 3 x 63 + 2 x 2.5 + 2 x 3 = 200 <= 200
  across, and 3 x 88 + 2 x 2.5 + 2 x 3 = 275 <= 287 down: 9, each card with its own bleed.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from dragon_pnp.data.models import SheetOverride
from dragon_pnp.kit.faces import Face, Item
from dragon_pnp.kit.imposition import MarkStyle, fullest_layout, grid_plan, impose
from dragon_pnp.kit.layouts import sheet_layout

POKER = Face("card", "<svg/>", (63.0, 88.0), 3.0)
BACK = Face("back", "<svg/>", (63.0, 88.0), 3.0)
MARKS = MarkStyle(1.0, 5.0)
SEED_A4 = {"min_bleed_mm": 1.0, "gap_mm": 0.5}     # the seed games' print.yaml `sheets` on A4


def _layout(paper: str, **override: object):
    layout = sheet_layout("deck_duplex")
    if paper == "a4":
        layout = layout.model_copy(update=SEED_A4)
    return layout.model_copy(update=override) if override else layout


def test_letter_holds_nine_poker_cards_by_sharing_their_cuts():
    layout = fullest_layout(POKER, _layout("letter"), "letter", MARKS)
    assert layout.shared_cut
    plan = grid_plan(POKER, layout, "letter", MARKS)
    assert len(plan.slots) == 9 and not any(slot.turned for slot in plan.slots)


def test_a4_keeps_each_cards_own_bleed_where_that_already_holds_nine():
    layout = fullest_layout(POKER, _layout("a4"), "a4", MARKS)
    assert not layout.shared_cut
    assert len(grid_plan(POKER, layout, "a4", MARKS).slots) == 9


def test_the_old_letter_layout_stays_a_choice():
    """print.yaml `sheets: {deck_duplex: {shared_cut_on: []}}`: every card its own bleed, 6 + 2."""
    from dragon_pnp.kit.layouts import sheet_layout_for

    profile = SimpleNamespace(sheets={"deck_duplex": SheetOverride(shared_cut_on=[])})
    layout = sheet_layout_for("deck_duplex", profile, "letter")   # type: ignore[arg-type]
    assert not layout.shared_cut and not layout.shared_cut_when_fuller
    plan = grid_plan(POKER, fullest_layout(POKER, layout, "letter", MARKS), "letter", MARKS)
    assert (sum(not s.turned for s in plan.slots), sum(s.turned for s in plan.slots)) == (6, 2)


@pytest.mark.parametrize("count, expected", [(37, [9, 9, 9, 8, 2]), (52, [9, 9, 9, 9, 9, 7]), (18, [9, 9]),
                                             (10, [8, 2]), (1, [1])])
def test_no_last_sheet_cut_for_a_single_card(count, expected):
    """37 cards at 9 a sheet would leave one alone on a fifth sheet: it takes a second card from
    the fourth (9 + 9 + 9 + 8 + 2). Counted from the fronts pages' placements."""
    faces = {"card": POKER, "back": BACK}
    pages = impose([Item("card", "back", "Card")] * count, faces, _layout("letter"), "letter", MARKS, "Deck")
    fronts = pages[0::2]
    assert [len(page.placements) for page in fronts] == expected
    assert all(len(back.placements) == len(front.placements) for front, back in zip(fronts, pages[1::2]))
