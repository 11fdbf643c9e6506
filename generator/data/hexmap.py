"""A hex map: terrains, the tiles on the board and the special numbered tiles (dens).

The `tiles` and `board` components print it; a rules module (Dragon Pants) plays on it.
Terrain flags say what a terrain does in the rules; the kit only reads names and counts.
"""

from __future__ import annotations

from pydantic import Field, field_validator

from generator.data.models import Model



class Terrain(Model):
    """A kind of tile and what it does in the rules."""

    name: str
    count: int = Field(ge=0, le=1000)
    passable: bool
    blocks_sight: bool
    sight_immune: bool
    draw_power: bool
    holds_one: bool = False
    is_den: bool = False


class Tile(Model):
    q: int = Field(ge=-50, le=50)
    r: int = Field(ge=-50, le=50)
    terrain: str


class Den(Model):
    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")
    name: str
    q: int = Field(ge=-50, le=50)
    r: int = Field(ge=-50, le=50)
    number: int = Field(ge=1, le=12)


class HexMap(Model):
    terrains: dict[str, Terrain]
    tiles: list[Tile] = Field(min_length=1)
    dens: list[Den] = Field(min_length=1)
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
