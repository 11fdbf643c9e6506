"""What a rules module declares to the loader: its own data files, its settings model, its map model.

The loader (`dragon_pnp.data.loader`) reads a game folder for any rules module it is handed; it
never looks one up (the registry, `dragon_pnp.games.registry`, finds the module and calls the
loader). So the loader speaks to the module only through `RulesDeclarations`, declared here below
the games, which `dragon_pnp.games.GameModule` satisfies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

if TYPE_CHECKING:
    from pydantic import BaseModel

    from dragon_pnp.data.hexmap import HexMap


@dataclass(frozen=True)
class DataFile:
    """A game-specific data file the game module validates (besides the generic components)."""

    file: str                          # name inside the game folder, e.g. "board.yaml"
    model: type[BaseModel]
    optional: bool = False


class RulesDeclarations(Protocol):
    """The declarations of a rules module the loader reads (`GameModule` has them all)."""

    data_files: ClassVar[dict[str, DataFile]]
    settings_model: ClassVar[type[BaseModel] | None]
    hexmap_model: ClassVar[type[HexMap]]
