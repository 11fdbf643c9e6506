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

from generator.pdf.syntax import get, reference, references, split_stream

_STARTXREF = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_SUBSECTION = re.compile(rb"(\d+)\s+(\d+)\s*\r?\n")
_OBJECT_HEADER = re.compile(rb"(\d+)\s+(\d+)\s+obj\b")
_ENTRY_SIZE = 20


class UnsupportedPdf(ValueError):
    """A PDF written in a way this reader does not follow (named in the message)."""


@dataclass
class PdfObjects:
    """A PDF's objects by number (the bytes between `obj` and `endobj`) and its trailer."""

    bodies: dict[int, bytes]
    trailer: bytes

    @property
    def root(self) -> int:
        number = reference(get(self.trailer, b"/Root"))
        if number is None:
            raise UnsupportedPdf("the trailer names no /Root")
        return number

    @property
    def info(self) -> int | None:
        return reference(get(self.trailer, b"/Info"))

    def pages(self) -> list[int]:
        """Page objects in reading order, walking the page tree."""
        catalog = self.bodies[self.root]
        found: list[int] = []
        self._walk(reference(get(catalog, b"/Pages")), found, set())
        return found

    def page_tree_nodes(self) -> list[int]:
        nodes: list[int] = []
        pending = [reference(get(self.bodies[self.root], b"/Pages"))]
        while pending:
            number = pending.pop()
            if number is None or b"/Pages" not in (get(self.bodies[number], b"/Type") or b""):
                continue
            nodes.append(number)
            pending.extend(references(get(self.bodies[number], b"/Kids") or b"[]"))
        return nodes

    def _walk(self, number: int | None, found: list[int], seen: set[int]) -> None:
        if number is None or number in seen:
            raise UnsupportedPdf("the page tree is broken or loops")
        seen.add(number)
        body = self.bodies[number]
        if b"/Pages" in (get(body, b"/Type") or b""):
            for kid in references(get(body, b"/Kids") or b"[]"):
                self._walk(kid, found, seen)
        else:
            found.append(number)


def parse(data: bytes) -> PdfObjects:
    """The objects and trailer of a classic-layout PDF (see the module docstring)."""
    if not data.startswith(b"%PDF-"):
        raise UnsupportedPdf("not a PDF (no %PDF- header)")
    tail = _STARTXREF.search(data[-64:])
    if not tail:
        raise UnsupportedPdf("no startxref at the end of the file")
    xref_at = int(tail.group(1))
    if not data.startswith(b"xref", xref_at):
        raise UnsupportedPdf("cross-reference streams are not supported (classic xref table expected)")
    offsets, trailer_at = _read_table(data, xref_at + 4)
    trailer_start = data.index(b"<<", trailer_at)
    trailer, _ = split_stream(data[trailer_start:])
    if get(trailer, b"/Prev") is not None:
        raise UnsupportedPdf("incremental updates are not supported")
    if get(trailer, b"/Encrypt") is not None:
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
        if b"/ObjStm" in body[:256] and b"/ObjStm" in (get(body, b"/Type") or b""):
            raise UnsupportedPdf("object streams are not supported")
        bodies[number] = body
    return PdfObjects(bodies, trailer)


def _read_table(data: bytes, at: int) -> tuple[dict[int, int], int]:
    offsets: dict[int, int] = {}
    while True:
        while data[at:at + 1] in (b" ", b"\r", b"\n"):
            at += 1
        if data.startswith(b"trailer", at):
            return offsets, at
        section = _SUBSECTION.match(data, at)
        if not section:
            raise UnsupportedPdf("unreadable cross-reference table")
        first, count = int(section.group(1)), int(section.group(2))
        at = section.end()
        for i in range(count):
            entry = data[at:at + _ENTRY_SIZE]
            if entry[17:18] == b"n":
                offsets[first + i] = int(entry[:10])
            at += _ENTRY_SIZE


def write(bodies: dict[int, bytes], root: int, info: int, title: str) -> bytes:
    """A PDF of these objects, numbered as given, with a correct table and a content-derived /ID."""
    size = max(bodies) + 1
    out = [b"%PDF-1.5\n%\xb5\xed\xae\xfb\n"]
    at = len(out[0])
    offsets: dict[int, int] = {}
    digest = hashlib.md5(title.encode("utf-8"))
    for number in sorted(bodies):
        piece = b"%d 0 obj\n%s\nendobj\n" % (number, bodies[number])
        offsets[number] = at
        out.append(piece)
        at += len(piece)
        digest.update(piece)
    table = [b"xref\n0 %d\n0000000000 65535 f \n" % size]
    table += [b"%010d 00000 n \n" % offsets[n] if n in offsets else b"0000000000 00000 f \n" for n in range(1, size)]
    ident = digest.hexdigest().upper().encode("ascii")
    trailer = (b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [ <%s> <%s> ] >>\nstartxref\n%d\n%%%%EOF\n"
               % (size, root, info, ident, ident, at))
    return b"".join(out + table + [trailer])
