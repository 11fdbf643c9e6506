"""Paper sizes and the one unit conversion at the output boundary (millimetres inside)."""

from __future__ import annotations

from typing import Literal

PaperName = Literal["letter", "a4"]

PAPER_MM: dict[str, tuple[float, float]] = {
    "letter": (215.9, 279.4),
    "a4": (210.0, 297.0),
}

PT_PER_MM = 72.0 / 25.4


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


def pt_to_mm(pt: float) -> float:
    return pt / PT_PER_MM


def paper_size_mm(paper: str) -> tuple[float, float]:
    """Portrait width and height of a named paper size."""
    return PAPER_MM[paper]
