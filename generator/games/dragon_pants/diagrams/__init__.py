"""Board diagrams shared by the rulebook and the print kit: one scene, two renderers.

    from generator.games.dragon_pants.diagrams import board_scene, sight_scene, scene_drawing, scene_svg
    scene = board_scene(game, players=4, hex_size_mm=5)   # 43 hexes, seats 1-4 numbered
    scene.cells, scene.dens, scene.terrain_counts()       # inspect (mm, y down, origin top-left)
    drawing = scene_drawing(scene, width_mm=80)           # reportlab Drawing (vector) for PDFs
    svg_text = scene_svg(scene)                           # SVG string sized in mm, for cairosvg
    los = sight_scene(game, "flat", (-3, 0), (3, 0))      # A shoots at B; the engine judges it

`legend_scene(game)` is a key (one sample hex per terrain, a seated and an empty den).
`board_scene(game, players=None)` is the overview, every den in its colour. Fills come
from `print_profile.palette("terrain")` / `seat_colours`; every terrain and den also carries a
shape mark (peaks, waves, star, numbered disc, dashed den ring) so prints read in greyscale.
"""

from typing import TYPE_CHECKING

from generator.games.dragon_pants.diagrams.draw import scene_shapes
from generator.games.dragon_pants.diagrams.scene import (
    BoardScene,
    DenMarker,
    DragonMarker,
    HexCell,
    SightLine,
    board_scene,
    legend_scene,
    sight_scene,
    terrain_pattern,
)
from generator.games.dragon_pants.diagrams.sight import SightCheck, check_sight

if TYPE_CHECKING:
    from generator.games.dragon_pants.diagrams.pdf import scene_drawing
    from generator.games.dragon_pants.diagrams.svg import scene_group, scene_svg

# The renderers load reportlab or svgwrite, which are slow to import; a caller that draws with
# one renderer (the print kit draws SVG only) loads only that one.
_RENDERERS = {"scene_drawing": "generator.games.dragon_pants.diagrams.pdf", "scene_group": "generator.games.dragon_pants.diagrams.svg",
              "scene_svg": "generator.games.dragon_pants.diagrams.svg"}


def __getattr__(name: str):
    if name in _RENDERERS:
        import importlib

        return getattr(importlib.import_module(_RENDERERS[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "BoardScene", "DenMarker", "DragonMarker", "HexCell", "SightCheck", "SightLine",
    "board_scene", "check_sight", "legend_scene", "scene_drawing", "scene_group", "scene_shapes", "scene_svg",
    "sight_scene", "terrain_pattern",
]
