"""Hex-map diagrams for any game with a `tiles` component: one scene, two renderers.

    from dragon_pnp.hexmap_diagrams import board_scene, scene_drawing, scene_svg
    scene = board_scene(game, players=4, hex_size_mm=5)   # every hex, homes in use numbered by seat
    scene.cells, scene.homes, scene.terrain_counts()       # inspect (mm, y down, origin top-left)
    drawing = scene_drawing(scene, width_mm=80)           # reportlab Drawing (vector) for PDFs
    svg_text = scene_svg(scene)                           # SVG string sized in mm, for cairosvg

`legend_scene(game)` is a key (one sample hex per terrain, a seated and an empty home).
`board_scene(game, players=None)` is the overview, every home in its colour. Fills come
from `print_profile.palette("terrain")` / `seat_colours`; every terrain and home also carries a
shape mark (peaks, waves, star, numbered disc, dashed home ring) so prints read in greyscale.
A game adds its own pictures by putting overlays (`HexOutline`, `HexLine`, `Marker`, `Badge`)
on a scene; this package draws them without knowing what they mean. It reads only
`dragon_pnp.data`, `dragon_pnp.hexgrid`, `dragon_pnp.fonts` and `dragon_pnp.paper`.
"""

from typing import TYPE_CHECKING, Any

from dragon_pnp.hexmap_diagrams.draw import scene_shapes
from dragon_pnp.hexmap_diagrams.overlays import Badge, HexLine, HexOutline, Marker, Stroke
from dragon_pnp.hexmap_diagrams.scene import BoardScene, HexCell, HomeMarker, board_scene, legend_scene, terrain_pattern

if TYPE_CHECKING:
    from dragon_pnp.hexmap_diagrams.pdf import scene_drawing
    from dragon_pnp.hexmap_diagrams.svg import scene_group, scene_svg

# The renderers load reportlab or svgwrite, which are slow to import; a caller that draws with
# one renderer (the print kit draws SVG only) loads only that one.
_RENDERERS = {"scene_drawing": "dragon_pnp.hexmap_diagrams.pdf", "scene_group": "dragon_pnp.hexmap_diagrams.svg",
              "scene_svg": "dragon_pnp.hexmap_diagrams.svg"}


def __getattr__(name: str) -> Any:
    if name in _RENDERERS:
        import importlib

        return getattr(importlib.import_module(_RENDERERS[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "Badge",
    "BoardScene",
    "HexCell",
    "HexLine",
    "HexOutline",
    "HomeMarker",
    "Marker",
    "Stroke",
    "board_scene",
    "legend_scene",
    "scene_drawing",
    "scene_group",
    "scene_shapes",
    "scene_svg",
    "terrain_pattern",
]
