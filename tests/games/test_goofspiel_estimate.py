"""Goofspiel's `evaluate` (examples/goofspiel/rules/estimate.py): points taken and the cards left to
take more with, read through the game's own interface from positions loaded as a designer would."""

from __future__ import annotations

from dragon_pnp.games.registry import load_game

GAME = load_game("examples/goofspiel")
MODULE = GAME.module
RULES = MODULE.make_rules(GAME)


def _after(first_bids: list[tuple[int, int]], seed: int = 5):
    state = MODULE.new_game(RULES, seed)
    for blue, red in first_bids:
        legal = {str(a): a for s in (0, 1) for a in state.legal_actions(s)}
        state.apply({0: legal[f"bid {blue}"], 1: legal[f"bid {red}"]})
    return state


def test_the_estimate_is_a_chance_shared_by_the_two_players():
    state = _after([(7, 3), (2, 9)])
    for seat in (0, 1):
        assert 0.0 < MODULE.evaluate(state, seat) < 1.0
    assert abs(MODULE.evaluate(state, 0) + MODULE.evaluate(state, 1) - 1.0) < 1e-9
    assert abs(MODULE.evaluate(MODULE.new_game(RULES, 5), 0) - 0.5) < 1e-9


def test_a_prize_taken_cheaply_is_worth_more_than_one_overpaid():
    state = MODULE.new_game(RULES, 5)
    prize = state.prize
    cheap = _after([(prize + 1 if prize < 13 else 13, prize - 1 if prize > 1 else 1)])
    dear = _after([(13, 1)])
    assert MODULE.evaluate(cheap, 0) > 0.5
    if prize < 12:
        assert MODULE.evaluate(dear, 0) < MODULE.evaluate(cheap, 0)   # the King spent on a small prize


def test_the_same_points_with_a_weaker_hand_are_worth_less():
    """Two positions with equal scores: in the second, Blue took its points with higher cards."""
    frugal = MODULE.load_state(RULES, {**_after([(4, 3)]).to_dict()})
    lavish = _after([(13, 3)])
    assert frugal.scores() == lavish.scores()
    assert MODULE.evaluate(frugal, 0) > MODULE.evaluate(lavish, 0)


def test_a_lead_the_prizes_left_cannot_overturn_is_a_certain_win():
    state = MODULE.new_game(RULES, 5)
    certain = 0
    while state.result is None:
        prizes = sum(state.deck) + (state.prize or 0)
        lead = state.scores()[0] - state.scores()[1]
        if lead > prizes:
            assert MODULE.evaluate(state, 0) == 1.0 and MODULE.evaluate(state, 1) == 0.0
            certain += 1
        low = min(state.legal_actions(1), key=lambda a: a.value)            # Red bids low,
        above = [a for a in state.legal_actions(0) if a.value > low.value]  # Blue just above it
        state.apply({0: min(above or state.legal_actions(0), key=lambda a: a.value), 1: low})
    assert certain > 0
