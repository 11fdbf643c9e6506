"""Dragon Line's own invariants at every step of seeded games, for every kind of player.

At every node: all 35 cards in exactly one place; lines of 4 at each round's start; each seat's
view hides the other's hand, stack, face-down cards and pending choice. Clones, round trips,
notation, replay and loaded positions continuing are the conformance suite's
(`dragon_pnp/games/conformance.py`), run for every game.
"""

from __future__ import annotations

import json
import random

import pytest

from dragon_pnp.games.dragon_line import GAME
from dragon_pnp.games.dragon_line.state import ACTIVATE, DRAFT, LINE, LineState
from dragon_pnp.games.turns import SeatByBoard
from dragon_pnp.players import policies_of

from .helpers import shipped_rules

DECK = 35


def check(state: LineState) -> None:
    places = state.places()
    every = sorted(c for cards in places.values() for c in cards)
    assert every == list(range(DECK)), f"cards lost or doubled: {places}"
    if state.phase == ACTIVATE:
        assert [len(line) for line in state.lines] == [4, 4], "every round starts with lines of 4"
    for s in (0, 1):
        assert len(state.shown[s]) == len(state.lines[s]) == len(state.carried[s])
    check_hidden(state)


def check_hidden(state: LineState) -> None:
    """A seat's view names none of the other seat's hidden cards."""
    ids = state.rules.card_ids
    for seat in (0, 1):
        other = 1 - seat
        view = json.dumps(state.view(seat))
        hidden = set(state.hands[other])
        hidden |= {c for c, up in zip(state.lines[other], state.shown[other]) if not up}
        if state.phase in (DRAFT, LINE):
            hidden |= set(state.stacks[other])
        hidden -= set(state.hands[seat]) | set(state.lines[seat]) | set(state.fallen)
        if state.phase in (DRAFT, LINE):
            hidden -= set(state.stacks[seat])
        leaked = [ids[c] for c in hidden if f'"{ids[c]}"' in view]
        assert not leaked, f"seat {seat + 1} sees {leaked}"
    public = json.dumps(state.view(None))
    for seat in (0, 1):
        assert not any(f'"{ids[c]}"' in public for c in state.hands[seat])


def play_checked(seed: int, policy: str, setup: str = "hand", options: dict | None = None) -> LineState:
    rules = shipped_rules(**(options or {}))
    state = GAME.new_game(rules, seed, setup=setup)
    players = [policies_of(GAME)[policy](rules) for _ in (0, 1)]
    rng = random.Random(seed)
    while state.result is None:
        check(state)
        state.apply({s: players[s].choose(state, s, rng) for s in state.to_move()})
    check(state)
    assert state.to_move() == () and state.decision(0) == "wait"
    return state


@pytest.mark.parametrize("seed", range(12))
def test_random_hands(seed):
    state = play_checked(seed, "random")
    assert state.result.reason in ("line_short", "health", "tie")


@pytest.mark.parametrize("seed", range(2))
def test_random_matches(seed):
    state = play_checked(100 + seed, "random", setup="match")
    assert len(state.hands_log) == 3


@pytest.mark.parametrize("options", [{"damage_carries_over": True}, {"reform_needs_no_activation": True}])
def test_random_hands_with_variants(options):
    for seed in range(3):
        play_checked(200 + seed, "random", options=options)


@pytest.mark.parametrize("policy", ["greedy", "strong", "lookahead"])
def test_policy_hands(policy):
    state = play_checked(300, policy)
    assert state.result.rounds >= 1


def test_different_seeds_deal_different_games():
    def trace(seed):
        rules = shipped_rules()
        state = GAME.new_game(rules, seed, setup="hand", record=True)
        rng = random.Random(seed)
        while state.result is None:
            state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_move()})
        return [e.to_json() for e in state.events]
    assert trace(4) != trace(5)


def test_pending_choices_stay_hidden_until_both_have_chosen():
    rules = shipped_rules()
    board = SeatByBoard(GAME, GAME.new_game(rules, 9, setup="hand"))
    first = board.legal_actions()[0]
    assert board.apply(str(first)) is False
    assert board.decider == 1
    mine, theirs = board.view(0), board.view(1)
    assert mine["my_choice"] == str(first) and "my_choice" not in theirs
    assert theirs["committed"] == [1]
    assert f'"{first.card}"' not in json.dumps(theirs)
    assert board.pending_notation() == {0: str(first)}
    assert board.apply(str(board.legal_actions()[0])) is True
    assert board.pending == {} and len(board.state.hands[0]) == 1
