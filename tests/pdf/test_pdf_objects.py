"""dragon_pnp.pdf.objects: reading cairo and reportlab files through their xref tables, writing exact
tables, and refusing layouts the reader does not follow (with the reason)."""

from __future__ import annotations

import hashlib
import io
import re

import pymupdf
import pytest
from pypdf import PdfReader, PdfWriter

from dragon_pnp.pdf.objects import UnsupportedPdf, parse, write
from dragon_pnp.pdf.syntax import dictionary, reference, split_stream
from tests.pdf.sources import cairo_pdf, inheriting_pdf, one_page_bodies, opened, reportlab_pdf


def test_cairo_objects_are_cut_exactly_even_with_indirect_lengths():
    sizes = [(612, 792), (200, 300), (842, 595)]
    document = parse(cairo_pdf(sizes))
    streams = 0
    for body in document.bodies.values():
        head, rest = split_stream(body)
        if not rest:
            continue
        length = dictionary(head)[b"/Length"]
        if reference(length) is not None:   # cairo writes the length as an object after the stream
            length = document.bodies[reference(length)]
            streams += 1
        data = rest.removeprefix(b"stream\n").removesuffix(b"endstream")
        assert len(data.removesuffix(b"\n")) == int(length)
    assert streams >= 3
    pages = document.pages()
    assert len(pages) == 3
    assert [dictionary(document.bodies[p])[b"/MediaBox"] for p in pages] == [
        b"[ 0 0 612 792 ]", b"[ 0 0 200 300 ]", b"[ 0 0 842 595 ]"]
    assert b"/Catalog" in document.bodies[document.root]
    assert b"cairo" in document.bodies[document.info]


def test_reportlab_objects_and_pages():
    document = parse(reportlab_pdf(["Setup", "Turns", "End"]))
    assert len(document.pages()) == 3
    assert b"/Outlines" in dictionary(document.bodies[document.root])


def test_a_nested_page_tree_is_walked_in_order_with_inherited_attributes():
    tree = parse(inheriting_pdf()).page_tree()
    assert tree.pages == [3, 7, 8]
    assert tree.nodes == [2, 4]
    assert tree.inherited == {
        3: {b"/MediaBox": b"[ 0 0 300 400 ]", b"/Rotate": b"90", b"/Resources": b"<< /Font << /F1 5 0 R >> >>"},
        7: {b"/MediaBox": b"[ 0 0 200 250 ]", b"/Resources": b"<< /Font << /F1 5 0 R >> >>"},
        8: {b"/Rotate": b"90", b"/Resources": b"<< /Font << /F1 5 0 R >> >>"},
    }


def test_objects_are_found_through_the_table_not_by_scanning():
    decoy = b"endobj\n3 0 obj\n<< /Type /Page >>\nendobj\n 9 0 R trailer << /Root 9 0 R >> startxref 0 %%EOF"
    bodies = one_page_bodies(decoy)
    pdf = write(bodies, 1, 5, "x")
    assert parse(pdf).bodies == bodies
    assert opened(pdf).page_count == 1


def test_the_written_table_is_exact_and_the_output_reproducible():
    bodies = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [ ] /Count 0 >>",
              5: b"<< /Title (t) >>", 7: b"42"}
    pdf = write(bodies, 1, 5, "t")
    assert pdf == write(dict(bodies), 1, 5, "t")
    assert pdf.startswith(b"%PDF-1.5\n%") and min(pdf[10:14]) >= 128
    xref_at = int(re.search(rb"startxref\n(\d+)\n%%EOF\n$", pdf).group(1))
    assert pdf.startswith(b"xref\n0 8\n", xref_at)
    table = pdf[xref_at + len(b"xref\n0 8\n"):pdf.index(b"trailer")]
    entries = [table[i:i + 20] for i in range(0, len(table), 20)]
    assert len(table) == 8 * 20 and all(entry.endswith(b" \n") for entry in entries)
    for number, entry in enumerate(entries):
        if number in bodies:
            assert entry.endswith(b" 00000 n \n")
            assert pdf.startswith(b"%d 0 obj\n%s\nendobj\n" % (number, bodies[number]), int(entry[:10]))
    # Free numbers chain from entry 0: 0 -> 3 -> 4 -> 6 -> 0.
    assert [entries[n][:16] for n in (0, 3, 4, 6)] == [
        b"0000000003 65535", b"0000000004 00000", b"0000000006 00000", b"0000000000 00000"]
    trailer = PdfReader(io.BytesIO(pdf), strict=True).trailer
    assert trailer["/Size"] == 8
    digest = hashlib.md5(b"t" + pdf[pdf.index(b"1 0 obj"):xref_at]).hexdigest()
    assert [part.original_bytes.hex() for part in trailer["/ID"]] == [digest, digest]


def test_object_and_xref_streams_are_refused():
    document = pymupdf.open(stream=cairo_pdf([(100, 100)]), filetype="pdf")
    with pytest.raises(UnsupportedPdf, match=r"cross-reference streams are not supported.*object or cross-reference streams"):
        parse(document.tobytes(use_objstms=1))


def test_encrypted_files_are_refused():
    document = pymupdf.open(stream=cairo_pdf([(100, 100)]), filetype="pdf")
    encrypted = document.tobytes(encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="owner", user_pw="user")
    with pytest.raises(UnsupportedPdf, match="encrypted"):
        parse(encrypted)


def test_incremental_updates_are_refused(tmp_path):
    original = cairo_pdf([(100, 100)])
    writer = PdfWriter(io.BytesIO(original), incremental=True)   # pypdf appends a cross-reference stream
    writer.add_metadata({"/Title": "changed"})
    out = io.BytesIO()
    writer.write(out)
    assert out.getvalue().startswith(original)
    with pytest.raises(UnsupportedPdf, match="incremental updates"):
        parse(out.getvalue())
    path = tmp_path / "updated.pdf"   # MuPDF appends a classic table with /Prev
    path.write_bytes(original)
    document = pymupdf.open(path)
    document.set_metadata({"title": "changed"})
    document.save(path, incremental=True, encryption=pymupdf.PDF_ENCRYPT_KEEP)
    document.close()
    updated = path.read_bytes()
    assert updated.startswith(original) and updated.count(b"\nxref") == 2
    with pytest.raises(UnsupportedPdf, match="incremental updates"):
        parse(updated)


def test_other_damage_is_refused_with_the_reason():
    raw = cairo_pdf([(100, 100)])
    with pytest.raises(UnsupportedPdf, match="hybrid"):
        parse(raw.replace(b"trailer\n<<", b"trailer\n<< /XRefStm 5", 1))
    with pytest.raises(UnsupportedPdf, match="not a PDF"):
        parse(b"hello")
    with pytest.raises(UnsupportedPdf, match="no startxref"):
        parse(raw[:-20])
    with pytest.raises(UnsupportedPdf, match="does not point at a cross-reference table"):
        parse(re.sub(rb"startxref\n\d+", b"startxref\n0", raw))
    with pytest.raises(UnsupportedPdf, match="malformed cross-reference table"):
        parse(raw.replace(b" n \n", b" n\n"))    # 19-byte entries
    first_entry = re.search(rb"xref\n0 \d+\n0000000000 65535 f \n(\d{10})", raw)
    moved = raw[:first_entry.start(1)] + b"%010d" % (int(first_entry.group(1)) + 1) + raw[first_entry.end(1):]
    with pytest.raises(UnsupportedPdf, match="object 1 is not where the cross-reference table says"):
        parse(moved)
    looping = write({1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [ 2 0 R ] /Count 1 >>",
                     3: b"<< >>"}, 1, 3, "loop")
    with pytest.raises(UnsupportedPdf, match="reaches object 2 twice"):
        parse(looping).pages()
