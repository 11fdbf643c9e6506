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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    import numpy as np
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
    return _drawn(pdf, dpi, pages, False, lambda bitmap: finish(bitmap.to_pil().convert("RGB")))


def page_arrays(pdf: bytes, dpi: float, pages: list[int] | None = None) -> list[np.ndarray]:
    """The pixels of `page_pictures(pdf, dpi, pages)`, each page a (height, width, 3) RGB array:
    PDFium draws them in RGB order and they are copied out of its buffer once, where a picture
    took three passes over them (reordered, converted, copied into an array), a third of the
    proof's drawing time."""
    import numpy

    return _drawn(pdf, dpi, pages, True, lambda bitmap: numpy.array(bitmap.to_numpy()))


def _drawn(pdf: bytes, dpi: float, pages: list[int] | None, rgb: bool, take: Callable[[Any], T]) -> list[T]:
    """`take(bitmap)` of each page drawn at `dpi` (in RGB order with `rgb`, else PDFium's BGR),
    under the one lock, every PDFium object closed before it is let go."""
    import pypdfium2 as pdfium

    pictures = []
    with _lock:
        document = pdfium.PdfDocument(pdf)
        try:
            for index in (range(len(document)) if pages is None else pages):
                page = document[index]
                bitmap = page.render(scale=dpi / 72.0, rev_byteorder=rgb)
                picture = take(bitmap)  # copies out of PDFium's buffer
                bitmap.close()
                pictures.append(picture)
                page.close()
        finally:
            document.close()
    return pictures


@dataclass(frozen=True)
class TextRun:
    """Characters of one page drawn alike (same fill colour, size and weight, on one line): what
    the accessibility proof measures. The box is in points from the page's top-left corner."""

    text: str
    size_pt: float
    bold: bool
    colour: tuple[int, int, int]
    box: tuple[float, float, float, float]   # left, top, right, bottom


def page_text_runs(pdf: bytes) -> list[list[TextRun]]:
    """Every page's text as runs, read by PDFium: what a viewer draws, with the colours and sizes
    as placed on the page."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pages: list[list[TextRun]] = []
    with _lock:
        document = pdfium.PdfDocument(pdf)
        try:
            for index in range(len(document)):
                page = document[index]
                height = page.get_height()
                text_page = raw.FPDFText_LoadPage(page.raw)
                runs: list[TextRun] = []
                try:
                    r, g, b, a = (ctypes.c_uint() for _ in range(4))
                    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
                    matrix = raw.FS_MATRIX()
                    name, flags = ctypes.create_string_buffer(128), ctypes.c_int()
                    current: dict[str, object] | None = None
                    for char in range(raw.FPDFText_CountChars(text_page)):
                        code = raw.FPDFText_GetUnicode(text_page, char)
                        if raw.FPDFText_IsGenerated(text_page, char) == 1 and code == 0x20:
                            if current is not None:   # a space PDFium found between glyphs placed apart
                                current["text"] = str(current["text"]) + " "
                            continue
                        if code in (0x0D, 0x0A, 0xFFFE, 0x02) or chr(code).isspace():
                            _close(runs, current)
                            current = None
                            continue
                        raw.FPDFText_GetFillColor(text_page, char, r, g, b, a)
                        raw.FPDFText_GetCharBox(text_page, char, left, right, bottom, top)
                        raw.FPDFText_GetMatrix(text_page, char, matrix)
                        # The size as printed: the font's size through the text and page matrices
                        # (cairo writes a size of 1 scaled by its matrix).
                        size = round(raw.FPDFText_GetFontSize(text_page, char) * (matrix.c ** 2 + matrix.d ** 2) ** 0.5, 1)
                        # cairo's embedded subsets declare no weight (PDFium says 400 or -1 for
                        # DejaVu Sans Bold): the font's own name tells a bold face
                        raw.FPDFText_GetFontInfo(text_page, char, name, len(name), flags)
                        bold = raw.FPDFText_GetFontWeight(text_page, char) >= 600 or b"Bold" in name.value
                        colour = (r.value, g.value, b.value)
                        box = (left.value, height - top.value, right.value, height - bottom.value)
                        if current is not None and (current["colour"], current["size"], current["bold"]) == \
                                (colour, size, bold) and _near(current["box"], box, size * 0.5):  # type: ignore[arg-type]
                            current["text"] = str(current["text"]) + chr(code)
                            current["box"] = _union(current["box"], box)  # type: ignore[arg-type]
                        else:
                            _close(runs, current)
                            current = {"text": chr(code), "colour": colour, "size": size, "bold": bold,
                                       "box": box}
                    _close(runs, current)
                finally:
                    raw.FPDFText_ClosePage(text_page)
                    page.close()
                pages.append(runs)
        finally:
            document.close()
    return pages


def _near(a: tuple[float, float, float, float], b: tuple[float, float, float, float], gap: float) -> bool:
    """Boxes no further apart than `gap` on either axis: glyphs of one run, whichever way the text
    runs (a card turned on its sheet sets its text upright on the page's side)."""
    return b[0] - a[2] <= gap and a[0] - b[2] <= gap and b[1] - a[3] <= gap and a[1] - b[3] <= gap


def _union(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _close(runs: list[TextRun], current: dict[str, object] | None) -> None:
    if current is not None:
        runs.append(TextRun(str(current["text"]).strip(), float(current["size"]), bool(current["bold"]),  # type: ignore[arg-type]
                            current["colour"], current["box"]))  # type: ignore[arg-type]
