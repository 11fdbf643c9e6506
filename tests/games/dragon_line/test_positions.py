"""Positions and notation: hand-written positions load or fail at the named field; actions round-trip;
a rules question is settled from a position through the game interface, as `play` does."""

from __future__ import annotations

import copy

import pytest
import yaml

from dragon_pnp.data.located_yaml import format_path
from dragon_pnp.errors import IllegalActionError, NotationError
from dragon_pnp.games.api import PositionError
from dragon_pnp.games.dragon_line import GAME
from dragon_pnp.games.dragon_line.actions import Activate, Remove, parse_notation
from dragon_pnp.games.dragon_line.state import COUNTED
from dragon_pnp.games.turns import SeatByBoard

from .helpers import battle_position, made_rules, shipped_rules

RULES = made_rules({"earth1": {"damage": 9}})


def good() -> dict:
    return battle_position(RULES, ["earth1", "fire1", "air1", "ice1"], ["earth4", "ice5", "ice6", "ice7"],
                           hand1=["spirit1"], hand2=["spirit2", "fire2"])


def broken(edit) -> PositionError:
    position = copy.deepcopy(good())
    edit(position)
    with pytest.raises(PositionError) as caught:
        GAME.load_state(RULES, position)
    assert caught.value.exit_code == 2
    return caught.value


def test_a_hand_written_position_loads_and_round_trips():
    state = GAME.load_state(RULES, good())
    assert state.to_dict() == {**good(), "counts": dict.fromkeys(COUNTED, 0)}   # missing counts are 0
    assert GAME.load_state(RULES, state.to_dict()).to_dict() == state.to_dict()
    assert state.to_move() == (0, 1) and state.decision(1) == "activate"


@pytest.mark.parametrize("edit,field,words", [
    (lambda p: p.update(format="chess"), "format", "dragon-pnp dragon_line position 1"),
    (lambda p: p["seats"][0]["line"].__setitem__(1, "fire9"), "seats[0].line[1]", "no dragon 'fire9'"),
    (lambda p: p["seats"][1]["hand"].append("earth1"), "seats[1].hand", "also in"),
    (lambda p: p["buried"].remove("air2"), "seats", "cards in no place: air2"),
    (lambda p: (p["seats"][0]["line"].pop(), p["buried"].append("ice1"),
                p["seats"][0]["shown"].pop(), p["seats"][0]["damage"].pop()), "seats", "lines of 4"),
    (lambda p: p["seats"][0]["damage"].__setitem__(0, 2), "seats[0].damage", "damage_carries_over"),
    (lambda p: p["seats"][0]["shown"].pop(), "seats[0].shown", "one entry per line dragon"),
    (lambda p: p.update(phase="dance"), "phase", "expected one of"),
    (lambda p: p.update(result={"winners": [0], "reason": "x", "rounds": 1}), "result", "no result yet"),
    (lambda p: p.update(hand=4), "hand", "from 1 to 1"),
    (lambda p: p.update(round=0), "round", "from 1 to"),
    (lambda p: p["seats"][0].update(colour="red"), "seats[0].colour", "unknown field"),
    (lambda p: p.update(phase="refill"), "seats", "both lines are full"),
    (lambda p: p.update(phase="draft", draft_step=0, picks_left=1), "seats[0].seen_stacks", "stacks this seat has seen"),
])
def test_impossible_positions_name_the_field(edit, field, words):
    error = broken(edit)
    assert format_path(error.path) == field
    assert words in error.message


def test_notation_round_trips_and_lists_may_come_in_any_order():
    state = GAME.load_state(RULES, good())
    for seat in (0, 1):
        for action in state.legal_actions(seat):
            assert GAME.parse_action(state, seat, str(action)) == action
    assert GAME.parse_action(state, 0, "activate 3 1") == Activate(0b101)
    assert GAME.parse_action(state, 0, "  ACTIVATE   none ") == Activate(0)
    assert str(Activate(0b1010)) == "activate 2 4"
    assert str(Remove(("fire1", "ice1"))) == "remove fire1 ice1" and str(Remove(())) == "remove none"
    assert parse_notation("remove ice1, fire1") == Remove(("ice1", "fire1"))


@pytest.mark.parametrize("text,words", [
    ("", "empty action"), ("jump", "unknown verb"), ("draft", "one card id"), ("draft a b", "one card id"),
    ("activate", "'activate none'"), ("activate 0", "numbers from 1"), ("activate 1 1", "named twice"),
    ("remove x x", "distinct card ids"),
])
def test_malformed_notation_says_what_was_expected(text, words):
    with pytest.raises(NotationError, match=words):
        parse_notation(text)


def test_settle_a_question_from_a_position_file(tmp_path):
    """Does a Strike of 9 from the front kill the enemy front before it strikes back? (No: L7.2.)"""
    file = tmp_path / "question.yaml"
    file.write_text(yaml.safe_dump({"game": "dragon_line", "options": {}, "state": good(), "pending": {}}))
    saved = yaml.safe_load(file.read_text())
    board = SeatByBoard(GAME, GAME.load_state(RULES, saved["state"]))
    board.state.record = True
    board.apply("activate 1")
    board.apply("activate 1")
    events = [e.to_json() for e in board.state.events]
    destroyed = [e["detail"] for e in events if e["kind"] == "destroyed"]
    assert destroyed == ["earth4"]                             # earth1 took 1 from earth4 and survives
    reveal = next(e for e in events if e["kind"] == "reveal")
    assert reveal["detail"]["damage"] == {"earth1": 1, "earth4": 9}
    assert board.state.decision(0) == "remove" and board.state.to_move() == (0, 1)
    with pytest.raises(IllegalActionError):
        board.apply("remove earth4")                           # not seat 1's dragon


def test_a_position_with_a_pending_choice_keeps_it_hidden():
    board = SeatByBoard(GAME, GAME.load_state(RULES, good()), pending={0: Activate(1)})
    assert board.decider == 1 and "my_choice" not in board.view(1)
    board.apply("activate none")
    assert board.state.last["activated"] == [1, 0]


def test_view_of_a_bystander_shows_no_hands():
    rules = shipped_rules()
    state = GAME.new_game(rules, 2, setup="hand")
    view = state.view(None)
    assert "your_hand" not in view and "your_stack" not in view
    assert view["stack_sizes"] == [15, 15] and view["face_down_discards"] == 5
