"""Numbers and lists in rulebook style: "two", "3 cards", "A, B and C"."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")


def words(n: int) -> str:
    """Small whole numbers as words ("two"), larger ones as digits: rulebook style."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """"1 card", "3 cards"."""
    return f"{n} {singular if n == 1 else (plural_form or singular + 's')}"


def names(items: Iterable[Any]) -> str:
    """Join names the way a sentence does: "A", "A and B", "A, B and C"."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
