"""A digest of every file under a folder (names and bytes), compiled-code caches left out.

Used for what a cached result was made from: the generator's code (`dragon_pnp.code_digest`),
a game folder's files (the diff's version records, the check cache) and a game folder's own
rules package (`dragon_pnp.games.registry`, which re-imports an edited one). `__pycache__` is
left out because importing a folder's rules module writes it. Files are read as the render
cache reads them, through `file_bytes_digest` (a pipe, a device or a link out of the folder only by its kind and size).
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from dragon_pnp.data.reading import MAX_FILE_BYTES, leaves_folder

SKIPPED = frozenset({"__pycache__", ".git", ".mypy_cache", ".pytest_cache", ".ruff_cache"})


def folder_digest(folder: Path, skip: frozenset[Path] = frozenset()) -> str:
    """Every file's path relative to `folder` and its contents (a file alone: its contents);
    the paths in `skip` are left out (a kit built inside its game folder)."""
    if folder.is_file():
        return file_bytes_digest(folder, folder.parent).hex()
    digest = hashlib.sha256()
    for path in files_under(folder, skip):
        digest.update(path.relative_to(folder).as_posix().encode("utf-8", "surrogateescape") + b"\0")
        digest.update(file_bytes_digest(path, folder))
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


def file_bytes_digest(path: Path, folder: Path) -> bytes:
    """SHA-256 of a regular file inside `folder` (never a pipe, a device or a link out), read in
    chunks up to the bounded reader's limit; anything else only by its size and time."""
    file_hash = hashlib.sha256()
    try:
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode):
            file_hash.update(os.fsencode(os.readlink(path)))
            if leaves_folder(path, folder):
                return file_hash.digest()
            info = path.stat()
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
            file_hash.update(f"{stat.S_IFMT(info.st_mode)}:{info.st_size}:{info.st_mtime_ns}".encode())
            return file_hash.digest()
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(handle, "rb") as source:
            for chunk in iter(lambda: source.read(1 << 20), b""):
                file_hash.update(chunk)
                if source.tell() > MAX_FILE_BYTES:
                    break
    except (OSError, RuntimeError):
        file_hash.update(b"unreadable")
    return file_hash.digest()
