"""The four worked examples of seed 003 (D13) as positions, played with the notation a player types."""

from __future__ import annotations

import pytest

from dragon_pnp.games.dragon_dance import GAME
from dragon_pnp.games.dragon_dance.positions import state_from_dict
from dragon_pnp.games.dragon_dance.rules import Rules
from dragon_pnp.games.dragon_dance.worked_examples import check_examples, play_example
from dragon_pnp.games.position_files import load_state_file
from dragon_pnp.games.turns import SeatByBoard

from .helpers import POSITIONS, dance_data, rules

KNIGHT, DRAGON = 0, 1


def _load(name: str):
    return load_state_file(POSITIONS / name, lambda options: Rules(dance_data(), options), state_from_dict)


def _play(state, *moves: str):
    """Moves in the order a table would enter them: knight then dragon at each node."""
    board = SeatByBoard(GAME, state)
    for move in moves:
        board.apply(move)
    return state


def test_example_1_hack_with_5_against_flap_with_1_deals_nothing():
    state = _play(_load("example1_hack_v_flap.yaml"), "die 5", "die 1", "play hack", "play flap")
    assert state.life == [9, 20]
    assert state.phase == 0 and state.round == 2          # no combo: Hack dealt no damage
    assert state.dice[KNIGHT] == (2, 3, 5, 6) and state.spent == [1, 1]


def test_example_2_charge_and_breathe_fire_both_land_then_the_range_is_short():
    state = _play(_load("example2_charge_v_fire.yaml"), "die 6", "die 3", "play charge", "play breathe_fire")
    assert state.life == [9 - 3, 20 - 5]
    assert state.range == 1


def test_example_3_dodge_takes_nothing_from_rake_with_6():
    state = _play(_load("example3_dodge_v_rake.yaml"), "no die", "die 6", "play dodge", "play rake")
    assert state.life == [4, 12]
    assert dance_data().card("dragon", "rake").value(6) == 3   # what Rake would have dealt


def test_example_4_hack_then_the_slash_combo_costs_the_dragon_3():
    state = _play(_load("example4_hack_combo_slash.yaml"), "die 4", "die 2", "play hack", "play advance")
    assert state.life == [9, 18]
    assert state.to_move() == (KNIGHT,)
    assert [str(a) for a in state.legal_actions(KNIGHT)] == ["no combo", "combo slash no die", "combo slash die 1"]
    _play(state, "combo slash die 1")
    assert state.life == [9, 17]
    assert state.dice[KNIGHT] == () and state.spent[KNIGHT] == 5
    assert state.discards[KNIGHT] == (1 << 1) | (1 << 2)   # Hack and Slash


@pytest.mark.parametrize("index", range(4))
def test_examples_file_agrees_with_the_engine(index):
    example = dance_data().examples.examples[index]
    outcome = play_example(rules(), example)
    assert outcome.life_lost == example.expect.life_lost
    for role, value in example.expect.values.items():
        assert outcome.values[role] == value
    if example.expect.range_after:
        assert outcome.range_after == example.expect.range_after
    assert outcome.combo_value == example.expect.combo_value


def test_shipped_tables_pass_the_check():
    assert check_examples(dance_data()) == []
