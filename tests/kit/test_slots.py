"""The slot planner and the imposer on their own: how many pieces a page holds, their bleed and
gutters, turned pieces and their backs, and a clear refusal when nothing fits."""

from __future__ import annotations

import itertools

import pytest

from dragon_pnp.errors import LayoutError
from dragon_pnp.kit.faces import Face, Item
from dragon_pnp.kit.imposition import MarkStyle, impose
from dragon_pnp.kit.layouts import sheet_layout
from dragon_pnp.kit.slots import SlotRules, plan_sheet

LETTER, A4 = (215.9, 279.4), (210.0, 297.0)
POKER = {"cell": (63.0, 88.0), "spread": (1.0, 1.0), "bleed": 3.0, "min_bleed": 2.0, "gap": 1.0, "margin": 5.0, "mark_room": 3.0,
             "most": 9, "turn": True, "label_room": 3.9}


def gap(a, b) -> float:
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


@pytest.mark.parametrize("page, upright, turned, bleed", [(LETTER, 6, 2, 2.2), (A4, 0, 8, 3.0)])
def test_poker_cards_fill_a_page_each_with_bleed_gutter_and_room_for_marks(page, upright, turned, bleed):
    plan = plan_sheet(SlotRules(**POKER), page)
    slots = plan.slots
    assert sum(not s.turned for s in slots) == upright and sum(s.turned for s in slots) == turned
    assert plan.bleed == pytest.approx(bleed, abs=0.05)
    for a, b in itertools.combinations([s.trim for s in slots], 2):
        assert gap(a, b) >= 2 * plan.bleed + POKER["gap"] - 1e-6
    for x0, y0, x1, y1 in (s.trim for s in slots):
        room = POKER["margin"] + max(plan.bleed, POKER["mark_room"])
        assert x0 >= room - 1e-6 and y0 >= room - 1e-6 and x1 <= page[0] - room + 1e-6
        assert y1 <= page[1] - room - POKER["label_room"] + 1e-6


def test_nine_to_a_page_where_the_paper_allows():
    """The layout's 3 x 3 is the most, not the rule: larger paper holds it, upright."""
    plan = plan_sheet(SlotRules(**POKER), (240.0, 320.0))
    assert len(plan.slots) == 9 and not any(s.turned for s in plan.slots)


def test_no_slot_when_not_even_one_piece_fits():
    assert plan_sheet(SlotRules(**{**POKER, "cell": (250.0, 250.0)}), LETTER) is None


def face(key: str, trim=(63.0, 88.0), bleed=3.0) -> Face:
    return Face(key, "<svg/>", trim, bleed)


def test_a_turned_front_has_its_back_turned_the_other_way_behind_it():
    faces = {"front": face("front"), "back": face("back")}
    items = [Item("front", "back", f"card {i}") for i in range(8)]
    pages = impose(items, faces, sheet_layout("cards_duplex"), "letter", MarkStyle(1, 5), "t")
    fronts, backs = pages[0].placements, pages[1].placements
    width = pages[0].size[0]
    for front in fronts:
        back = next(b for b in backs if abs(b.trim[0] - (width - front.trim[2])) < 1e-6 and b.trim[1] == front.trim[1])
        assert (front.rotate + back.rotate) % 360 == 0


def test_pieces_too_big_for_the_page_are_refused_by_name():
    faces = {"big": face("big", trim=(250.0, 250.0))}
    with pytest.raises(LayoutError, match=r"Huge deck: 250 x 250 mm pieces .* do not fit"):
        impose([Item("big", None, "big")], faces, sheet_layout("cards_duplex"), "letter", MarkStyle(1, 5), "Huge deck")



def test_a_block_that_would_need_the_label_room_gives_up_a_row_and_keeps_out_of_the_band():
    """Three rows of bridge cards fit A4 only in the height the page label needs; centred above
    the label's room their top crop marks would enter the 5 mm band, so a row gives way (here to
    a band of turned cards)."""
    rules = dict(POKER, cell=(57.0, 89.0), label_room=4.3)
    plan = plan_sheet(SlotRules(**rules), A4)
    room = rules["margin"] + max(plan.bleed, rules["mark_room"])
    assert min(s.trim[1] for s in plan.slots) >= room - 1e-6
    assert max(s.trim[3] for s in plan.slots) <= A4[1] - room - rules["label_room"] + 1e-6
    upright = dict(rules, turn=False)
    assert len(plan_sheet(SlotRules(**upright), A4).slots) == 6
