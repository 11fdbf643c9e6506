"""Invariants checked at every step of seeded games (random, greedy and strong players).

Life only falls, and only by the damage rule (recomputed here from the card files, not the
engine's tables); cards and dice are conserved between hand, table and discard; clones and
saved-then-loaded positions are identical and continue identically; a committed choice is
never visible in the other seat's view; every action's notation parses back to itself.
"""

from __future__ import annotations

import json
import random

import pytest

from dragon_pnp.games.dragon_dance import GAME
from dragon_pnp.games.dragon_dance.positions import state_from_dict
from dragon_pnp.games.dragon_dance.state import CARD, COMBO, DIE, NOT_CHOSEN, OVER, new_game
from dragon_pnp.games.position_files import dump_yaml
from dragon_pnp.games.turns import SeatByBoard
from dragon_pnp.players import policies_of

from .helpers import dance_data, rules

ROLES = ("knight", "dragon")


def _card(seat: int, index: int):
    return dance_data().rosters[ROLES[seat]].cards[index]


def _expected_main_damage(state, joint) -> list[int]:
    """D7/D8 from the card files: life each seat loses to the main attacks of this card node."""
    cards = [_card(seat, joint[seat].index) for seat in (0, 1)]
    dice = [None if state.table_die[seat] == 0 else state.table_die[seat] for seat in (0, 1)]
    lost = [0, 0]
    for seat in (0, 1):
        other = 1 - seat
        if cards[seat].kind == "attack" and cards[other].effect != "dodge":
            protection = cards[other].value(dice[other]) if cards[other].kind == "defence" else 0
            lost[other] = max(0, cards[seat].value(dice[seat]) - protection)
    return lost


def _check_conservation(state) -> None:
    r = state.rules
    for seat in (0, 1):
        hand, discard = state.hands[seat], state.discards[seat]
        on_table = 0 if state.table_card[seat] == NOT_CHOSEN else 1 << state.table_card[seat]
        assert hand & discard == 0 and (hand | discard) & on_table == 0
        assert hand | discard | on_table == r.all_cards[seat]
        assert hand >> r.recuperate_card(seat).index & 1 or on_table   # Recuperate never sits in the discard
        die_on_table = 1 if state.table_die[seat] > 0 else 0
        assert len(state.dice[seat]) + state.spent[seat] + die_on_table == r.dice0[seat]
        assert all(1 <= f <= 6 for f in state.dice[seat]) and list(state.dice[seat]) == sorted(state.dice[seat])


def _check_round_trip(state) -> None:
    data = state.to_dict()
    json.dumps(data)                                               # plain JSON
    assert state.clone().to_dict() == data
    loaded = state_from_dict(state.rules, json.loads(json.dumps(data)))
    assert loaded.to_dict() == data
    import yaml

    assert state_from_dict(state.rules, yaml.safe_load(dump_yaml(data))).to_dict() == data


def _play_checked(rules_, seed: int, players, check_every: int = 1) -> object:
    state = new_game(rules_, seed)
    rng = random.Random(seed)
    twin = None
    step = 0
    while state.result is None:
        movers = state.to_move()
        assert movers in ((0, 1), (0,), (1,))
        joint = {}
        for seat in movers:
            legal = state.legal_actions(seat)
            assert legal, "a seat to move always has a legal action (D6)"
            assert len({str(a) for a in legal}) == len(legal)
            for action in legal:
                assert GAME.parse_action(state, seat, str(action)) == action
            joint[seat] = players[seat].choose(state, seat, rng)
            assert joint[seat] in legal
        before = list(state.life)
        phase = state.phase
        if step % check_every == 0:
            _check_round_trip(state)
            twin = state_from_dict(state.rules, state.to_dict())
            clone = state.clone()
        if phase == CARD:
            lost = _expected_main_damage(state, joint)
        elif phase == COMBO:
            other = {s: 1 - s for s in movers}
            lost = [0, 0]
            for seat, action in joint.items():
                if not action.declined:
                    dodged = _card(other[seat], state.table_card[other[seat]]).effect == "dodge"
                    lost[other[seat]] += 0 if dodged else _card(seat, action.index).value(action.face or None)
        else:
            lost = [0, 0]
        state.apply(joint)
        assert [before[s] - state.life[s] for s in (0, 1)] == lost
        _check_conservation(state)
        if step % check_every == 0:
            twin.apply(joint)
            clone.apply(joint)
            assert twin.to_dict() == state.to_dict() == clone.to_dict()
        step += 1
    assert state.phase == OVER and state.to_move() == ()
    assert state.result.rounds == state.round
    if state.result.winners:
        winner = state.result.winners[0]
        assert state.life[winner] > 0 and state.life[1 - winner] <= 0
    else:
        assert (min(state.life) <= 0 and max(state.life) <= 0) or state.result.reason == "round_cap"
    return state


@pytest.mark.parametrize("seed", range(40))
def test_random_games_keep_every_invariant(seed):
    r = rules()
    random_player = policies_of(GAME)["random"](r)
    _play_checked(r, seed, (random_player, random_player))


@pytest.mark.parametrize("options", [{"combo_before_movement": True}, {"recuperate_keeps_dice": True}])
def test_variant_games_keep_every_invariant(options):
    r = rules(**options)
    random_player = policies_of(GAME)["random"](r)
    for seed in range(15):
        _play_checked(r, 100 + seed, (random_player, random_player))


def test_greedy_and_strong_games_keep_every_invariant():
    r = rules()
    factories = policies_of(GAME)
    for seed, pair in enumerate([("greedy", "strong"), ("strong", "greedy"), ("strong", "strong"), ("lookahead", "random")]):
        _play_checked(r, 200 + seed, tuple(factories[name](r) for name in pair), check_every=3)


def test_the_same_seed_replays_the_same_game():
    r = rules()
    ends = []
    for _ in range(2):
        state = new_game(r, 77)
        rng = random.Random(77)
        player = policies_of(GAME)["strong"](r)
        while state.result is None:
            state.apply({s: player.choose(state, s, rng) for s in state.to_move()})
        ends.append((state.to_dict(), state.log))
    assert ends[0] == ends[1]


@pytest.mark.parametrize("seed", range(5))
def test_a_committed_choice_is_hidden_from_the_other_seat(seed):
    r = rules()
    board = SeatByBoard(GAME, new_game(r, seed))
    rng = random.Random(seed)
    while board.state.result is None:
        state = board.state
        movers = state.to_move()
        first = board.decider
        choice = rng.choice(board.legal_actions())
        resolved = board.apply(choice)
        if len(movers) == 2 and not resolved:
            other = 1 - first
            shown = json.dumps(board.view(other))
            assert "my_choice" not in board.view(other)
            assert board.view(other)["committed"] == [first + 1]
            assert board.view(first)["my_choice"] == str(choice)
            # Nothing of the pending choice reaches the other's view: it equals the view before committing.
            before = dict(board.state.view(other))
            assert json.loads(shown) == {**json.loads(json.dumps(before)), "committed": [first + 1]}
            board.apply(rng.choice(board.legal_actions()))
        assert state.phase in (DIE, CARD, COMBO, OVER)
