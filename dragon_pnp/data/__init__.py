"""Reading and validating a game's data files.

The names below load on first use (PEP 562): importing a light submodule such as
`dragon_pnp.data.located_yaml` must not pay for the loader's pydantic models, which commands
like `dragon-pnp games` never use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dragon_pnp.data.game_dir import resolve_game_dir
    from dragon_pnp.data.loader import GameData, read_game

# A game with its rules module loads through `dragon_pnp.games.registry.load_game`: the registry
# finds the module and calls the loader, never the reverse.
__all__ = ["GameData", "read_game", "resolve_game_dir"]


def __getattr__(name: str) -> Any:
    if name == "resolve_game_dir":
        from dragon_pnp.data.game_dir import resolve_game_dir

        return resolve_game_dir
    if name in __all__:
        from dragon_pnp.data import loader

        return getattr(loader, name)
    raise AttributeError(f"module 'dragon_pnp.data' has no attribute {name!r}")
