"""Dragon Pants keeps its terrain rules flags in its own board model; what its tiles print (the
reminder and the black-and-white mark) follows from those flags unless board.yaml says otherwise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from dragon_pnp.components.tiles import tile_faces
from dragon_pnp.data.components import hex_map
from dragon_pnp.data.hexmap import HexMap
from dragon_pnp.games.dragon_pants.data import PantsMap, PantsTerrain
from dragon_pnp.games.registry import load_game
from dragon_pnp.schemas import schemas

ROOT = Path(__file__).resolve().parents[3]


def test_the_tiles_map_and_the_engine_board_are_one_object_with_the_flags(game):
    assert hex_map(game) is game.board and type(game.board) is PantsMap
    assert all(type(t) is PantsTerrain for t in game.board.terrains.values())
    assert game.board.terrains["mountain"].blocks_sight and game.board.terrains["mountain"].holds_one


def test_notes_and_marks_follow_the_rules_flags(game):
    """The wording and marks the kit printed when the generic code read the flags itself."""
    printed = {tid: (t.note, t.pattern) for tid, t in game.board.terrains.items()}
    assert printed == {
        "land": ("", "plain"),
        "mountain": ("Blocks sight lines, one dragon only", "peaks"),
        "water": ("Safe from sight lines", "waves"),
        "power": ("Draw power here", "star"),
        "den": ("", "home"),
    }


def test_board_yaml_may_print_its_own_note_and_mark(game_copy):
    board = yaml.safe_load((game_copy / "board.yaml").read_text())
    board["terrains"]["water"].update(note="Hidden from sight", pattern="plain")
    (game_copy / "board.yaml").write_text(yaml.safe_dump(board, sort_keys=False))
    game = load_game(game_copy)
    water = game.board.terrains["water"]
    assert (water.note, water.pattern, water.sight_immune) == ("Hidden from sight", "plain", True)
    face = next(f.svg for f in tile_faces(game)[0] if f.key == "tile-water")
    assert ">Hidden from sight</text>" in face and 'stroke="#2f6f9a"' not in face   # no waves


def test_a_terrain_without_blocks_sight_is_one_located_error(game_copy):
    path = game_copy / "board.yaml"
    lines = path.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("  water:"))
    lines[number] = lines[number].replace(" blocks_sight: false,", "")
    path.write_text("\n".join(lines) + "\n")
    run = subprocess.run([sys.executable, "-m", "dragon_pnp", "validate", str(game_copy)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.strip() == f"error: {path}:{number + 1}:3: terrains.water.blocks_sight: required field is missing"


def test_the_schemas_split_generic_terrains_from_dragon_pants_ones():
    found = schemas()
    generic = found["hexmap.schema.json"]["$defs"]["Terrain"]
    assert set(generic["properties"]) == {"name", "count", "passable", "is_home", "note", "pattern"}
    assert generic["required"] == ["name", "count"]
    pants = found["dragon_pants/board.schema.json"]["$defs"]["PantsTerrain"]
    assert set(pants["required"]) == {"name", "count", "passable", "blocks_sight", "sight_immune", "draw_power"}
    model = HexMap.model_json_schema()["$defs"]["Terrain"]   # the model's schema, plus hover help
    assert {k: v for k, v in generic.items() if k != "properties"} == {k: v for k, v in model.items() if k != "properties"}
    for name, prop in model["properties"].items():
        assert {k: v for k, v in generic["properties"][name].items() if k != "description" or "description" in prop} == prop


@pytest.mark.parametrize("flags, note, pattern", [
    ({"blocks_sight": True, "sight_immune": True}, "Blocks sight lines, safe from sight lines", "peaks"),
    ({"draw_power": True, "is_den": True}, "Draw power here", "home"),
])
def test_flags_combine_in_a_fixed_order(flags, note, pattern):
    raw = {"name": "Odd", "count": 1, "passable": True, "blocks_sight": False, "sight_immune": False,
           "draw_power": False, **flags}
    terrain = PantsTerrain.model_validate(raw)
    assert (terrain.note, terrain.pattern) == (note, pattern)


def test_an_opening_deal_past_the_hand_limit_and_the_deck_is_a_located_error(game_copy):
    """4 opening Power cards: over the hand limit (3), and 5 players without The Pants would need
    20 of the 18 cards besides it; both findings point at the setting's line in game.yaml."""
    from tests.in_process import run_cli

    path = game_copy / "game.yaml"
    lines = path.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("  opening_power_cards:"))
    lines[number] = "  opening_power_cards: 4"
    path.write_text("\n".join(lines) + "\n")
    run = run_cli("validate", str(game_copy), cwd=ROOT)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    located = [line for line in (run.stdout + run.stderr).splitlines() if f"{path}:{number + 1}:" in line]
    assert len(located) == 2, run.stderr
    assert "hand limit is 3" in located[0] + located[1] and "need 20; the deck has 18" in located[0] + located[1]
