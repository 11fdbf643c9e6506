"""The rules module as the generic code finds it: registry, interface, and no drawing imports."""

from __future__ import annotations

import subprocess
import sys

from dragon_pnp.games.api import GameModule, GameState
from dragon_pnp.games.dragon_dance import GAME
from dragon_pnp.games.dragon_dance.data import DanceSettings
from dragon_pnp.games.registry import game_module

from .helpers import DATA, rules


def test_the_registry_finds_the_module_named_in_game_yaml():
    assert game_module("dragon_dance") is GAME
    assert isinstance(GAME, GameModule) and GAME.seats_fixed == 2
    assert GAME.settings_model is DanceSettings
    assert {f.file for f in GAME.data_files.values()} == {"knight_cards.yaml", "dragon_cards.yaml", "examples.yaml"}


def test_states_implement_the_game_state_protocol():
    state = GAME.new_game(rules(), 1)
    assert isinstance(state, GameState)
    assert state.seats == 2 and state.result is None and state.counts == {}


def test_make_rules_takes_a_folder_or_its_name_and_checks_options():
    assert GAME.make_rules(DATA).roles == ("knight", "dragon")
    assert GAME.make_rules("dragon_dance", {"combo_before_movement": True}).combo_before_movement is True
    try:
        GAME.make_rules(DATA, {"combo_before_movement": "yes"})
    except ValueError as exc:
        assert "true or false" in str(exc)
    else:
        raise AssertionError("a non-boolean option must be refused")


def test_the_engine_imports_no_drawing_or_template_code():
    code = ("import sys, dragon_pnp.games.dragon_dance as d; d.GAME.policies(); import dragon_pnp.players as p; p.policies_of(d.GAME); "
            "import dragon_pnp.games.dragon_dance.policies; "
            "bad = [m for m in ('reportlab', 'cairo', 'cairocffi', 'cairosvg', 'svgwrite', 'jinja2') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
