"""A numbered track card (a time or score track) and its marker, from the track component."""

from __future__ import annotations

import math

from dragon_pnp.components.art import component_index, located_picture
from dragon_pnp.components.base import ComponentPlan, ExportEntry, PlanContext, Section
from dragon_pnp.data import GameData
from dragon_pnp.data.components import TrackSpec, document_of
from dragon_pnp.kit.faces import Face, Item, render_template
from dragon_pnp.kit.imposition import impose
from dragon_pnp.kit.text_fit import text_width_mm

PT_TO_MM = 25.4 / 72.0
TRACK_PAD_MM = 7.0
TRACK_TITLE_MM = 13.0
STACKED_LINE_MM = 4.5     # the name and note's own line under the title on a narrow track
HEADER_GAP_MM = 3.0       # the least room between the title and the name or note beside it
DEFAULT_COLOUR = "#8a2f1d"   # a track's colour when its `colour` names none in print.yaml


def _header_width(name: str, title: str, note: str) -> float:
    """The top line's width with name, title and note side by side (the title centred between)."""
    side = max(text_width_mm(name, 7), text_width_mm(note, 7))
    return 2 * side + text_width_mm(title.upper(), 13, bold=True) + 1.5 * len(title) + 2 * HEADER_GAP_MM


def face_key(track: TrackSpec) -> str:
    """Each track's own face name (`time_track` -> `time-track`), so two tracks never share one."""
    return track.id.replace("_", "-")


def track_face(game: GameData, track: TrackSpec) -> Face:
    """Boxes first..last in `rows` rows, read left to right, top to bottom, under the track's title."""
    box = track.box_mm
    numbers = list(range(track.first, track.last + 1))
    per_row = math.ceil(len(numbers) / track.rows)
    width = per_row * box + 2 * TRACK_PAD_MM
    title, note = track.title or track.name, track.note or ""
    # Name, title and note share the top line where they fit; on a narrow track (few boxes a
    # row) the name and note take a line of their own under the title, never overlapping it.
    stacked = _header_width(game.game.name, title, note) > width - 2 * TRACK_PAD_MM
    head = TRACK_TITLE_MM + (STACKED_LINE_MM if stacked else 0.0)
    height = head + track.rows * box + TRACK_PAD_MM
    bleed = game.print_profile.bleed_mm
    boxes = [
        (TRACK_PAD_MM + (i % per_row) * box, head + (i // per_row) * box, n)
        for i, n in enumerate(numbers)
    ]
    svg = render_template("kit/time_track.svg.j2", W=width, H=height, b=bleed, box=box, boxes=boxes,
                          game_name=game.game.name, colour=game.print_profile.colour(track.colour, DEFAULT_COLOUR),
                          pt=PT_TO_MM, title=title, note=note, small_y=10.2 + (STACKED_LINE_MM if stacked else 0.0))
    return Face(face_key(track), svg, (width, height), bleed)


def marker_face(game: GameData, track: TrackSpec) -> Face:
    size = track.marker_mm
    bleed = game.print_profile.bleed_mm
    art = (located_picture(game, track.marker_art, "components", component_index(game, track.id), "marker_art")
           if track.marker_art else None)
    svg = render_template("kit/time_marker.svg.j2", d=size, b=bleed, art=art,
                          colour=game.print_profile.colour(track.colour, DEFAULT_COLOUR))
    return Face(f"{face_key(track)}-marker", svg, (size, size), bleed, "circle")


def plan(spec: TrackSpec, context: PlanContext) -> ComponentPlan:
    """The track card(s) and marker(s), packed on shelves."""
    game = context.game
    track, marker = track_face(game, spec), marker_face(game, spec)
    items = [Item(track.key, None, spec.name.lower()) for _ in range(spec.copies)]
    items += [Item(marker.key, None, "marker") for _ in range(spec.markers)]
    pages = impose(items, {track.key: track, marker.key: marker}, context.layout("extras"), context.paper,
                   context.marks, game.game.phrases.text("words.sheet.track", game=game.game.name, name=game.game.phrases.noun(spec.name)),
                   words=context.game.game.phrases)
    exports = [ExportEntry(track.key, None, spec.copies, spec.name, spec.description, kind="tile"),
               ExportEntry(marker.key, None, spec.markers, f"{spec.name} marker", f"Marks the place on the {spec.name.lower()}.")]
    return ComponentPlan(spec.id, spec.kind, [track, marker], [Section(document_of(spec), game.game.phrases.text("words.section.track", name=spec.name), pages, pack_items=tuple(items), pack_layout="extras")],
                         svgs=[track.key, marker.key], exports=exports,
                         contents=[game.game.phrases.text("words.cover.box.track", name=game.game.phrases.noun(spec.name),
                                                          first=str(spec.first), last=str(spec.last))])
