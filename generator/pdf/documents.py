"""Finish a cairo PDF (page boxes, our metadata, a stable /ID) and merge finished PDFs into one.

cairo has no call for TrimBox or BleedBox and dates its files; print shops want the boxes and
we want byte-identical rebuilds, so each kit document passes through `finish_document`.
`merge` builds print-and-play.pdf from whole documents with one bookmark per part, the
rulebook's own bookmarks nested under its entry.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.pdf.objects import PdfObjects, parse, write
from generator.pdf.syntax import get, number, reference, references, renumber, set_keys, text_string

Rect = tuple[float, float, float, float]   # x0, y0, x1, y1 in PDF points, y up
INHERITED = (b"/Resources", b"/MediaBox", b"/CropBox", b"/Rotate")


@dataclass(frozen=True)
class PageBoxes:
    """A page's TrimBox (the cut) and BleedBox (the cut plus bleed), in points."""

    trim: Rect
    bleed: Rect


@dataclass(frozen=True)
class MergePart:
    """One document in a merge: its bytes, its bookmark title, and blank pages to put before it."""

    pdf: bytes
    title: str
    blanks_before: int = 0
    blank_size: tuple[float, float] = (612.0, 792.0)


def count_pages(pdf: bytes) -> int:
    return len(parse(pdf).pages())


def finish_document(pdf: bytes, *, title: str, subject: str, page_boxes: list[PageBoxes | None]) -> bytes:
    """The PDF with page boxes added, its Info replaced by ours and a content-derived /ID."""
    document = parse(pdf)
    pages = document.pages()
    if len(page_boxes) != len(pages):
        raise ValueError(f"{len(page_boxes)} page boxes for {len(pages)} pages")
    for page, boxes in zip(pages, page_boxes):
        if boxes is not None:
            document.bodies[page] = set_keys(document.bodies[page], {
                b"/TrimBox": _rect(boxes.trim), b"/BleedBox": _rect(boxes.bleed)})
    info = document.info if document.info is not None else max(document.bodies) + 1
    document.bodies[info] = _info(title, subject)
    return write(document.bodies, document.root, info, title)


def merge(parts: list[MergePart], *, title: str, subject: str) -> bytes:
    """One PDF holding every part's pages in order, with a bookmark per part."""
    bodies: dict[int, bytes] = {}
    next_number = 1

    def reserve() -> int:
        nonlocal next_number
        next_number += 1
        return next_number - 1

    catalog, page_root, outline_root, info = reserve(), reserve(), reserve(), reserve()
    all_pages: list[int] = []
    entries: list[tuple[int, bytes, int, tuple[int, int, int] | None]] = []  # number, title, page, children
    for part in parts:
        for _ in range(part.blanks_before):
            all_pages.append(_blank_page(bodies, reserve(), reserve(), page_root, part.blank_size))
        document = parse(part.pdf)
        mapping = {old: reserve() for old in sorted(document.bodies)}
        pages = document.pages()
        dropped = {document.root, *document.page_tree_nodes()} | ({document.info} if document.info else set())
        inherited = _inherited_attributes(document)
        outlines = reference(get(document.bodies[document.root], b"/Outlines"))
        for old, body in document.bodies.items():
            if old in dropped or old == outlines:
                continue
            if old in inherited:
                body = set_keys(body, inherited[old])
            if b" R" in body:
                body = renumber(body, mapping)
            if old in pages:
                body = set_keys(body, {b"/Parent": b"%d 0 R" % page_root})
            bodies[mapping[old]] = body
        all_pages += [mapping[p] for p in pages]
        children = None
        if outlines is not None:
            first, last = reference(get(document.bodies[outlines], b"/First")), reference(get(document.bodies[outlines], b"/Last"))
            if first is not None and last is not None:
                count = get(document.bodies[outlines], b"/Count") or b"0"
                children = (mapping[first], mapping[last], abs(int(count)))
        entry = mapping[outlines] if outlines is not None else reserve()
        entries.append((entry, text_string(part.title), mapping[pages[0]] if pages else all_pages[-1], children))

    for index, (entry, name, page, children) in enumerate(entries):
        keys = {b"/Title": name, b"/Parent": b"%d 0 R" % outline_root, b"/Dest": b"[ %d 0 R /Fit ]" % page}
        if index > 0:
            keys[b"/Prev"] = b"%d 0 R" % entries[index - 1][0]
        if index + 1 < len(entries):
            keys[b"/Next"] = b"%d 0 R" % entries[index + 1][0]
        if children:
            first, last, count = children
            keys.update({b"/First": b"%d 0 R" % first, b"/Last": b"%d 0 R" % last, b"/Count": b"-%d" % count})
        bodies[entry] = b"<< " + b" ".join(key + b" " + value for key, value in keys.items()) + b" >>"
    if entries:
        bodies[outline_root] = (b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>"
                                % (entries[0][0], entries[-1][0], len(entries)))
    else:
        bodies[outline_root] = b"<< /Type /Outlines /Count 0 >>"
    kids = b" ".join(b"%d 0 R" % page for page in all_pages)
    bodies[page_root] = b"<< /Type /Pages /Kids [ %s ] /Count %d >>" % (kids, len(all_pages))
    bodies[catalog] = (b"<< /Type /Catalog /Pages %d 0 R /Outlines %d 0 R /PageMode /UseOutlines >>"
                       % (page_root, outline_root))
    bodies[info] = _info(title, subject)
    return write(bodies, catalog, info, title)


def _inherited_attributes(document: PdfObjects) -> dict[int, dict[bytes, bytes | None]]:
    """Attributes a page inherits from its page-tree ancestors, to write onto the page itself."""
    wanted: dict[int, dict[bytes, bytes | None]] = {}

    def walk(node: int, inherited: dict[bytes, bytes]) -> None:
        body = document.bodies[node]
        if b"/Pages" in (get(body, b"/Type") or b""):
            here = dict(inherited)
            for key in INHERITED:
                value = get(body, key)
                if value is not None:
                    here[key] = value
            for kid in references(get(body, b"/Kids") or b"[]"):
                walk(kid, here)
            return
        missing: dict[bytes, bytes | None] = {k: v for k, v in inherited.items() if get(body, k) is None}
        if missing:
            wanted[node] = missing

    pages = reference(get(document.bodies[document.root], b"/Pages"))
    if pages is not None:
        walk(pages, {})
    return wanted


def _blank_page(bodies: dict[int, bytes], page: int, content: int, parent: int, size: tuple[float, float]) -> int:
    bodies[content] = b"<< /Length 0 >>\nstream\n\nendstream"
    bodies[page] = (b"<< /Type /Page /Parent %d 0 R /MediaBox [ 0 0 %s %s ] /Resources << >> /Contents %d 0 R >>"
                    % (parent, number(size[0]), number(size[1]), content))
    return page


def _rect(rect: Rect) -> bytes:
    return b"[ " + b" ".join(number(v) for v in rect) + b" ]"


def _info(title: str, subject: str) -> bytes:
    return (b"<< /Title " + text_string(title) + b" /Subject " + text_string(subject)
            + b" /Creator (dragon-pnp) /Producer (dragon-pnp) >>")
