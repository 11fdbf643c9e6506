"""Page images for the preview: a PDF page (cairo's or reportlab's) drawn by PDFium.

PDFium reads the very bytes that get printed, so the preview shows what the PDF holds.
Pages are JPEG: at preview size it encodes eight times faster than PNG and is a third
smaller, and the card gallery (PNG, from the render workers) is where text is read closely.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image

from dragon_pnp.pdf_pictures import page_pictures

PREVIEW_DPI = 100
JPEG_QUALITY = 90


@dataclass(frozen=True)
class PageImage:
    jpeg: bytes
    width: int
    height: int


def rasterise(pdf: bytes, dpi: int = PREVIEW_DPI, pages: list[int] | None = None) -> list[PageImage]:
    """Pages of a PDF (all, or those at the 0-based `pages`) as JPEGs at `dpi`, white background."""
    return page_pictures(pdf, dpi, pages, _jpeg)


def _jpeg(picture: Image.Image) -> PageImage:
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=JPEG_QUALITY)
    return PageImage(out.getvalue(), picture.width, picture.height)
