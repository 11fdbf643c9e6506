"""Notice saves in the game folder and the templates: a small poller, no native dependency.

Every `interval` seconds it compares each file's size, modification time and inode with the
last look; a file that looks touched is read and hashed, and only a change of content counts.
So editors that save by writing a new file and renaming it, or that touch without changing,
are handled alike. Hidden files and editor backups (`.x.swp`, `x~`) are ignored.

Nothing in the folder can stop it: files are read with the data's bounded reader (a pipe, a
device or a huge file is never read, only noticed), a link counts by where it points and is
read only if it stays inside the folder, a link loop is just a changed entry, and a fault in
one look is reported (`on_fault`) and the next look goes on. `alive` says whether it still
watches, so the page never claims to be up to date when it is not.
"""

from __future__ import annotations

import hashlib
import os
import stat as stat_kind
import threading
from collections.abc import Callable
from pathlib import Path

from dragon_pnp.data.reading import MAX_FILE_BYTES, leaves_folder, read_bounded
from dragon_pnp.errors import DataError

Snapshot = dict[str, tuple[int, int, int, int, str]]   # by path, as a string


class FolderWatcher:
    """Calls `on_change(changed paths)` from its own thread when file contents change."""

    def __init__(self, folders: list[Path], on_change: Callable[[list[Path]], None], interval: float = 0.1,
                 on_fault: Callable[[BaseException], None] = lambda error: None):
        self.folders = folders
        self.on_change = on_change
        self.on_fault = on_fault
        self._roots: dict[str, Path] = {}
        self.interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._stats: Snapshot = {}
        self._digests: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def start(self) -> None:
        self._stats = self._look()
        self._digests = {path: self._digest(path) for path in self._stats}
        self._thread = threading.Thread(target=self._run, name="studio-watcher", daemon=True)
        self._thread.start()

    @property
    def alive(self) -> bool:
        """Whether the watching thread is still looking (False before start and after stop)."""
        return self._thread is not None and self._thread.is_alive() and not self._stop.is_set()

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
            digest = self._digest(path)
            if digest != self._digests.get(path):
                self._digests[path] = digest
                changed.append(path)
        for path in removed:
            self._digests.pop(path, None)
            changed.append(path)
        return sorted(Path(path) for path in changed)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                changed = self.poll()
                if changed:
                    self.on_change(changed)
            except OSError:
                continue  # a file vanished between listing and reading: look again next time
            except Exception as error:  # never stop watching over one bad look
                self.on_fault(error)
                self._stop.wait(max(self.interval, 0.5))

    def _look(self) -> Snapshot:
        # Plain strings and scandir's cached entry types: a look runs 20 times a second for as long
        # as a studio is open, and building a Path per file made it ~3.5 ms for a 60-file game (issue 30).
        stats: Snapshot = {}
        for folder in self.folders:
            pending = [str(folder)]
            while pending:
                directory = pending.pop()
                try:
                    entries = list(os.scandir(directory))
                except OSError:
                    continue
                for entry in entries:
                    name = entry.name
                    if name.startswith(".") or name.endswith("~") or name == "__pycache__":
                        continue   # hidden, editor litter, bytecode: never a save, nor anything below it
                    try:
                        is_dir = entry.is_dir()
                    except OSError:
                        is_dir = False
                    if is_dir:   # as os.walk sorts them: a link to a folder is neither walked nor a file
                        if not entry.is_symlink():
                            pending.append(entry.path)
                        continue
                    try:
                        info = entry.stat(follow_symlinks=False)
                        target = os.readlink(entry.path) if stat_kind.S_ISLNK(info.st_mode) else ""
                    except OSError:
                        continue
                    path = entry.path
                    stats[path] = (stat_kind.S_IFMT(info.st_mode), info.st_size, info.st_mtime_ns, info.st_ino, target)
                    self._roots[path] = folder
        return stats

    def _digest(self, name: str) -> bytes:
        """What the file holds, as far as it may be read: a regular file's contents (bounded), where
        a link points (and what it holds, if it stays inside the folder), else only its kind."""
        digest = hashlib.sha256()
        path = Path(name)
        try:
            info = path.lstat()
            if stat_kind.S_ISLNK(info.st_mode):
                digest.update(b"link:" + os.fsencode(os.readlink(path)) + b"\0")
                root = self._roots.get(name)
                if root is None or leaves_folder(path, root):
                    return digest.digest()
                info = path.stat()
            if not stat_kind.S_ISREG(info.st_mode):
                digest.update(f"kind:{stat_kind.S_IFMT(info.st_mode)}".encode())
            elif info.st_size > MAX_FILE_BYTES:
                digest.update(f"large:{info.st_size}:{info.st_mtime_ns}".encode())
            else:
                digest.update(read_bounded(path))
        except DataError as error:
            digest.update(b"unreadable:" + error.message.encode("utf-8", "replace"))
        except (OSError, RuntimeError):
            digest.update(b"gone")
        return digest.digest()
