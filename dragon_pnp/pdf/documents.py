"""Finish a cairo PDF (page boxes, our metadata, a stable /ID) and merge finished PDFs into one.

cairo has no call for TrimBox or BleedBox and dates its files; print shops want the boxes and
we want byte-identical rebuilds, so each kit document passes through `finish_document`.
`merge` builds print-and-play.pdf from whole documents with one bookmark per part, the
rulebook's own bookmarks nested under its entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dragon_pnp.pdf.objects import PdfObjects, parse, write
from dragon_pnp.pdf.syntax import (
    dictionary,
    get,
    number,
    reference,
    renumber,
    set_keys,
    text_string,
    without_repeated_keys,
)

Rect = tuple[float, float, float, float]   # x0, y0, x1, y1 in PDF points, y up


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
    """How many pages the PDF has (walking its page tree; the /Count entries are not trusted)."""
    return len(parse(pdf).pages())


def finish_document(pdf: bytes, *, title: str, subject: str, page_boxes: Sequence[PageBoxes | None]) -> bytes:
    """The PDF with page boxes on every page, its Info replaced by ours and a content-derived /ID.

    A page given None gets its MediaBox as TrimBox and BleedBox (the sheet is the product), so
    a print shop that honours TrimBox sees every page. Repeated dictionary keys (cairo writes
    some) are dropped.
    """
    document = parse(pdf)
    tree = document.page_tree()
    if len(page_boxes) != len(tree.pages):
        raise ValueError(f"{len(page_boxes)} page boxes for {len(tree.pages)} pages")
    for number_, body in document.bodies.items():
        document.bodies[number_] = without_repeated_keys(body)
    _merge_same_images(document.bodies)
    for page, boxes in zip(tree.pages, page_boxes):
        document.bodies[page] = _with_boxes(document.bodies[page], boxes, tree.inherited.get(page, {}))
    info = document.info if document.info is not None else max(document.bodies) + 1
    document.bodies[info] = _info(title, subject)
    return write(document.bodies, document.root, info, title)


def _merge_same_images(bodies: dict[int, bytes]) -> None:
    """Keep one copy of each image: cairo writes a picture once per face that shows it, so art
    shared by several cards would be embedded once per card. Identical image objects (same
    dictionary but /Length, same data, no soft mask) are merged; every reference points at the first."""
    first: dict[bytes, int] = {}
    alias: dict[int, int] = {}
    for number_ in sorted(bodies):
        body = bodies[number_]
        head = body.split(b"stream", 1)[0]
        if b"/Image" not in head or b"/SMask" in head or (get(body, b"/Subtype") or b"").strip() != b"/Image":
            continue
        same = set_keys(body, {b"/Length": None})   # cairo gives each copy its own indirect /Length
        alias[number_] = first.setdefault(same, number_)
    alias = {n: to for n, to in alias.items() if n != to}
    if not alias:
        return
    for number_ in alias:
        del bodies[number_]
    mapping = {n: n for n in bodies} | alias
    for number_, body in bodies.items():
        bodies[number_] = renumber(body, mapping)


def with_page_boxes(pdf: bytes, *, title: str) -> bytes:
    """The PDF (say, one reportlab wrote) with TrimBox and BleedBox set to the MediaBox on every
    page lacking them; its Info is kept. `title` seeds the /ID, as in `finish_document`."""
    document = parse(pdf)
    tree = document.page_tree()
    for page in tree.pages:
        document.bodies[page] = _with_boxes(document.bodies[page], None, tree.inherited.get(page, {}))
    info = document.info if document.info is not None else max(document.bodies) + 1
    if document.info is None:
        document.bodies[info] = b"<< >>"
    return write(document.bodies, document.root, info, title)


def _with_boxes(page: bytes, boxes: PageBoxes | None, inherited: dict[bytes, bytes]) -> bytes:
    """A page dictionary with its boxes: those given, else (when it has none) its MediaBox."""
    if boxes is not None:
        return set_keys(page, {b"/TrimBox": _rect(boxes.trim), b"/BleedBox": _rect(boxes.bleed)})
    keys = dictionary(page)
    media = keys.get(b"/MediaBox", inherited.get(b"/MediaBox"))
    if media is None:
        raise ValueError("a page without a MediaBox")
    return set_keys(page, {key: keys.get(key, media) for key in (b"/TrimBox", b"/BleedBox")})


def merge(parts: Sequence[MergePart], *, title: str, subject: str) -> bytes:
    """One PDF holding every part's pages in order, with a bookmark per part.

    Each part's catalog, Info and /Pages nodes are dropped; references to its /Pages nodes are
    pointed at the new page tree, so each page's /Parent follows along with the renumbering.
    """
    bodies: dict[int, bytes] = {}
    next_number = 1

    def reserve() -> int:
        nonlocal next_number
        next_number += 1
        return next_number - 1

    catalog, page_root, outline_root, info = reserve(), reserve(), reserve(), reserve()
    all_pages: list[int] = []
    entries: list[_Entry] = []
    for part in parts:
        for _ in range(part.blanks_before):
            all_pages.append(_blank_page(bodies, reserve(), reserve(), page_root, part.blank_size))
        document = parse(part.pdf)
        tree = document.page_tree()
        pages = set(tree.pages)
        if not tree.pages:
            raise ValueError(f"merge part {part.title!r} has no pages")
        dropped = {document.root, *tree.nodes} | ({document.info} if document.info is not None else set())
        mapping = {old: reserve() for old in sorted(document.bodies) if old not in dropped}
        mapping.update((node, page_root) for node in tree.nodes)
        outlines = reference(get(document.bodies[document.root], b"/Outlines"))
        if outlines not in mapping:
            outlines = None
        for old, new in mapping.items():
            if old == outlines or new == page_root:
                continue
            body = document.bodies[old]
            if old in tree.inherited:
                body = set_keys(body, tree.inherited[old])
            if old in pages:
                body = _with_boxes(body, None, {})
            if b"/XObject" in body:   # where cairo repeats keys: a resource dictionary's forms
                body = without_repeated_keys(body)
            bodies[new] = renumber(body, mapping)
        all_pages += [mapping[page] for page in tree.pages]
        entry = mapping[outlines] if outlines is not None else reserve()
        children = _outline_children(document, outlines, mapping) if outlines is not None else None
        entries.append(_Entry(entry, text_string(part.title), mapping[tree.pages[0]], children))

    for index, outline in enumerate(entries):
        keys = {b"/Title": outline.title, b"/Parent": b"%d 0 R" % outline_root, b"/Dest": b"[ %d 0 R /Fit ]" % outline.page}
        if index > 0:
            keys[b"/Prev"] = b"%d 0 R" % entries[index - 1].number
        if index + 1 < len(entries):
            keys[b"/Next"] = b"%d 0 R" % entries[index + 1].number
        if outline.children:
            first, last, count = outline.children
            # Closed: the part's own bookmarks show when its entry is opened.
            keys.update({b"/First": b"%d 0 R" % first, b"/Last": b"%d 0 R" % last, b"/Count": b"%d" % -count})
        bodies[outline.number] = b"<< " + b" ".join(key + b" " + value for key, value in keys.items()) + b" >>"
    if entries:
        bodies[outline_root] = (b"<< /Type /Outlines /First %d 0 R /Last %d 0 R /Count %d >>"
                                % (entries[0].number, entries[-1].number, len(entries)))
    else:
        bodies[outline_root] = b"<< /Type /Outlines /Count 0 >>"
    kids = b" ".join(b"%d 0 R" % page for page in all_pages)
    bodies[page_root] = b"<< /Type /Pages /Kids [ %s ] /Count %d >>" % (kids, len(all_pages))
    bodies[catalog] = (b"<< /Type /Catalog /Pages %d 0 R /Outlines %d 0 R /PageMode /UseOutlines >>"
                       % (page_root, outline_root))
    bodies[info] = _info(title, subject)
    return write(bodies, catalog, info, title)


@dataclass(frozen=True)
class _Entry:
    """A part's top-level bookmark: its object, title, first page, and (first, last, count) of its children."""

    number: int
    title: bytes
    page: int
    children: tuple[int, int, int] | None


def _outline_children(document: PdfObjects, outlines: int, mapping: dict[int, int]) -> tuple[int, int, int] | None:
    """The part's top bookmarks as (first, last, how many show when they are all visible),
    in merged numbers; their /Parent already points at the part's entry (it took the root's number)."""
    root = dictionary(document.bodies[outlines])
    first, last = reference(root.get(b"/First")), reference(root.get(b"/Last"))
    if first not in mapping or last not in mapping:
        return None
    visible = 0
    item: int | None = first
    seen: set[int] = set()
    while item is not None and item in document.bodies and item not in seen:
        seen.add(item)
        keys = dictionary(document.bodies[item])
        visible += 1 + max(int(keys.get(b"/Count", b"0")), 0)   # an open item shows its own count
        item = reference(keys.get(b"/Next"))
    return mapping[first], mapping[last], visible


def _blank_page(bodies: dict[int, bytes], page: int, content: int, parent: int, size: tuple[float, float]) -> int:
    bodies[content] = b"<< /Length 0 >>\nstream\n\nendstream"
    box = b"[ 0 0 %s %s ]" % (number(size[0]), number(size[1]))
    bodies[page] = (b"<< /Type /Page /Parent %d 0 R /MediaBox %s /TrimBox %s /BleedBox %s /Resources << >> /Contents %d 0 R >>"
                    % (parent, box, box, box, content))
    return page


def _rect(rect: Rect) -> bytes:
    return b"[ " + b" ".join(number(v) for v in rect) + b" ]"


def _info(title: str, subject: str) -> bytes:
    return (b"<< /Title " + text_string(title) + b" /Subject " + text_string(subject)
            + b" /Creator (dragon-pnp) /Producer (dragon-pnp) >>")
