"""A hex map: terrains, the tiles on the board and the special numbered tiles (homes).

The `tiles`, `board` and `standees` components print it; a rules module may play on it. The
generic terrain says only what the kit prints (name, count, the reminder under the name, the
black-and-white mark); a rules module that needs rules flags extends `Terrain` and `HexMap` in
its own models and names its map model as `GameModule.hexmap_model`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import Field, field_validator

from dragon_pnp.data.models import Model

# How a hex reads without colour, on tiles and in diagrams.
TerrainPattern = Literal["plain", "peaks", "waves", "star", "home"]


class Terrain(Model):
    """A kind of tile: how many print, whether pieces stand on it, and what its tile shows."""

    # the terrain's name, printed on its tiles
    name: str
    # how many tiles of it are in the box
    count: int = Field(ge=0, le=1000)
    # whether pieces may stand on it
    passable: bool = True
    # this terrain is the homes' (the numbered starting tiles)
    is_home: bool = False
    note: str = Field(default="", description="a short reminder printed under the name on its tile")
    pattern: TerrainPattern | None = Field(
        default=None, description="the black-and-white mark of its tile and hex; none: home for the home terrain, else plain")


class Tile(Model):
    # axial column of the hex
    q: int = Field(ge=-50, le=50)
    # axial row of the hex
    r: int = Field(ge=-50, le=50)
    # the id of its terrain
    terrain: str


class Home(Model):
    """A numbered starting hex: each seat's pieces start on one (a game may call it a den or a camp)."""

    # the home's id; print.yaml's seat_colours names its colour by it
    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")
    # the home's name as printed
    name: str
    # axial column of the hex
    q: int = Field(ge=-50, le=50)
    # axial row of the hex
    r: int = Field(ge=-50, le=50)
    # its number in the data (its seat in the largest game)
    number: int = Field(ge=1, le=12)


class HexMap(Model):
    """The map file of a `tiles` component: its terrains, the tiles laid out, the homes and
    which homes each player count uses."""

    # `terrains` is a Mapping so a game's map can narrow it to its own terrain model (not a
    # field's description: the blank line below keeps it out of the schema)

    # the kinds of tile, by id
    terrains: Mapping[str, Terrain]
    # every hex of the map but the homes
    tiles: list[Tile] = Field(min_length=1)
    # the numbered starting tiles, coloured by print.yaml's seat_colours[id]
    homes: list[Home] = Field(min_length=1)
    # which homes a game of N players uses, in seat order
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
