"""Invariants after every step of many seeded random games (OpenSpiel-style)."""

from __future__ import annotations

import random

from engine_helpers import game_data, rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dragon_pnp.errors import IllegalActionError
from dragon_pnp.games.dragon_pants.engine import Action, GameState, new_game
from dragon_pnp.games.dragon_pants.engine.positions import position_from_dict, position_to_dict

OPTION_NAMES = sorted(game_data().game.rules_options)


def every_action(r) -> list[Action]:
    """Every action the notation can name in this game: the pool illegal probes come from."""
    acts = list(r.move_actions) + [Action.parse("draw deck"), Action.parse("draw discard")]
    for plays in r.play_actions:
        acts.extend(plays)
    acts += list(r.react_actions) + [Action.parse(t) for t in ("end", "pass", "home", "stay")]
    for table in r.choice_actions.values():
        acts.extend(table.values())
    return acts


def check(state: GameState) -> None:
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
    if state.decision != "discard":
        assert all(len(h) <= r.hand_limit for h in state.hands), "hands within the limit once settled"
    assert state.time == state.length + sum(state.destiny_discard)
    for c in state.deck + state.discard:
        assert state.spent[c] < 0, "cards in piles are never spent"
    if state.is_over:
        assert state.legal_actions() == [] and state.decider is None
    else:
        options = state.legal_actions()
        assert options and options == state.legal_actions()
        assert len(set(options)) == len(options)
        for a in options:
            assert Action.parse(str(a)) == a


def play_checked(r, players: int, seed: int, deep: bool) -> GameState:
    state = new_game(r, players=players, seed=seed, preset="standard")
    rnd = random.Random(seed * 7919 + players)
    pool = every_action(r)
    steps = 0
    while not state.is_over:
        check(state)
        options = state.legal_actions()
        if deep or steps % 5 == 0:
            for probe in rnd.sample(pool, 6):
                if probe in options:
                    continue
                before = position_to_dict(state)
                try:
                    state.clone().apply(probe)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"illegal {probe} was accepted at {before}")
        if deep and steps % 3 == 0:
            saved = position_to_dict(state)
            loaded = position_from_dict(r, saved)
            assert position_to_dict(loaded) == saved
            assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in options]
            twin = loaded
        else:
            twin = state.clone()
        action = options[rnd.randrange(len(options))]
        state.apply(action)
        twin.apply(Action.parse(str(action)))
        assert position_to_dict(twin) == position_to_dict(state), "a loaded or cloned position continues the same"
        steps += 1
    check(state)
    assert state.result.reason in ("time", "destiny_exhausted", "stall")
    if state.result.reason == "time":
        assert state.time <= 0 and state.result.winner == state.pants_holder()
    else:
        assert state.result.winner is None
    return state


@settings(max_examples=25, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    options=st.fixed_dictionaries({name: st.booleans() for name in OPTION_NAMES}),
)
def test_invariants_hold_in_random_games(players, seed, options):
    play_checked(rules(**options), players, seed, deep=True)


def test_invariants_in_many_seeded_games():
    ends = set()
    for seed in range(60):
        state = play_checked(rules(), 2 + seed % 5, seed, deep=False)
        ends.add(state.result.reason)
    assert "time" in ends


def test_replay_from_seed_is_exact():
    r = rules()
    logs = []
    for _ in range(2):
        state = new_game(r, players=4, seed=99, record=True)
        rnd = random.Random(1)
        while not state.is_over:
            options = state.legal_actions()
            state.apply(options[rnd.randrange(len(options))])
        logs.append(state.events)
    assert logs[0] == logs[1]


def test_counts_match_events():
    r = rules()
    state = new_game(r, players=5, seed=4, record=True)
    rnd = random.Random(4)
    while not state.is_over:
        options = state.legal_actions()
        state.apply(options[rnd.randrange(len(options))])
    counted = dict.fromkeys(state.counts, 0)
    for e in state.events:
        counted[e.kind] += 1
    assert counted == state.counts
