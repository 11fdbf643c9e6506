"""Dragon Dance: Fire v. Lance (seed 003), a knight-against-dragon duel of bluff, cards and dice.

`GAME` is the game module (dragon_pnp.games.api.GameModule); the engine is pure Python with
no drawing imports.
"""

from dragon_pnp.games.dragon_dance.module import GAME, DragonDance

__all__ = ["GAME", "DragonDance"]
