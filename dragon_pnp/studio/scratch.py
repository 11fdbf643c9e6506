"""A studio's one temporary folder: locked while its studio lives, cleared by the next start.

The balance check's report and the "Since..." snapshot (a copy of the game folder) live in
folders of their own under one `dragon-pnp-studio-*` folder in the temporary folder. Its owner
removes it on every exit it runs code on (Ctrl-C, SIGTERM and SIGHUP unwind through `serve`
into the session's `stop`; any other end of the process through `atexit`); a studio killed outright (SIGKILL, a crash) cannot, so the folder
carries a lock (flock on the folder itself, which the system drops when the process is gone),
and the next studio to make one removes every such folder of this user that nobody holds
(`Scratch.removed_stale` says which, for the studio to report).
"""

from __future__ import annotations

import atexit
import contextlib
import fcntl
import os
import shutil
import tempfile
import threading
import weakref
from collections.abc import Iterator
from pathlib import Path

PREFIX = "dragon-pnp-studio-"

_live: weakref.WeakSet[Scratch] = weakref.WeakSet()   # removed at exit if their owner did not


class Scratch:
    """One locked temporary folder, made on first use, with folders for the studio's parts in it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._folder: Path | None = None
        self._handle: int | None = None
        self._pid = os.getpid()
        self.removed_stale: list[Path] = []

    def folder(self) -> Path:
        """The locked folder, made (after clearing those of dead studios) on first use."""
        with self._lock:
            if self._folder is None:
                parent = Path(tempfile.gettempdir())
                with _guarded(parent):
                    self.removed_stale = clear_stale(parent)
                    made = Path(tempfile.mkdtemp(prefix=PREFIX, dir=parent))
                    handle = os.open(made, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
                    with contextlib.suppress(OSError):   # a file system without locks: left unlocked
                        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self._folder, self._handle, self._pid = made, handle, os.getpid()
                _live.add(self)
            return self._folder

    def make(self, prefix: str) -> Path:
        """A new empty folder inside this one (`since-`, `check-`)."""
        return Path(tempfile.mkdtemp(prefix=prefix, dir=self.folder()))

    def remove(self) -> None:
        """Remove the folder and everything in it; a forked child leaves its parent's alone."""
        with self._lock:
            made, handle, self._folder, self._handle = self._folder, self._handle, None, None
        if made is not None and self._pid == os.getpid():
            shutil.rmtree(made, ignore_errors=True)
        if handle is not None:
            with contextlib.suppress(OSError):
                os.close(handle)


def clear_stale(parent: Path) -> list[Path]:
    """Remove every `dragon-pnp-studio-*` folder of this user in `parent` whose studio is gone."""
    removed: list[Path] = []
    try:
        entries = list(parent.iterdir())
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(PREFIX):
            continue
        try:
            if entry.is_symlink() or not entry.is_dir() or entry.lstat().st_uid != os.getuid():
                continue
            handle = os.open(entry, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(handle)   # a running studio holds it
            continue
        try:
            shutil.rmtree(entry, ignore_errors=True)
            removed.append(entry)
        finally:
            os.close(handle)
    return removed


@contextlib.contextmanager
def _guarded(parent: Path) -> Iterator[None]:
    """One studio at a time between looking for stale folders and locking its own (a lock on the
    temporary folder itself, so nothing is left there)."""
    try:
        handle = os.open(parent, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        yield
        return
    try:
        with contextlib.suppress(OSError):
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


@atexit.register
def _remove_live() -> None:
    for scratch in list(_live):
        scratch.remove()
