"""300 DPI PNGs of card faces, bleed included, named for upload to a card print service.

Each file is named `<face>-x<copies>.png` (e.g. `power-fireball-x2.png`), the way card
printers ask for one image per design plus a quantity. A pHYs chunk records the DPI.
"""

from __future__ import annotations

import struct
import zlib

INCH_M = 0.0254


def with_dpi(png: bytes, dpi: int) -> bytes:
    """Insert (or replace) the pHYs chunk so viewers and print services read the intended DPI."""
    signature, rest = png[:8], png[8:]
    chunks = []
    while rest:
        length = struct.unpack(">I", rest[:4])[0]
        kind = rest[4:8]
        chunks.append((kind, rest[:12 + length]))
        rest = rest[12 + length:]
    per_metre = round(dpi / INCH_M)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    phys = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    out = [signature]
    for kind, raw in chunks:
        if kind == b"pHYs":
            continue
        out.append(raw)
        if kind == b"IHDR":
            out.append(phys)
    return b"".join(out)


def png_name(face_key: str, copies: int) -> str:
    return f"{face_key}-x{copies}.png"
