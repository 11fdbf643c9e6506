"""Hex tile faces: one per terrain and one per home, flat-topped, with bleed.

A tile's picture is its terrain's `pattern` in the map data (peaks, waves, a star, home rings,
plain grass), so any game's terrains get art that reads in black and white: an icon, a pattern
and the terrain's name with its `note`, never colour alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dragon_pnp.data import GameData
from dragon_pnp.data.components import hex_map, tile_spec
from dragon_pnp.data.hexmap import Terrain
from dragon_pnp.errors import DataError
from dragon_pnp.games.parts import vocabulary
from dragon_pnp.hexgrid import SQRT3
from dragon_pnp.hexmap_diagrams.scene import terrain_pattern
from dragon_pnp.hexmap_diagrams.shapes import star_points
from dragon_pnp.kit.faces import Face, Item, render_template

if TYPE_CHECKING:
    from dragon_pnp.components.base import ComponentPlan, PlanContext
    from dragon_pnp.data.components import TilesSpec
from dragon_pnp.kit.text_fit import text_width_mm

PT_TO_MM = 25.4 / 72.0
HOME_NAME_WIDTH_MM = 62.0     # the colour's name across a home tile's white panel
HOME_NAME_LARGEST_MM = 12.0


@dataclass(frozen=True)
class LabelPanel:
    """The white panel at the foot of a terrain tile: its width and the type of the terrain's
    name (bold capitals, letter-spaced) and note on it; the template draws it, `check_labels_fit`
    holds the text to it."""

    width_mm: float = 48.0
    name_pt: float = 11.0
    name_spacing_mm: float = 0.6
    note_pt: float = 7.0

    def overflow(self, name: str, note: str) -> tuple[str, str, float, float] | None:
        """(field, text, width in mm, size in pt) of the first label wider than the panel, or None."""
        shown = name.upper()
        for field, text, size, bold, spacing in (("name", shown, self.name_pt, True, self.name_spacing_mm),
                                                 ("note", note, self.note_pt, False, 0.0)):
            width = text_width_mm(text, size, bold=bold) + spacing * max(len(text) - 1, 0)
            if width > self.width_mm:
                return field, text, width, size
        return None


LABEL = LabelPanel()


def _fitted_size(text: str, width_mm: float, largest_mm: float) -> float:
    """Bold type size (mm) at which `text` spans at most `width_mm`, capped at `largest_mm`."""
    at_one_mm = text_width_mm(text, 72 / 25.4, bold=True)
    return round(min(largest_mm, width_mm / at_one_mm), 3)


@dataclass(frozen=True)
class HexFrame:
    """A flat-topped tile: corner radius of the trim, bleed, and the bleed-box size."""

    radius: float
    bleed: float

    @property
    def bleed_radius(self) -> float:
        """Corner radius of the hexagon lying `bleed` outside every side of the trim."""
        return self.radius + 2 * self.bleed / SQRT3

    @property
    def size(self) -> tuple[float, float]:
        return (2 * self.bleed_radius, SQRT3 * self.bleed_radius)

    @property
    def trim_size(self) -> tuple[float, float]:
        return (2 * self.radius, SQRT3 * self.radius)

    def points(self, radius: float) -> str:
        """SVG points of a hexagon of corner radius `radius` around the bleed-box centre."""
        cx, cy = self.size[0] / 2, self.size[1] / 2
        return " ".join(
            f"{cx + radius * math.cos(math.radians(60 * i)):.3f},{cy + radius * math.sin(math.radians(60 * i)):.3f}"
            for i in range(6)
        )


def hex_frame(game: GameData) -> HexFrame:
    return HexFrame(tile_spec(game).corner_to_corner_mm / 2, game.print_profile.bleed_mm)


def terrain_art(terrain: Terrain) -> str:
    """Which picture a terrain gets: the diagrams' black-and-white mark, drawn as grass when plain."""
    mark = terrain_pattern(terrain)
    return "grass" if mark == "plain" else mark


def check_labels_fit(game: GameData) -> None:
    """A terrain's name and note must fit the panel on its tile: a located error, never text
    running off the panel."""
    source = tile_spec(game).map
    for terrain_id, terrain in hex_map(game).terrains.items():
        wide = None if terrain.is_home else LABEL.overflow(terrain.name, terrain.note)
        if wide is not None:
            field, text, width, size = wide
            raise DataError(game.locate(source, "terrains", terrain_id, field),
                            f"{text!r} is {width:.1f} mm wide at {size:g} pt; the label panel of a tile "
                            f"is {LABEL.width_mm:g} mm wide, so shorten it")


def tile_faces(game: GameData) -> tuple[list[Face], list[Item]]:
    """One face per non-home terrain and per home; one item per tile on the board."""
    check_labels_fit(game)
    frame = hex_frame(game)
    profile = game.print_profile
    faces: list[Face] = []
    for terrain_id, terrain in hex_map(game).terrains.items():
        if terrain.is_home:
            continue
        svg = render_template(
            "kit/tile.svg.j2", word=game.game.phrases.text, h=frame, art=terrain_art(terrain), name=terrain.name, note=terrain.note,
            colour=profile.palette("terrain").get(terrain_id, "#dddddd"), home=None, pt=PT_TO_MM, label=LABEL,
            star=star_points(frame.size[0] / 2, frame.size[1] / 2 - 4, frame.radius * 0.46, frame.radius * 0.19),
        )
        faces.append(Face(tile_key(terrain_id), svg, frame.trim_size, frame.bleed, "hex", frame.size))
    home_terrain = next((t for t in hex_map(game).terrains.values() if t.is_home), None)
    words = vocabulary(game)
    for home in hex_map(game).homes:
        colour = profile.seat_colours[home.id]
        svg = render_template(
            "kit/tile.svg.j2", word=game.game.phrases.text, h=frame, art="home", name=home_terrain.name if home_terrain else words.home_noun.capitalize(),
            note="", colour=colour.hex, home=home, colour_name=colour.name, pt=PT_TO_MM,
            colour_mm=_fitted_size(colour.name.upper(), HOME_NAME_WIDTH_MM, HOME_NAME_LARGEST_MM),
        )
        faces.append(Face(home_key(game, home.id), svg, frame.trim_size, frame.bleed, "hex", frame.size))
    # Grouped by terrain (in data order) so each kind is counted and cut together.
    order = list(hex_map(game).terrains)
    tiles = sorted(hex_map(game).tiles, key=lambda t: order.index(t.terrain))
    items = [Item(tile_key(t.terrain), None, hex_map(game).terrains[t.terrain].name) for t in tiles]
    items += [Item(home_key(game, d.id), None, f"{profile.seat_colours[d.id].name} {words.home_noun}")
              for d in hex_map(game).homes]
    return faces, items


def tile_key(terrain_id: str) -> str:
    return f"tile-{terrain_id.replace('_', '-')}"


def home_key(game: GameData, home_id: str) -> str:
    """The face key (and file name) of a home tile, in the game's own word: 'tile-den-red'."""
    return f"tile-{vocabulary(game).home_noun}-{home_id.lower()}"


def plan(spec: TilesSpec, context: PlanContext) -> ComponentPlan:
    """tiles.pdf: every tile of the map, grouped by terrain, cut along its outline."""
    from dragon_pnp.components.base import ComponentPlan, ExportEntry, Section
    from dragon_pnp.data.components import document_of
    from dragon_pnp.kit.imposition import impose

    game = context.game
    faces, items = tile_faces(game)
    by_key = {f.key: f for f in faces}
    pages = impose(items, by_key, context.layout("tiles"), context.paper, context.marks,
                   f"{game.game.name}: {spec.name.lower()}", words=context.game.game.phrases)
    counts = {key: sum(1 for i in items if i.front == key) for key in by_key}
    labels = {i.front: i.label for i in items}
    notes = {tile_key(t): terrain.note for t, terrain in hex_map(game).terrains.items()}
    exports = [ExportEntry(f.key, None, counts[f.key], labels.get(f.key, f.key), notes.get(f.key, ""), kind="tile")
               for f in faces if counts[f.key]]
    # Packable: the last sheet of tiles takes shelf pieces of the same document (pawns, a track)
    # in the strip it leaves free.
    section = Section(document_of(spec), spec.name, pages, pack_items=tuple(items), pack_layout="tiles")
    return ComponentPlan(spec.id, spec.kind, faces, [section],
                         svgs=[f.key for f in faces], exports=exports,
                         contents=[game.game.phrases.text("words.cover.box.tiles", n=game.game.phrases.number(len(items)),
                                                          size=f"{spec.corner_to_corner_mm:g}")])
