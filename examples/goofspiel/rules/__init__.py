"""Goofspiel's rules module, kept in the game's own folder (game.yaml: `rules_module: ./rules`).

dragon-pnp imports this package from here and takes `GAME`; nothing inside dragon-pnp knows it.
"""

from .game import Goofspiel
from .report import GoofPlaytest, GoofReport, GoofWords


class GoofspielGame(Goofspiel):
    parts = (GoofReport, GoofPlaytest, GoofWords)


GAME = GoofspielGame()
