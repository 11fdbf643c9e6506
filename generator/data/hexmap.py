"""A hex map: terrains, the tiles on the board and the special numbered tiles (homes).

The `tiles`, `board` and `standees` components print it; a rules module may play on it. The
generic terrain says only what the kit prints (name, count, the reminder under the name, the
black-and-white mark); a rules module that needs rules flags extends `Terrain` and `HexMap` in
its own models and names its map model as `GameModule.hexmap_model`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from generator.data.models import Model

# How a hex reads without colour, on tiles and in diagrams.
TerrainPattern = Literal["plain", "peaks", "waves", "star", "home"]


class Terrain(Model):
    """A kind of tile: how many print, whether pieces stand on it, and what its tile shows."""

    name: str
    count: int = Field(ge=0, le=1000)
    passable: bool = True
    is_home: bool = False
    note: str = Field(default="", description="a short reminder printed under the name on its tile")
    pattern: TerrainPattern | None = Field(
        default=None, description="the black-and-white mark of its tile and hex; none: home for the home terrain, else plain")


class Tile(Model):
    q: int = Field(ge=-50, le=50)
    r: int = Field(ge=-50, le=50)
    terrain: str


class Home(Model):
    """A numbered starting hex: each seat's pieces start on one (a game may call it a den or a camp)."""

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")
    name: str
    q: int = Field(ge=-50, le=50)
    r: int = Field(ge=-50, le=50)
    number: int = Field(ge=1, le=12)


class HexMap(Model):
    """The map file of a `tiles` component: its terrains, the tiles laid out, the homes and
    which homes each player count uses."""

    terrains: dict[str, Terrain]
    tiles: list[Tile] = Field(min_length=1)
    homes: list[Home] = Field(min_length=1)
    seats: dict[int, list[str]]

    @field_validator("seats", mode="before")
    @classmethod
    def _seat_keys(cls, value: object) -> object:
        if isinstance(value, dict):
            for key in value:
                if not isinstance(key, int) or isinstance(key, bool):
                    raise ValueError(f"seat map keys are player counts (whole numbers), got {key!r}")
        return value


Board = HexMap
