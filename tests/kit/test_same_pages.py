"""tests/kit/same_pages.py, which lets the print-shop tests render a page of print-and-play.pdf
once: a merged page matches its source page, and any change to what a page draws or to its page
box (inherited from the page tree too) makes it a page of its own."""

from __future__ import annotations

from pathlib import Path

import pikepdf

from dragon_pnp.pdf.documents import MergePart, merge
from tests.kit.same_pages import page_fingerprints, pages_drawn_elsewhere


def _document(path: Path, drawings: list[bytes], box: list[float] | None = None) -> Path:
    """A PDF of one page per content stream, each using one shared font; `box`: the MediaBox set on
    the page tree's root (inherited) instead of on each page."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    for drawing in drawings:
        page = pdf.add_blank_page(page_size=(200, 200))
        page.obj.Contents = pdf.make_stream(drawing)
        page.obj.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
        page.obj.TrimBox = page.obj.BleedBox = pikepdf.Array(box or [0, 0, 200, 200])   # as a kit's pages
        if box is not None:
            del page.obj["/MediaBox"]
    if box is not None:
        pdf.Root.Pages.MediaBox = pikepdf.Array(box)
    pdf.save(path)
    return path


def test_a_merged_page_is_its_source_page_and_a_changed_one_is_not(tmp_path):
    first = _document(tmp_path / "a.pdf", [b"BT /F1 12 Tf 10 10 Td (one) Tj ET", b"0 0 1 rg 0 0 50 50 re f"])
    second = _document(tmp_path / "b.pdf", [b"BT /F1 12 Tf 10 10 Td (two) Tj ET"], box=[0, 0, 300, 300])
    cover = _document(tmp_path / "cover.pdf", [b"BT /F1 12 Tf 10 10 Td (cover) Tj ET"])
    merged = tmp_path / "all.pdf"
    merged.write_bytes(merge([MergePart(p.read_bytes(), p.stem) for p in (cover, first, second)],
                             title="all", subject="test"))
    assert pages_drawn_elsewhere(merged, [first, second]) == {2, 3, 4}
    # one byte of a drawing, a colour, or the page box inherited from the tree: another page
    edited = _document(tmp_path / "edited.pdf", [b"BT /F1 12 Tf 10 10 Td (onE) Tj ET", b"0 1 1 rg 0 0 50 50 re f"])
    boxed = _document(tmp_path / "boxed.pdf", [b"BT /F1 12 Tf 10 10 Td (two) Tj ET"], box=[0, 0, 300, 301])
    assert pages_drawn_elsewhere(merged, [edited, boxed]) == set()
    assert len(set(page_fingerprints(first))) == 2
