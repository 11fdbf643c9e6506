"""What one version's pages are, kept between diffs: a diff against the same OLD plans and
typesets OLD once.

A version's record holds the key of every kit page (its one-page render job's content key),
the render-cache key under which that page's PDF is found once drawn, and its typeset rulebook
and player aid. It is stored in the render cache (same folder, same size limit, same least
recently used trimming) under a key made of everything that decides it: every file of the
game folder (`dragon_pnp.file_digest`), the code (`dragon_pnp.code_digest`), the paper and a format
version. Equal keys on both sides of one diff (identical folders) mean the version is worked
out once. A record that cannot be read is treated as missing.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dragon_pnp.data import GameData

if TYPE_CHECKING:
    from dragon_pnp.kit.render_cache import RenderCache

# 2: documents and books kept in the order the kit and the rulebook give them (1 sorted them, so a
# report read back from the cache listed its pages in another order than a fresh one).
FORMAT = "diff-side-2"


@dataclass
class SideRecord:
    """One version's pages, without any rendering done."""

    kit: dict[str, list[str]] = field(default_factory=dict)      # document -> page content keys
    render_keys: dict[str, str] = field(default_factory=dict)    # page content key -> render-cache key
    books: dict[str, bytes] = field(default_factory=dict)        # rulebook.pdf / player-aid.pdf -> PDF


def side_key(game: GameData, paper: str) -> str:
    """The cache key of a version's record: its files, the code and the paper."""
    from dragon_pnp.code_digest import code_digest
    from dragon_pnp.file_digest import folder_digest

    text = f"{FORMAT}|{paper}|{code_digest(game.module)}|{folder_digest(game.root)}"
    return hashlib.sha256(text.encode()).hexdigest()


def pack(record: SideRecord) -> bytes:
    """A JSON header line (names and sizes), then the PDFs' bytes one after another. Documents are
    lists of pairs, not objects, so their order survives the round trip (the report follows it)."""
    from dragon_pnp.kit.render_cache import pack_record

    header = {"format": FORMAT, "kit": [[name, keys] for name, keys in record.kit.items()],
              "render_keys": record.render_keys,
              "books": [[name, len(pdf)] for name, pdf in record.books.items()]}
    return pack_record(header, record.books.values())


def unpack(data: bytes) -> SideRecord | None:
    """The record, or None when the bytes are not one of ours."""
    from dragon_pnp.kit.render_cache import split_parts, unpack_record

    try:
        found = unpack_record(data, FORMAT)
        if found is None:
            return None
        header, rest = found
        names = [str(name) for name, _ in header["books"]]
        parts = split_parts(rest, [int(size) for _, size in header["books"]])
        if parts is None:
            return None
        books = {name: part for name, part in zip(names, parts, strict=True) if part is not None}
        kit = {str(name): [str(key) for key in keys] for name, keys in header["kit"]}
        return SideRecord(kit, {str(k): str(v) for k, v in header["render_keys"].items()}, books)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def load_side(cache: RenderCache, key: str) -> SideRecord | None:
    data = cache.get(key)
    return unpack(data) if data is not None else None


def store_side(cache: RenderCache, key: str, record: SideRecord) -> None:
    cache.put(key, pack(record))
