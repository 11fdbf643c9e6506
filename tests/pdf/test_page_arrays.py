"""`page_arrays` gives the pixels of `page_pictures`: PDFium drawing in RGB order and copied out
once is the picture's own drawing, reordered and converted (the proof reads pages this way)."""

from __future__ import annotations

import io

import numpy as np
from reportlab.pdfgen import canvas

from dragon_pnp.pdf_pictures import page_arrays, page_pictures


def _pdf() -> bytes:
    out = io.BytesIO()
    drawing = canvas.Canvas(out, pagesize=(150, 90), invariant=1)
    for page, (red, green, blue) in enumerate(((0.9, 0.2, 0.1), (0.1, 0.3, 0.8))):
        drawing.setFillColorRGB(red, green, blue)
        drawing.circle(40, 45, 27.3, fill=1, stroke=0)   # edges blend the colour into white
        drawing.setFillColorRGB(blue, red, green)
        drawing.setFont("Helvetica-Bold", 13)
        drawing.drawString(70, 40 + page, f"Page {page + 1}")
        drawing.showPage()
    drawing.save()
    return out.getvalue()


def test_page_arrays_are_the_pictures_pixels():
    pdf = _pdf()
    pictures = [np.asarray(picture) for picture in page_pictures(pdf, 100)]
    arrays = page_arrays(pdf, 100)
    assert [array.shape for array in arrays] == [picture.shape for picture in pictures] == [(125, 209, 3)] * 2   # 90 x 150 pt at 100 dpi: 125 x 208.3, the part pixel kept
    assert all(array.dtype == np.uint8 and np.array_equal(array, picture) for array, picture in zip(arrays, pictures))
    assert len(np.unique(arrays[0].reshape(-1, 3), axis=0)) > 10   # blended edges, not two flat colours
    [second] = page_arrays(pdf, 100, [1])
    assert np.array_equal(second, pictures[1])
