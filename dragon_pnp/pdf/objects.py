"""Read a PDF into numbered object bodies, and write numbered bodies back out as a PDF.

Only the classic layout is read: one cross-reference table, no cross-reference or object
streams, no encryption, no incremental updates. cairo and reportlab write exactly that, and
these are the only producers whose files the build edits. Anything else is refused with the
reason rather than misread. Objects are located through the table, never by scanning, so
stream data can hold any bytes.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from dragon_pnp.pdf.syntax import (
    PdfSyntaxError,
    UnsupportedPdf,
    dictionary,
    get,
    leading_value,
    reference,
    references,
    skip_space,
)

_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_SUBSECTION = re.compile(rb"(\d+)\s+(\d+)\s*\r?\n")
_OBJECT_HEADER = re.compile(rb"(\d+)\s+(\d+)\s+obj\b")
_ENTRY_SIZE = 20
# PDF 1.5 (what cairo writes), and a comment of high bytes so tools treat the file as binary.
_HEADER = b"%PDF-1.5\n%\xb5\xed\xae\xfb\n"
_ENTRIES = re.compile(rb"(?:\d{10} \d{5} [nf](?: \r| \n|\r\n))*")
_SPACE = re.compile(rb"[ \t\r\n\f\x00]*")


INHERITABLE = (b"/Resources", b"/MediaBox", b"/CropBox", b"/Rotate")


@dataclass(frozen=True)
class PageTree:
    """What the /Pages tree says: pages in reading order, the tree's own nodes, and for each page
    the inheritable attributes it lacks but gets from an ancestor (to copy when the tree goes)."""

    pages: list[int]
    nodes: list[int]
    inherited: dict[int, dict[bytes, bytes]]


@dataclass
class PdfObjects:
    """A PDF's objects by number (the bytes between `obj` and `endobj`), its trailer dictionary,
    and the object numbers of its catalog (`root`) and Info dictionary (None if it has none)."""

    bodies: dict[int, bytes]
    trailer: bytes
    root: int
    info: int | None

    def pages(self) -> list[int]:
        """Page objects in reading order."""
        return self.page_tree().pages

    def page_tree(self) -> PageTree:
        """Walk /Pages from the catalog, reading each node's dictionary once."""
        tree = PageTree([], [], {})
        pages = reference(get(self.bodies[self.root], b"/Pages"))
        if pages is None:
            raise UnsupportedPdf("the catalog names no /Pages")
        self._walk(pages, {}, tree, set())
        return tree

    def _walk(self, number: int | None, inherited: dict[bytes, bytes], tree: PageTree, seen: set[int]) -> None:
        if number is None or number not in self.bodies:
            raise UnsupportedPdf(f"the page tree refers to object {number}, which the file does not hold")
        if number in seen:
            raise UnsupportedPdf(f"the page tree reaches object {number} twice")
        seen.add(number)
        entries = dictionary(self.bodies[number])
        kind = entries.get(b"/Type", b"").strip()
        if kind == b"/Pages" or (kind != b"/Page" and b"/Kids" in entries):
            tree.nodes.append(number)
            here = dict(inherited)
            here.update((key, entries[key]) for key in INHERITABLE if key in entries)
            for kid in references(entries.get(b"/Kids", b"[]")):
                self._walk(kid, here, tree, seen)
            return
        tree.pages.append(number)
        missing = {key: value for key, value in inherited.items() if key not in entries}
        if missing:
            tree.inherited[number] = missing


def parse(data: bytes) -> PdfObjects:
    """The objects and trailer of a classic-layout PDF (see the module docstring)."""
    if not data.startswith(b"%PDF-"):
        raise UnsupportedPdf("not a PDF (no %PDF- header)")
    tail = _STARTXREF.search(data[-64:])
    if not tail:
        raise UnsupportedPdf("no startxref at the end of the file")
    xref_at = int(tail.group(1))
    if not data.startswith(b"xref", xref_at):
        header = _OBJECT_HEADER.match(data, xref_at)
        try:
            stream = dictionary(data[header.end():header.end() + 4096].lstrip()) if header else {}
        except PdfSyntaxError:
            stream = {}
        if stream.get(b"/Type") == b"/XRef" and b"/Prev" in stream:
            raise UnsupportedPdf("incremental updates (a second cross-reference section, /Prev) are not supported; "
                                 "this one was written as a cross-reference stream")
        if stream.get(b"/Type") == b"/XRef":
            raise UnsupportedPdf("cross-reference streams are not supported (a classic xref table is expected; "
                                 "the file was written with object or cross-reference streams)")
        raise UnsupportedPdf("startxref does not point at a cross-reference table")
    offsets, trailer_at = _read_table(data, xref_at + 4)
    trailer = leading_value(data[trailer_at + len(b"trailer"):])
    keys = dictionary(trailer)
    if b"/XRefStm" in keys:
        raise UnsupportedPdf("hybrid files (a cross-reference stream beside the table) are not supported")
    if b"/Prev" in keys:
        raise UnsupportedPdf("incremental updates (a second cross-reference section, /Prev) are not supported")
    if b"/Encrypt" in keys:
        raise UnsupportedPdf("encrypted PDFs are not supported")
    order = sorted(offsets.items(), key=lambda item: item[1])
    bodies = {}
    for index, (number, offset) in enumerate(order):
        header = _OBJECT_HEADER.match(data, offset)
        if not header or int(header.group(1)) != number:
            raise UnsupportedPdf(f"object {number} is not where the cross-reference table says")
        limit = order[index + 1][1] if index + 1 < len(order) else xref_at
        end = data.rfind(b"endobj", header.end(), limit)
        if end < 0:
            raise UnsupportedPdf(f"object {number} has no endobj")
        body = data[header.end():end].strip(b" \t\r\n")
        if body.find(b"/ObjStm", 0, 256) >= 0 and get(body, b"/Type") == b"/ObjStm":
            raise UnsupportedPdf("object streams are not supported")
        bodies[number] = body
    root = reference(keys.get(b"/Root"))
    if root not in bodies:
        raise UnsupportedPdf("the trailer names no /Root the file holds")
    info = reference(keys.get(b"/Info"))
    return PdfObjects(bodies, trailer, root, info if info in bodies else None)


def _read_table(data: bytes, at: int) -> tuple[dict[int, int], int]:
    """Offsets of the objects in use, from the table's subsections, and where `trailer` starts."""
    offsets: dict[int, int] = {}
    while True:
        at = skip_space(data, at)
        if data.startswith(b"trailer", at):
            return offsets, at
        section = _SUBSECTION.match(data, at)
        if not section:
            raise UnsupportedPdf("unreadable cross-reference table")
        first, count = int(section.group(1)), int(section.group(2))
        at = section.end()
        block = data[at:at + count * _ENTRY_SIZE]
        if len(block) != count * _ENTRY_SIZE or not _ENTRIES.fullmatch(block):
            raise UnsupportedPdf("malformed cross-reference table (each entry must be 20 bytes)")
        for i in range(count):
            entry = block[i * _ENTRY_SIZE:(i + 1) * _ENTRY_SIZE]
            if entry[17] == 0x6E:   # "n": in use
                offsets[first + i] = int(entry[:10])
        at += count * _ENTRY_SIZE


def write(bodies: dict[int, bytes], root: int, info: int, title: str) -> bytes:
    """A PDF of these objects, numbered as given, with a correct table and a content-derived /ID.

    The same arguments always give the same bytes: no dates, and /ID is an MD5 of `title` and
    every object as written (both halves equal, as for a file that was never updated).
    """
    size = max(bodies) + 1
    out = [_HEADER]
    at = len(_HEADER)
    offsets: dict[int, int] = {}
    digest = hashlib.md5(title.encode("utf-8"))
    for number in sorted(bodies):
        piece = b"%d 0 obj\n%s\nendobj\n" % (number, bodies[number])
        offsets[number] = at
        out.append(piece)
        at += len(piece)
        digest.update(piece)
    # Numbers not in use are chained as free entries (0 -> first free -> ... -> 0), as the table requires.
    free = [n for n in range(1, size) if n not in offsets]
    next_free = dict(zip([0, *free], [*free, 0]))
    table = [b"xref\n0 %d\n%010d 65535 f \n" % (size, next_free[0])]
    table += [b"%010d 00000 n \n" % offsets[n] if n in offsets else b"%010d 00000 f \n" % next_free[n]
              for n in range(1, size)]
    ident = digest.hexdigest().upper().encode("ascii")
    trailer = (b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [ <%s> <%s> ] >>\nstartxref\n%d\n%%%%EOF\n"
               % (size, root, info, ident, ident, at))
    return b"".join(out + table + [trailer])
