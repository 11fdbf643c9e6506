"""Real input PDFs for the dragon_pnp.pdf tests: cairo documents, reportlab documents with
bookmarks, and small hand-built files for layouts neither producer happens to write."""

from __future__ import annotations

import io

import cairocffi
import pymupdf
from reportlab.pdfgen import canvas

from dragon_pnp.fonts import register_reportlab_fonts, use_bundled_fonts_for_cairo
from dragon_pnp.pdf.objects import write


def cairo_pdf(sizes: list[tuple[float, float]], words: str = "Shield", repeat_form: int = 0) -> bytes:
    """A cairo PDF with a page of each size, each showing "<words> page <n>" in an embedded font;
    with `repeat_form`, each page also paints one recorded square that many times (as the kit
    paints a face), which cairo 1.16 lists once per use in the page's resources."""
    use_bundled_fonts_for_cairo()
    out = io.BytesIO()
    surface = cairocffi.PDFSurface(out, 1, 1)
    surface.set_metadata(cairocffi.PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
    square = cairocffi.RecordingSurface(cairocffi.CONTENT_COLOR_ALPHA, (0, 0, 20, 20))
    drawing = cairocffi.Context(square)
    drawing.rectangle(0, 0, 20, 20)
    drawing.set_source_rgb(0.8, 0.2, 0.1)
    drawing.fill()
    for number, (w, h) in enumerate(sizes):
        surface.set_size(w, h)
        context = cairocffi.Context(surface)
        context.select_font_face("Bitstream Vera Sans")
        context.set_font_size(12)
        context.move_to(20, 40)
        context.show_text(f"{words} page {number + 1}")
        for copy in range(repeat_form):
            context.save()
            context.rectangle(20 + 30 * copy, 60, 20, 20)
            context.clip()
            context.set_source_surface(square, 20 + 30 * copy, 60)
            context.paint()
            context.restore()
        surface.show_page()
    surface.finish()
    return out.getvalue()


def reportlab_pdf(chapters: list[str], *, closed_chapters: bool = False) -> bytes:
    """A reportlab PDF, a page per chapter, each with a bookmark and a "detail" bookmark under it
    (hidden until the chapter's bookmark is opened, with `closed_chapters`)."""
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(595, 842), invariant=1)
    for number, chapter in enumerate(chapters):
        pdf.setFont(register_reportlab_fonts(), 12)   # embedded, like the rulebook's
        pdf.drawString(72, 720, f"{chapter} (rules)")
        pdf.bookmarkPage(f"c{number}")
        pdf.addOutlineEntry(chapter, f"c{number}", level=0, closed=closed_chapters or None)
        pdf.bookmarkPage(f"d{number}")
        pdf.addOutlineEntry(f"{chapter}, detail", f"d{number}", level=1)
        pdf.showPage()
    pdf.save()
    return out.getvalue()


def inheriting_pdf() -> bytes:
    """Three pages that take /Resources, /MediaBox and /Rotate from their /Pages ancestors
    (a middle node overrides the size), which cairo and reportlab never write but PDF allows."""
    def content(text: bytes) -> bytes:
        data = b"BT /F1 14 Tf 20 30 Td (%s) Tj ET" % text
        return b"<< /Length %d >>\nstream\n%s\nendstream" % (len(data), data)

    bodies = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: (b"<< /Type /Pages /Kids [ 3 0 R 4 0 R ] /Count 3 /MediaBox [ 0 0 300 400 ] /Rotate 90"
            b" /Resources << /Font << /F1 5 0 R >> >> >>"),
        3: b"<< /Type /Page /Parent 2 0 R /Contents 6 0 R >>",
        4: b"<< /Type /Pages /Parent 2 0 R /Kids [ 7 0 R 8 0 R ] /Count 2 /MediaBox [ 0 0 200 250 ] >>",
        5: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        6: content(b"Inherited one"),
        7: b"<< /Type /Page /Parent 4 0 R /Contents 9 0 R /Rotate 0 >>",
        8: b"<< /Type /Page /Parent 4 0 R /Contents 10 0 R /MediaBox [ 0 0 180 120 ] >>",
        9: content(b"Inherited two"),
        10: content(b"Inherited three"),
        11: b"<< /Title (hand-made) >>",
    }
    return write(bodies, 1, 11, "hand-made")


def opened(data: bytes) -> pymupdf.Document:
    """The PDF opened by MuPDF, which must neither repair it nor warn about anything."""
    pymupdf.TOOLS.mupdf_warnings()  # clear what earlier tests left
    document = pymupdf.open(stream=data, filetype="pdf")
    assert not document.is_repaired
    assert pymupdf.TOOLS.mupdf_warnings() == ""
    return document


def one_page_bodies(content: bytes) -> dict[int, bytes]:
    """The objects of a minimal one-page PDF whose content stream holds `content` as written."""
    return {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 100 100 ] /Contents 4 0 R /Resources << >> >>",
        4: b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
        5: b"<< /Title (x) >>",
    }
