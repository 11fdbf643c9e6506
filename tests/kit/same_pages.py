"""Which pages of one PDF are, object for object, pages of others: print-and-play.pdf repeats the
kit's other PDFs page by page, and a page drawn the same way twice need not be rendered twice.

A page's fingerprint, read with pikepdf (not our PDF writer): its inheritable attributes as the
page tree gives them, and every object it reaches (content streams by their raw bytes, resources,
fonts, images), indirect references followed and /Parent left out. Two pages with the same
fingerprint are the same drawing on the same page box, so any renderer draws them alike.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pikepdf

INHERITED = ("/MediaBox", "/CropBox", "/Resources", "/Rotate")


def _digest(obj: object, memo: dict[tuple[int, int], str], path: frozenset[tuple[int, int]]) -> str:
    """A digest of `obj` and everything it reaches (indirect objects once, by object number)."""
    key = obj.objgen if isinstance(obj, pikepdf.Object) else (0, 0)
    if key != (0, 0):
        if key in memo:
            return memo[key]
        if key in path:   # a cycle back to an object being digested: its place, not its contents
            return "cycle"
        path = path | {key}
    if isinstance(obj, pikepdf.Stream):
        dictionary = {k: _digest(v, memo, path) for k, v in obj.items() if k != "/Length"}
        text = f"stream{sorted(dictionary.items())}{hashlib.sha256(obj.read_raw_bytes()).hexdigest()}"
    elif isinstance(obj, pikepdf.Dictionary):
        text = f"dict{sorted((k, _digest(v, memo, path)) for k, v in obj.items() if k != '/Parent')}"
    elif isinstance(obj, pikepdf.Array):
        text = f"array{[_digest(v, memo, path) for v in obj]}"
    else:
        text = f"{type(obj).__name__}:{obj!r}"
    digest = hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()
    if key != (0, 0):
        memo[key] = digest
    return digest


def page_fingerprints(pdf_path: Path) -> list[str]:
    """One fingerprint per page of `pdf_path`, in page order."""
    found = []
    with pikepdf.open(pdf_path) as pdf:
        memo: dict[tuple[int, int], str] = {}
        for page in pdf.pages:
            inherited = []
            for name in INHERITED:
                holder = page.obj
                while name not in holder and "/Parent" in holder:
                    holder = holder.Parent
                inherited.append((name, _digest(holder[name], memo, frozenset()) if name in holder else None))
            body = {k: v for k, v in page.obj.items() if k not in INHERITED and k != "/Parent"}
            found.append(hashlib.sha256(repr((inherited, sorted((k, _digest(v, memo, frozenset()))
                                                                for k, v in body.items()))).encode()).hexdigest())
    return found


def pages_drawn_elsewhere(pdf_path: Path, others: list[Path]) -> set[int]:
    """Page numbers (from 1) of `pdf_path` that are pages of `others` (same fingerprint)."""
    seen = {print_ for other in others for print_ in page_fingerprints(other)}
    return {number for number, print_ in enumerate(page_fingerprints(pdf_path), 1) if print_ in seen}
