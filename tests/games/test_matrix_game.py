"""The zero-sum matrix-game solver: known games, and equilibrium guarantees on random matrices.

Known solutions are worked by hand (the indifference equations of a 2 x 2, symmetry of
rock-paper-scissors and matching pennies, dominance); larger matrices are checked by the property
that defines a solution: each side's strategy guarantees the value against every reply."""

from __future__ import annotations

import math
import random

import pytest

from dragon_pnp.games.matrix_game import (
    Solution,
    UnverifiedSolution,
    _linear_programme,
    _simplex,
    check_solution,
    sample,
    solve,
)


def _guarantees(matrix, solution):
    m, n = len(matrix), len(matrix[0])
    row_floor = min(sum(solution.rows[i] * matrix[i][j] for i in range(m)) for j in range(n))
    column_ceiling = max(sum(solution.columns[j] * matrix[i][j] for j in range(n)) for i in range(m))
    return row_floor, column_ceiling


def test_matching_pennies_is_an_even_mix_worth_nothing():
    s = solve([[1, -1], [-1, 1]])
    assert s.rows == pytest.approx((0.5, 0.5)) and s.columns == pytest.approx((0.5, 0.5))
    assert s.value == pytest.approx(0.0, abs=1e-12)


def test_rock_paper_scissors_is_a_third_each():
    s = solve([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert s.rows == pytest.approx((1 / 3,) * 3) and s.columns == pytest.approx((1 / 3,) * 3)


def test_a_two_by_two_mix_matches_the_closed_form():
    # Row: p*3 + (1-p)*2 = p*1 + (1-p)*4 -> p = 1/2; column: q*3 + (1-q)*1 = q*2 + (1-q)*4 -> q = 3/4.
    s = solve([[3, 1], [2, 4]])
    assert s.rows == pytest.approx((0.5, 0.5)) and s.columns == pytest.approx((0.75, 0.25))
    assert s.value == pytest.approx(2.5)


def test_a_saddle_point_is_played_pure():
    s = solve([[4, 2, 5], [1, 0, 3]])
    assert s.rows == (1.0, 0.0) and s.columns == (0.0, 1.0, 0.0) and s.value == 2


def test_dominated_options_get_no_weight():
    s = solve([[1, -1], [-1, 1], [-2, -2]])
    assert s.rows[2] == 0.0


def test_random_matrices_meet_both_guarantees():
    rng = random.Random(2024)
    for case in range(400):
        m, n = rng.randint(1, 8), rng.randint(1, 8)
        grid = case % 2 == 0       # coarse values make the degenerate ties game matrices are full of
        matrix = [[rng.choice((0.0, 0.25, 0.5, 0.75, 1.0)) if grid else rng.random() for _ in range(n)]
                  for _ in range(m)]
        s = solve(matrix)
        assert sum(s.rows) == pytest.approx(1.0) and sum(s.columns) == pytest.approx(1.0)
        assert min(s.rows) >= 0 and min(s.columns) >= 0
        floor, ceiling = _guarantees(matrix, s)
        assert floor == pytest.approx(s.value, abs=1e-9), matrix
        assert ceiling == pytest.approx(s.value, abs=1e-9), matrix


def test_dominated_rows_and_columns_leave_the_two_by_two_beneath():
    # Row 3 is beaten by row 1 everywhere and column 3 costs the column player more than column 1
    # everywhere; what is left is [[3, 1], [2, 4]]: p = 1/2, q = 3/4, value 5/2 (as above).
    s = solve([[3, 1, 5], [2, 4, 5], [1, 0, 5]])
    assert s.rows == pytest.approx((0.5, 0.5, 0.0)) and s.columns == pytest.approx((0.75, 0.25, 0.0))
    assert s.value == pytest.approx(2.5)


@pytest.mark.parametrize("matrix, rows, columns, value", [
    ([[1, -1], [-1, 1]], (0.5, 0.5), (0.5, 0.5), 0.0),
    ([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], (1 / 3,) * 3, (1 / 3,) * 3, 0.0),
    ([[3, 1], [2, 4]], (0.5, 0.5), (0.75, 0.25), 2.5),
])
def test_the_lp_solver_alone_finds_the_known_solutions(matrix, rows, columns, value):
    s = _linear_programme(matrix)
    assert s.rows == pytest.approx(rows) and s.columns == pytest.approx(columns)
    assert s.value == pytest.approx(value, abs=1e-9)


@pytest.mark.parametrize("m, n, seed", [(20, 34, 7), (16, 25, 3), (50, 50, 11)])
def test_wide_bidding_like_matrices_meet_both_guarantees(m, n, seed):
    # the sizes the issue met (a bid of up to 15 against one of up to 24; 20 x 34), and 50 x 50
    rng = random.Random(seed)
    matrix = [[rng.choice((0.0, 0.25, 0.5, 0.75, 1.0)) if (i + j) % 3 else rng.random() for j in range(n)]
              for i in range(m)]
    s = solve(matrix)
    floor, ceiling = _guarantees(matrix, s)
    assert floor == pytest.approx(s.value, abs=1e-7) and ceiling == pytest.approx(s.value, abs=1e-7)


def _near_even_bids(prize: float = 5, cost: float = 0.3, gain: float = 0.14, scale: float = 1e-5) -> list:
    """A 19 x 19 bidding matrix whose entries differ only in the fifth decimal: the higher bid wins
    `prize`, each bid costs its bidder, squashed by a logistic (like a game's win chance)."""
    def chance(i: int, j: int) -> float:
        won = prize if i > j else (-prize if j > i else 0)
        return 1 / (1 + math.exp(-scale * (won - cost * i + gain * j)))
    return [[chance(i, j) for j in range(19)] for i in range(19)]


def test_a_wrong_small_simplex_answer_is_caught_and_solved_again():
    matrix = _near_even_bids()
    with pytest.raises(UnverifiedSolution):   # the hand-written simplex misses the value here
        check_solution(matrix, _simplex(matrix))
    s = solve(matrix)
    floor, ceiling = _guarantees(matrix, s)
    assert floor == pytest.approx(s.value, abs=1e-9) and ceiling == pytest.approx(s.value, abs=1e-9)


def test_a_solution_that_misses_the_value_is_refused():
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    with pytest.raises(UnverifiedSolution, match="guarantees only -1"):
        check_solution(rps, Solution((1.0, 0.0, 0.0), (1 / 3,) * 3, 0.0))
    with pytest.raises(UnverifiedSolution, match="not a probability distribution"):
        check_solution(rps, Solution((0.5, 0.5, 0.5), (1 / 3,) * 3, 0.0))


def test_sample_follows_the_probabilities_and_never_picks_a_zero():
    rng = random.Random(1)
    draws = [sample((0.0, 0.25, 0.75), rng) for _ in range(4000)]
    assert 0 not in draws
    assert abs(draws.count(2) / 4000 - 0.75) < 0.03


def test_a_ragged_or_empty_matrix_is_refused():
    with pytest.raises(ValueError):
        solve([])
    with pytest.raises(ValueError):
        solve([[1, 2], [3]])
