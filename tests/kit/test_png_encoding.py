"""The PNG encoder: every pixel read back by an independent decoder, and the same bytes as the
plain Python encoder it replaced (so kits from before and after are byte-identical)."""

from __future__ import annotations

import random
import struct
import sys
import zlib

import pytest
from PIL import Image

from dragon_pnp.kit.render import encode_png


def reference_png(native: bytes, width: int, height: int, stride: int, alpha: bool, level: int) -> bytes:
    """The encoder as it was written before Pillow did the reordering: slices, row by row."""
    rows = []
    for r in range(height):
        row = native[r * stride: r * stride + width * 4]
        pixels = bytearray()
        for x in range(width):
            b, g, red, a = row[4 * x: 4 * x + 4] if sys.byteorder == "little" else row[4 * x: 4 * x + 4][::-1]
            pixels += bytes((red, g, b, a) if alpha else (red, g, b))
        rows.append(b"\x00" + bytes(pixels))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), level))
            + chunk(b"IEND", b""))


@pytest.mark.parametrize("alpha,level", [(False, 1), (True, 6)])
@pytest.mark.parametrize("width,height,padding", [(1, 1, 0), (7, 5, 4), (33, 17, 12), (64, 3, 0)])
def test_png_bytes_and_pixels(width: int, height: int, padding: int, alpha: bool, level: int) -> None:
    rng = random.Random(width * 1000 + height)
    stride = width * 4 + padding
    native = bytes(rng.randrange(256) for _ in range(stride * height))
    png = encode_png(native, width, height, stride, alpha=alpha, level=level)
    assert png == reference_png(native, width, height, stride, alpha, level)
    import io

    decoded = Image.open(io.BytesIO(png))
    decoded.load()
    assert decoded.mode == ("RGBA" if alpha else "RGB") and decoded.size == (width, height)
    for y in range(height):
        for x in range(width):
            b, g, r, a = native[y * stride + 4 * x: y * stride + 4 * x + 4]
            assert decoded.getpixel((x, y)) == ((r, g, b, a) if alpha else (r, g, b))
