"""The Five Trails example (examples/lost_cities): its scoring by hand, its positions, its redraw
of what a seat cannot see, and its end. The conformance suite runs on it as on every game."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from dragon_pnp.errors import NotationError
from dragon_pnp.games.registry import load_game

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


# --- the engine the search player runs on: its estimate and its own player, worked by hand ---------

def _part(game, name):
    """`rules/<name>.py` of the folder's package, as imported."""
    import importlib

    return importlib.import_module(_rules_code(game).__name__.rsplit(".", 1)[0] + "." + name)


def _position(game, rules, hands, laid, deck, turn=0, phase="play"):
    """A position put together by hand (the rules' checks skipped: only the estimate reads it)."""
    state = _rules_code(game).TrailsState(rules)
    state.hands = [sorted(h, key=rules.order) for h in hands]
    state.laid = [{t: list(mine.get(t, [])) for t in rules.trails} for mine in laid]
    state.deck, state.turn, state.phase = list(deck), turn, phase
    return state


@pytest.mark.parametrize("deck, phase, expected", [
    # Play phase, North (turn 0) to lay: 4 deck cards mean 4 more turns, N S N S; each seat's
    # first lay comes from its hand and its last draw (the one that empties the deck) is never laid.
    (4, "play", [(2, 1), (2, 1)]),
    (3, "play", [(2, 1), (1, 0)]),
    # Draw phase, North has laid: it draws now and lays that card next time, so all its draws count.
    (4, "draw", [(1, 1), (2, 1)]),
    (3, "draw", [(1, 1), (1, 0)]),
])
def test_the_turns_left_to_each_seat_follow_the_deck(game, rules, deck, phase, expected):
    outlook = _part(game, "outlook")
    state = _position(game, rules, [[], []], [{}, {}], ["reef 2"] * deck, phase=phase)
    assert [outlook.plays_left(state, seat) for seat in (0, 1)] == expected


def test_the_deck_table_counts_each_trail_above_each_top(game):
    table = _part(game, "outlook").deck_table(["desert 4", "desert 9", "desert wager", "desert 9", "reef 2"])
    counts, sums, wagers = table["desert"]
    assert (counts[0], sums[0], wagers) == (3, 22, 1)      # 4 + 9 + 9 above an unstarted trail
    assert (counts[4], sums[4]) == (2, 18)                  # above a 4: the two 9s
    assert counts[9] == 0 and table["reef"][0][0] == 1 and "glacier" not in table


def test_the_expected_score_worked_by_hand(game, rules):
    """North, to lay, with 4 cards in the deck: 2 lays left and 1 deck card it will lay, a share
    of 1/4 of each deck card that fits. Desert (a wager and a 4 laid): the 7 and 9 in hand (the 3
    no longer fits) and 1/4 of the deck's 10 hope for 18.5 more over 2.25 cards, cut to the 2
    lays left. Reef (10 in hand, 1/4 of a 5) would not pay its cost of 20: not started, it counts
    nothing, nor does glacier."""
    outlook = _part(game, "outlook")
    state = _position(game, rules, [["desert 3", "desert 7", "desert 9", "reef 10"], []],
                      [{"desert": ["desert wager", "desert 4"]}, {}],
                      ["desert 10", "desert 2", "reef 5", "glacier 6"])
    cut = 2 / 2.25
    assert outlook.expected_score(state, 0) == pytest.approx((4 + cut * (16 + 10 / 4) - 20) * 2)
    # South has laid nothing, holds nothing that fits a started trail, and its one deck draw
    # comes too late to lay: nothing.
    assert outlook.expected_score(state, 1) == 0.0


def test_evaluate_is_the_chance_to_win_from_the_expected_lead(game, rules):
    """Seat-symmetric, above a half for the seat ahead, and a logistic of the lead in expected
    scores over half the trail cost plus the deck's cards: here 20 / 2 + 4 = 14."""
    import math

    module, outlook = game.module, _part(game, "outlook")
    state = _position(game, rules, [["desert 7", "desert 9"], ["reef 2"]],
                      [{"desert": ["desert 5", "desert 6"]}, {"reef": ["reef 10"]}],
                      ["desert 10", "desert 2", "reef 5", "glacier 6"])
    lead = outlook.expected_score(state, 0) - outlook.expected_score(state, 1)
    assert lead > 0
    assert module.evaluate(state, 0) == pytest.approx(1 / (1 + math.exp(-lead / 14)))
    assert module.evaluate(state, 0) + module.evaluate(state, 1) == pytest.approx(1.0)


def test_greedy_climbs_its_lowest_fitting_card_and_throws_what_no_longer_fits(game, rules):
    greedy = game.module.policies()["greedy"](rules)
    # Desert started at 5: the 3 no longer fits, the 6 is the smallest step up (reef, 2 + 4 in
    # reach, is not worth its cost of 20).
    state = _position(game, rules, [["desert 3", "desert 6", "desert 8", "reef 2", "reef 4"], []],
                      [{"desert": ["desert 5"]}, {}], ["glacier 6"] * 4)
    assert str(greedy.choose(state, 0, random.Random(0))) == "play desert 6"
    # Nothing worth climbing: throw the card that no longer fits before any other.
    state = _position(game, rules, [["desert 3", "reef 2", "reef 4"], []],
                      [{"desert": ["desert 5"]}, {}], ["glacier 6"] * 4)
    assert str(greedy.choose(state, 0, random.Random(0))) == "discard desert 3"
