"""Dragon Dance: Fire v. Lance (seed 003), a knight-against-dragon duel of bluff, cards and dice.

`GAME` is the game module (generator.games.api.GameModule); the engine is pure Python with
no drawing imports.
"""

from generator.games.dragon_dance.module import GAME, DragonDance

__all__ = ["GAME", "DragonDance"]
