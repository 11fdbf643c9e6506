"""The zero-sum matrix-game solver: known games, and equilibrium guarantees on random matrices."""

from __future__ import annotations

import random

import pytest

from dragon_pnp.games.matrix_game import sample, solve


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
