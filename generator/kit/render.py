"""Render SVG pages with cairo: many pages into one PDF (fonts subset once), and PNGs.

Every distinct face and every sheet's furniture (marks, labels) goes through `render_pdf`
once; sheets then reuse these pages as form XObjects, so nothing is rendered twice.
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from typing import TYPE_CHECKING, Iterable

from generator.fonts import use_bundled_fonts_for_cairo

if TYPE_CHECKING:
    from generator.kit.render_cache import Rendered, RenderJob


def warm_up() -> None:
    """Load cairo and cairosvg now (a render worker's first act), so the first job starts warm."""
    use_bundled_fonts_for_cairo()
    import cairocffi  # noqa: F401
    import cairosvg.parser  # noqa: F401
    import cairosvg.surface  # noqa: F401


def render_batch(jobs: list["RenderJob"], png_dpi: int | None) -> list["Rendered"]:
    """Render jobs one by one, each into its own PDF (and PNGs), in this process."""
    from generator.kit.render_cache import Rendered

    results = []
    for job in jobs:
        pdf, pngs = render_pages(job.svgs, png_dpi, job.png_pages)
        results.append(Rendered(pdf, pngs))
    return results


def render_pdf(svgs: Iterable[str]) -> bytes:
    """One PDF with one page per SVG, each page the SVG's own size (rounded up to whole points)."""
    pdf, _ = render_pages(svgs)
    return pdf


def render_pages(svgs: Iterable[str], png_dpi: int | None = None,
                 png_pages: frozenset[int] = frozenset()) -> tuple[bytes, dict[int, bytes]]:
    """One PDF page per SVG, plus a PNG of the pages numbered in `png_pages`.

    cairosvg walks each SVG once, into a cairo recording; the recording is then replayed onto
    the PDF page and, when a PNG is wanted, onto a raster at `png_dpi`. The walk is the slow
    part, so a card's PDF page and its PNG cost little more than one of them.
    Pages are rounded up to whole points because cairo clips a page to its whole-point size;
    the face keeps its exact size at the page's top-left (see pdf_writer's form BBox).
    """
    use_bundled_fonts_for_cairo()
    import cairocffi
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface

    output = io.BytesIO()
    document = cairocffi.PDFSurface(output, 1, 1)
    # A fixed date, so the same SVGs always give the same bytes (cached or not).
    document.set_metadata(cairocffi.PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")

    class _Recording(PDFSurface):
        """cairosvg surface that records in points instead of writing a file of its own."""

        def _create_surface(self, width: float, height: float):
            extents = (0, 0, math.ceil(width), math.ceil(height))
            return cairocffi.RecordingSurface(cairocffi.CONTENT_COLOR_ALPHA, extents), width, height

    images: dict[int, bytes] = {}
    for number, svg in enumerate(svgs):
        drawing = _Recording(Tree(bytestring=svg.encode("utf-8")), None, 96)
        width, height = drawing.width, drawing.height
        document.set_size(math.ceil(width), math.ceil(height))
        page = cairocffi.Context(document)
        page.set_source_surface(drawing.cairo, 0, 0)
        page.paint()
        document.show_page()
        if png_dpi and number in png_pages:
            images[number] = _raster(drawing.cairo, width, height, png_dpi)
        drawing.cairo.finish()
    document.finish()
    return output.getvalue(), images


def _raster(recording, width_pt: float, height_pt: float, dpi: int) -> bytes:
    import cairocffi

    scale = dpi / 72.0
    image = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, round(width_pt * scale), round(height_pt * scale))
    context = cairocffi.Context(image)
    context.set_source_rgb(1, 1, 1)
    context.paint()
    context.scale(scale, scale)
    context.set_source_surface(recording, 0, 0)
    context.paint()
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
