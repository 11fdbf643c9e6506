"""A numbered track card (a time or score track) and its marker, from the track component."""

from __future__ import annotations

import math

from dragon_pnp.components.art import component_index, located_picture
from dragon_pnp.components.base import ComponentPlan, ExportEntry, PlanContext, Section
from dragon_pnp.data import GameData
from dragon_pnp.data.components import TrackSpec, document_of
from dragon_pnp.kit.faces import Face, Item, render_template
from dragon_pnp.kit.imposition import impose

PT_TO_MM = 25.4 / 72.0
TRACK_PAD_MM = 7.0
TRACK_TITLE_MM = 13.0
DEFAULT_COLOUR = "#8a2f1d"   # a track's colour when its `colour` names none in print.yaml


def face_key(track: TrackSpec) -> str:
    """Each track's own face name (`time_track` -> `time-track`), so two tracks never share one."""
    return track.id.replace("_", "-")


def track_face(game: GameData, track: TrackSpec) -> Face:
    """Boxes first..last in `rows` rows, read left to right, top to bottom, under the track's title."""
    box = track.box_mm
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
                          game_name=game.game.name, colour=game.print_profile.colour(track.colour, DEFAULT_COLOUR),
                          pt=PT_TO_MM, title=track.title or track.name, note=track.note or "")
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
                   context.marks, f"{game.game.name}: {spec.name.lower()} and marker", words=context.game.game.phrases)
    exports = [ExportEntry(track.key, None, spec.copies, spec.name, spec.description, kind="tile"),
               ExportEntry(marker.key, None, spec.markers, f"{spec.name} marker", f"Marks the place on the {spec.name.lower()}.")]
    return ComponentPlan(spec.id, spec.kind, [track, marker], [Section(document_of(spec), f"{spec.name} and marker", pages, pack_items=tuple(items), pack_layout="extras")],
                         svgs=[track.key, marker.key], exports=exports,
                         contents=[f"{spec.name.lower()} ({spec.first}-{spec.last}) and marker"])
