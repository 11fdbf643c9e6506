"""The words Dragon Line's Python prints in the rulebook (figure labels, table headings, reach in
words), key -> English: declared as the module's `texts`, so a translation gives them
(`module.<key>`); `words_of(game)` reads them in the kit's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dragon_pnp.games.printed_words import words_in_language

TEXTS: dict[str, str] = {
    "reach.in_front": "the dragon in front", "reach.beyond": "the dragon beyond it",
    "reach.third": "the third dragon ahead", "reach.fourth": "the fourth dragon ahead",
    "reach.itself": "itself", "reach.behind": "the dragon behind",
    "reach.ahead_n": "the dragon {n} ahead", "reach.behind_n": "the dragon {n} behind",
    "stat.damage": "Damage", "stat.health": "Health", "stat.range": "Range", "stat.reform": "Reform",
    "figure.your_line": "your line", "figure.enemy_line": "enemy line",
    "figure.in_front": "in front", "figure.beyond": "beyond", "figure.behind": "behind", "figure.acting": "acting",
    "figure.facing": "your dragons face this way",
    "figure.no_range_reform": "no Range Reform", "figure.plus_range": "+{n} Range",
    "line.caption": "Your line on the left, your opponent's on the right; each player counts slots from their "
                    "own front dragon. The framed dragon acts toward the enemy.",
    "reach.changes": "changes", "reach.hits": "hits", "reach.with_range": "; with +{n} Range, {words}",
    "reach.no_change": " Range Reform does not change it.", "reach.no_more": " More Range Reforms add nothing.",
    "table.dragon": "Dragon", "table.suit": "Suit", "table.health": "Health", "table.effect": "Damage or Reform",
    "table.stands_at": "Stands at", "table.deals": "Deals", "table.to": "To", "table.takes": "Takes",
    "table.result": "Result", "round.nothing": "nothing (off the line)", "round.seat_slot": "player {seat}, slot {slot}",
    "round.destroyed": "destroyed", "round.survives": "survives", "round.own": "own", "round.enemy": "enemy",
    "round.slot": "slot", "round.slots": "slots", "and": "and",
}

Say = Callable[[str], str]


def english(key: str) -> str:
    """A word as written here (the source language)."""
    return TEXTS[key]


def words_of(game: Any) -> Say:
    """The module's words in the language of `game` (a translated view's), else the English."""
    return words_in_language(game, TEXTS)
