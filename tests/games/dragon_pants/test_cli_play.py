"""`dragon-pnp play` as a user and a script run it: positions, --do, --legal, --json, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dragon_pnp.cli import main

from .helpers import POSITIONS


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(["play", *args])
    out, err = capsys.readouterr()
    return done.value.code, out, err


def test_new_prints_a_position_that_loads_back(capsys, tmp_path):
    code, out, _ = run(capsys, "dragon_pants", "--new", "--players", "4", "--seed", "7")
    assert code == 0 and "players: 4" in out and "to_decide: {seat: " in out
    saved = tmp_path / "start.yaml"
    saved.write_text(out)
    code, again, _ = run(capsys, "--position", str(saved))
    assert code == 0 and again == out


def test_do_applies_actions_in_order_and_narrates(capsys):
    code, out, _ = run(capsys, "dragon_pants", "--position", str(POSITIONS / "bite.yaml"), "--do", "move 0,1", "--do", "react shield")
    assert code == 0
    assert "# bite: dragon 1 (dragon 2)" in out and "# react: dragon 2 (shield)" in out
    assert "hand: [\"shield (spent this turn)\", poison, rubber_ducky]" in out


def test_legal_lists_actions_in_text_and_json(capsys):
    code, out, _ = run(capsys, "dragon_pants", "--position", str(POSITIONS / "bite.yaml"), "--do", "move 0,1", "--legal")
    assert code == 0
    assert out.splitlines() == ["# dragon 2 decides (react):", "react shield", "react poison", "react rubber_ducky", "pass"]
    code, out, _ = run(capsys, "dragon_pants", "--position", str(POSITIONS / "bite.yaml"), "--do", "move 0,1", "--legal", "--json")
    assert json.loads(out) == {"to_move": [2], "decider": 2, "decision": "react",
                               "legal": ["react shield", "react poison", "react rubber_ducky", "pass"],
                               "committed": [], "result": None}


def test_json_position_drives_a_script(capsys, tmp_path):
    code, out, _ = run(capsys, "dragon_pants", "--new", "--players", "3", "--seed", "2", "--json")
    position = json.loads(out)
    assert position["players"] == 3 and position["to_decide"]["decision"] == "action"
    file = tmp_path / "p.json"
    file.write_text(out)
    code, legal, _ = run(capsys, "--position", str(file), "--legal", "--json")
    first = json.loads(legal)["legal"][0]
    code, out, _ = run(capsys, "--position", str(file), "--do", first, "--json")
    assert code == 0 and json.loads(out)["actions_left"] == 1


def test_illegal_action_exits_1_with_the_reason(capsys):
    code, _, err = run(capsys, "dragon_pants", "--position", str(POSITIONS / "sightlines.yaml"), "--do", "play fireball 3")
    assert code == 1
    assert "fireball needs a flat line to dragon 3: the mountain at (0,0) is between" in err


def test_malformed_action_exits_2_naming_it(capsys):
    code, _, err = run(capsys, "dragon_pants", "--position", str(POSITIONS / "sightlines.yaml"), "--do", "end", "--do", "fly 0,0")
    assert code == 2 and "--do #2" in err and "unknown verb 'fly'" in err


def test_malformed_file_exits_2_with_its_location(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text((POSITIONS / "sightlines.yaml").read_text().replace("at: [2, -2]", "at: [2, -2, 7]"))
    code, _, err = run(capsys, "dragon_pants", "--position", str(bad))
    assert code == 2 and "bad.yaml:" in err and "dragons[1].at" in err and "expected [q, r]" in err


def test_new_and_position_together_is_refused(capsys):
    code, _, err = run(capsys, "dragon_pants", "--new", "--position", "x.yaml")
    assert code == 2 and "exactly one of --new or --position" in err


def test_new_with_a_rules_option(capsys):
    code, out, _ = run(capsys, "dragon_pants", "--new", "--players", "2", "--option", "banish_any_range=true")
    assert code == 0 and "banish_any_range: true" in out
    code, _, err = run(capsys, "dragon_pants", "--new", "--option", "banish_far=true")
    assert code == 2 and "unknown rules option 'banish_far'" in err


def test_the_installed_command_runs():
    result = subprocess.run([sys.executable, "-m", "dragon_pnp", "play", "dragon_pants", "--new", "--players", "2", "--seed", "1", "--legal", "--json"],
                            capture_output=True, text=True, cwd=Path(__file__).resolve().parents[3])
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["decision"] == "action" and answer["to_move"] == [answer["decider"]]
    assert len(answer["legal"]) == 1 and answer["legal"][0].startswith("move ")  # out of the den first (R9)


def test_json_carries_the_events_with_seats_from_1(capsys):
    _code, out, _ = run(capsys, "dragon_pants", "--position", str(POSITIONS / "bite.yaml"), "--do", "move 0,1", "--do", "react shield",
                        "--json")
    events = json.loads(out)["events"]
    assert {"kind": "bite", "seat": 1, "detail": 2, "text": "bite: dragon 1 (dragon 2)"} in events
    assert {"kind": "react", "seat": 2, "detail": "shield", "text": "react: dragon 2 (shield)"} in events
    _code, text, _ = run(capsys, "dragon_pants", "--position", str(POSITIONS / "bite.yaml"), "--do", "move 0,1", "--do", "react shield")
    assert [line[2:] for line in text.splitlines() if line.startswith("# ")] == [e["text"] for e in events]


@pytest.mark.parametrize("words", [("--preset", "volatile"), ("--preset=volatile",)])
def test_the_games_setup_word_with_the_game_from_the_environment(capsys, monkeypatch, words):
    """`--preset volatile` with no GAME on the line: `volatile` is the setup, not a game folder."""
    monkeypatch.setenv("DRAGON_PNP_GAME", "dragon_pants")
    code, out, err = run(capsys, "--new", "--players", "2", "--seed", "3", *words)
    _, with_game, _ = run(capsys, "dragon_pants", "--new", "--players", "2", "--seed", "3", "--preset", "volatile")
    _, no_preset, _ = run(capsys, "dragon_pants", "--new", "--players", "2", "--seed", "3")
    assert code == 0, err
    assert out == with_game != no_preset   # the preset was applied (its Destiny deck differs)


def test_the_setup_word_before_game_leaves_game_its_own(capsys):
    code, out, err = run(capsys, "--new", "--preset", "volatile", "dragon_pants", "--players", "2", "--seed", "3")
    _, with_game, _ = run(capsys, "dragon_pants", "--new", "--players", "2", "--seed", "3", "--preset", "volatile")
    assert code == 0, err
    assert out == with_game


def test_game_as_argument_and_a_finished_game(capsys, tmp_path):
    code, out, _ = run(capsys, "dragon_pants", "--new", "--players", "2", "--seed", "3", "--preset", "volatile")
    assert code == 0 and "players: 2" in out and "pending: {}" in out
    code, out, _ = run(capsys, "dragon_pants", "--position", str(POSITIONS / "time_end.yaml"), "--do", "end")
    assert code == 0 and "# destiny: dragon 2 (-1)" in out and "# end: dragon 2 (time)" in out
    finished = tmp_path / "end.yaml"
    finished.write_text(out)
    code, out, _ = run(capsys, "--position", str(finished), "--legal", "--json")
    assert json.loads(out) == {"to_move": [], "decider": None, "decision": None, "legal": [], "committed": [],
                               "result": {"winners": [2], "reason": "time", "rounds": 3}}
    code, out, _ = run(capsys, "--position", str(finished), "--legal")
    assert out == "# the game is over (time); no legal actions\n"
    code, _, err = run(capsys, "dragon_pants", "--game", "other", "--new")
    assert code == 2 and "name different games" in err


def test_the_engine_imports_no_drawing_library():
    code = ("import sys, dragon_pnp.games.dragon_pants.engine, dragon_pnp.games.dragon_pants.engine.positions, dragon_pnp.games.dragon_pants, "
            "dragon_pnp.games.position_files; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'cairo', 'cairosvg', 'svgwrite', 'jinja2')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).resolve().parents[3])
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
