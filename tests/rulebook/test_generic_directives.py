"""The rulebook's generic directives work for any game from its data alone, and a rules module's own
directives reach the rulebook only through its `RulebookPart.directives()`."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from dragon_pnp.cli.new import make_game
from dragon_pnp.errors import LayoutError
from dragon_pnp.games.registry import load_game
from dragon_pnp.rulebook import typeset
from dragon_pnp.rulebook.directives import GENERIC, directive_specs
from tests.rulebook.seed_books import seed_rulebook


def _text(pdf: bytes) -> str:
    return " ".join(" ".join(page.get_text().split()) for page in pymupdf.open(stream=pdf))


def _rows(pdf: bytes) -> list[list[str]]:
    """Table rows as pymupdf (an independent reader) finds them, spaces dropped from every cell."""
    return [["".join((cell or "").split()) for cell in row]
            for page in pymupdf.open(stream=pdf) for table in page.find_tables().tables for row in table.extract()]


@pytest.fixture()
def new_game(tmp_path: Path) -> Path:
    return make_game("tablegame", tmp_path)


def test_a_data_only_games_box_and_card_tables_follow_its_data(new_game: Path) -> None:
    cards = new_game / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Spark,Draw a card.,1,S,4", "Spark,Draw a card.,1,S,7"),
                     encoding="utf-8")
    game = load_game(new_game)
    total = sum(row["count"] for row in game.rows("cards"))
    tokens = next(c for c in game.game.components if c.id == "tokens")
    rows = _rows(typeset(game, "a4").pdf)
    assert ["Component", "Count", "Whatitis"] in rows
    assert any(r[:2] == ["Cards", str(total)] for r in rows)
    assert any(r[:2] == ["Tokens", str(sum(f.count for f in tokens.faces))] for r in rows)
    assert ["Spark", "7", "1", "Drawacard."] in rows    # the card table, in the columns rules.md asks for


@pytest.mark.parametrize("directive, message", [
    ("::: table deck=nodeck columns=name", r"table deck='nodeck': expected one of cards"),
    ("::: table deck=cards columns=\"name,flavour:Flavour\"", r"no card has a field 'flavour'; its fields are"),
    ("::: table deck=cards", r"table needs columns="),
    ("::: table deck=cards columns=\":Heading\"", r"has no field name"),
])
def test_a_bad_table_directive_is_a_located_error(new_game: Path, directive: str, message: str) -> None:
    rules = new_game / "rules.md"
    body = rules.read_text(encoding="utf-8") + "\n" + directive + "\n"
    rules.write_text(body, encoding="utf-8")
    line = body.rstrip("\n").count("\n") + 1
    with pytest.raises(LayoutError, match=rf"rules.md:{line}: .*{message}"):
        typeset(load_game(new_game))


def test_game_directives_come_from_the_rules_module_and_replace_generic_ones() -> None:
    pants, line, dance = (load_game(name) for name in ("dragon_pants", "dragon_line", "dragon_dance"))
    assert set(directive_specs(pants)) >= set(GENERIC) | {"terrain", "sight", "time_track"}
    assert directive_specs(pants)["components"] is not GENERIC["components"]   # its box table says more
    assert {"line", "reach", "cards", "worked_round"} <= set(directive_specs(line))
    assert "card_table" in directive_specs(dance) and "sight" not in directive_specs(dance)
    # Dragon Pants' own components table names pieces the manifest alone does not (pawns, marker).
    assert "Time marker" in _text(seed_rulebook(pants, "letter").pdf)


def test_another_games_directive_is_unknown_here(new_game: Path) -> None:
    rules = new_game / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n::: reach suit=air\n", encoding="utf-8")
    with pytest.raises(LayoutError, match=r"unknown directive 'reach'; expected one of column, components, pagebreak, "
                                          r"player_aid, table, variants"):
        typeset(load_game(new_game))
