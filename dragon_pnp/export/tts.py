"""Tabletop Simulator: card sheets, piece images and a saved object that loads them from disk.

Format (https://kb.tabletopsimulator.com/custom-content/save-file-format/ and the custom deck,
tile, token, figurine and dice pages beside it): a save is JSON whose `ObjectStates` lists
objects by `Name`. A deck is a "Deck" whose `CustomDeck` maps a deck id to one card sheet
(`FaceURL`, `BackURL`, `NumWidth` x `NumHeight` cards, at most 10 x 7 and 4096 px a side);
every card in `ContainedObjects` is a "Card" whose `CardID` is deck id * 100 + its index on
that sheet, and `DeckIDs` lists those ids in order. The last slot of a sheet is the image TTS
shows for a hidden card: we put the deck's back there and also set `BackIsHidden`, so either
reading shows the back. Images are referenced as local `file:///` URLs, so the saved object
works offline from the folder it was exported to.

Pieces become "Custom_Tile" (box, hex or circle, with a back image), "Custom_Token" (one-sided,
outline from the image's transparency) or "Figurine_Custom" (an upright standee, front and
back); copies of one piece share a "Bag". Dice are "Custom_Dice" of type 1 (six sides).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragon_pnp.components.face_text import visible_text
from dragon_pnp.export.model import ExportCard, ExportDeck, ExportDie, ExportPiece, ExportSet
from dragon_pnp.export.raster import FacePlacement, RasterJob

TTS_DPI = 200                # card and piece images: sharp on screen, small enough to load fast
MAX_SHEET_PX = 4096
MAX_COLUMNS, MAX_ROWS = 10, 7
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1   # the last slot holds the hidden-card image
DIE_FACE_PX = 256
TILE_TYPE = {"square": 0, "hex": 1, "circle": 2}
# A custom tile or token at scale 1 is about 2 table units (inches) across its longest side;
# pieces are scaled from that so their sizes compare as on a real table (approximate).
UNITS_AT_SCALE_1 = 2.0
# Where each face of a d6 goes on its texture: a cube net on a 4 x 3 grid of squares, value ->
# (column, row). Opposite faces (1-6, 2-5, 3-4) are never neighbours, as on a real die.
D6_NET = {1: (1, 0), 4: (0, 1), 2: (1, 1), 3: (2, 1), 5: (3, 1), 6: (1, 2)}
D6_NET_SIZE = (4, 3)
# The rotation that turns each value up, as TTS records it for its six-sided dice.
# A die of this size (mm) has scale 1: dice are scaled from it so 18 and 14 mm dice differ as on a table.
DIE_MM_AT_SCALE_1 = 16.0
D6_ROTATIONS = {1: (-90, 0, 0), 2: (0, 0, 0), 3: (0, 0, -90), 4: (0, 0, 90), 5: (0, 0, -180), 6: (90, 0, 0)}


@dataclass(frozen=True)
class SheetLayout:
    """A card sheet: columns x rows slots of card_px each."""

    columns: int
    rows: int
    card_px: tuple[int, int]

    @property
    def size_px(self) -> tuple[int, int]:
        return (self.columns * self.card_px[0], self.rows * self.card_px[1])

    def slot(self, index: int) -> tuple[int, int, int, int]:
        w, h = self.card_px
        x, y = (index % self.columns) * w, (index // self.columns) * h
        return (x, y, x + w, y + h)


def sheet_layout(slots: int, trim_mm: tuple[float, float]) -> SheetLayout:
    """As few rows as fit (10 to a row), cards at TTS_DPI unless the sheet would pass 4096 px."""
    columns = min(MAX_COLUMNS, slots)
    rows = math.ceil(slots / columns)
    assert rows <= MAX_ROWS, "a sheet holds at most 70 slots"
    ratio = trim_mm[1] / trim_mm[0]
    width = min(round(trim_mm[0] / 25.4 * TTS_DPI), MAX_SHEET_PX // columns, math.floor(MAX_SHEET_PX // rows / ratio))
    return SheetLayout(columns, rows, (width, round(width * ratio)))


@dataclass
class TtsPlan:
    """The images to render (job names are paths inside the export folder) and the save."""

    jobs: list[RasterJob] = field(default_factory=list)
    objects: list[dict[str, Any]] = field(default_factory=list)
    save: dict[str, Any] = field(default_factory=dict)


class _Builder:
    def __init__(self, export: ExportSet, folder: Path):
        self.export = export
        self.folder = folder
        self.plan = TtsPlan()
        self.next_deck_id = 1
        self.guids: set[str] = set()

    def url(self, job_name: str) -> str:
        return (self.folder / job_name).resolve().as_uri()

    def guid(self, key: str) -> str:
        """A stable six-hex-digit GUID, unique in this save."""
        digest = hashlib.sha256(f"{self.export.game_slug}|{key}".encode()).hexdigest()
        for start in range(len(digest) - 6):
            candidate = digest[start:start + 6]
            if candidate not in self.guids:
                self.guids.add(candidate)
                return candidate
        raise AssertionError("no free GUID")

    def image(self, name: str, size: tuple[int, int], placements: list[FacePlacement], cut: str | None = None) -> str:
        job = RasterJob(f"images/{name}.png", size, tuple(placements), TTS_DPI, cut)  # type: ignore[arg-type]
        self.plan.jobs.append(job)
        return self.url(job.name)


def plan_tts(export: ExportSet, folder: Path) -> TtsPlan:
    """Images and the saved object for Tabletop Simulator, with image URLs under `folder`."""
    builder = _Builder(export, folder)
    for index, deck in enumerate(export.decks):
        if deck.cards:
            builder.plan.objects.append(_deck(builder, deck, _transform(-4.5 + 3.0 * index, -6.0, flip=True)))
    for index, piece in enumerate(export.pieces):
        builder.plan.objects.append(_piece_or_bag(builder, piece, _grid(index)))
    for index, die in enumerate(export.dice):
        builder.plan.objects.append(_die_or_bag(builder, die, _grid(len(export.pieces) + index)))
    builder.plan.save = _save(export, builder.plan.objects)
    return builder.plan


def _save(export: ExportSet, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """The saved-object file: TTS's save-state shell around the objects, with fixed values only."""
    return {
        "SaveName": export.game_name, "GameMode": export.game_name, "Date": "", "VersionNumber": "",
        "GameType": "", "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "",
        "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": objects,
    }


# --- decks ---------------------------------------------------------------------------------

def _deck(builder: _Builder, deck: ExportDeck, transform: dict[str, float]) -> dict[str, Any]:
    """A "Deck" (or a lone "Card") of every copy, its sheets in `CustomDeck`."""
    custom: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    chunks = [deck.cards[i:i + CARDS_PER_SHEET] for i in range(0, len(deck.cards), CARDS_PER_SHEET)]
    for number, chunk in enumerate(chunks, start=1):
        deck_id = builder.next_deck_id
        builder.next_deck_id += 1
        entry = _sheet(builder, deck, chunk, f"{deck.id}-{number}" if len(chunks) > 1 else deck.id)
        custom[str(deck_id)] = entry
        for index, card in enumerate(chunk):
            for copy in range(card.count):
                cards.append(_card(builder, card, deck_id * 100 + index, {str(deck_id): entry},
                                   f"{deck.id}|{number}|{index}|{copy}"))
    if len(cards) == 1:
        return {**cards[0], "Transform": transform}
    return {
        **_common(builder, f"deck|{deck.id}", "Deck", deck.name, f"{deck.size} cards", transform),
        "HideWhenFaceDown": True, "Hands": False, "SidewaysCard": False,
        "DeckIDs": [card["CardID"] for card in cards], "CustomDeck": custom, "ContainedObjects": cards,
    }


def _sheet(builder: _Builder, deck: ExportDeck, cards: tuple[ExportCard, ...], name: str) -> dict[str, Any]:
    """Face sheet (and back image or back sheet) for up to 69 distinct cards plus the hidden slot."""
    layout = sheet_layout(len(cards) + 1, deck.trim_mm)
    hidden = layout.columns * layout.rows - 1
    faces = [_cell(deck, card.front_svg, layout, i) for i, card in enumerate(cards)]
    faces.append(_cell(deck, deck.backs[0], layout, hidden))
    face_url = builder.image(f"{name}-faces", layout.size_px, faces)
    unique_back = len({card.back_svg for card in cards}) > 1
    if unique_back:
        backs = [_cell(deck, card.back_svg, layout, i) for i, card in enumerate(cards)]
        backs.append(_cell(deck, deck.backs[0], layout, hidden))
        back_url = builder.image(f"{name}-backs", layout.size_px, backs)
    else:
        single = SheetLayout(1, 1, layout.card_px)
        back_url = builder.image(f"{name}-back", layout.card_px, [_cell(deck, cards[0].back_svg, single, 0)])
    return {"FaceURL": face_url, "BackURL": back_url, "NumWidth": layout.columns, "NumHeight": layout.rows,
            "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}


def _cell(deck: ExportDeck, svg: str, layout: SheetLayout, index: int) -> FacePlacement:
    """A card's trim filling one slot exactly (no bleed on screen)."""
    return FacePlacement.filling(svg, deck.trim_mm, layout.slot(index))


def _card(builder: _Builder, card: ExportCard, card_id: int, custom: dict[str, Any], key: str) -> dict[str, Any]:
    return {
        **_common(builder, f"card|{key}", "Card", card.name, card.description, _transform(0, 0, flip=True)),
        "HideWhenFaceDown": True, "Hands": True, "SidewaysCard": False, "CardID": card_id, "CustomDeck": custom,
    }


# --- pieces and dice -------------------------------------------------------------------------

def _piece_or_bag(builder: _Builder, piece: ExportPiece, transform: dict[str, float]) -> dict[str, Any]:
    image = _piece_images(builder, piece)
    copies = [_piece(builder, piece, image, f"{piece.id}|{n}", transform) for n in range(piece.count)]
    if len(copies) == 1:
        return copies[0]
    return _bag(builder, piece.id, f"{piece.name} x{piece.count}", piece.description, copies, transform)


def _piece_images(builder: _Builder, piece: ExportPiece) -> dict[str, str]:
    """URLs of the piece's front (and back) images: its trim box at TTS_DPI, no bleed."""
    w, h = (max(1, round(v / 25.4 * TTS_DPI)) for v in piece.size_mm)
    one_sided_token = piece.kind == "token" and piece.back_svg is None and not piece.upright

    def side(svg: str, name: str) -> str:
        placement = FacePlacement.filling(svg, piece.size_mm, (0, 0, w, h))
        return builder.image(name, (w, h), [placement], piece.shape if one_sided_token else None)

    urls = {"front": side(piece.front_svg, f"piece-{piece.id}")}
    if piece.back_svg is not None:
        urls["back"] = side(piece.back_svg, f"piece-{piece.id}-back")
    return urls


def _piece(builder: _Builder, piece: ExportPiece, image: dict[str, str], key: str,
           transform: dict[str, float]) -> dict[str, Any]:
    scale = max(piece.size_mm) / 25.4 / UNITS_AT_SCALE_1
    custom: dict[str, Any] = {"ImageURL": image["front"], "ImageSecondaryURL": image.get("back", ""),
                              "ImageScalar": 1.0, "WidthScale": 0.0}
    if piece.upright:
        name = "Figurine_Custom"
    elif piece.kind == "token" and piece.back_svg is None:
        name = "Custom_Token"
        custom["CustomToken"] = {"Thickness": 0.2, "MergeDistancePixels": 15.0, "StandUp": False, "Stackable": True}
    else:
        name = "Custom_Tile"
        custom["CustomTile"] = {"Type": TILE_TYPE[piece.shape], "Thickness": 0.2, "Stackable": False, "Stretch": True}
    return {**_common(builder, f"piece|{key}", name, piece.name, piece.description, {**transform, "scaleX": scale,
                      "scaleY": 1.0, "scaleZ": scale}), "CustomImage": custom}


def _die_or_bag(builder: _Builder, die: ExportDie, transform: dict[str, float]) -> dict[str, Any]:
    columns, rows = D6_NET_SIZE
    placements = []
    for value, svg in enumerate(die.faces, start=1):
        column, row = D6_NET[value]
        box = (column * DIE_FACE_PX, row * DIE_FACE_PX, (column + 1) * DIE_FACE_PX, (row + 1) * DIE_FACE_PX)
        placements.append(FacePlacement.filling(svg, (die.size_mm, die.size_mm), box))
    url = builder.image(f"die-{die.id}", (columns * DIE_FACE_PX, rows * DIE_FACE_PX), placements)
    # What each face shows (its words, "Bite" or "3"), so a roll reports the face, not its index.
    shown = [" ".join(visible_text(svg).split()) or str(value) for value, svg in enumerate(die.faces, start=1)]
    rotations = [{"Value": shown[value - 1], "Rotation": {"x": float(x), "y": float(y), "z": float(z)}}
                 for value, (x, y, z) in D6_ROTATIONS.items()]
    scale = round(die.size_mm / DIE_MM_AT_SCALE_1, 4)
    sized = {**transform, "scaleX": scale, "scaleY": scale, "scaleZ": scale}
    copies = [{**_common(builder, f"die|{die.id}|{n}", "Custom_Dice", die.name, f"Six-sided die, {die.size_mm:g} mm",
                         sized),
               "CustomImage": {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
                               "CustomDice": {"Type": 1}},
               "RotationValues": rotations} for n in range(die.count)]
    if len(copies) == 1:
        return copies[0]
    return _bag(builder, die.id, f"{die.name} x{die.count}", die.name, copies, transform)


def _bag(builder: _Builder, key: str, name: str, description: str, contents: list[dict[str, Any]],
         transform: dict[str, float]) -> dict[str, Any]:
    return {**_common(builder, f"bag|{key}", "Bag", name, description, transform), "ContainedObjects": contents}


# --- shared fields -----------------------------------------------------------------------------

def _common(builder: _Builder, key: str, name: str, nickname: str, description: str,
            transform: dict[str, float]) -> dict[str, Any]:
    return {
        "GUID": builder.guid(key), "Name": name, "Transform": transform, "Nickname": nickname,
        "Description": description, "GMNotes": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
        "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False, "Autoraise": True, "Sticky": True,
        "Tooltip": True, "GridProjection": False, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
    }


def _transform(x: float, z: float, flip: bool = False) -> dict[str, float]:
    """Position on the table; a flipped object lies face down (a deck)."""
    return {"posX": float(x), "posY": 1.0, "posZ": float(z), "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if flip else 0.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _grid(index: int) -> dict[str, float]:
    """Pieces and dice laid out in rows of eight beside the decks."""
    return _transform(-12.0 + 4.5 * (index % 8), 2.0 + 4.5 * (index // 8))
