"""The words Dragon Dance's Python prints on its aids and in the rulebook (card kinds, movements,
ranges, die words, the card table's headings), key -> English: declared as the module's `texts`,
so a translation gives them (`module.<key>`); `words_of(game)` reads them in the kit's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dragon_pnp.games.printed_words import words_in_language

TEXTS: dict[str, str] = {
    "kind.attack": "Attack", "kind.defence": "Defence", "kind.movement": "Movement", "kind.special": "Special",
    "movement.reduce": "Close in", "movement.increase": "Back off",
    "effect.dodge": "Dodge", "effect.recuperate": "Recuperate",
    "range.long": "long", "range.short": "short",
    "both": "{a} and {b}", "either": "{a} or {b}",
    "die.none": "no die", "die.face": "a {n}", "table.no_die": "no die", "table.value": "{face}: {value}", "table.list": "{a}, {b}",
    "table.card": "Card", "table.kind": "Kind", "table.range": "Range", "table.combo": "Combo",
    "table.kind_more": "{kind}, {more}",
}

Say = Callable[[str], str]


def english(key: str) -> str:
    """A word as written here (the source language)."""
    return TEXTS[key]


def words_of(game: Any) -> Say:
    """The module's words in the language of `game` (a translated view's), else the English."""
    return words_in_language(game, TEXTS)


def joined(say: Say, key: str, items: list[str]) -> str:
    """Items joined pairwise by a pattern ("{a} or {b}"): "A or B or C" in English."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = say(key).format(a=text, b=item)
    return text
