"""Board pictures for the playtest tab, drawn from a state's `view()`, one module per rules module.

`generator.studio.boards.<rules module>` defines `board_svg(game, view) -> str` (an inline SVG
drawn with the kit's own colours and diagrams). A game without one is shown by its view alone,
so a new rules module plays in the studio before anyone draws its board.
"""

from __future__ import annotations

import importlib
from html import escape
from typing import Any

from generator.games.api import GameModule


def board_svg(game: Any, module: GameModule, view: dict[str, Any]) -> str:
    """The board of this position as inline SVG, or "" when the game has no drawing here."""
    try:
        drawer = importlib.import_module(f"{__name__}.{module.slug}")
    except ModuleNotFoundError:
        return ""
    return drawer.board_svg(game, view)


def text(x: float, y: float, words: Any, size: float = 4.0, anchor: str = "middle", weight: str = "normal",
         fill: str = "#2b2622") -> str:
    """One SVG text element, escaped."""
    return (f'<text x="{x:.2f}" y="{y:.2f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}">{escape(str(words))}</text>')


def svg(width: float, height: float, body: list[str], label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.2f} {height:.2f}" role="img" '
            f'aria-label="{escape(label)}" font-family="sans-serif">' + "".join(body) + "</svg>")


def colour(palette: dict[str, str], key: str, fallback: str = "#7a7068") -> str:
    return palette.get(key, fallback)
