"""A mistake in rules.md is a located error (file and line), never a silently wrong rulebook."""

from __future__ import annotations

import re

import pytest
import yaml

from dragon_pnp.errors import LayoutError
from dragon_pnp.games.registry import load_game
from dragon_pnp.rulebook import typeset
from dragon_pnp.rulebook.source import render_rules


def _append(game_copy, text: str) -> int:
    rules = game_copy / "rules.md"
    body = rules.read_text(encoding="utf-8")
    before_aid = body.index("::: player_aid")
    new = body[:before_aid] + text + "\n\n" + body[before_aid:]
    rules.write_text(new, encoding="utf-8")
    return new[:before_aid].count("\n") + 1  # the line the inserted text starts on


def test_unknown_directive_names_its_line(game_copy):
    line = _append(game_copy, "::: dragons_everywhere")
    with pytest.raises(LayoutError, match=rf"rules.md:{line}: unknown directive 'dragons_everywhere'"):
        typeset(load_game(game_copy))


def test_unknown_directive_argument_is_refused(game_copy):
    line = _append(game_copy, "::: setup_boards colums=2")
    with pytest.raises(LayoutError, match=rf"rules.md:{line}: setup_boards: unknown argument colums"):
        typeset(load_game(game_copy))


def test_undefined_template_name_names_its_line(game_copy):
    line = _append(game_copy, "You may hold {{ game.hand_limt }} cards.")
    with pytest.raises(LayoutError, match=rf"rules.md:{line}: .*hand_limt"):
        render_rules(load_game(game_copy))


def test_template_syntax_error_names_its_line(game_copy):
    line = _append(game_copy, "{% if %}")
    with pytest.raises(LayoutError, match=rf"rules.md:{line}: template syntax"):
        render_rules(load_game(game_copy))


def test_missing_rules_file_is_reported(game_copy):
    (game_copy / "rules.md").unlink()
    with pytest.raises(LayoutError, match="missing rules text"):
        typeset(load_game(game_copy))


def test_sight_example_that_no_longer_holds_is_an_error(game_copy):
    """Moving a mountain onto a clear example's line must not leave a lying picture."""
    board = yaml.safe_load((game_copy / "board.yaml").read_text())
    for tile in board["tiles"]:
        if (tile["q"], tile["r"]) == (-1, 0):  # between A and B of the diagonal 'clear' example
            tile["terrain"] = "mountain"
        if (tile["q"], tile["r"]) == (-1, -1):
            tile["terrain"] = "land"
    (game_copy / "board.yaml").write_text(yaml.safe_dump(board, sort_keys=False))
    with pytest.raises(LayoutError, match=r"rules.md:\d+: this (flat|diagonal) line example expects 'clear' but the rules engine finds 'blocked'"):
        typeset(load_game(game_copy))


def test_sight_example_off_the_board_is_an_error(game_copy):
    line = _append(game_copy, "::: sight flat A=9,9 B=0,1")
    with pytest.raises(LayoutError, match=rf"rules.md:{line}: sight A='9,9': \(9, 9\) is not a hex"):
        typeset(load_game(game_copy))


def test_player_aid_that_overflows_its_half_page_is_an_error(game_copy):
    rules = game_copy / "rules.md"
    rules.write_text(rules.read_text() + "\n" + "\n\n".join(["A long reminder line. " * 12] * 3) + "\n")
    with pytest.raises(LayoutError, match=r"player aid \(after '::: player_aid size=half'\) does not fit in the "
                                          r"two columns of half a page"):
        typeset(load_game(game_copy))


def test_player_aid_that_overflows_its_page_is_an_error(game_copy):
    rules = game_copy / "rules.md"
    text = rules.read_text().replace("::: player_aid size=half", "::: player_aid")
    rules.write_text(text + "\n" + "\n\n".join(["A long reminder line. " * 12] * 40) + "\n")
    with pytest.raises(LayoutError, match=r"player aid .* must fit on one page"):
        typeset(load_game(game_copy))


@pytest.mark.parametrize("args, expected", [("size=quarter", "player_aid size='quarter': expected page or half"),
                                            ("size=half colour=red", "player_aid: unknown argument colour")])
def test_player_aid_size_is_checked_at_its_line(game_copy, args, expected):
    rules = game_copy / "rules.md"
    text = rules.read_text()
    line = text[:text.index("::: player_aid")].count("\n") + 1
    rules.write_text(text.replace("::: player_aid size=half", f"::: player_aid {args}"))
    with pytest.raises(LayoutError, match=rf"rules.md:{line}: {re.escape(expected)}"):
        typeset(load_game(game_copy))


def test_unknown_paper_is_refused(game):
    with pytest.raises(LayoutError, match="expected letter or a4"):
        typeset(game, "legal")
