"""`dragon-pnp play dragon_dance`: settle a rules question from a position file."""

from __future__ import annotations

import json

import pytest
import yaml

from dragon_pnp.cli import main

from .helpers import POSITIONS


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(["play", *args])
    out, err = capsys.readouterr()
    return done.value.code, out, err


def test_new_game_position_loads_back_unchanged(capsys, tmp_path):
    code, out, _ = run(capsys, "dragon_dance", "--new", "--seed", "3")
    assert code == 0 and "phase: die" in out and "decision: die" in out
    saved = tmp_path / "start.yaml"
    saved.write_text(out)
    code, again, _ = run(capsys, "--position", str(saved))
    assert code == 0 and again == out


def test_a_worked_example_from_a_position_file(capsys):
    code, out, _ = run(capsys, "dragon_dance", "--position", str(POSITIONS / "example4_hack_combo_slash.yaml"),
                       "--do", "die 4", "--do", "die 2", "--do", "play hack", "--do", "play advance", "--legal")
    assert code == 0
    assert out.splitlines() == ["# knight decides (combo):", "no combo", "combo slash no die", "combo slash die 1"]
    code, out, _ = run(capsys, "dragon_dance", "--position", str(POSITIONS / "example4_hack_combo_slash.yaml"),
                       "--do", "die 4", "--do", "die 2", "--do", "play hack", "--do", "play advance",
                       "--do", "combo slash die 1", "--json")
    position = json.loads(out)
    assert position["dragon"]["life"] == 17 and position["round"] == 2


def test_a_half_entered_choice_is_kept_pending_and_hidden(capsys, tmp_path):
    code, out, _ = run(capsys, "dragon_dance", "--position", str(POSITIONS / "example1_hack_v_flap.yaml"), "--do", "die 5")
    assert code == 0
    data = yaml.safe_load(out)
    assert data["pending"] == {"knight": "die 5"} and data["knight"]["dice"] == [2, 3, 5, 5, 6]
    saved = tmp_path / "half.yaml"
    saved.write_text(out)
    code, out, _ = run(capsys, "--position", str(saved), "--legal")
    assert out.splitlines()[0] == "# dragon decides (die):"
    code, out, _ = run(capsys, "--position", str(saved), "--do", "die 1", "--do", "play hack", "--do", "play flap")
    assert code == 0 and "# die: knight (5)" in out and yaml.safe_load(out)["dragon"]["life"] == 20


def test_an_illegal_action_exits_1_with_the_reason(capsys):
    code, _, err = run(capsys, "dragon_dance", "--position", str(POSITIONS / "example2_charge_v_fire.yaml"),
                       "--do", "no die", "--do", "no die", "--do", "play hack")
    assert code == 1
    assert "--do #3 'play hack'" in err and "Hack cannot be played at long range" in err


def test_a_bad_position_exits_2_with_its_line(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: dragon_dance\nknight: {dice: [1, 2, 3, 4, 9]}\ndragon: {dice: [1, 1, 1]}\n")
    code, _, err = run(capsys, "--position", str(bad))
    assert code == 2 and "bad.yaml:2:" in err and "knight.dice[4]: expected a die face from 1 to 6, got 9" in err


def test_options_choose_a_variant_for_a_new_game(capsys):
    code, out, _ = run(capsys, "dragon_dance", "--new", "--option", "combo_before_movement=true")
    assert code == 0 and yaml.safe_load(out)["options"]["combo_before_movement"] is True
    code, _, err = run(capsys, "dragon_dance", "--new", "--option", "combo_first=true")
    assert code == 2 and "unknown rules option combo_first" in err
