"""The players: random stays legal; greedy goes for The Pants and beats random in mixed games."""

from __future__ import annotations

import random

from generator.engine import new_game
from generator.report.plan import Config
from generator.report.policies import GreedyPolicy, RandomPolicy, make_policy
from generator.report.record import REASONS
from generator.report.simulate import play_game, seat_policies


def _positions(rules, games: int = 12, players: int = 4):
    """Every decision point of a few random games (clones), to test greedy's choices on."""
    policy = RandomPolicy(rules)
    for seed in range(games):
        state = new_game(rules, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.turn < 150:
            yield state.clone()
            state.apply(policy.choose(state, rng))


def test_greedy_takes_the_pants_when_it_can(rules):
    greedy = GreedyPolicy(rules)
    rng = random.Random(0)
    bites = draws = 0
    for state in _positions(rules):
        if state.decision != "action":
            continue
        me, holder = state.decider, state.pants_holder()
        legal = state.legal_actions()
        choice = greedy.choose(state, rng)
        assert choice in legal
        if holder is None and state.power_discard[:1] == ["pants"]:
            if any(a.verb == "draw" and a.source == "discard" for a in legal):
                assert str(choice) == "draw discard"
                draws += 1
        elif holder is not None and holder != me:
            guarded = any(not spent and card in ("shield", "poison", "mirror", "rubber_ducky")
                          for card, spent in state.hand(holder))
            bite = [a for a in legal if a.verb == "move" and a.hex == state.position(holder)]
            if bite and not guarded:
                takes = choice == bite[0] or (choice.verb == "play" and choice.target == holder)
                assert takes, f"{choice} instead of biting the holder"
                bites += 1
    assert bites > 5 and draws > 0


def test_random_player_only_plays_legal_actions(rules):
    record = play_game(rules, Config(3, "standard", "random"), seed=4)
    assert record.reason in REASONS and record.reason != "error"


def test_mixed_games_alternate_seats():
    config = Config(3, "standard", "mixed")
    assert seat_policies(config, 0) == ("greedy", "random", "greedy")
    assert seat_policies(config, 1) == ("random", "greedy", "random")
    assert seat_policies(Config(2, "standard", "greedy"), 5) == ("greedy", "greedy")


def test_greedy_beats_random_in_mixed_games(rules):
    config = Config(2, "standard", "mixed")
    records = [play_game(rules, config, seed, index) for index, seed in enumerate(range(100, 140))]
    greedy_wins = sum(1 for r in records if r.winner is not None and r.seat_policies[r.winner] == "greedy")
    random_wins = sum(1 for r in records if r.winner is not None and r.seat_policies[r.winner] == "random")
    assert greedy_wins >= 3 * max(1, random_wins)


def test_game_records_are_consistent(rules):
    for policy in ("random", "greedy"):
        for seed in range(6):
            r = play_game(rules, Config(4, "volatile", policy), seed)
            assert r.reason in ("time", "destiny_exhausted", "stall")
            assert (r.winner is None) == (r.reason != "time")
            assert 0 <= r.first < 4 and r.turns >= 1 and r.rounds == -(-r.turns // 4)
            assert 0 <= r.winner_without_pants <= r.turns and 0 <= r.since_last_change <= r.turns
            assert not r.last_card or r.destiny_draws == sum(rules.presets["volatile"].cards.values())
            assert all(len(per_seat) == 4 for per_seat in r.plays.values())
            assert r == play_game(rules, Config(4, "volatile", policy), seed)  # replays from its seed


def test_policies_are_built_once_per_rules(rules):
    assert make_policy("greedy", rules) is make_policy("greedy", rules)
