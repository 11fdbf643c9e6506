"""Position files: the written form round-trips, and a bad file is refused with its line and field."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from dragon_pnp.games.api import PositionError
from dragon_pnp.games.dragon_dance import GAME
from dragon_pnp.games.dragon_dance.positions import state_from_dict
from dragon_pnp.games.dragon_dance.rules import Rules
from dragon_pnp.games.dragon_dance.state import new_game
from dragon_pnp.games.position_files import dump_yaml, load_state_file

from .helpers import POSITIONS, act, dance_data, rules


def _load(path: Path):
    return load_state_file(path, lambda options: Rules(dance_data(), options), state_from_dict)


def dump_position(state) -> str:
    return dump_yaml(state.to_dict())


def _write(tmp_path: Path, text: str) -> Path:
    file = tmp_path / "position.yaml"
    file.write_text(text, encoding="utf-8")
    return file


def test_a_dumped_position_reads_back_identically_in_every_phase():
    state = new_game(rules(), 4)
    seen = set()
    while state.result is None and len(seen) < 3:
        text = dump_position(state)
        assert state_from_dict(state.rules, yaml.safe_load(text)).to_dict() == state.to_dict()
        seen.add(state.phase)
        seat_actions = {s: state.legal_actions(s)[-1] for s in state.to_move()}
        state.apply(seat_actions)
    assert {0, 1} <= seen


def test_the_written_form_is_short_yaml_with_roles_as_keys():
    text = dump_position(new_game(rules(), 4))
    lines = text.splitlines()
    assert lines[0] == 'format: "dragon-pnp dragon_dance position 1"'
    assert "knight:" in lines and "dragon:" in lines
    assert any(line.startswith("  hand: [charge, ") for line in lines)


def test_a_combo_phase_position_round_trips():
    from .helpers import state as make_state

    s = act(act(make_state(knight={"dice": [6, 6]}), "die 6", "no die"), "play hack", "play advance")
    assert s.phase == 2
    loaded = GAME.load_state(s.rules, s.to_dict())
    assert loaded.to_dict() == s.to_dict()
    assert [str(a) for a in loaded.legal_actions(0)] == [str(a) for a in s.legal_actions(0)]


def test_hand_written_defaults_fill_in(tmp_path):
    state = _load(_write(tmp_path, "knight: {dice: [1, 2, 3, 4, 5]}\ndragon: {dice: [6, 6, 6]}\n"))
    assert state.life == [9, 20] and state.range == 0 and state.round == 1
    assert state.hands == list(state.rules.all_cards)


@pytest.mark.parametrize("text, line, field, words", [
    ("knight: {dice: [1, 2, 3, 4, 5]}\ndragon: {dice: [6, 6, 7]}\n", 2, "dragon.dice[2]", "expected a die face from 1 to 6, got 7"),
    ("knight: {dice: [1, 2, 3, 4]}\ndragon: {dice: [6, 6, 6]}\n", 1, "knight.dice", "has 5 dice"),
    ("knight: {dice: [1, 2, 3, 4, 5], hand: [charge, lance]}\ndragon: {dice: [6, 6, 6]}\n", 1, "knight.hand[1]", "no card 'lance'"),
    ("knight: {dice: [1, 2, 3, 4, 5], life: 12}\ndragon: {dice: [6, 6, 6]}\n", 1, "knight.life", "never gains"),
    ("range: middle\nknight: {dice: [1, 2, 3, 4, 5]}\ndragon: {dice: [6, 6, 6]}\n", 1, "range", "long, short"),
    ("knight: {dice: [1, 2, 3, 4, 5], hand: [charge]}\ndragon: {dice: [6, 6, 6]}\n", 1, "knight", "missing: hack"),
    ("phase: card\nknight: {dice: [1, 2, 3, 4, 5]}\ndragon: {dice: [6, 6, 6]}\n", 2, "knight.table", "revealed die"),
    ("knight: {dice: [1, 2, 3, 4, 5]}\ndragon: {dice: [6, 6, 6]}\nsword: 1\n", 3, "sword", "unknown field"),
    ("knight: {dice: [1, 2, 3, 4, 5], life: 0}\ndragon: {dice: [6, 6, 6]}\n", 1, "result", "0 life"),
    ("options: {combo_first: true}\nknight: {dice: [1, 2, 3, 4, 5]}\ndragon: {dice: [6, 6, 6]}\n", 1, "options", "unknown rules option"),
])
def test_bad_positions_are_refused_with_line_and_field(tmp_path, text, line, field, words):
    with pytest.raises(PositionError) as caught:
        _load(_write(tmp_path, text))
    error = caught.value
    assert error.location.field == field
    assert error.location.line == line
    assert words in error.message
    assert error.exit_code == 2


def test_options_in_the_file_choose_the_rules():
    state = _load(POSITIONS / "example1_hack_v_flap.yaml")
    assert state.rules.options == {"combo_before_movement": False, "recuperate_keeps_dice": False}
    data = state.to_dict()
    data["options"]["combo_before_movement"] = True
    with pytest.raises(PositionError, match="combo_before_movement"):
        state_from_dict(state.rules, data)
