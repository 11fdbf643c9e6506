"""What an exporter receives: a game's printable parts as render-ready SVGs, nothing game-specific.

Every exporter (card-printing services, Tabletop Simulator) reads only these types, so any game
whose components can describe themselves this way exports without exporter changes. Lengths are
millimetres. A face's SVG covers its trim plus `bleed_mm` on every side, with the trim centred
in the SVG (for a hexagon, the SVG covers the box around the bleed hexagon).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PieceKind = Literal["token", "tile"]
PieceShape = Literal["circle", "square", "hex"]


@dataclass(frozen=True)
class ExportCard:
    """One distinct card: its name and full effect (shown in TTS tooltips), faces, and copies."""

    name: str
    description: str
    front_svg: str
    back_svg: str
    count: int


@dataclass(frozen=True)
class ExportDeck:
    """A deck of same-sized cards. `id` names its files ("power"); `name` is for people."""

    id: str
    name: str
    trim_mm: tuple[float, float]
    bleed_mm: float
    cards: tuple[ExportCard, ...]

    @property
    def size(self) -> int:
        """Cards in the deck, copies included."""
        return sum(card.count for card in self.cards)

    @property
    def backs(self) -> tuple[str, ...]:
        """The distinct back SVGs, in first-use order (one for most decks)."""
        return tuple(dict.fromkeys(card.back_svg for card in self.cards))


@dataclass(frozen=True)
class ExportPiece:
    """A cut-out piece: a token or tile of one shape, one or two printed sides.

    `size_mm` is the trim's width and height (a flat-topped hexagon: corner to corner, then
    flat to flat). An `upright` piece stands on the table (a standee): Tabletop Simulator gets
    a figurine instead of a flat piece.
    """

    id: str
    name: str
    description: str
    kind: PieceKind
    shape: PieceShape
    size_mm: tuple[float, float]
    bleed_mm: float
    front_svg: str
    back_svg: str | None
    count: int
    upright: bool = False


@dataclass(frozen=True)
class ExportDie:
    """A six-sided die: one square SVG per face at trim size (no bleed), values 1 to 6 in order."""

    id: str
    name: str
    size_mm: float
    faces: tuple[str, ...]             # six, in the net's order
    count: int


@dataclass(frozen=True)
class ExportSet:
    """Everything of one game that an exporter can turn into files."""

    game_slug: str
    game_name: str
    decks: tuple[ExportDeck, ...]
    pieces: tuple[ExportPiece, ...] = ()
    dice: tuple[ExportDie, ...] = ()
