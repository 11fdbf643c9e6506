"""Reading printed geometry back out of the PDFs, in millimetres (y down, like the layouts)."""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

import pymupdf

PT = 72.0 / 25.4
PAPER = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
TOL = 0.2  # mm: the physical accuracy the kit promises


def mm(value: float) -> float:
    return value / PT


def drawings(page: pymupdf.Page) -> list[dict[str, Any]]:
    """`page.get_drawings()`, read once per page of an unchanged file: the card-sheet tests read
    the same session kit's pages many times, and parsing a sheet's paths is what they cost."""
    name = page.parent.name
    if not name or not os.path.isfile(name):
        return page.get_drawings()
    stat = os.stat(name)
    return _file_drawings(name, stat.st_mtime_ns, stat.st_size, page.number)


@lru_cache(maxsize=64)
def _file_drawings(name: str, mtime_ns: int, size: int, number: int) -> list[dict[str, Any]]:
    """Keyed by the file's modification time and size too, so a rewritten PDF is read again."""
    with pymupdf.open(name) as doc:
        found: list[dict[str, Any]] = doc[number].get_drawings()
    return found


def fill_rects(page: pymupdf.Page, size_mm: tuple[float, float]) -> list[tuple[float, float]]:
    """Top-left corners of filled rectangles of exactly `size_mm` (a face's bleed background).

    A face turned a quarter turn reaches the PDF as a closed path of four lines rather than a
    rectangle operator; both count.
    """
    found = []
    for drawing in drawings(page):
        kinds = [item[0] for item in drawing["items"]]
        if drawing["type"] != "f" or not (kinds[:1] in (["re"], ["qu"]) or kinds in (["l"] * 3, ["l"] * 4)):
            continue
        r = drawing["rect"]
        if abs(mm(r.width) - size_mm[0]) < 0.05 and abs(mm(r.height) - size_mm[1]) < 0.05:
            found.append((round(mm(r.x0), 3), round(mm(r.y0), 3)))
    return sorted(found)


def stroked_lines(page: pymupdf.Page, width_mm: float, colour=(0.0, 0.0, 0.0)) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Straight segments stroked at `width_mm` in `colour`."""
    segments = []
    for drawing in drawings(page):
        if drawing["type"] not in ("s", "fs") or drawing.get("color") is None:
            continue
        if abs(mm(drawing["width"] or 0) - width_mm) > 0.01:
            continue
        if any(abs(a - b) > 0.01 for a, b in zip(drawing["color"], colour)):
            continue
        for item in drawing["items"]:
            if item[0] == "l":
                a, b = item[1], item[2]
                segments.append(((mm(a.x), mm(a.y)), (mm(b.x), mm(b.y))))
    return segments


def near(a: tuple[float, float], b: tuple[float, float], tol: float = TOL) -> bool:
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


def same_points(found, expected, tol: float = TOL) -> bool:
    """Every expected point matched by a distinct found point, and nothing extra."""
    if len(found) != len(expected):
        return False
    left = list(found)
    for point in expected:
        match = next((f for f in left if near(f, point, tol)), None)
        if match is None:
            return False
        left.remove(match)
    return True
