"""Each shipped game draws its own playtest board (its `PlaytestPart`) from a view; the
studio only calls the hook, and a game without a drawing gets "" (the page then shows the view)."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from dragon_pnp.games.api import GameModule
from dragon_pnp.games.parts import PlaytestPart
from dragon_pnp.games.registry import load_game, module_for_game
from dragon_pnp.games.turns import SeatByBoard

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("name, mark", [
    ("dragon_pants", f"{SVG}polygon"),       # the hex board's cells
    ("dragon_dance", f"{SVG}rect"),          # the range marker carries data-range
    ("dragon_line", f"{SVG}rect"),           # the slots of both halves of the line
])
def test_a_shipped_game_draws_its_board_from_the_view(name, mark):
    game = load_game(ROOT / "data" / name)
    module = module_for_game(game)
    rules = module.make_rules(game, {n: o.default for n, o in (game.game.rules_options or {}).items()})
    board = SeatByBoard(module, module.new_game(rules, 3, None, None))
    drawn = module.part(PlaytestPart).board_svg(game, board.view(board.decider))
    root = ElementTree.fromstring(drawn)   # well-formed, escaped
    assert root.tag == f"{SVG}svg"
    assert len(root.findall(f".//{mark}")) >= 2
    if name == "dragon_dance":
        assert root.find(f".//{SVG}rect[@data-range]") is not None


def test_a_game_without_a_drawing_gets_none():
    assert GameModule().part(PlaytestPart).board_svg(None, {"anything": 1}) == ""


def test_loading_a_game_loads_no_drawing_code():
    code = ("import sys, dragon_pnp.games.dragon_pants, dragon_pnp.games.dragon_dance, dragon_pnp.games.dragon_line\n"
            "print(sorted(m for m in sys.modules if m.endswith('playtest_board') or m == 'dragon_pnp.games.inline_svg'"
            " or m.split('.')[0] == 'svgwrite'))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"
