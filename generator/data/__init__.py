"""Reading and validating a game's data files.

The names below load on first use (PEP 562): importing a light submodule such as
`generator.data.located_yaml` must not pay for the loader's pydantic models, which commands
like `dragon-pnp games` never use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.data.loader import GameData, load_game, resolve_game_dir

__all__ = ["GameData", "load_game", "resolve_game_dir"]


def __getattr__(name: str) -> Any:
    if name == "resolve_game_dir":
        from generator.data.game_dir import resolve_game_dir

        return resolve_game_dir
    if name in __all__:
        from generator.data import loader

        return getattr(loader, name)
    raise AttributeError(f"module 'generator.data' has no attribute {name!r}")
