"""One copy of each font subset: a kit document assembled from parts repeats identical subsets.

Ghostscript keeps every font object it is given; where two are the same subset (same name,
same widths, same embedded program), the resources of every page and form are pointed at the
first and the others are left unreferenced (not written on save).
"""

from __future__ import annotations

import hashlib

import pikepdf


def merge_identical_fonts(pdf: pikepdf.Pdf) -> int:
    """Point every font resource at the first of its identical copies; returns how many were merged."""
    first: dict[str, pikepdf.Object] = {}
    merged = 0
    for holder in _resource_holders(pdf):
        fonts = holder.get("/Resources", {}).get("/Font")
        if not isinstance(fonts, pikepdf.Dictionary):
            continue
        for key in list(fonts.keys()):
            font = fonts[key]
            fingerprint = _fingerprint(font)
            if fingerprint not in first:
                first[fingerprint] = font
            elif first[fingerprint].objgen != font.objgen:
                fonts[key] = first[fingerprint]
                merged += 1
    return merged


def _resource_holders(pdf: pikepdf.Pdf) -> list[pikepdf.Object]:
    holders = [page.obj for page in pdf.pages]
    holders += [obj for obj in pdf.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form"]
    return holders


def _fingerprint(font: pikepdf.Object) -> str:
    """The font's own bytes: its dictionary (widths, encoding) and its embedded program."""
    digest = hashlib.sha256(repr(sorted((k, repr(v)) for k, v in font.items()
                                        if k not in ("/FontDescriptor", "/DescendantFonts", "/ToUnicode"))).encode())
    descriptors = [font.get("/FontDescriptor")] + [d.get("/FontDescriptor") for d in font.get("/DescendantFonts", [])]
    for descendant in font.get("/DescendantFonts", []):
        digest.update(repr(sorted((k, repr(v)) for k, v in descendant.items() if k != "/FontDescriptor")).encode())
    for descriptor in descriptors:
        if descriptor is None:
            continue
        for key in ("/FontFile", "/FontFile2", "/FontFile3"):
            if key in descriptor:
                digest.update(descriptor[key].read_bytes())
    if "/ToUnicode" in font:
        digest.update(font.ToUnicode.read_bytes())
    return digest.hexdigest()
