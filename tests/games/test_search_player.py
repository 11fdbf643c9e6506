"""The generic search player (`search`): it finds a win where one exists, never uses what its seat
cannot see, plays a game it knows only through the interface, and is named like any policy.

Small budgets keep these fast; strength against the other players is measured by
bench/bench_search.py, not here.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dragon_pnp.games.position_files import read_position_file
from dragon_pnp.games.redeal import redeal
from dragon_pnp.games.registry import load_game
from dragon_pnp.players import is_policy, policies_of, policy_factory
from dragon_pnp.search import SearchPolicy, SearchSettings, parse_strength
from games.toy_bids import TOY, BidsState

POSITIONS = Path(__file__).parent / "search_positions"


def _state(slug: str, name: str):
    game = load_game(slug)
    module = game.module
    rules = module.make_rules(game)
    raw, _ = read_position_file(POSITIONS / name)
    return module, rules, module.load_state(rules, raw.get("state", raw))


def _choices(module, rules, state, seat, iterations, seeds=range(6)) -> list[str]:
    player = SearchPolicy(module, SearchSettings(iterations=iterations), rules)
    return [str(player.choose(state, seat, random.Random(seed))) for seed in seeds]


# --- a winning move where one exists -------------------------------------------------------------


def test_pants_bites_the_holder_when_that_wins():
    module, rules, state = _state("dragon_pants", "pants_bite_to_win.yaml")
    player = SearchPolicy(module, SearchSettings(iterations=60), rules)
    for seed in range(3):
        game = state.clone()
        draw = random.Random(seed)
        while game.result is None and game.to_move() == (0,):
            game.apply({0: player.choose(game, 0, draw)})
        assert game.result is not None and game.result.winners == (0,), seed


def test_dance_knight_plays_the_finishing_attack():
    module, rules, state = _state("dragon_dance", "dance_knight_finishes.yaml")
    legal = [str(a) for a in state.legal_actions(0)]
    assert legal == ["play hack", "play dodge", "play retreat", "play recuperate"]   # Recuperate is never discarded (D6, D11)
    assert set(_choices(module, rules, state, 0, 100)) == {"play hack"}


def test_line_activates_a_winning_set_of_stars():
    module, rules, state = _state("dragon_line", "line_activate_to_win.yaml")
    winning = []
    for action in state.legal_actions(0):
        wins = True
        for reply in state.legal_actions(1):
            after = state.clone()
            after.apply({0: action, 1: reply})
            while after.result is None and after.decision(after.to_move()[0]) == "remove":
                after.apply({s: after.legal_actions(s)[0] for s in after.to_move()})   # remove none
            wins = wins and after.result is not None and after.result.winners == (0,)
        if wins:
            winning.append(str(action))
    assert 0 < len(winning) < len(state.legal_actions(0))   # the choice matters
    assert set(_choices(module, rules, state, 0, 100)) <= set(winning)


def test_toy_bids_outbids_for_the_prize_it_needs():
    # Prize 5 up and one prize (1) left; 2-5 behind, bids [1, 4] against [2, 3]. Bid 4 (then take)
    # wins 7-6 whatever the other seat does; bid 1 loses.
    state = BidsState({"hands": [[1, 4], [2, 3]], "deck": [1], "prize": 5, "scores": [2, 5], "rng": 9 << 40})
    rules = TOY.make_rules(None)
    assert set(_choices(TOY, rules, state, 0, 100)) == {"bid 4"}
    state.apply({0: state.legal_actions(0)[1], 1: state.legal_actions(1)[0]})
    assert state.to_move() == (0,)
    assert set(_choices(TOY, rules, state, 0, 50)) == {"take"}


# --- nothing the seat cannot see ------------------------------------------------------------------


def _same_decisions(module, rules, first, second, seat, iterations=30):
    assert _choices(module, rules, first, seat, iterations) == _choices(module, rules, second, seat, iterations)


def test_pants_decisions_ignore_the_decks_order_and_the_generator():
    game = load_game("dragon_pants")
    module, rules = game.module, game.module.make_rules(game)
    state = module.new_game(rules, 5, 3, None)
    other = state.clone()
    other.deck = other.deck[::-1]
    other.destiny = other.destiny[::-1]
    other.rng ^= 0xDEADBEEF
    assert other.view(0) == state.view(0) and other.to_dict() != state.to_dict()
    _same_decisions(module, rules, state, other, state.to_move()[0])


def test_dance_decisions_ignore_the_dice_generator():
    game = load_game("dragon_dance")
    module, rules = game.module, game.module.make_rules(game)
    state = module.new_game(rules, 4)
    other = state.clone()
    other.rng ^= 0xBADC0FFEE
    assert other.view(0) == state.view(0) and other.to_dict() != state.to_dict()
    _same_decisions(module, rules, state, other, 0)


def _swap(state, enemy: int, a: int, b: int) -> None:
    """Trade cards a and b in every record of the enemy's and in the face-down discards."""
    def swap(cards):
        return [b if c == a else a if c == b else c for c in cards]

    def swap_mask(mask):
        bit_a, bit_b = mask >> a & 1, mask >> b & 1
        mask &= ~((1 << a) | (1 << b))
        return mask | (bit_a << b) | (bit_b << a)

    state.hands[enemy] = sorted(swap(state.hands[enemy]))
    state.buried = swap(state.buried)
    state.drafted[enemy] = swap(state.drafted[enemy])
    state.fielded[enemy] = swap(state.fielded[enemy])
    state.seen_stacks[enemy] = [swap_mask(m) for m in state.seen_stacks[enemy]]


def test_line_decisions_ignore_the_enemy_hand_and_the_discards():
    from dragon_pnp.games.dragon_line.knowledge import enemy_cards

    game = load_game("dragon_line")
    module, rules = game.module, game.module.make_rules(game)
    state = module.new_game(rules, 8, 2, "hand")
    draw = random.Random(1)
    while state.phase != 2:                      # play the draft and line-up at random to a battle
        state.apply({s: draw.choice(state.legal_actions(s)) for s in state.to_move()})
    never = sorted(enemy_cards(state, 0).never_seen)
    in_hand = [c for c in never if c in state.hands[1]]
    buried = [c for c in never if c in state.buried]
    assert in_hand and buried
    other = state.clone()
    _swap(other, 1, in_hand[0], buried[0])
    assert other.view(0) == state.view(0) and other.to_dict() != state.to_dict()
    _same_decisions(module, rules, state, other, 0)


def test_toy_decisions_ignore_the_deck_order_through_the_default_redeal():
    rules = TOY.make_rules(None)
    state = TOY.new_game(rules, 3)
    other = BidsState({**state.to_dict(), "deck": state.deck[::-1], "rng": 77 << 40})
    assert other.view(0) == state.view(0) and other.to_dict() != state.to_dict()
    _same_decisions(TOY, rules, state, other, 0)
    world = redeal(TOY, rules, state, 0, random.Random(2))
    assert world.view(0) == state.view(0) and sorted(world.deck) == sorted(state.deck)


# --- a game known only through the interface --------------------------------------------------------


def test_search_plays_toy_bids_to_the_end_and_beats_random():
    rules = TOY.make_rules(None)
    search = policy_factory(TOY, "search:40")(rules)
    chance = policy_factory(TOY, "random")(rules)
    won = lost = 0
    for seed in range(24):
        state = TOY.new_game(rules, seed)
        seats = (search, chance) if seed % 2 == 0 else (chance, search)
        draw = random.Random(seed)
        while state.result is None:
            state.apply({s: seats[s].choose(state, s, draw) for s in state.to_move()})
        mine = 0 if seed % 2 == 0 else 1
        won += state.result.winners == (mine,)
        lost += state.result.winners == (1 - mine,)
    assert won > lost


def test_a_seed_fixes_every_choice():
    game = load_game("dragon_pants")
    module, rules = game.module, game.module.make_rules(game)
    state = module.new_game(rules, 11, 2, None)
    seat = state.to_move()[0]
    choices = _choices(module, rules, state, seat, 20, range(12))
    assert choices == _choices(module, rules, state, seat, 20, range(12))


# --- names ---------------------------------------------------------------------------------------


def test_search_is_offered_to_every_game_with_a_strength():
    assert "search" in policies_of(TOY)
    assert is_policy(TOY, "search:400") and is_policy(TOY, "search:0.5s") and is_policy(TOY, "search")
    assert not is_policy(TOY, "search:many") and not is_policy(TOY, "random:3") and not is_policy(TOY, "wizard")
    assert policy_factory(TOY, "search:400")(None).name == "search:400"
    assert parse_strength("0.25s").seconds == 0.25
    with pytest.raises(ValueError, match="search strength '0'"):
        parse_strength("0")


def test_play_lets_a_named_player_decide(tmp_path):
    from tests.in_process import run_cli

    root = Path(__file__).resolve().parents[2]

    def play(*args):
        """In this process: the players and their messages, not the process, are the point."""
        return run_cli("play", *args, cwd=root)

    run = play("dragon_dance", "--position", str(POSITIONS / "dance_knight_finishes.yaml"),
               "--auto", "search:20", "--auto", "search:20")
    assert run.returncode == 0, run.stderr
    assert "# card: knight (hack)" in run.stdout and "'reason': 'knockout'" in run.stdout
    run = play("dragon_dance", "--position", str(POSITIONS / "dance_knight_finishes.yaml"), "--auto", "search:lots")
    assert run.returncode == 2 and "--auto #1 'search:lots': search strength 'lots'" in run.stderr
    assert "Traceback" not in run.stderr


# --- a lone choice between simultaneous rounds -----------------------------------------------------


def test_a_lone_follow_up_between_rounds_takes_the_best_by_the_games_round_model():
    """Dragon Dance's combo follow-up is one seat's choice between two simultaneous rounds. Where
    the game's own exact round model (the `strong` player's) sets one follow-up clearly above the
    rest, the search, which knows only `evaluate` and samples the dice, mostly picks it: in at
    least 6 of the first 8 such decisions (a search that ignored the values would pick the best
    of 4-5 follow-ups about 2 times in 8)."""
    from dragon_pnp.games.dragon_dance.state import COMBO

    game = load_game("dragon_dance")
    module, rules = game.module, game.module.make_rules(game)
    strong = policy_factory(module, "strong")(rules)
    # 30 iterations agree on 8 of 8 (20: 8, 40: 7, 100: 8), at a third of 100's CPU (issue 30).
    search = SearchPolicy(module, SearchSettings(iterations=30), rules)
    checked = agreed = 0
    for seed in range(60):
        state = module.new_game(rules, seed)
        draw = random.Random(seed)
        while state.result is None and checked < 8:
            if state.phase == COMBO:
                seat = state.to_move()[0]
                sign = 1 if seat == 0 else -1
                values = sorted(((sign * strong.model.combo_value(state, seat, a), str(a))
                                 for a in state.legal_actions(seat)), reverse=True)
                if len(values) > 2 and values[0][0] - values[1][0] > 0.05:
                    agreed += str(search.choose(state, seat, random.Random(seed))) == values[0][1]
                    checked += 1
            state.apply({s: strong.choose(state, s, draw) for s in state.to_move()})
        if checked >= 8:
            break
    assert checked == 8
    assert agreed >= 6, agreed


# --- simultaneous nodes, budgets and seeds ------------------------------------------------------------


def _root_mix(payoff, iterations: int, seed: int = 0) -> list[float]:
    from dragon_pnp.search.tree import average_strategy
    from games.toy_matrix import TOY_MATRIX, MatrixState

    state = MatrixState(payoff)
    player = SearchPolicy(TOY_MATRIX, SearchSettings(iterations=iterations, playout="random"), None)
    root = player.search(state, 0, random.Random(seed))
    return average_strategy(root.arms_of(0, [str(a) for a in state.legal_actions(0)]))


def test_regret_matching_at_a_simultaneous_root_finds_matching_pennies_equilibrium():
    from games.toy_matrix import PENNIES

    for seed in range(3):
        mix = _root_mix(PENNIES, 4000, seed)
        assert abs(mix[0] - 0.5) < 0.05, mix


def test_regret_matching_finds_the_equilibrium_of_a_weighted_rock_paper_scissors():
    # Scissors beats paper by 2: the equilibrium (by hand, toy_matrix.py) is 1/4, 1/2, 1/4,
    # far from the uniform mix a search that never learned would give.
    from games.toy_matrix import WEIGHTED_RPS

    for seed in range(3):
        mix = _root_mix(WEIGHTED_RPS, 6000, seed)
        assert all(abs(p - q) < 0.06 for p, q in zip(mix, [0.25, 0.5, 0.25], strict=True)), mix


def test_a_seed_fixes_every_simultaneous_choice():
    game = load_game("dragon_dance")
    module, rules = game.module, game.module.make_rules(game)
    state = module.new_game(rules, 3)
    assert len(state.to_move()) == 2
    first = _choices(module, rules, state, 0, 15, range(8))
    assert first == _choices(module, rules, state, 0, 15, range(8))
    assert len(set(first)) > 1            # drawn from a mix, not one fixed answer


def test_a_time_budget_spends_iterations_by_what_they_cost():
    """A fake clock that ticks with every evaluation: a budget of 40 ticks runs about half as many
    iterations when each evaluation costs two ticks as when it costs one, and never stops early."""
    from dragon_pnp.search.budget import Budget, Spending

    ticks = [0.0]
    spending = Spending(Budget(seconds=40.0), lambda: ticks[0])
    while spending.more():
        ticks[0] += 1.0
    assert spending.done == 40

    def run(cost: float) -> int:
        module, rules, state = _state("dragon_pants", "pants_bite_to_win.yaml")
        clock = [0.0]
        evaluate = module.evaluate

        class Timed(type(module)):
            def evaluate(self, world, seat):
                clock[0] += cost
                return evaluate(world, seat)

        timed = Timed()
        settings = SearchSettings(seconds=40.0, clock=lambda: clock[0], bias=0.0)
        player = SearchPolicy(timed, settings, rules)
        player.search(state, state.to_move()[0], random.Random(0))
        return player.iterations_run

    cheap, dear = run(0.05), run(0.1)
    assert 1.6 <= cheap / dear <= 2.4, (cheap, dear)


def test_strengths_in_iterations_milliseconds_or_seconds():
    assert parse_strength("400").iterations == 400 and parse_strength("400").seconds is None
    assert parse_strength("100ms").seconds == pytest.approx(0.1)
    assert parse_strength("0.1s").seconds == pytest.approx(0.1)
    assert policy_factory(TOY, "search:100ms")(None).name == "search:100ms"
    assert policy_factory(TOY, "search:2s")(None).name == "search:2s"
    for bad in ("0ms", "-1s", "fast", "10 ms s"):
        with pytest.raises(ValueError, match="search strength"):
            parse_strength(bad)


# --- the playout's horizon ------------------------------------------------------------------------

def test_the_playout_counts_the_searching_seats_own_decisions():
    """Five Trails' turn is two decisions (lay, then draw) by one seat. With `rollout=2` a playout
    from the first player's lay runs: its lay and draw (2 of its own), the other's lay and draw,
    and stops with the first to decide again: 4 decisions, not 2 (the old count of everyone's
    decisions cut Five Trails' playouts after a turn and a half, where its estimate favours
    taking thrown cards). Searching for the second player: 2 of the first's, 2 of its own, 2 of
    the first's, 6 in all. The evaluation is taken with the searching seat to move."""
    game = load_game(Path(__file__).resolve().parents[2] / "examples" / "lost_cities")
    module = game.module
    rules = module.make_rules(game)
    player = SearchPolicy(module, SearchSettings(rollout=2), rules)
    for me, decisions in ((0, 4), (1, 6)):
        world = module.new_game(rules, 3)
        _, played = player._playout(world, random.Random(0), me)
        assert played == decisions
        assert world.to_move() == (me,) and world.turn == decisions // 2


def test_a_search_that_stops_early_makes_the_choice_the_whole_budget_makes():
    """A lone choice stops once the game's own player's action leads every other by more visits
    than iterations are left (`_settled`): the same draws run on to the whole budget must end on
    that action too. Positions from greedy games of Dragon Pants at 2 and 4 players."""
    game = load_game("dragon_pants")
    module, rules = game.module, game.module.make_rules(game)
    greedy = module.policies()["greedy"](rules)
    player = SearchPolicy(module, SearchSettings(iterations=20), rules)
    stopped = 0
    for players, seed in ((2, 3), (4, 5)):
        state = module.new_game(rules, seed, players, None)
        draw = random.Random(seed)
        while state.result is None and stopped < 12:
            (seat,) = state.to_move()
            legal = [str(a) for a in state.legal_actions(seat)]
            if len(legal) > 1:
                own = str(greedy.choose(state, seat, random.Random(7)))
                early = player.search(state, seat, random.Random(seed), None, None, own)
                visits = {text: arm.visits for text, arm in early.arms[seat].items()}
                if sum(visits.values()) < 20:
                    stopped += 1
                    left = 20 - sum(visits.values())
                    assert all(visits[own] > v + left for text, v in visits.items() if text != own)
                    whole = player.search(state, seat, random.Random(seed))
                    arms = whole.arms_of(seat, legal)
                    best = max(range(len(arms)), key=lambda i: (arms[i].visits, arms[i].total / max(1, arms[i].visits), -i))
                    assert legal[best] == own, (players, legal, own)
            state.apply({seat: greedy.choose(state, seat, draw)})
    assert stopped >= 6
