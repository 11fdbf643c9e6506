"""Dragon Dance's own invariants at every step of seeded games (random, greedy and strong players).

Life only falls, and only by the damage rule (recomputed here from the card files, not the
engine's tables); cards and dice are conserved between hand, table and discard; a game ends with
its winner alive and the loser down. Clones, round trips, notation, replay and hidden choices
are the conformance suite's (`dragon_pnp/games/conformance.py`), run for every game.
"""

from __future__ import annotations

import random

import pytest

from dragon_pnp.games.dragon_dance import GAME
from dragon_pnp.games.dragon_dance.state import CARD, COMBO, NOT_CHOSEN, OVER, new_game
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


def _play_checked(rules_, seed: int, players) -> object:
    state = new_game(rules_, seed)
    rng = random.Random(seed)
    while state.result is None:
        movers = state.to_move()
        assert movers in ((0, 1), (0,), (1,))
        joint = {}
        for seat in movers:
            assert state.legal_actions(seat), "a seat to move always has a legal action (D6)"
            joint[seat] = players[seat].choose(state, seat, rng)
        before = list(state.life)
        phase = state.phase
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
        _play_checked(r, 200 + seed, tuple(factories[name](r) for name in pair))
