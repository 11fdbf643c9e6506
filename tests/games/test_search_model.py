"""The search's opponent model (`dragon_pnp/search/model.py`): it reads the other seat's revealed
choice, credits the game's own players by how well they predicted it, and the search then answers
the trusted player's pick with a best response instead of an equilibrium mix.

Expected values are worked by hand from the toy matrices (`games/toy_matrix.py`).
"""

from __future__ import annotations

import random
from typing import Any

from dragon_pnp.search import SearchPolicy, SearchSettings
from dragon_pnp.search.model import OpponentModel, revealed_choices
from games.toy_matrix import PENNIES, WEIGHTED_RPS, MatrixState, Pick, ToyMatrix


class Fixed:
    """Always the same column (or row)."""

    def __init__(self, index: int):
        self.index = index
        self.name = f"always {index}"

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        return Pick(self.index)


class RockMatrix(ToyMatrix):
    """Toy Matrix whose own players always pick one action: `rock` (0) or `paper` (1)."""

    def policies(self) -> dict[str, Any]:
        return {"rock": lambda rules: Fixed(0), "paper": lambda rules: Fixed(1)}


def _same(state: Any, seat: int, rng: random.Random) -> Any:
    return state.clone()


def test_the_revealed_choice_is_the_one_that_explains_what_the_seat_sees_now():
    before = MatrixState(PENNIES)
    now = before.clone()
    now.apply({0: Pick(0), 1: Pick(1)})           # row 0 against column 1 scores -1
    assert revealed_choices(before, 0, Pick(0), 1, now) == {"pick 1"}


def test_a_choice_the_outcome_cannot_tell_apart_is_no_observation():
    # Both columns score the same against row 0, so row 0's seat learns nothing of the column.
    same = [[1, 1], [-1, 1]]
    before = MatrixState(same)
    now = before.clone()
    now.apply({0: Pick(0), 1: Pick(1)})
    assert revealed_choices(before, 0, Pick(0), 1, now) == set()
    # Row 1 tells them apart: -1 only against column 0.
    now = before.clone()
    now.apply({0: Pick(1), 1: Pick(1)})
    assert revealed_choices(before, 0, Pick(1), 1, now) == {"pick 1"}


def test_the_player_that_predicted_every_revealed_choice_is_trusted_after_three():
    model = OpponentModel({"zero": Fixed(0), "one": Fixed(1)})
    rng = random.Random(1)
    for _ in range(3):
        assert model.best() is None                # fewer than three observations count for nothing
        before = MatrixState(PENNIES)
        model.remember(before, 0, Pick(0))
        now = before.clone()
        now.apply({0: Pick(0), 1: Pick(1)})
        model.observe(now, 0, rng, _same)
    assert model.best() == ("one", 1.0)
    assert list(model.records["zero"]) == [0.0, 0.0, 0.0]
    predicted = model.predict(MatrixState(PENNIES), 0, 1, rng, _same)
    assert predicted == ({"pick 1": 1.0}, 1.0)


def test_a_player_right_less_often_than_trust_is_not_played_against():
    model = OpponentModel({"zero": Fixed(0)}, trust=0.6)
    rng = random.Random(1)
    for column in (0, 1, 1, 0, 1):                 # "zero" right 2 times of 5: 40 %
        before = MatrixState(PENNIES)
        model.remember(before, 0, Pick(0))
        now = before.clone()
        now.apply({0: Pick(0), 1: Pick(column)})
        model.observe(now, 0, rng, _same)
    assert model.best() is None


def test_the_search_best_responds_to_an_opponent_that_always_plays_rock():
    # Weighted rock-paper-scissors: the equilibrium mixes 1/4, 1/2, 1/4, but against rock every
    # time paper scores +1, rock 0 and scissors -2: once the model trusts "rock", paper always.
    module = RockMatrix()
    player = SearchPolicy(module, SearchSettings(iterations=300, playout="random"), None)
    rock = Fixed(0)
    draw = random.Random(7)
    for _ in range(3):                             # three one-round games, each seen at its end
        state = MatrixState(WEIGHTED_RPS)
        mine = player.choose(state, 0, draw)
        state.apply({0: mine, 1: rock.choose(state, 1, draw)})
        assert player.model is not None
        player.model.observe(state, 0, draw, player.sample)
    assert player.model is not None and player.model.best() == ("rock", 1.0)
    picks = {str(player.choose(MatrixState(WEIGHTED_RPS), 0, random.Random(seed))) for seed in range(6)}
    assert picks == {"pick 1"}


def _arm(values: list[float]) -> Any:
    from dragon_pnp.search.tree import Arm

    arm = Arm()
    for value in values:
        arm.visits += 1
        arm.total += value
        arm.squares += value * value
    return arm


def test_the_anchor_holds_unless_the_search_beats_it_by_its_margin():
    from dragon_pnp.search.tree import anchored

    # Noisy best: mean 0.6, sample variance (2.16 - 4 * 0.36) / 3 = 0.24 over 4 tries; the
    # anchor's two tries of 0.5 show no spread of their own, so they take the node's pooled
    # spread within arms, (0.72 + 0) / (3 + 1) = 0.18. Error^2 = 0.24 / 4 + 0.18 / 2 = 0.15, so
    # a lead of 0.1 is 0.1 / 0.387 = 0.26 standard errors.
    noisy = [_arm([1.0, 0.0, 1.0, 0.4]), _arm([0.5, 0.5])]
    assert anchored(noisy, 0, 1, 1.0) == 1
    assert anchored(noisy, 0, 1, 0.4) == 1      # 0.26 errors do not clear 0.4
    assert anchored(noisy, 0, 1, 0.25) == 0     # but clear 0.25
    assert anchored(noisy, 0, 1, 0.0) == 0      # no anchor
    # Steady best: 0.6 every time against 0.5 every time is far beyond any error.
    steady = [_arm([0.6] * 4), _arm([0.5] * 2)]
    assert anchored(steady, 0, 1, 1.0) == 0


def test_an_anchor_tried_once_is_not_certain():
    """The old anchor took an arm tried once (no spread) for a sure value, so one lucky playout
    of the best overruled it (Five Trails' search left its greedy player at most decisions)."""
    from dragon_pnp.search.tree import anchored

    # Best: 0.55 and 0.65 five times each, mean 0.6, sample variance 10 * 0.0025 / 9 = 0.00278.
    best = _arm([0.55, 0.65] * 5)
    # Tried once: no evidence, the anchor holds whatever the margin (the old code: error^2
    # 0.000278 + 1e-6, a lead of 0.1 = 6 errors, so the best won at margin 1).
    assert anchored([best, _arm([0.5])], 0, 1, 1.0) == 1
    # Tried twice at 0.5 both times: its spread is the pooled 0.025 / (9 + 1) = 0.0025, error^2
    # 0.000278 + 0.0025 / 2 = 0.00153, error 0.0391: a lead of 0.1 is 2.56 errors (the old code:
    # 6 errors), so a margin of 3 keeps the anchor and a margin of 2 does not.
    twice = [best, _arm([0.5, 0.5])]
    assert anchored(twice, 0, 1, 3.0) == 1
    assert anchored(twice, 0, 1, 2.0) == 0


class PaperMatrix(ToyMatrix):
    """Toy Matrix whose one own player always picks column (or row) 1, `paper`."""

    def policies(self) -> dict[str, Any]:
        return {"paper": lambda rules: Fixed(1)}


def test_with_no_record_the_search_answers_the_games_own_player():
    # Weighted rock-paper-scissors against paper, by hand: rock -1, paper 0, scissors +1. With no
    # observation yet the other seat is assumed to be the game's own player (paper in every
    # world), so scissors every time; the old search drew from the equilibrium 1/4, 1/2, 1/4.
    picks = set()
    for seed in range(6):
        player = SearchPolicy(PaperMatrix(), SearchSettings(iterations=200, assumed=1.0), None)
        picks.add(str(player.choose(MatrixState(WEIGHTED_RPS), 0, random.Random(seed))))
    assert picks == {"pick 2"}


def test_an_assumed_opponent_leaves_the_games_own_choice_where_nothing_beats_it():
    # Both rows score 1 against every column: no row beats the own player's row 1 by any margin,
    # so the anchor holds in every seed; without it the most-tried row, row 0, decides.
    tied = [[1, 1], [1, 1]]
    for margin, expected in ((2.0, "pick 1"), (1.0, "pick 1"), (0.0, "pick 0")):
        picks = set()
        for seed in range(6):
            settings = SearchSettings(iterations=60, simultaneous_anchor=margin)
            player = SearchPolicy(PaperMatrix(), settings, None)
            picks.add(str(player.choose(MatrixState(tied), 0, random.Random(seed))))
        assert picks == {expected}, (margin, picks)


def test_no_assumed_opponent_without_a_player_of_the_games_own():
    # Random playouts and no own player: nothing to assume, so the root stays an equilibrium mix.
    player = SearchPolicy(PaperMatrix(), SearchSettings(iterations=30, playout="random"), None)
    assert player._reply(MatrixState(PENNIES), 0, random.Random(0)) is None
    own = SearchPolicy(PaperMatrix(), SearchSettings(iterations=30), None)
    reply = own._reply(MatrixState(PENNIES), 0, random.Random(0))
    assert reply is not None and reply[0] == 1 and reply[1] == {"pick 1": 1.0}
