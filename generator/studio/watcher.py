"""Notice saves in the game folder and the templates: a small poller, no native dependency.

Every `interval` seconds it compares each file's size, modification time and inode with the
last look; a file that looks touched is read and hashed, and only a change of content counts.
So editors that save by writing a new file and renaming it, or that touch without changing,
are handled alike. Hidden files and editor backups (`.x.swp`, `x~`) are ignored.
"""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path
from typing import Callable

Snapshot = dict[Path, tuple[int, int, int]]


def _visible(path: Path, root: Path) -> bool:
    parts = path.relative_to(root).parts
    return not any(part.startswith(".") or part.endswith("~") or part == "__pycache__" for part in parts)


class FolderWatcher:
    """Calls `on_change(changed paths)` from its own thread when file contents change."""

    def __init__(self, folders: list[Path], on_change: Callable[[list[Path]], None], interval: float = 0.1):
        self.folders = folders
        self.on_change = on_change
        self.interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._stats: Snapshot = {}
        self._digests: dict[Path, bytes] = {}
        self._lock = threading.Lock()

    def start(self) -> None:
        self._stats = self._look()
        self._digests = {path: _digest(path) for path in self._stats}
        self._thread = threading.Thread(target=self._run, name="studio-watcher", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)

    def poll(self) -> list[Path]:
        """One look: the files whose contents changed (added and removed files included)."""
        with self._lock:
            return self._poll()

    def _poll(self) -> list[Path]:
        stats = self._look()
        touched = [path for path, stat in stats.items() if self._stats.get(path) != stat]
        removed = [path for path in self._stats if path not in stats]
        self._stats = stats
        changed = []
        for path in touched:
            digest = _digest(path)
            if digest != self._digests.get(path):
                self._digests[path] = digest
                changed.append(path)
        for path in removed:
            self._digests.pop(path, None)
            changed.append(path)
        return sorted(changed)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                changed = self.poll()
            except OSError:
                continue  # a file vanished between listing and reading: look again next time
            if changed:
                self.on_change(changed)

    def _look(self) -> Snapshot:
        stats: Snapshot = {}
        for folder in self.folders:
            for directory, subfolders, files in os.walk(folder):
                subfolders[:] = [name for name in subfolders if not name.startswith(".") and name != "__pycache__"]
                for name in files:
                    path = Path(directory) / name
                    if not _visible(path, folder):
                        continue
                    try:
                        stat = path.stat()
                    except OSError:
                        continue
                    stats[path] = (stat.st_size, stat.st_mtime_ns, stat.st_ino)
        return stats


def _digest(path: Path) -> bytes:
    try:
        return hashlib.sha256(path.read_bytes()).digest()
    except OSError:
        return b""
