"""Page images for the preview: a PDF page (cairo's or reportlab's) drawn by PDFium.

PDFium reads the very bytes that get printed, so the preview shows what the PDF holds.
Pages are JPEG: at preview size it encodes eight times faster than PNG and is a third
smaller, and the card gallery (PNG, from the render workers) is where text is read closely.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass

PREVIEW_DPI = 100
JPEG_QUALITY = 90

# PDFium is not thread-safe; the rebuild thread is the only caller, but be sure.
_pdfium_lock = threading.Lock()


@dataclass(frozen=True)
class PageImage:
    jpeg: bytes
    width: int
    height: int


def rasterise(pdf: bytes, dpi: int = PREVIEW_DPI, pages: list[int] | None = None) -> list[PageImage]:
    """Pages of a PDF (all, or those at the 0-based `pages`) as JPEGs at `dpi`, white background."""
    import pypdfium2 as pdfium

    images = []
    with _pdfium_lock:
        document = pdfium.PdfDocument(pdf)
        try:
            for index in (range(len(document)) if pages is None else pages):
                page = document[index]
                bitmap = page.render(scale=dpi / 72.0)
                picture = bitmap.to_pil().convert("RGB")
                page.close()
                out = io.BytesIO()
                picture.save(out, "JPEG", quality=JPEG_QUALITY)
                images.append(PageImage(out.getvalue(), picture.width, picture.height))
        finally:
            document.close()
    return images
