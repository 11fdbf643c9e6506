"""The script helpers on their own (dragon_pnp/text_scripts.py), against orders and forms worked
out by hand from the Unicode rules (UAX #9 bidi, Arabic joining, JIS X 4051 kinsoku)."""

from __future__ import annotations

from dragon_pnp.kit.text_fit import wrap
from dragon_pnp.text_scripts import break_units, has_rtl, starts_rtl, visual


def test_arabic_is_joined_and_a_number_keeps_its_order() -> None:
    # لا is one ligature (LAM WITH ALEF, isolated U+FEFB); "12" stays left to right, and in a
    # right-to-left line it is drawn to the left of the word before it.
    assert visual("لا 12") == "12 \ufefb"
    # مع: MEEM initial (U+FEE3) then AIN final (U+FECA); drawn left to right: AIN, then MEEM
    assert visual("مع") == "\ufeca\ufee3"


def test_latin_inside_arabic_keeps_its_own_order_and_brackets_mirror() -> None:
    # logical: "مع (Hack)"; visual: "(Hack)" then the word, the brackets mirrored by position
    assert visual("مع (Hack)") == "(Hack) \ufeca\ufee3"


def test_direction_comes_from_the_first_strong_letter() -> None:
    assert starts_rtl("12 مع") and not starts_rtl("Hack مع")
    assert has_rtl("Hack مع") and not has_rtl("Hack")
    assert visual("Hack") == "Hack"      # Latin untouched


def test_kinsoku_no_break_before_closing_marks_or_after_opening_ones() -> None:
    assert break_units("騎士") == ["騎", "士"]
    assert break_units("出す。") == ["出", "す。"]                  # 。 never starts a line
    assert break_units("「突撃」を") == ["「突", "撃」", "を"]          # 「 never ends one, 」 never starts one
    assert break_units("ライフ5") == ["ラ", "イ", "フ", "5"]
    assert break_units("Hack") == ["Hack"]


def test_japanese_wraps_without_spaces_and_latin_as_before() -> None:
    lines = wrap("炎の川が戦場を横切る。炎の川が戦場を横切る。", 20.0, 9.0)
    assert lines is not None and len(lines) > 1
    assert all(not line.startswith(("。", "、")) for line in lines)
    assert "".join(lines) == "炎の川が戦場を横切る。炎の川が戦場を横切る。"
    assert wrap("Lance down, spur on.", 200.0, 9.0) == ["Lance down, spur on."]


def test_a_card_line_needing_two_faces_is_placed_run_by_run_or_refused() -> None:
    import re

    import pytest

    from dragon_pnp.errors import LayoutError
    from dragon_pnp.kit.script_text import script_text

    svg = script_text('<svg><text x="10" font-size="3" text-anchor="middle">ライフ5</text></svg>')
    pieces = re.findall(r"<text x=\"([\d.]+)\"[^>]*font-family=\"'([^']+)'\"[^>]*>([^<]*)</text>", svg)
    assert [(family, text) for _, family, text in pieces] == [("Droid Sans Fallback", "ライフ"),
                                                               ("Bitstream Vera Sans", "5")]
    assert float(pieces[0][0]) < 10 < float(pieces[1][0])      # centred on x = 10, left to right
    with pytest.raises(LayoutError, match="needs several fonts"):
        script_text('<svg><text x="10">ライフ5</text></svg>', "a card")   # no size to place by: never boxes
