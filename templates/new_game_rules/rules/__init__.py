"""The rules of $title: dragon-pnp imports this package from the game folder (game.yaml:
`rules_module: ./rules`) and takes `GAME`. It is your own Python code; change it freely, then
run `dragon-pnp selftest $build` to check it against the game interface."""

from .game import GAME

__all__ = ["GAME"]
