"""Render SVG pages with cairo: many pages into one PDF (fonts subset once), or one PNG.

Every distinct face and every sheet's furniture (marks, labels) goes through `render_pdf`
once; sheets then reuse these pages as form XObjects, so nothing is rendered twice.
"""

from __future__ import annotations

import io
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
    """A PNG of one SVG at `dpi` (its size in mm sets the pixel size)."""
    use_bundled_fonts_for_cairo()
    import cairosvg

    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi)
