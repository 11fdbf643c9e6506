"""The Dragon Pants players: random stays legal; greedy goes for The Pants and beats random in mixed games."""

from __future__ import annotations

import random

import pytest

from dragon_pnp.games.dragon_pants import GAME
from dragon_pnp.games.dragon_pants.engine import new_game
from dragon_pnp.games.dragon_pants.policies import GreedyPolicy, greedy_for
from dragon_pnp.report.plan import Config
from dragon_pnp.report.simulate import Table, play_game

from .helpers import act, asked, options

REASONS = ("time", "destiny_exhausted", "stall")
MIXED = ("greedy", "random")


@pytest.fixture(scope="module")
def table(game, rules) -> Table:
    return Table(GAME, game, rules)


def _positions(rules, games: int = 12, players: int = 4):
    """Every decision point of a few random games (clones), to test greedy's choices on."""
    for seed in range(games):
        state = new_game(rules, players=players, seed=seed)
        rng = random.Random(seed)
        while state.result is None and state.turn < 150:
            yield state.clone()
            act(state, rng.choice(options(state)))


def test_greedy_takes_the_pants_when_it_can(rules):
    greedy = GreedyPolicy(rules)
    rng = random.Random(0)
    bites = draws = 0
    for state in _positions(rules):
        if asked(state)[0] != "action":
            continue
        me, holder = asked(state)[1], state.pants_holder()
        legal = options(state)
        choice = greedy.choose(state, me, rng)
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


def test_random_player_only_plays_legal_actions(table):
    record = play_game(table, Config(3, "standard", "random"), seed=4)
    assert record.reason in REASONS and record.error is None


def test_mixed_games_alternate_seats():
    config = Config(3, "standard", "mixed", MIXED)
    assert config.seat_policies(0) == ("greedy", "random", "greedy")
    assert config.seat_policies(1) == ("random", "greedy", "random")
    assert Config(2, "standard", "greedy").seat_policies(5) == ("greedy", "greedy")


def test_greedy_beats_random_in_mixed_games(table):
    config = Config(2, "standard", "mixed", MIXED)
    records = [play_game(table, config, seed, index) for index, seed in enumerate(range(100, 140))]
    greedy_wins = sum(1 for r in records if r.winners and r.seat_policies[r.winners[0]] == "greedy")
    random_wins = sum(1 for r in records if r.winners and r.seat_policies[r.winners[0]] == "random")
    assert greedy_wins >= 3 * max(1, random_wins)


def test_game_records_are_consistent(table, rules):
    for policy in ("random", "greedy"):
        for seed in range(6):
            r = play_game(table, Config(4, "volatile", policy), seed)
            m = r.metrics
            assert r.reason in REASONS
            assert (not r.winners) == (r.reason != "time")
            assert 0 <= r.first < 4 and m["turns"] >= 1 and r.rounds == -(-m["turns"] // 4)
            assert r.winners or m["winner_without_pants"] is None
            assert m["winner_without_pants"] is None or 0 <= m["winner_without_pants"] <= 1
            assert m["since_last_change"] is None or 0 <= m["since_last_change"] <= m["turns"]
            assert not m["last_card"] or m["destiny_draws"] == sum(rules.presets["volatile"].cards.values())
            assert all(len(per_seat) == 4 for per_seat in m["plays"].values())
            assert r.minutes is not None and r.minutes > 0
            assert r == play_game(table, Config(4, "volatile", policy), seed)  # replays from its seed


def test_greedy_tables_are_built_once_per_rules(rules):
    assert greedy_for(rules) is greedy_for(rules)
    assert GAME.policies()["greedy"](rules).inner is greedy_for(rules)


def _plain_score(greedy: GreedyPolicy, state, me: int, action) -> float:
    """Greedy's score of one action restated plainly from its documented parts (distances to the
    holder or a Power space, threats while wearing, bites, draws, plays), one action at a time."""
    from dragon_pnp.games.dragon_pants.policies import BITE_HOLDER, PANTS_ON_DISCARD, STEP, Look

    pos, hands, spent = state.pos, state.hands, state.spent
    holder = state.pants_holder()
    wearing = holder == me

    def ready(seat: int) -> int:
        return sum({1 << greedy.inst_kind[c] for c in hands[seat] if spent[c] < 0})

    # The scorer's private helpers take the decision's look-ups (`Look`); its ready cards must be
    # the plain ones, seat by seat, for the restatement below to stand on them.
    look = Look(greedy, state, None)
    assert [look.ready(seat) for seat in range(len(pos))] == [ready(seat) for seat in range(len(pos))]

    def place(h: int) -> float:
        if wearing:
            occupied = sum({1 << p for p in pos})
            return -greedy._threat(h, greedy._chasers(me, pos, look), occupied & ~(1 << pos[me]))
        if holder is not None:
            return -STEP * greedy.approach[h][pos[holder]]
        on_top = bool(state.discard) and state.discard[-1] == greedy.pants_card
        return (-STEP if on_top else -2.0) * greedy.to_power[h]

    here = pos[me]
    if action.verb == "move":
        h = greedy.index[action.hex]
        victims = [s for s, p in enumerate(pos) if p == h and s != me]
        if not victims:
            return place(h)
        victim = victims[-1]
        guarded = bool(greedy.bite_mask & ready(victim))
        if victim == holder:
            return BITE_HOLDER - (70.0 if guarded else 0.0)
        return place(h) + (12.0 if hands[victim] else 0.0) - (40.0 if guarded else 0.0)
    if action.verb == "draw":
        on_top = holder is None and bool(state.discard) and state.discard[-1] == greedy.pants_card
        if action.source == "discard" and on_top:
            return PANTS_ON_DISCARD
        if holder is None and action.source == "deck":
            return place(here) + 10.0
        if len(hands[me]) >= greedy.rules.hand_limit:
            return place(here) - 1.0
        return place(here) + (10.0 if action.source == "deck" else 4.0)
    if action.verb == "play":
        for target in range(len(pos)):   # how a ready reaction spoils a play, restated per target
            answers = greedy.fits_mask[action.card] & ready(target)
            spoiled = 0.0 if not answers else 120.0 if answers & greedy.reflect_mask and wearing else 60.0
            assert greedy._answered(look, target, action.card, wearing) == spoiled
        return place(here) + greedy._play_value(action, me, holder, pos, hands, state.actions_left, look)
    return place(here)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_greedy_choice_is_its_plain_score(rules, players):
    """The fast scorer (tables and inlined moves, the search's playout hot path) picks exactly
    the action the plain per-action score does, with the same tie-breaking noise."""
    greedy = GreedyPolicy(rules)
    checked = 0
    for index, state in enumerate(_positions(rules, games=6, players=players)):
        if asked(state)[0] != "action":
            continue
        me = asked(state)[1]
        legal = options(state)
        noise = random.Random(index)
        plain = max(((_plain_score(greedy, state, me, a) + noise.random() * 0.01, -i) for i, a in enumerate(legal)))
        expected = legal[-plain[1]]
        assert greedy.choose(state, me, random.Random(index)) == expected, f"position {index}"
        checked += 1
    assert checked > 100
