"""Reading exported PNGs back: size and DPI from the chunks, pixels through MuPDF."""

from __future__ import annotations

import struct
from pathlib import Path
from urllib.parse import unquote, urlparse

import pymupdf


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def png_dpi(path: Path) -> float | None:
    """Dots per inch from the pHYs chunk (None if absent)."""
    data = path.read_bytes()
    at = data.find(b"pHYs")
    if at < 0:
        return None
    x, y, unit = struct.unpack(">IIB", data[at + 4:at + 13])
    assert unit == 1 and x == y
    return x * 0.0254


def pixels(path: Path) -> pymupdf.Pixmap:
    return pymupdf.Pixmap(str(path))


def rgb(pixmap: pymupdf.Pixmap, x: int, y: int) -> tuple[int, int, int]:
    return tuple(pixmap.pixel(x, y)[:3])  # type: ignore[return-value]


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 6) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def url_path(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))
