"""Dragon Line Deluxe: a two-player simultaneous card battle (seed 004, rulings L1-L9).

`GAME` is the GameModule the registry finds; the engine (`rules`, `line`, `battle`, `state`,
`positions`) is pure Python and imports no drawing code.
"""

from dragon_pnp.games.dragon_line.module import DragonLine

GAME = DragonLine()

__all__ = ["GAME", "DragonLine"]
