"""A digest of every file under a folder (names and bytes), compiled-code caches left out.

Used for what a cached result was made from: the generator's code (`generator.code_digest`)
and a game folder's own rules package (`generator.games.registry`, which re-imports an edited one).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

_SKIPPED = {"__pycache__", ".mypy_cache", ".pytest_cache"}


def folder_digest(folder: Path) -> str:
    """Every file under a folder (names and bytes), caches of compiled code left out."""
    digest = hashlib.sha256()
    for path in sorted(_files(folder)):
        digest.update(path.relative_to(folder).as_posix().encode("utf-8", "surrogateescape") + b"\0")
        try:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        except OSError:
            digest.update(b"unreadable")
    return digest.hexdigest()


def _files(folder: Path) -> list[Path]:
    found = []
    for path in folder.rglob("*"):
        relative = path.relative_to(folder).parts
        if any(part in _SKIPPED or part.startswith(".") for part in relative):
            continue
        if relative[:2] == ("bundled", "games"):   # an installed wheel's seed games are data, not code
            continue
        if path.is_file():
            found.append(path)
    return found
