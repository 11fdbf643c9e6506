"""One copy of each font subset: a kit document assembled from parts repeats identical subsets.

Ghostscript keeps every font object it is given; where two are the same subset (same name,
same widths and encoding, same embedded program), the resources of every page and form are
pointed at one of them and the others are left unreferenced (not written on save). The one kept
is the copy whose ToUnicode map is the longest: the copies differ only in which of the shared
codes their own text used, and a simple font's WinAnsi codes name their characters anyway.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pikepdf


def merge_identical_fonts(pdf: pikepdf.Pdf) -> int:
    """Point every font resource at the first of its identical copies; returns how many were merged."""
    kept: dict[str, pikepdf.Object] = {}
    tables: list[Any] = [fonts for holder in _resource_holders(pdf)
              if isinstance(fonts := holder.get("/Resources", {}).get("/Font"), pikepdf.Dictionary)]
    for fonts in tables:
        for key in fonts:
            font, fingerprint = fonts[key], _fingerprint(fonts[key])
            if fingerprint not in kept or _unicode_size(font) > _unicode_size(kept[fingerprint]):
                kept[fingerprint] = font
    merged = 0
    for fonts in tables:
        for key in list(fonts.keys()):
            chosen = kept[_fingerprint(fonts[key])]
            if chosen.objgen != fonts[key].objgen:
                fonts[key] = chosen
                merged += 1
    return merged


def _unicode_size(font: pikepdf.Object) -> int:
    return len(font.ToUnicode.read_bytes()) if isinstance(font.get("/ToUnicode"), pikepdf.Stream) else 0


def _resource_holders(pdf: pikepdf.Pdf) -> list[Any]:
    holders: list[Any] = [page.obj for page in pdf.pages]
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
    return digest.hexdigest()
