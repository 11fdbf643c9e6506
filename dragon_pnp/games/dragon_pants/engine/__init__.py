"""The Dragon Pants rules engine. It knows nothing about drawing or printing.

`Rules.from_game(data)` builds the tables once; `new_game(rules, ...)` deals a game; the
`PantsState` says who must decide, lists legal `Action`s and applies them (the game
interface's state protocol and nothing else). docs/engine-api.md.
"""

from dragon_pnp.games.dragon_pants.engine.actions import Action
from dragon_pnp.games.dragon_pants.engine.board import BoardTables
from dragon_pnp.games.dragon_pants.engine.rules import Rules
from dragon_pnp.games.dragon_pants.engine.state import END_REASONS, EVENT_KINDS, PantsState, new_game

__all__ = ["END_REASONS", "EVENT_KINDS", "Action", "BoardTables", "PantsState", "Rules", "new_game"]
