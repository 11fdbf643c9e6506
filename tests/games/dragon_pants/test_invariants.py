"""Dragon Pants' own invariants after every step of seeded random games: what the conformance
suite (`dragon_pnp/games/conformance.py`: clones, round trips, notation, replay, refused actions)
cannot know about this game.

Every Power card is in exactly one place and The Pants exactly once; no two dragons share a
non-den hex; hands are within the limit once settled; the time is the length plus the drawn
Destiny cards; cards in piles are ready; a game ends for one of the declared reasons, the Pants
holder winning when the time runs out; event counts match the recorded events.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dragon_pnp.games.dragon_pants.engine import END_REASONS, PantsState, new_game

from .helpers import asked, game_data, options, rules

OPTION_NAMES = sorted(game_data().game.rules_options)


def check(state: PantsState) -> None:
    r = state.rules
    cards = sorted(state.deck + state.discard + [c for hand in state.hands for c in hand])
    assert cards == list(range(r.card_count)), "every Power card is somewhere, once"
    holders = [s for s, hand in enumerate(state.hands) if r.pants_card in hand]
    in_piles = (r.pants_card in state.deck) + (r.pants_card in state.discard)
    assert len(holders) + in_piles == 1, "exactly one Pants"
    assert state.pants_holder() == (holders[0] if holders else None)
    off_den = [p for p in state.pos if not r.board.is_home[p]]
    assert len(off_den) == len(set(off_den)), "no two dragons share a non-den hex"
    assert all(not r.board.holds_one[p] or off_den.count(p) == 1 for p in off_den)
    if asked(state)[0] != "discard":
        assert all(len(h) <= r.hand_limit for h in state.hands), "hands within the limit once settled"
    assert state.time == state.length + sum(state.destiny_discard)
    for c in state.deck + state.discard:
        assert state.spent[c] < 0, "cards in piles are never spent"
    moving = state.to_move()
    assert len(moving) == (0 if state.result is not None else 1), "one dragon decides at a time"


def play_checked(r, players: int, seed: int, record: bool = False) -> PantsState:
    state = new_game(r, players=players, seed=seed, preset="standard", record=record)
    rnd = random.Random(seed * 7919 + players)
    while state.result is None:
        check(state)
        seat = state.to_move()[0]
        choices = state.legal_actions(seat)
        state.apply({seat: choices[rnd.randrange(len(choices))]})
    check(state)
    assert options(state) == []
    assert state.result.reason in END_REASONS
    if state.result.reason == "time":
        assert state.time <= 0 and state.result.winners == (state.pants_holder(),)
    else:
        assert state.result.winners == ()
    return state


@settings(max_examples=25, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    options=st.fixed_dictionaries({name: st.booleans() for name in OPTION_NAMES}),
)
def test_invariants_hold_in_random_games(players, seed, options):
    play_checked(rules(**options), players, seed)


def test_invariants_in_many_seeded_games():
    ends = set()
    for seed in range(60):
        state = play_checked(rules(), 2 + seed % 5, seed)
        ends.add(state.result.reason)
    assert "time" in ends


def test_counts_match_events():
    state = play_checked(rules(), 5, 4, record=True)
    counted = dict.fromkeys(state.counts, 0)
    for e in state.events:
        counted[e.kind] += 1
    assert counted == state.counts
