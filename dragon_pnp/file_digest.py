"""A digest of every file under a folder (names and bytes), compiled-code caches left out.

Used for what a cached result was made from: the generator's code (`dragon_pnp.code_digest`),
a game folder's files (the diff's version records, the check cache) and a game folder's own
rules package (`dragon_pnp.games.registry`, which re-imports an edited one). `__pycache__` is
left out because importing a folder's rules module writes it. Files are read as the render
cache reads them (a pipe, a device or a link out of the folder only by its kind and size).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

SKIPPED = frozenset({"__pycache__", ".git", ".mypy_cache", ".pytest_cache", ".ruff_cache"})


def folder_digest(folder: Path, skip: frozenset[Path] = frozenset()) -> str:
    """Every file's path relative to `folder` and its contents (a file alone: its contents);
    the paths in `skip` are left out (a kit built inside its game folder)."""
    from dragon_pnp.kit.render_cache import _file_digest

    if folder.is_file():
        return _file_digest(folder, folder.parent).hex()
    digest = hashlib.sha256()
    for path in files_under(folder, skip):
        digest.update(path.relative_to(folder).as_posix().encode("utf-8", "surrogateescape") + b"\0")
        digest.update(_file_digest(path, folder))
    return digest.hexdigest()


def files_under(folder: Path, skip: frozenset[Path] = frozenset()) -> list[Path]:
    """The files under `folder` a digest reads, sorted (compiled-code and tool folders left out)."""
    found = []
    for directory, folders, names in os.walk(folder):   # symlinked folders are not entered
        here = Path(directory)
        folders[:] = sorted(name for name in folders if name not in SKIPPED and here / name not in skip)
        if here.relative_to(folder).parts[:2] == ("bundled", "games"):   # a wheel's seed games: data
            folders[:] = []
            continue
        found += [here / name for name in sorted(names) if here / name not in skip]
    return sorted(found)
