"""Content-addressed store of rendered output, so a rebuild renders only what changed.

An entry is one render job's output (a whole kit document as cairo wrote it, or one card
PNG), keyed by the job's `cache_key` (a SHA-256 of everything that decides its bytes, see
render_jobs.py); the value is exactly the bytes cairo produced, so a kit built from the
cache is byte-identical to one rendered afresh. Every entry carries a checksum of its body:
an entry that is truncated or altered is treated as missing and rewritten, never used.

The folder is `~/.cache/dragon-pnp/render/`, or `$DRAGON_PNP_CACHE`; `DRAGON_PNP_CACHE=off`
turns caching off. The cache only ever speeds a build up: if it cannot be read or written,
the build renders as if it were empty.

It is bounded: `DRAGON_PNP_CACHE_LIMIT` (default 1 GB; `500M`, `2G`, bytes) is the most it may
hold, the compiled templates (`jinja/`) included. Every read marks an entry as used (its
modification time); when what this process wrote since its last look passes a twentieth of
the limit (and at its first write), the least recently used entries are removed until the
cache holds at most `TRIM_TO` of the limit. `dragon-pnp cache` shows and clears it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dragon_pnp.file_digest import file_bytes_digest

MAGIC = b"DPNPRND2"
OFF = ("off", "0", "no", "false")
DEFAULT_LIMIT = 1024**3  # bytes: a laptop's disk does not miss a gigabyte; a day of use wrote 151 MB
TRIM_TO = 0.8            # a trim leaves the cache at this share of its limit, so trims are rare
_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}
_SIZE = re.compile(r"^\s*(\d{1,12}(?:\.\d{1,6})?)\s*([kKmMgGtT]?)(?:i?[bB])?\s*$")


class CacheLimitError(ValueError):
    """DRAGON_PNP_CACHE_LIMIT is not a size."""


def cache_limit() -> int:
    """The most bytes the cache may hold (`DRAGON_PNP_CACHE_LIMIT`, default DEFAULT_LIMIT)."""
    setting = os.environ.get("DRAGON_PNP_CACHE_LIMIT", "").strip()
    return parse_size(setting) if setting else DEFAULT_LIMIT


def parse_size(text: str) -> int:
    """'500M', '2G', '1.5GB', '2GiB', '123456' -> bytes."""
    found = _SIZE.match(text)
    if found is None:
        raise CacheLimitError(f"DRAGON_PNP_CACHE_LIMIT={text!r}: expected a size such as 500M or 2G")
    return int(float(found.group(1)) * _UNITS[found.group(2).upper()])


@dataclass(frozen=True)
class CacheUsage:
    folder: Path | None
    files: int
    bytes: int
    limit: int


def cache_entries(folder: Path) -> list[tuple[float, int, Path]]:
    """(last used, size, path) of every file under the cache folder."""
    found = []
    for directory, _, names in os.walk(folder):
        for name in names:
            path = Path(directory) / name
            try:
                info = path.lstat()
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                found.append((info.st_mtime, info.st_size, path))
    return found


def cache_usage(folder: Path | None = None) -> CacheUsage:
    folder = folder if folder is not None else cache_folder()
    entries = cache_entries(folder) if folder is not None and folder.is_dir() else []
    return CacheUsage(folder, len(entries), sum(size for _, size, _ in entries), cache_limit())


def trim_cache(folder: Path, limit: int, keep: float = TRIM_TO) -> int:
    """Remove the least recently used files until the folder holds at most `keep` of `limit`
    (only if it holds more than `limit`); the bytes removed."""
    entries = cache_entries(folder)
    total = sum(size for _, size, _ in entries)
    if total <= limit:
        return 0
    removed = 0
    for _, size, path in sorted(entries):
        if total - removed <= limit * keep:
            break
        try:
            path.unlink()
        except OSError:
            continue
        removed += size
    return removed


def clear_cache(folder: Path) -> int:
    """Remove every entry; the bytes removed."""
    removed = 0
    for _, size, path in cache_entries(folder):
        try:
            path.unlink()
        except OSError:
            continue
        removed += size
    for directory, _subfolders, _ in sorted(os.walk(folder, topdown=False), key=lambda item: -len(item[0])):
        if Path(directory) != folder:
            try:
                Path(directory).rmdir()
            except OSError:
                pass
    return removed


def inputs_digest(*folders: Path, settings: str = "") -> str:
    """A digest of every file under some folders (a game's data, the templates) and settings.

    Only a hint: it predicts that a rebuild will find everything in the cache, so the build
    need not start render workers before it knows. A wrong guess costs time, never bytes.
    """
    return settings_digest(folders_digest(*folders), settings)


def folders_digest(*folders: Path) -> str:
    """The files part of `inputs_digest`: computed once, it serves several settings."""
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            digest.update(str(path.relative_to(folder)).encode("utf-8", "surrogateescape") + b"\0")
            digest.update(file_bytes_digest(path, folder))
    return digest.hexdigest()


def settings_digest(files: str, settings: str) -> str:
    """`inputs_digest` from its files part (`folders_digest`) and the build's settings."""
    # Not at the top: a remembered build never loads the jobs.
    from dragon_pnp.kit.render_jobs import RENDER_VERSION

    return hashlib.sha256(f"{RENDER_VERSION}|{settings}|{files}".encode()).hexdigest()


def cache_folder() -> Path | None:
    """Where entries live, or None when caching is turned off."""
    setting = os.environ.get("DRAGON_PNP_CACHE", "").strip()
    if setting.lower() in OFF:
        return None
    if setting:
        return Path(setting).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dragon-pnp" / "render"


_written_since_trim: dict[Path, int] = {}  # per cache folder, in this process


class RenderCache:
    """Read and write entries under one folder; a None folder is a cache that never hits."""

    def __init__(self, folder: Path | None, limit: int | None = None):
        self.folder = folder
        self.limit = limit if limit is not None else _limit_or_default()

    @classmethod
    def from_environment(cls) -> RenderCache:
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
        path = self.path(key)
        try:
            data = path.read_bytes()
        except OSError:
            return None
        found = decode(data)
        if found is not None:
            try:
                os.utime(path)  # used now: the last to be evicted
            except OSError:
                pass
        return found

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
        self._written(len(data))

    def _written(self, size: int) -> None:
        """Trim at the first write of this process, then each time it wrote a twentieth of the limit."""
        assert self.folder is not None
        written = _written_since_trim.get(self.folder)
        written = size if written is None else written + size
        if written == size or written >= self.limit / 20:
            trim_cache(self.folder, self.limit)
            written = 1  # never None again: the first-write trim is done
        _written_since_trim[self.folder] = written


def _limit_or_default() -> int:
    try:
        return cache_limit()
    except CacheLimitError:
        return DEFAULT_LIMIT  # the `cache` command says what is wrong with the setting


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


# --- records of byte parts (a typeset book, a diff's version) ---------------------------------


def pack_record(header: Mapping[str, Any], parts: Iterable[bytes]) -> bytes:
    """An entry made of byte parts: a JSON header line (it names the format and says each part's
    size), then the parts one after another."""
    return json.dumps(header, sort_keys=True).encode() + b"\n" + b"".join(parts)


def unpack_record(data: bytes, format_name: str) -> tuple[dict[str, Any], bytes] | None:
    """`pack_record`'s header and the bytes after it; None when the entry is not a `format_name` record."""
    line, _, rest = data.partition(b"\n")
    try:
        header = json.loads(line)
    except ValueError:
        return None
    if not isinstance(header, dict) or header.get("format") != format_name:
        return None
    return header, rest


def split_parts(rest: bytes, sizes: Iterable[int | None]) -> list[bytes | None] | None:
    """`rest` cut into parts of these sizes (None: a part left out, no bytes); None unless they
    fill it exactly (a record cut short or grown is not ours)."""
    parts: list[bytes | None] = []
    offset = 0
    for size in sizes:
        if size is None:
            parts.append(None)
            continue
        parts.append(rest[offset:offset + int(size)])
        offset += int(size)
    return parts if offset == len(rest) else None
