"""The Five Trails example (examples/lost_cities): its scoring by hand, its positions, its redraw
of what a seat cannot see, and its end. The conformance suite runs on it as on every game."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from dragon_pnp.data import load_game
from dragon_pnp.errors import NotationError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game():
    return load_game(ROOT / "examples" / "lost_cities")


@pytest.fixture(scope="module")
def rules(game):
    return game.module.make_rules(game)


def _rules_code(game):
    """The folder's `rules/game.py` as imported (its package is named after its place)."""
    return sys.modules[type(game.module).__bases__[0].__module__]


def test_the_deck_is_five_trails_of_three_wagers_and_two_to_ten(rules):
    assert len(rules.cards) == 5 * (3 + 9) and len(rules.trails) == 5
    assert Counter(c.split(" ")[1] for c in rules.cards)["wager"] == 15


@pytest.mark.parametrize("laid, expected", [
    ([], 0),                                                            # never started
    (["reef 10"], -10),                                                 # 10 - 20
    (["reef wager", "reef wager", "reef 5", "reef 7", "reef 9"], 3),    # (21 - 20) x 3
    (["reef wager", "reef 4", "reef 6"], -20),                          # (10 - 20) x 2: losses double too
    (["reef wager", "reef 2", "reef 3", "reef 4", "reef 5", "reef 6", "reef 7", "reef 8"], 50),  # (35-20) x 2 + 20
])
def test_a_trail_scores_its_numbers_less_the_cost_times_one_more_than_its_wagers(game, rules, laid, expected):
    assert _rules_code(game).trail_score(rules, laid) == expected


def test_a_finished_game_has_every_card_once_and_ends_by_its_rules(game, rules):
    module = game.module
    state = module.new_game(rules, 5)
    chooser = random.Random(5)
    greedy = module.policies()["greedy"](rules)
    while state.result is None:
        (seat,) = state.to_move()
        state.apply({seat: greedy.choose(state, seat, chooser)})
    assert state.result.reason in ("deck_empty", "turn_limit") and state.result.rounds <= rules.turn_limit
    everything = Counter(state.to_dict()["deck"])
    for hand in state.hands:
        everything += Counter(hand)
    for pile in state.piles.values():
        everything += Counter(pile)
    for mine in state.laid:
        for laid in mine.values():
            everything += Counter(laid)
    assert everything == Counter(rules.cards)


def test_taking_back_and_forth_from_the_piles_stops_at_the_turn_limit(game, rules):
    """Two players who only ever throw a card and take the other pile's top never empty the deck."""
    state = game.module.new_game(rules, 9)
    while state.result is None:
        (seat,) = state.to_move()
        legal = state.legal_actions(seat)
        piles = [a for a in legal if str(a).startswith("draw ") and str(a) != "draw deck"]
        throws = [a for a in legal if str(a).startswith("discard ")]
        state.apply({seat: (piles or throws or legal)[0] if state.phase == "draw" else throws[0]})
    assert state.result.reason == "turn_limit" and state.turn == rules.turn_limit
    assert len(state.deck) > 0


def test_a_position_with_a_card_twice_is_refused(game, rules):
    state = game.module.new_game(rules, 3)
    data = state.to_dict()
    data["hands"][0][0] = data["hands"][1][0]
    with pytest.raises(NotationError, match="exactly one place"):
        game.module.load_state(rules, data)


def test_a_redrawn_world_keeps_what_the_seat_saw(game, rules):
    module = game.module
    state = module.new_game(rules, 4)
    # North throws a card, South takes it from the pile: both saw it go into South's hand.
    thrown = next(a for a in state.legal_actions(0) if str(a).startswith("discard "))
    state.apply({0: thrown})
    state.apply({0: next(a for a in state.legal_actions(0) if str(a) == "draw deck")})
    pile = thrown.card.split(" ")[0]
    state.apply({1: next(a for a in state.legal_actions(1) if str(a).startswith("discard ")
                         and not a.card.startswith(pile))})
    state.apply({1: next(a for a in state.legal_actions(1) if str(a) == f"draw {pile}")})
    from dragon_pnp.games.parts import HiddenPart

    hidden = module.part(HiddenPart)
    worlds = [hidden.sample_hidden(state, 0, random.Random(n)) for n in range(6)]
    for world in worlds:
        assert world.view(0) == state.view(0)
        assert thrown.card in world.hands[1]
        module.load_state(rules, world.to_dict())     # a world is a position the rules can reach
    assert len({tuple(w.hands[1]) for w in worlds}) > 1 and len({tuple(w.deck) for w in worlds}) > 1
