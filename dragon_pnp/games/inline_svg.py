"""Small helpers for the inline SVG pictures a game draws of a position (the studio's playtest board).

Plain strings, no drawing library: a game's `GameModule.playtest_board_svg` builds its picture
with these, and they are escaped so card names and labels from the data cannot break the page.
"""

from __future__ import annotations

from html import escape
from typing import Any


def text(x: float, y: float, words: Any, size: float = 4.0, anchor: str = "middle", weight: str = "normal",
         fill: str = "#2b2622") -> str:
    """One SVG text element, escaped."""
    return (f'<text x="{x:.2f}" y="{y:.2f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}">{escape(str(words))}</text>')


def svg(width: float, height: float, body: list[str], label: str) -> str:
    """The picture's root element, sized by its view box (the page sets its size), labelled for screen readers."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.2f} {height:.2f}" role="img" '
            f'aria-label="{escape(label)}" font-family="sans-serif">' + "".join(body) + "</svg>")


def colour(palette: dict[str, str], key: str, fallback: str = "#7a7068") -> str:
    """A colour from the game's print.yaml palette, else the fallback."""
    return palette.get(key, fallback)
