"""Dragon Pants' layer over the generic hex-map diagrams: line-of-sight examples judged by its engine.

    from dragon_pnp.games.dragon_pants.diagrams import check_sight, sight_scene
    check = check_sight(game, "flat", (-3, 0), (3, 0))    # the engine's verdict and the hexes it reads
    los = sight_scene(game, "flat", (-3, 0), (3, 0))      # A shoots at B, drawn on the board
    scene_drawing(los.scene, width_mm=60)                 # drawn by dragon_pnp.hexmap_diagrams

Boards, legends and their renderers are generic (`dragon_pnp.hexmap_diagrams`); only what a sight
line means lives here.
"""

from dragon_pnp.games.dragon_pants.diagrams.sight import SightCheck, SightKind, check_sight
from dragon_pnp.games.dragon_pants.diagrams.sight_lines import SightScene, sight_scene

__all__ = ["SightCheck", "SightKind", "SightScene", "check_sight", "sight_scene"]
