"""The small pieces: the time track card, its marker, and one fold-over pawn per den.

Box numbers come from destiny.yaml's time_track; pawn colours from the dens in board.yaml and
print.yaml's den_colours; sizes from print.yaml's extras.
"""

from __future__ import annotations

import math

from generator.data import GameData
from generator.kit.faces import Face, Item, render_template

PT_TO_MM = 25.4 / 72.0
TRACK_PAD_MM = 7.0
TRACK_TITLE_MM = 13.0


def time_track_face(game: GameData) -> Face:
    """Boxes first..last in `rows` rows, read left to right, top to bottom."""
    track = game.destiny.time_track
    box = game.print_profile.extras.time_box_mm
    numbers = list(range(track.first, track.last + 1))
    per_row = math.ceil(len(numbers) / track.rows)
    width = per_row * box + 2 * TRACK_PAD_MM
    height = TRACK_TITLE_MM + track.rows * box + TRACK_PAD_MM
    bleed = game.print_profile.bleed_mm
    boxes = [
        (TRACK_PAD_MM + (i % per_row) * box, TRACK_TITLE_MM + (i // per_row) * box, n)
        for i, n in enumerate(numbers)
    ]
    svg = render_template("kit/time_track.svg.j2", W=width, H=height, b=bleed, box=box, boxes=boxes,
                          game_name=game.game.name, colour=game.print_profile.deck_colours.get("destiny", "#8a2f1d"),
                          pt=PT_TO_MM)
    return Face("time-track", svg, (width, height), bleed)


def time_marker_face(game: GameData) -> Face:
    size = game.print_profile.extras.marker_mm
    bleed = game.print_profile.bleed_mm
    svg = render_template("kit/time_marker.svg.j2", d=size, b=bleed,
                          colour=game.print_profile.deck_colours.get("destiny", "#8a2f1d"))
    return Face("time-marker", svg, (size, size), bleed, "circle")


def pawn_faces(game: GameData) -> list[Face]:
    """A standee strip per den: base flap, front, back (upside down), base flap."""
    extras = game.print_profile.extras
    bleed = game.print_profile.bleed_mm
    width, figure, base = extras.pawn_width_mm, extras.pawn_height_mm, extras.pawn_base_mm
    faces = []
    for den in game.board.dens:
        colour = game.print_profile.den_colours[den.id]
        svg = render_template("kit/pawn.svg.j2", W=width, F=figure, B=base, b=bleed,
                              colour=colour.hex, colour_name=colour.name, pt=PT_TO_MM)
        faces.append(Face(pawn_key(den.id), svg, (width, 2 * figure + 2 * base), bleed))
    return faces


def pawn_key(den_id: str) -> str:
    return f"pawn-{den_id.lower()}"


def extras_faces(game: GameData) -> tuple[list[Face], list[Item]]:
    track, marker, pawns = time_track_face(game), time_marker_face(game), pawn_faces(game)
    box = game.game.box
    items = [Item(track.key, None, "time track") for _ in range(box.time_track_cards)]
    colours = game.print_profile.den_colours
    items += [Item(p.key, None, f"{colours[d.id].name} pawn") for p, d in zip(pawns, game.board.dens)]
    items += [Item(marker.key, None, "time marker") for _ in range(box.time_markers)]
    return [track, marker, *pawns], items
