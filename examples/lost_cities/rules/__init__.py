"""Five Trails' rules module, kept in the game's own folder (game.yaml: `rules_module: ./rules`).

dragon-pnp imports this package from here and takes `GAME`; nothing inside dragon-pnp knows it.
"""

from .game import FiveTrails
from .report import TrailsHidden, TrailsPlaytest, TrailsReport, TrailsWords


class FiveTrailsGame(FiveTrails):
    parts = (TrailsReport, TrailsHidden, TrailsPlaytest, TrailsWords)


GAME = FiveTrailsGame()
