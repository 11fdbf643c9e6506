"""dragon_pnp.pdf: finishing cairo documents and merging documents, read back by pypdf and PyMuPDF."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from dragon_pnp.pdf import MergePart, PageBoxes, UnsupportedPdf, count_pages, finish_document, merge, with_page_boxes
from dragon_pnp.pdf.syntax import get, renumber, set_keys, text_string, without_repeated_keys
from tests.pdf.sources import cairo_pdf, one_page_bodies, opened, reportlab_pdf


def test_finish_adds_boxes_and_our_metadata_and_is_reproducible():
    raw = cairo_pdf([(612, 792), (200, 300), (612, 792)])
    boxes = [PageBoxes(trim=(10, 20, 190.5, 270.25), bleed=(1.5, 11.5, 199, 278.75)), None,
             PageBoxes(trim=(0, 0, 100, 100), bleed=(0, 0, 110, 110))]
    finished = finish_document(raw, title="Drächen (cards)", subject="LETTER, duplex", page_boxes=boxes)
    assert finished == finish_document(raw, title="Drächen (cards)", subject="LETTER, duplex", page_boxes=boxes)
    reader = PdfReader(io.BytesIO(finished), strict=True)
    assert [float(p.mediabox.width) for p in reader.pages] == [612, 200, 612]
    first = reader.pages[0]
    assert [float(v) for v in first.trimbox] == pytest.approx([10, 20, 190.5, 270.25], abs=0.01)
    assert [float(v) for v in first.bleedbox] == pytest.approx([1.5, 11.5, 199, 278.75], abs=0.01)
    second = reader.pages[1]   # given no boxes: the page itself is both
    assert [float(v) for v in second.trimbox] == [float(v) for v in second.bleedbox] == [0, 0, 200, 300]
    assert reader.metadata.title == "Drächen (cards)"
    assert reader.metadata.subject == "LETTER, duplex"
    assert reader.metadata.producer == "dragon-pnp"
    assert "/CreationDate" not in reader.metadata
    document = opened(finished)
    assert [page.get_text().strip() for page in document] == [f"Shield page {n}" for n in (1, 2, 3)]
    assert any("BitstreamVeraSans" in font[3] for font in document.get_page_fonts(0))
    assert reader.trailer["/ID"][0] == reader.trailer["/ID"][1]
    other = finish_document(cairo_pdf([(612, 792)] * 3, "Mirror"), title="x", subject="", page_boxes=[None] * 3)
    assert PdfReader(io.BytesIO(other)).trailer["/ID"][0] != reader.trailer["/ID"][0]


def test_finish_refuses_a_box_list_of_the_wrong_length():
    with pytest.raises(ValueError, match="2 page boxes for 1 pages"):
        finish_document(cairo_pdf([(100, 100)]), title="t", subject="", page_boxes=[None, None])


def test_merge_keeps_pages_in_order_with_blanks_and_nested_bookmarks():
    rules = reportlab_pdf(["Setup", "Turns"])
    cards = finish_document(cairo_pdf([(612, 792)] * 2, "Card"), title="cards", subject="", page_boxes=[None] * 2)
    cover = cairo_pdf([(612, 792)], "Cover")
    merged = merge([MergePart(cover, "Contents"), MergePart(rules, "Rulebook"),
                    MergePart(cards, "Cards", blanks_before=1, blank_size=(612, 792))],
                   title="Dragon Pants: print-and-play kit", subject="LETTER")
    assert merged == merge([MergePart(cover, "Contents"), MergePart(rules, "Rulebook"),
                            MergePart(cards, "Cards", blanks_before=1, blank_size=(612, 792))],
                           title="Dragon Pants: print-and-play kit", subject="LETTER")
    document = opened(merged)
    texts = [page.get_text().strip() for page in document]
    assert texts == ["Cover page 1", "Setup (rules)", "Turns (rules)", "", "Card page 1", "Card page 2"]
    assert [round(page.rect.width) for page in document] == [612, 595, 595, 612, 612, 612]
    assert document.get_toc(simple=True) == [
        [1, "Contents", 1], [1, "Rulebook", 2], [2, "Setup", 2], [3, "Setup, detail", 2],
        [2, "Turns", 3], [3, "Turns, detail", 3], [1, "Cards", 5]]
    reader = PdfReader(io.BytesIO(merged), strict=True)
    assert len(reader.pages) == count_pages(merged) == 6
    assert reader.metadata.title == "Dragon Pants: print-and-play kit"
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"
    for number in (0, 1, 4):
        assert document.get_page_fonts(number), f"page {number + 1} lost its font"


def test_stream_bytes_are_never_edited():
    body = b"<< /Length 40 /Parent 3 0 R /Note (see 4 0 R) >>\nstream\n9 0 R endobj ( 7 0 R\nendstream"
    moved = renumber(body, {3: 30, 4: 40, 9: 90, 7: 70})
    assert moved == body.replace(b"/Parent 3 0 R", b"/Parent 30 0 R")
    assert set_keys(moved, {b"/Parent": b"1 0 R", b"/TrimBox": b"[ 0 0 1 1 ]"}).endswith(body[body.index(b">>"):])
    assert get(moved, b"/Note") == b"(see 4 0 R)"


def test_a_stream_holding_endobj_and_references_survives_a_round_trip():
    from dragon_pnp.pdf.objects import parse, write

    bodies = one_page_bodies(b"q 1 0 0 1 0 0 cm Q % endobj 9 0 R\nendobj\n(\n")
    pdf = write(bodies, 1, 5, "x")
    assert parse(pdf).bodies == bodies
    assert opened(pdf).page_count == 1
    finished = finish_document(pdf, title="endobj 9 0 R (", subject="", page_boxes=[None])
    assert parse(finished).bodies[4] == bodies[4]
    merged = merge([MergePart(finished, "one"), MergePart(finished, "two")], title="t", subject="")
    contents = [body for body in parse(merged).bodies.values() if body.endswith(b"endstream")]
    assert contents == [bodies[4], bodies[4]]
    assert PdfReader(io.BytesIO(finished), strict=True).metadata.title == "endobj 9 0 R ("


def test_text_strings_escape_and_encode():
    assert text_string("a (b) \\ c") == b"(a \\(b\\) \\\\ c)"
    assert text_string("Drä") == b"<FEFF0044007200E4>"


def test_unsupported_layouts_are_refused_with_the_reason():
    xref_stream = (b"%PDF-1.5\n1 0 obj\n<< /Type /XRef /Size 2 /W [ 1 1 1 ] /Length 0 >>\nstream\n\nendstream\n"
                   b"endobj\nstartxref\n9\n%%EOF\n")
    with pytest.raises(UnsupportedPdf, match="cross-reference streams"):
        count_pages(xref_stream)
    with pytest.raises(UnsupportedPdf, match="not a PDF"):
        count_pages(b"hello")
    raw = cairo_pdf([(100, 100)])
    with pytest.raises(UnsupportedPdf, match="incremental"):
        count_pages(raw.replace(b"trailer\n<<", b"trailer\n<< /Prev 10", 1))
    with pytest.raises(UnsupportedPdf, match="encrypted"):
        count_pages(raw.replace(b"trailer\n<<", b"trailer\n<< /Encrypt 1 0 R", 1))


def test_repeated_keys_are_written_once_the_last_winning():
    body = (b"<<\n   /ExtGState << /a0 << /CA 1 /ca 1 >> >>\n"
            b"   /XObject << /x6 9 0 R /x7 10 0 R /x7 10 0 R /x8 (a /x8 string) /x8 11 0 R >>\n"
            b"   /Kids [ << /A 1 /A 2 >> (/A) ] /Font << /f-0-0 14 0 R >>\n>>")
    cleaned = without_repeated_keys(body)
    assert cleaned == (b"<< /ExtGState << /a0 << /CA 1 /ca 1 >> >> /XObject << /x6 9 0 R /x7 10 0 R /x8 11 0 R >> "
                       b"/Kids [ << /A 2 >> (/A) ] /Font << /f-0-0 14 0 R >> >>")
    unchanged = b"<< /Type /Page /Resources << /Type /Font >> >>"   # repeated names, no repeated key
    assert without_repeated_keys(unchanged) is unchanged
    stream = b"<< /Length 12 /Length 12 >>\nstream\n/a /a /a /a \nendstream"
    assert without_repeated_keys(stream) == b"<< /Length 12 >>\nstream\n/a /a /a /a \nendstream"


def test_finished_cairo_documents_repeat_no_key():
    """cairo 1.16 names a form once per use in a page's resources; finishing writes it once."""
    from dragon_pnp.pdf.objects import parse

    raw = cairo_pdf([(612, 792)] * 2, "Card", repeat_form=3)
    repeated = [body for body in parse(raw).bodies.values()
                if len([n for n in body.split(b"stream", 1)[0].split() if n.startswith(b"/x")])
                > len({n for n in body.split(b"stream", 1)[0].split() if n.startswith(b"/x")})]
    assert repeated, "this cairo no longer repeats keys; the test shows nothing"
    finished = parse(finish_document(raw, title="t", subject="", page_boxes=[None, None]))
    for body in finished.bodies.values():
        value = body.split(b"stream", 1)[0]
        names = [n for n in value.split() if n.startswith(b"/x")]
        assert len(names) == len(set(names)), body[:200]


def test_reportlab_documents_get_boxes_and_keep_their_info():
    raw = reportlab_pdf(["Setup", "Turns"])
    boxed = with_page_boxes(raw, title="rules")
    reader = PdfReader(io.BytesIO(boxed), strict=True)
    for page in reader.pages:
        assert [float(v) for v in page.trimbox] == [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]
    assert reader.metadata.title == PdfReader(io.BytesIO(raw)).metadata.title
    assert with_page_boxes(raw, title="rules") == boxed


def test_merge_boxes_every_page_blank_ones_too():
    rules = reportlab_pdf(["Setup"])
    merged = merge([MergePart(rules, "Rulebook"), MergePart(rules, "Again", blanks_before=1)], title="t", subject="")
    for page in PdfReader(io.BytesIO(merged)).pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        assert [float(v) for v in page.trimbox] == [float(v) for v in page.mediabox]
