"""Content-addressed store of rendered output, so a rebuild renders only what changed.

An entry is one render job's output (a whole kit document as cairo wrote it, or one card
PNG), keyed by the job's `cache_key` (a SHA-256 of everything that decides its bytes, see
render_jobs.py); the value is exactly the bytes cairo produced, so a kit built from the
cache is byte-identical to one rendered afresh. Every entry carries a checksum of its body:
an entry that is truncated or altered is treated as missing and rewritten, never used.

The folder is `~/.cache/dragon-pnp/render/`, or `$DRAGON_PNP_CACHE`; `DRAGON_PNP_CACHE=off`
turns caching off. The cache only ever speeds a build up: if it cannot be read or written,
the build renders as if it were empty.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from pathlib import Path

from generator.data.reading import MAX_FILE_BYTES, leaves_folder
from generator.kit.render_jobs import RENDER_VERSION

MAGIC = b"DPNPRND2"
OFF = ("off", "0", "no", "false")


def inputs_digest(*folders: Path, settings: str = "") -> str:
    """A digest of every file under some folders (a game's data, the templates) and settings.

    Only a hint: it predicts that a rebuild will find everything in the cache, so the build
    need not start render workers before it knows. A wrong guess costs time, never bytes.
    """
    digest = hashlib.sha256(f"{RENDER_VERSION}|{settings}".encode())
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            digest.update(str(path.relative_to(folder)).encode("utf-8", "surrogateescape") + b"\0")
            digest.update(_file_digest(path, folder))
    return digest.hexdigest()


def _file_digest(path: Path, folder: Path) -> bytes:
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


def cache_folder() -> Path | None:
    """Where entries live, or None when caching is turned off."""
    setting = os.environ.get("DRAGON_PNP_CACHE", "").strip()
    if setting.lower() in OFF:
        return None
    if setting:
        return Path(setting).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dragon-pnp" / "render"


class RenderCache:
    """Read and write entries under one folder; a None folder is a cache that never hits."""

    def __init__(self, folder: Path | None):
        self.folder = folder

    @classmethod
    def from_environment(cls) -> "RenderCache":
        return cls(cache_folder())

    def seen(self, inputs: str) -> bool:
        """Whether a kit with these inputs (see `inputs_digest`) was rendered into this cache."""
        return self.folder is not None and (self.folder / "kits" / inputs).exists()

    def remember(self, inputs: str) -> None:
        if self.folder is None:
            return
        try:
            (self.folder / "kits").mkdir(parents=True, exist_ok=True)
            (self.folder / "kits" / inputs).touch()
        except OSError:
            return

    def path(self, key: str) -> Path:
        assert self.folder is not None
        return self.folder / key[:2] / key

    def get(self, key: str) -> bytes | None:
        """The stored output, or None if absent, unreadable or damaged."""
        if self.folder is None:
            return None
        try:
            data = self.path(key).read_bytes()
        except OSError:
            return None
        return decode(data)

    def put(self, key: str, data: bytes) -> None:
        """Store atomically (write a temporary file, then rename); failures are ignored."""
        if self.folder is None:
            return
        target = self.path(key)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(encode(data))
                os.replace(temporary, target)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError:
            return


def encode(data: bytes) -> bytes:
    return MAGIC + hashlib.sha256(data).digest() + data


def decode(entry: bytes) -> bytes | None:
    """An entry's contents, or None unless the magic and checksum agree."""
    header = len(MAGIC) + 32
    if len(entry) < header or not entry.startswith(MAGIC):
        return None
    data = entry[header:]
    if hashlib.sha256(data).digest() != entry[len(MAGIC):header]:
        return None
    return data
