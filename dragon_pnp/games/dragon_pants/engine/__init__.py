"""The Dragon Pants rules engine. It knows nothing about drawing or printing.

`Rules.from_game(data)` builds the tables once; `new_game(rules, ...)` deals a game; the
`GameState` says who must decide, lists legal `Action`s and applies them. docs/engine-api.md.
"""

from dragon_pnp.games.dragon_pants.engine.actions import Action
from dragon_pnp.games.dragon_pants.engine.board import BoardTables
from dragon_pnp.games.dragon_pants.engine.rules import Rules
from dragon_pnp.games.dragon_pants.engine.state import EVENT_KINDS, Event, GameResult, GameState, new_game

__all__ = ["EVENT_KINDS", "Action", "BoardTables", "Event", "GameResult", "GameState", "Rules", "new_game"]
