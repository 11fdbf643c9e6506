"""Render SVG pages with cairo: many pages into one PDF (fonts subset once), or one PNG.

Every distinct face and every sheet's furniture (marks, labels) goes through `render_pdf`
once; sheets then reuse these pages as form XObjects, so nothing is rendered twice.
"""

from __future__ import annotations

import io
import struct
import zlib
from typing import Iterable

from generator.fonts import use_bundled_fonts_for_cairo

MM_PER_PX = 25.4 / 96.0  # cairosvg's user unit is the CSS pixel


def render_pdf(svgs: Iterable[str]) -> bytes:
    """One PDF with one page per SVG, each page the SVG's own size."""
    use_bundled_fonts_for_cairo()
    import cairocffi
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface

    output = io.BytesIO()
    shared = cairocffi.PDFSurface(output, 1, 1)

    class _Page(PDFSurface):
        """cairosvg surface that draws onto the shared document instead of opening its own."""

        def _create_surface(self, width: float, height: float):
            shared.set_size(width, height)
            return shared, width, height

    for svg in svgs:
        _Page(Tree(bytestring=svg.encode("utf-8")), None, 96)
        shared.show_page()
    shared.finish()
    return output.getvalue()


def render_png(svg: str, dpi: int) -> bytes:
    """A PNG of one SVG at `dpi` (its size in mm sets the pixel size), on white.

    cairo draws; the PNG is encoded here with fast zlib settings, which is several times
    quicker than cairo's own writer for these large flat-coloured images.
    """
    use_bundled_fonts_for_cairo()
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface

    surface = PNGSurface(Tree(bytestring=svg.encode("utf-8")), None, dpi, background_color="white")
    image = surface.cairo
    image.flush()
    return encode_png(bytes(image.get_data()), image.get_width(), image.get_height(), image.get_stride())


def encode_png(bgrx: bytes, width: int, height: int, stride: int) -> bytes:
    """RGB PNG from cairo's native-endian ARGB32 rows (opaque: painted on white)."""
    if stride != width * 4:
        bgrx = b"".join(bgrx[r * stride: r * stride + width * 4] for r in range(height))
    pixels = bytearray(width * height * 3)
    pixels[0::3] = bgrx[2::4]
    pixels[1::3] = bgrx[1::4]
    pixels[2::3] = bgrx[0::4]
    line = width * 3
    view = memoryview(pixels)
    # Each row starts with its filter byte (0: none).
    rows = b"\x00" + b"\x00".join(view[r * line:(r + 1) * line] for r in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b"")
