"""Content-addressed store of rendered faces, so a rebuild renders only what changed.

A render job (one face, or the furniture pages of one document) is keyed by the SHA-256 of
its SVG text, the PNG resolution asked for and `RENDER_VERSION`; the value is exactly the
bytes cairo produced (a one-job PDF, and PNGs), so a kit built from the cache is
byte-identical to one rendered afresh. Every entry carries a checksum of its body: an entry
that is truncated or altered is treated as missing and rewritten, never used.

The folder is `~/.cache/dragon-pnp/render/`, or `$DRAGON_PNP_CACHE`; `DRAGON_PNP_CACHE=off`
turns caching off. The cache only ever speeds a build up: if it cannot be read or written,
the build renders as if it were empty.
"""

from __future__ import annotations

import hashlib
import os
import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path

# Bump when rendering code changes what bytes a given SVG turns into (render.py, cairo setup).
RENDER_VERSION = "kit-render-2"
MAGIC = b"DPNPRND1"
OFF = ("off", "0", "no", "false")


@dataclass(frozen=True)
class RenderJob:
    """SVGs rendered together into one PDF (a page each): one face, or one document's furniture.

    Pages of one job share their font subsets; `keys` names the pages, `png_pages` numbers the
    pages that also want a PNG.
    """

    keys: tuple[str, ...]
    svgs: tuple[str, ...]
    png_pages: frozenset[int] = frozenset()

    def cache_key(self, png_dpi: int | None) -> str:
        return job_key(self.svgs, png_dpi, self.png_pages)

    @property
    def weight(self) -> int:
        """Rough cost, to share work fairly: SVG size, and a PNG costs about twice its page."""
        return sum(len(svg) * (3 if i in self.png_pages else 1) for i, svg in enumerate(self.svgs))


@dataclass(frozen=True)
class Rendered:
    """One job's output: a PDF with a page per SVG, and PNGs of some of those pages by number."""

    pdf: bytes
    pngs: dict[int, bytes]


def job_key(svgs: tuple[str, ...], png_dpi: int | None, png_pages: frozenset[int]) -> str:
    """The address of a job's output: everything that decides its bytes, hashed."""
    digest = hashlib.sha256(RENDER_VERSION.encode())
    digest.update(f"|{png_dpi if png_pages else None}|{sorted(png_pages)}|{len(svgs)}".encode())
    for svg in svgs:
        data = svg.encode("utf-8")
        digest.update(struct.pack(">Q", len(data)))
        digest.update(data)
    return digest.hexdigest()


def inputs_digest(*folders: Path, settings: str = "") -> str:
    """A digest of every file under some folders (a game's data, the templates) and settings.

    Only a hint: it predicts that a rebuild will find everything in the cache, so the build
    need not start render workers before it knows. A wrong guess costs time, never bytes.
    """
    digest = hashlib.sha256(f"{RENDER_VERSION}|{settings}".encode())
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            digest.update(str(path.relative_to(folder)).encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


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

    def get(self, key: str) -> Rendered | None:
        """The stored output, or None if absent, unreadable or damaged."""
        if self.folder is None:
            return None
        try:
            data = self.path(key).read_bytes()
        except OSError:
            return None
        return decode(data)

    def put(self, key: str, rendered: Rendered) -> None:
        """Store atomically (write a temporary file, then rename); failures are ignored."""
        if self.folder is None:
            return
        target = self.path(key)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(encode(rendered))
                os.replace(temporary, target)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError:
            return


def encode(rendered: Rendered) -> bytes:
    body = [struct.pack(">QI", len(rendered.pdf), len(rendered.pngs)), rendered.pdf]
    for number, png in sorted(rendered.pngs.items()):
        body += [struct.pack(">IQ", number, len(png)), png]
    payload = b"".join(body)
    return MAGIC + hashlib.sha256(payload).digest() + payload


def decode(data: bytes) -> Rendered | None:
    """An entry's contents, or None unless the magic, checksum and lengths all agree."""
    header = len(MAGIC) + 32
    if len(data) < header + 12 or not data.startswith(MAGIC):
        return None
    payload = data[header:]
    if hashlib.sha256(payload).digest() != data[len(MAGIC):header]:
        return None
    try:
        pdf_length, count = struct.unpack_from(">QI", payload, 0)
        at = 12
        pdf = payload[at:at + pdf_length]
        at += pdf_length
        pngs = {}
        for _ in range(count):
            number, length = struct.unpack_from(">IQ", payload, at)
            at += 12
            pngs[number] = payload[at:at + length]
            at += length
    except struct.error:
        return None
    if at != len(payload) or len(pdf) != pdf_length or not pdf.startswith(b"%PDF"):
        return None
    return Rendered(pdf, pngs)
