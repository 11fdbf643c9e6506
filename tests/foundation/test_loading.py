"""Loading the canonical data and locating fields in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_pnp.checks import validate_game
from dragon_pnp.data.located_yaml import format_path, load_yaml
from dragon_pnp.errors import DataError


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


@pytest.mark.parametrize("text, words", [("a: [1, 2\n", "2:1: YAML syntax error: expected ',' or ']'"),
                                         ("a: b: c\n", "1:5: YAML syntax error: mapping values are not allowed here"),
                                         ("a: 1\na: 2\n", "2:1: a: duplicate key 'a'"),
                                         ("a: 'x\x07'\n", "1:6: character U+0007 is not allowed")])
def test_a_broken_file_is_refused_in_the_pure_python_readers_words(tmp_path: Path, text: str, words: str) -> None:
    """libyaml words its errors its own way: a file it cannot read is read again by the pure-Python
    parser, so the message is PyYAML's own, as designers always had it (positions counted by hand:
    the stream's end, the second colon, the second key, the BEL character)."""
    file = tmp_path / "game.yaml"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as refused:
        load_yaml(file)
    assert f"{file}:{words}" in str(refused.value)
