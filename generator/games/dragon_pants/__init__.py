"""Dragon Pants as a game module: its engine (`generator.engine`), greedy player and report hooks
behind `generator.games.api.GameModule`. The registry finds it as `GAME`."""

from generator.games.dragon_pants.module import DragonPants

GAME = DragonPants()

__all__ = ["GAME", "DragonPants"]
