"""Loading the canonical data and locating fields in it."""

from __future__ import annotations

from dragon_pnp.checks import validate_game
from dragon_pnp.data.located_yaml import format_path


def test_canonical_data_loads_and_validates(game) -> None:
    assert game.game.name == "Dragon Pants"
    assert len(game.board.tiles) + len(game.board.homes) == 43
    assert sum(c.count for c in game.power.cards) == 19
    assert len({c.id for c in game.power.cards}) == 14
    assert validate_game(game) == []


def test_locate_points_at_the_value(game) -> None:
    location = game.locate("board.yaml", "tiles", 0, "terrain")
    lines = (game.root / "board.yaml").read_text().splitlines()
    assert "terrain:" in lines[location.line - 1]
    assert location.field == "tiles[0].terrain"


def test_format_path() -> None:
    assert format_path(("tiles", 3, "q")) == "tiles[3].q"
    assert format_path(()) == ""
