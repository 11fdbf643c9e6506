"""The rulebook's changed paragraphs, as a readable word-level diff of its rendered text.

The text compared is rules.md after its template is filled from the game's data (what the
typesetter reads), so a number the rules quote from the data shows up here when it moves.
Paragraphs are blank-line separated blocks, matched with difflib; a changed paragraph is
shown as words kept, removed and inserted.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from dragon_pnp.data import GameData

CONTEXT_WORDS = 12


def rules_text(game: GameData) -> str:
    from dragon_pnp.rulebook.source import render_rules

    return render_rules(game)


def paragraphs(text: str) -> list[str]:
    return [" ".join(block.split()) for block in re.split(r"\n\s*\n", text) if block.strip()]


def rulebook_changes(old_text: str, new_text: str) -> list[dict[str, Any]]:
    """Each changed paragraph: kind (changed, added, removed), its heading, and word pieces
    [(op, text)] with op "=", "-" or "+"."""
    old, new = paragraphs(old_text), paragraphs(new_text)
    found = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            continue
        olds, news = old[a0:a1], new[b0:b1]
        pairs = max(len(olds), len(news)) if op == "replace" else 0
        for index in range(pairs):
            before = olds[index] if index < len(olds) else None
            after = news[index] if index < len(news) else None
            found.append(_entry(before, after, _heading(new, b0 + index) if after else _heading(old, a0 + index)))
        if op == "delete":
            found += [_entry(text, None, _heading(old, a0 + i)) for i, text in enumerate(olds)]
        if op == "insert":
            found += [_entry(None, text, _heading(new, b0 + i)) for i, text in enumerate(news)]
    return found


def _entry(old: str | None, new: str | None, heading: str) -> dict[str, Any]:
    if old is None:
        return {"kind": "added", "heading": heading, "pieces": [["+", new]]}
    if new is None:
        return {"kind": "removed", "heading": heading, "pieces": [["-", old]]}
    return {"kind": "changed", "heading": heading, "pieces": word_diff(old, new)}


def word_diff(old: str, new: str) -> list[list[str]]:
    """Words kept ("="), removed ("-") and inserted ("+"), long unchanged runs shortened."""
    a, b = old.split(" "), new.split(" ")
    pieces: list[list[str]] = []
    for op, a0, a1, b0, b1 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            pieces.append(["=", _shorten(a[a0:a1], first=not pieces, last=a1 == len(a))])
            continue
        if a1 > a0:
            pieces.append(["-", " ".join(a[a0:a1])])
        if b1 > b0:
            pieces.append(["+", " ".join(b[b0:b1])])
    return pieces


def _shorten(words: list[str], first: bool, last: bool) -> str:
    if len(words) <= 2 * CONTEXT_WORDS:
        return " ".join(words)
    head = [] if first else words[:CONTEXT_WORDS]
    tail = [] if last else words[-CONTEXT_WORDS:]
    return " ".join([*head, "…", *tail])


def _heading(blocks: list[str], index: int) -> str:
    """The nearest heading at or before a paragraph (markdown '#' lines)."""
    for block in reversed(blocks[: index + 1]):
        if block.startswith("#"):
            return block.lstrip("#").strip()
    return ""
