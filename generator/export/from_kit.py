"""Temporary adapter: Dragon Pants' export set, built from today's kit face functions.

The exporters read only `generator.export.model`; this module is the one place that knows the
kit's faces (Power and Destiny decks, hex tiles, time track, time marker, fold-over pawns).
It goes away when each generic component describes its own export.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

from generator.data import GameData
from generator.data.models import signed
from generator.export.model import ExportCard, ExportDeck, ExportPiece, ExportSet
from generator.kit.cards import DECK_TITLES, DESTINY, POWER, back_faces, destiny_faces, power_faces
from generator.kit.extras import pawn_faces, time_marker_face, time_track_face
from generator.kit.faces import Face
from generator.kit.tiles import den_key, terrain_note, tile_faces, tile_key

SVG_NS = "http://www.w3.org/2000/svg"


def export_set(game: GameData) -> ExportSet:
    """The game's decks and pieces as render-ready SVGs with names, descriptions and counts."""
    return ExportSet(game.slug, game.game.name, (_power_deck(game), _destiny_deck(game)), _pieces(game))


def _power_deck(game: GameData) -> ExportDeck:
    faces, _ = power_faces(game)
    back = _back(game, POWER)
    cards = tuple(ExportCard(card.name, card.rules, face.svg, back.svg, card.count)
                  for card, face in zip(game.power.cards, faces, strict=True))
    return ExportDeck(POWER, f"{DECK_TITLES[POWER]} cards", back.trim_mm, back.bleed_mm, cards)


def _destiny_deck(game: GameData) -> ExportDeck:
    faces, _ = destiny_faces(game)
    back = _back(game, DESTINY)
    printed = [card for card in game.destiny.cards if card.count > 0]
    cards = tuple(
        ExportCard("Blank Destiny card" if card.blank else f"Destiny {signed(card.value)}",
                   "Blank: for house rules." if card.blank
                   else f"Moves the time marker by {signed(card.value)} when drawn.",
                   face.svg, back.svg, card.count)
        for card, face in zip(printed, faces, strict=True))
    return ExportDeck(DESTINY, f"{DECK_TITLES[DESTINY]} cards", back.trim_mm, back.bleed_mm, cards)


def _back(game: GameData, deck: str) -> Face:
    return next(face for face in back_faces(game) if face.key == f"{deck}-back")


def _pieces(game: GameData) -> tuple[ExportPiece, ...]:
    faces, _ = tile_faces(game)
    by_key = {face.key: face for face in faces}
    on_board = Counter(tile.terrain for tile in game.board.tiles)
    pieces = []
    for terrain_id, terrain in game.board.terrains.items():
        if terrain.is_den or not on_board[terrain_id]:
            continue
        face = by_key[tile_key(terrain_id)]
        pieces.append(_piece(face, terrain_id, terrain.name, terrain_note(terrain) or terrain.name,
                             "tile", "hex", on_board[terrain_id]))
    den_terrain = next((t.name for t in game.board.terrains.values() if t.is_den), "Den")
    for den in game.board.dens:
        colour = game.print_profile.den_colours[den.id]
        pieces.append(_piece(by_key[den_key(den.id)], f"den-{den.id.lower()}", f"{den_terrain} {den.number}",
                             f"{den.name}, {colour.name}", "tile", "hex", 1))
    track, marker = time_track_face(game), time_marker_face(game)
    box = game.game.box
    pieces.append(_piece(track, "time-track", "Time track", "Move the time marker along it.", "tile", "square",
                         box.time_track_cards))
    pieces.append(_piece(marker, "time-marker", "Time marker", "Marks the time on the time track.", "token",
                         "circle", box.time_markers))
    extras = game.print_profile.extras
    for den, pawn in zip(game.board.dens, pawn_faces(game), strict=True):
        colour = game.print_profile.den_colours[den.id]
        b, base, figure = pawn.bleed_mm, extras.pawn_base_mm, extras.pawn_height_mm
        width = extras.pawn_width_mm + 2 * b
        # The strip is base flap, front (printed upside down), back, base flap: crop each side.
        front = crop_svg(pawn.svg, (0, base, width, figure + 2 * b), turn=True)
        back = crop_svg(pawn.svg, (0, base + figure, width, figure + 2 * b))
        pieces.append(ExportPiece(f"pawn-{den.id.lower()}", f"{colour.name} dragon",
                                  f"Pawn of the player in den {den.number}.", "token", "square",
                                  (extras.pawn_width_mm, figure), b, front, back, 1, upright=True))
    return tuple(pieces)


def _piece(face: Face, piece_id: str, name: str, description: str, kind: str, shape: str, count: int) -> ExportPiece:
    return ExportPiece(piece_id, name, description, kind, shape, face.trim_mm, face.bleed_mm,  # type: ignore[arg-type]
                       face.svg, None, count)


def crop_svg(svg: str, box: tuple[float, float, float, float], turn: bool = False) -> str:
    """The part of an SVG inside `box` (x, y, width, height in its user units, which are mm),
    as an SVG of that size in mm; `turn` gives it a half turn (a side printed upside down)."""
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(svg)
    x, y, w, h = box
    kept = {key: value for key, value in root.attrib.items() if key not in ("width", "height", "viewBox")}
    crop = ET.Element(f"{{{SVG_NS}}}svg", kept)
    crop.set("width", f"{w:.3f}mm")
    crop.set("height", f"{h:.3f}mm")
    crop.set("viewBox", f"0 0 {w:.3f} {h:.3f}")
    transform = f"translate({-x:.3f} {-y:.3f})"
    if turn:
        transform = f"rotate(180 {w / 2:.3f} {h / 2:.3f}) " + transform
    group = ET.SubElement(crop, f"{{{SVG_NS}}}g", {"transform": transform})
    group.extend(list(root))
    return ET.tostring(crop, encoding="unicode")
