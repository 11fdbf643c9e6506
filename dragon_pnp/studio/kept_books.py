"""Typeset rulebooks kept in the render cache, so a studio opened again on data it has shown
(another day, another copy of the folder) does not typeset the same book again.

Typesetting is most of a warm studio's first preview (~3 CPU s for Dragon Pants, ~2 for Dragon
Line) and the book is a pure function of what it is keyed by: the game folder's and templates'
files (the preview's `inputs` digest), the code (`dragon_pnp.code_digest`: the generator, its
libraries, the game's rules module), the paper and the language. Not the folder's path: the
same files typeset the same bytes wherever they lie (the diff's version records rely on that
too). A record that cannot be read is treated as missing.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from dragon_pnp.data import GameData

if TYPE_CHECKING:
    from dragon_pnp.kit.render_cache import RenderCache
    from dragon_pnp.rulebook.early import TypesetBook

FORMAT = "studio-book-1"   # bump when a record's layout or what it depends on changes


def book_key(game: GameData, inputs: str, paper: str, language: str) -> str:
    """The cache key of the book typeset from these files, code, paper and language."""
    from dragon_pnp.code_digest import code_digest

    text = f"{FORMAT}|{paper}|{language}|{code_digest(game.module)}|{inputs}"
    return hashlib.sha256(text.encode()).hexdigest()


def pack(book: TypesetBook) -> bytes:
    """A JSON header line (the aid's copies and each PDF's size), then the PDFs one after another."""
    from dragon_pnp.kit.render_cache import pack_record

    parts = [book.pdf, book.aid_pdf, book.rules_pdf]
    header = {"format": FORMAT, "aid_copies": book.aid_copies,
              "sizes": [None if part is None else len(part) for part in parts]}
    return pack_record(header, (part for part in parts if part is not None))


def unpack(data: bytes) -> TypesetBook | None:
    """The book, or None when the bytes are not a whole record of ours."""
    from dragon_pnp.kit.render_cache import split_parts, unpack_record
    from dragon_pnp.rulebook.early import TypesetBook

    try:
        found = unpack_record(data, FORMAT)
        if found is None:
            return None
        header, rest = found
        parts = split_parts(rest, header["sizes"])
        if parts is None or len(parts) != 3:
            return None
        pdf, aid_pdf, rules_pdf = parts
        if pdf is None:
            return None
        return TypesetBook(pdf, aid_pdf, int(header["aid_copies"]), rules_pdf)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def kept_book(cache: RenderCache, key: str) -> TypesetBook | None:
    data = cache.get(key)
    return unpack(data) if data is not None else None


def keep_book(cache: RenderCache, key: str, book: TypesetBook) -> None:
    cache.put(key, pack(book))
