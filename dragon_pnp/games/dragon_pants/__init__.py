"""Dragon Pants: a hex-board race for one pair of pants, 2-6 players (seeds 000-002).

Its engine (`dragon_pnp.games.dragon_pants.engine`), greedy player and report hooks behind
`dragon_pnp.games.api.GameModule`; the registry finds it as `GAME`.
"""

from dragon_pnp.games.dragon_pants.module import GAME, DragonPants

__all__ = ["GAME", "DragonPants"]
