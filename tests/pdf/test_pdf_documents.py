"""dragon_pnp.pdf finish_document and merge on real cairo and reportlab files, read back by pypdf
and PyMuPDF: page order and sizes, boxes, Info, bookmarks, fonts and text, reproducibility."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from dragon_pnp.pdf import MergePart, PageBoxes, finish_document, merge
from dragon_pnp.pdf.objects import parse, write
from dragon_pnp.pdf.syntax import dictionary
from tests.pdf.sources import cairo_pdf, inheriting_pdf, opened, reportlab_pdf

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(612, 792), (595.28, 841.89), (300, 200)]


def twenty_pages() -> tuple[bytes, list[PageBoxes | None]]:
    sizes = [SIZES[n % 3] for n in range(20)]
    boxes = [None if n % 5 == 4 else
             PageBoxes(trim=(9 + n / 3, 9.123456, w - 9, h - 9.000049), bleed=(0.5, 0, w - 0.5, h)) for n, (w, h) in enumerate(sizes)]
    return cairo_pdf(sizes, "Card"), boxes


def test_finishing_twenty_pages_sets_boxes_and_info_for_both_readers():
    raw, boxes = twenty_pages()
    finished = finish_document(raw, title="Dragon Pants: cards", subject="Drächen (x) \\ back", page_boxes=boxes)
    assert finished == finish_document(raw, title="Dragon Pants: cards", subject="Drächen (x) \\ back", page_boxes=boxes)
    document = opened(finished)
    reader = PdfReader(io.BytesIO(finished), strict=True)
    assert document.metadata["title"] == reader.metadata.title == "Dragon Pants: cards"
    assert document.metadata["subject"] == reader.metadata.subject == "Drächen (x) \\ back"
    assert document.metadata["creator"] == document.metadata["producer"] == "dragon-pnp"
    assert document.metadata["creationDate"] == "" and "/ModDate" not in reader.metadata
    for number, (page, box) in enumerate(zip(reader.pages, boxes)):
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, *SIZES[number % 3]], abs=0.01)
        assert document[number].get_text().strip() == f"Card page {number + 1}"
        if box is None:   # no boxes given: the page itself is both
            assert [float(v) for v in page.trimbox] == [float(v) for v in page.bleedbox] == [
                float(v) for v in page.mediabox]
            continue
        assert [float(v) for v in page.trimbox] == pytest.approx(box.trim, abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx(box.bleed, abs=0.01)
        height = SIZES[number % 3][1]   # MuPDF reports boxes y-down
        assert tuple(document[number].trimbox) == pytest.approx(
            (box.trim[0], height - box.trim[3], box.trim[2], height - box.trim[1]), abs=0.01)
    first_page = parse(finished).bodies[parse(finished).pages()[0]]
    assert b"/TrimBox [ 9 9.1235 603 783 ] /BleedBox [ 0.5 0 611.5 792 ]" in first_page


def seven_parts() -> list[MergePart]:
    rules = reportlab_pdf(["Setup", "Turns", "Winning", "Variants"], closed_chapters=True)
    cards, boxes = twenty_pages()
    return [
        MergePart(cairo_pdf([(612, 792)], "Cover"), "Contents"),
        MergePart(rules, "Rulebook (read first)"),
        MergePart(cairo_pdf([(612, 792)], "Aid"), "Player aid"),
        MergePart(finish_document(cards, title="cards", subject="", page_boxes=boxes), "Cards", 1, (612, 792)),
        MergePart(cairo_pdf([(612, 792)] * 16, "Tile"), "Tiles", 1, (500, 700)),
        MergePart(cairo_pdf([(612, 792), (1224, 792)] * 7, "Board"), "Board"),
        MergePart(reportlab_pdf(["Pawns", "Track"]), "Extras"),
    ]


def test_merging_seven_parts_keeps_every_page_font_and_bookmark():
    parts = seven_parts()
    merged = merge(parts, title="Dragon Pants: print-and-play kit", subject="LETTER, everything in one file")
    document = opened(merged)
    reader = PdfReader(io.BytesIO(merged), strict=True)
    expected = (["Cover page 1"] + [f"{c} (rules)" for c in ("Setup", "Turns", "Winning", "Variants")] + ["Aid page 1", ""]
                + [f"Card page {n}" for n in range(1, 21)] + [""] + [f"Tile page {n}" for n in range(1, 17)]
                + [f"Board page {n}" for n in range(1, 15)] + ["Pawns (rules)", "Track (rules)"])
    assert [page.get_text().strip() for page in document] == expected
    assert len(reader.pages) == len(expected) == 60
    assert [round(page.rect.width, 2) for page in document][5:8] == [612, 612, 612]
    assert (round(document[27].rect.width), round(document[27].rect.height)) == (500, 700)   # the blank before tiles
    assert [round(page.rect.width) for page in document][44:48] == [612, 1224, 612, 1224]
    # Each page uses the fonts it used in its part, embedded as they were (MuPDF says "n/a" if not).
    def fonts(pdf_document, number):
        return sorted((font[1], font[2], font[3]) for font in pdf_document.get_page_fonts(number))

    before = []
    for part in parts:
        source = opened(part.pdf)
        before += [[]] * part.blanks_before + [fonts(source, n) for n in range(source.page_count)]
    assert [fonts(document, n) for n in range(document.page_count)] == before
    assert sum(font[0] == "ttf" and "BitstreamVeraSans" in font[2] for page in before for font in page) >= 58
    assert document.get_toc(simple=True) == [
        [1, "Contents", 1], [1, "Rulebook (read first)", 2],
        [2, "Setup", 2], [3, "Setup, detail", 2], [2, "Turns", 3], [3, "Turns, detail", 3],
        [2, "Winning", 4], [3, "Winning, detail", 4], [2, "Variants", 5], [3, "Variants, detail", 5],
        [1, "Player aid", 6], [1, "Cards", 8], [1, "Tiles", 29], [1, "Board", 45],
        [1, "Extras", 59], [2, "Pawns", 59], [3, "Pawns, detail", 59], [2, "Track", 60], [3, "Track, detail", 60]]
    outline = reader.trailer["/Root"]["/Outlines"]
    assert outline["/Count"] == 7
    entries = [outline["/First"]]
    while "/Next" in entries[-1]:
        entries.append(entries[-1]["/Next"])
    assert [entry["/Title"] for entry in entries][:2] == ["Contents", "Rulebook (read first)"]
    # Part entries are closed. Opened, the rulebook shows its 4 chapters (each closed over its detail),
    # the extras show 2 chapters and their 2 details (open).
    assert [entry.get("/Count") for entry in entries] == [None, -4, None, None, None, None, -4]
    assert all(entry["/Parent"] == outline for entry in entries)
    rulebook_first = entries[1]["/First"]
    assert rulebook_first["/Parent"] == entries[1] and rulebook_first["/Title"] == "Setup"
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"
    assert reader.metadata.title == "Dragon Pants: print-and-play kit"
    assert "/CreationDate" not in reader.metadata


def test_merged_numbering_is_compact_and_pages_hang_from_one_tree():
    merged = merge(seven_parts(), title="t", subject="s")
    document = parse(merged)
    assert sorted(document.bodies) == list(range(1, len(document.bodies) + 1))   # no free entries
    tree = document.page_tree()
    assert tree.nodes == [2] and len(tree.pages) == 60
    assert all(dictionary(document.bodies[page])[b"/Parent"] == b"2 0 R" for page in tree.pages)
    assert not any(b"/Type /Catalog" in body for number, body in document.bodies.items() if number != document.root)


def test_merging_copies_inherited_attributes_onto_pages():
    merged = merge([MergePart(inheriting_pdf(), "Hand-made"), MergePart(cairo_pdf([(100, 100)]), "cairo")],
                   title="t", subject="s")
    document = opened(merged)
    assert [page.get_text().strip() for page in document] == ["Inherited one", "Inherited two", "Inherited three", "Shield page 1"]
    assert [(page.rotation, round(page.mediabox.width), round(page.mediabox.height)) for page in document] == [
        (90, 300, 400), (0, 200, 250), (90, 180, 120), (0, 100, 100)]


def test_a_dangling_reference_becomes_null_not_another_objects_number():
    bodies = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 100 100 ] /Resources << >> /Missing 40 0 R >>",
        4: b"<< /Title (x) >>",
    }
    merged = merge([MergePart(write(bodies, 1, 4, "x"), "x"), MergePart(cairo_pdf([(100, 100)] * 30), "y")],
                   title="t", subject="s")
    document = parse(merged)
    first_page = document.bodies[document.pages()[0]]
    assert dictionary(first_page)[b"/Missing"] == b"null"


def test_a_part_without_pages_is_refused():
    empty = write({1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [ ] /Count 0 >>",
                   3: b"<< >>"}, 1, 3, "empty")
    with pytest.raises(ValueError, match="'Nothing' has no pages"):
        merge([MergePart(empty, "Nothing")], title="t", subject="s")


def test_output_is_the_same_in_a_fresh_process(tmp_path):
    parts = seven_parts()[:4]
    for index, part in enumerate(parts):
        (tmp_path / f"{index}.pdf").write_bytes(part.pdf)
    here = merge(parts, title="Dragon Pants: kit", subject="Drächen")
    script = (
        "import sys; from pathlib import Path; from dragon_pnp.pdf import MergePart, merge\n"
        "folder = Path(sys.argv[1]); blanks = [0, 0, 0, 1]; titles = sys.argv[2:]\n"
        "parts = [MergePart((folder / f'{i}.pdf').read_bytes(), t, b, (612, 792)) for i, (t, b) in enumerate(zip(titles, blanks))]\n"
        "sys.stdout.buffer.write(merge(parts, title='Dragon Pants: kit', subject='Drächen'))\n")
    environment = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    there = subprocess.run([sys.executable, "-c", script, str(tmp_path), *[part.title for part in parts]],
                           capture_output=True, check=True, env=environment, cwd=ROOT).stdout
    assert there == here
