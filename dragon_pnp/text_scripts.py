"""Right-to-left and CJK text for drawers that neither shape nor reorder.

cairo's toy text API (which cairosvg draws with) and reportlab both draw characters one after
the other, left to right, each in its isolated form. So Arabic is joined here first (its
presentation forms, arabic-reshaper), a right-to-left line is put into visual order here
(python-bidi's Unicode bidi algorithm: numbers and Latin words inside keep their own order,
brackets are mirrored), and text without spaces (Chinese, Japanese) gets its line-break
opportunities here: between ideographs and kana, never before closing punctuation or small
kana, never after opening punctuation (kinsoku shori).
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Sequence
from functools import cache
from typing import TypeVar

T = TypeVar("T")

# Japanese kinsoku: characters that may not start a line, and ones that may not end one.
NO_LINE_START = frozenset(
    "、。，．・：；？！ー―‐〜～）」』】〕〉》”’ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々ゝゞヽヾ"
    ")]},.:;!?％%」"
)
NO_LINE_END = frozenset("（「『【〔〈《“‘([{")


def is_rtl_character(character: str) -> bool:
    return unicodedata.bidirectional(character) in ("R", "AL")


def has_rtl(text: str) -> bool:
    """Whether `text` holds any right-to-left letter (Hebrew, Arabic and their presentation forms)."""
    return not text.isascii() and any(is_rtl_character(c) for c in text)


def starts_rtl(text: str) -> bool:
    """Whether the first strong letter of `text` is right-to-left: the paragraph's direction."""
    for character in text:
        kind = unicodedata.bidirectional(character)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


def is_wide(character: str) -> bool:
    """Ideographs, kana, Hangul and full-width punctuation: written without spaces between words."""
    return unicodedata.east_asian_width(character) in ("W", "F")


def has_wide(text: str) -> bool:
    return not text.isascii() and any(is_wide(c) for c in text)


def _has_arabic(text: str) -> bool:
    return any("\u0600" <= c <= "\u06ff" or "\u0750" <= c <= "\u077f" or "\u08a0" <= c <= "\u08ff" for c in text)


@cache
def _reshaper() -> object:
    import arabic_reshaper

    # Harakat (short-vowel marks) are dropped: without a shaper's mark positioning a drawer puts
    # them beside their letter instead of above it.
    return arabic_reshaper.ArabicReshaper(configuration={"delete_harakat": True, "support_ligatures": True})


def shaped(text: str) -> str:
    """`text` in logical order with Arabic letters in their joined (presentation) forms."""
    if text.isascii() or not _has_arabic(text):
        return text
    return str(_reshaper().reshape(text))  # type: ignore[attr-defined]


def visual(text: str, rtl: bool | None = None) -> str:
    """One line as drawn left to right: joined, and reordered when it holds right-to-left text
    (`rtl`: the paragraph's direction, else the line's first strong letter)."""
    joined = shaped(text)
    if not has_rtl(joined):
        return joined
    return "".join(piece for piece, _ in visual_runs([(joined, None)], rtl))


def visual_runs(pieces: Sequence[tuple[str, T]], rtl: bool | None = None) -> list[tuple[str, T]]:
    """Tagged pieces of one line (a font, a styled fragment) in logical order -> the same tags
    over runs in visual order, mirrored brackets included. Uses python-bidi's reference
    implementation step by step, so each character keeps its piece's tag through reordering."""
    from bidi import algorithm

    text = "".join(piece for piece, _ in pieces)
    tags = [tag for piece, tag in pieces for _ in piece]
    storage = algorithm.get_empty_storage()
    base = (1 if starts_rtl(text) else 0) if rtl is None else int(rtl)
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    algorithm.get_embedding_levels(text, storage, False, False)
    for index, char in enumerate(storage["chars"]):
        char["tag"] = tags[index]
    for step in (algorithm.explicit_embed_and_overrides, algorithm.resolve_weak_types,
                 algorithm.resolve_neutral_types, algorithm.resolve_implicit_levels,
                 algorithm.reorder_resolved_levels, algorithm.apply_mirroring):
        step(storage, False)
    runs: list[tuple[str, T]] = []
    for char in storage["chars"]:
        if runs and runs[-1][1] is char["tag"]:
            runs[-1] = (runs[-1][0] + char["ch"], char["tag"])
        else:
            runs.append((char["ch"], char["tag"]))
    return runs


def break_units(word: str) -> list[str]:
    """A space-free word split where a line may break inside it: beside an ideograph or kana,
    except before a character that may not start a line or after one that may not end one."""
    if word.isascii() or not has_wide(word):
        return [word]
    units = [word[0]]
    for before, after in itertools.pairwise(word):
        if (is_wide(before) or is_wide(after)) and after not in NO_LINE_START and before not in NO_LINE_END:
            units.append(after)
        else:
            units[-1] += after
    return units
