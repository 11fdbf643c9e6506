"""PDF pages as pictures, drawn by PDFium, one caller at a time in the whole process.

PDFium is not thread-safe, even for different documents, and pypdfium2 adds no lock. The
studio rasterises its preview in the rebuild thread while its "Since..." panel rasterises diff
thumbnails in another; two unguarded callers at once can crash or hang the process. Every use
of PDFium in the generator goes through here, under one lock, and closes what it opened
(bitmap, page, document) before letting go, so no PDFium object is freed later by the garbage
collector in some other thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    from PIL import Image

_lock = threading.Lock()
T = TypeVar("T")


@overload
def page_pictures(pdf: bytes, dpi: float, pages: list[int] | None = None) -> list[Image.Image]: ...


@overload
def page_pictures(pdf: bytes, dpi: float, pages: list[int] | None, finish: Callable[[Image.Image], T]) -> list[T]: ...


def page_pictures(pdf: bytes, dpi: float, pages: list[int] | None = None,
                  finish: Callable[[Image.Image], Any] = lambda picture: picture) -> list[Any]:
    """Pages of a PDF (all, or those at the 0-based `pages`) as RGB pictures at `dpi`, each
    passed through `finish` as it is drawn (say, encoded), so a long document is never held
    as pictures all at once."""
    import pypdfium2 as pdfium

    pictures = []
    with _lock:
        document = pdfium.PdfDocument(pdf)
        try:
            for index in (range(len(document)) if pages is None else pages):
                page = document[index]
                bitmap = page.render(scale=dpi / 72.0)
                picture = bitmap.to_pil().convert("RGB")  # convert copies out of PDFium's buffer
                bitmap.close()
                pictures.append(finish(picture))
                page.close()
        finally:
            document.close()
    return pictures
