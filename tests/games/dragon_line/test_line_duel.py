"""The matrix-game machinery: round tables equal the engine's resolution, and the LP solver is exact."""

from __future__ import annotations

import random

import pytest

from generator.games.dragon_line.battle import resolve
from generator.games.dragon_line.duel import outcome_table, payoff_matrix
from generator.games.dragon_line.solver import solve_row_player
from line_helpers import shipped_rules


@pytest.mark.parametrize("options", [{}, {"reform_needs_no_activation": True}, {"damage_carries_over": True}])
def test_round_tables_equal_the_engine_on_random_rounds(options):
    rules = shipped_rules(**options)
    rng = random.Random(11)
    for _ in range(60):
        axis = rng.sample(range(rules.deck_size), 8)
        carried = [rng.randint(0, 3) for _ in range(8)] if rules.carry_damage else None
        table = outcome_table(rules, axis, carried)
        for m0 in range(16):
            for m1 in range(16):
                active = rules.axis_mask[0][m0] | rules.axis_mask[1][m1]
                assert table[m0][m1] == resolve(rules, axis, active, carried)[0]


def test_spirit_heavy_rounds_equal_the_engine():
    rules = shipped_rules()
    spirits = [c for c in range(rules.deck_size) if not rules.deals[c]]
    others = [c for c in range(rules.deck_size) if rules.deals[c]]
    rng = random.Random(3)
    for _ in range(40):
        axis = rng.sample(spirits, 4) + rng.sample(others, 4)
        rng.shuffle(axis)
        table = outcome_table(rules, axis)
        for m0 in range(16):
            for m1 in range(16):
                active = rules.axis_mask[0][m0] | rules.axis_mask[1][m1]
                assert table[m0][m1] == resolve(rules, axis, active)[0]


def test_payoffs_are_zero_sum_between_the_seats():
    rules = shipped_rules()
    axis = random.Random(2).sample(range(rules.deck_size), 8)
    table = outcome_table(rules, axis)
    weights = [1.0 + 0.1 * p for p in range(8)]
    mine, theirs = payoff_matrix(table, weights, 0), payoff_matrix(table, weights, 1)
    assert all(abs(mine[i][j] + theirs[j][i]) < 1e-12 for i in range(16) for j in range(16))


@pytest.mark.parametrize("matrix,strategy,value", [
    ([[1, -1], [-1, 1]], [0.5, 0.5], 0.0),                                  # matching pennies
    ([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [1 / 3] * 3, 0.0),                # rock, paper, scissors
    ([[3, 0], [0, 1]], [0.25, 0.75], 0.75),
    ([[2, 3], [1, 4]], [1.0, 0.0], 2.0),                                    # saddle point
    ([[1, -1], [1, -1], [-1, 1]], None, 0.0),                               # duplicate rows
])
def test_solver_finds_optimal_mixed_strategies(matrix, strategy, value):
    found, v = solve_row_player(matrix)
    assert abs(v - value) < 1e-9 and abs(sum(found) - 1) < 1e-9
    if strategy is not None:
        assert all(abs(a - b) < 1e-9 for a, b in zip(found, strategy))
    worst = min(sum(found[i] * matrix[i][j] for i in range(len(matrix))) for j in range(len(matrix[0])))
    assert worst >= value - 1e-9                                           # guarantees the value


def test_solver_on_random_matrices_guarantees_the_value_and_the_dual_agrees():
    rng = random.Random(7)
    for _ in range(50):
        m, n = rng.randint(2, 8), rng.randint(2, 8)
        matrix = [[rng.choice([-2, -1, 0, 1, 2, 0.5]) for _ in range(n)] for _ in range(m)]
        rows, v = solve_row_player(matrix)
        cols, w = solve_row_player([[-matrix[i][j] for i in range(m)] for j in range(n)])
        assert abs(v + w) < 1e-7                                           # minimax theorem
        assert min(sum(rows[i] * matrix[i][j] for i in range(m)) for j in range(n)) >= v - 1e-7
        assert max(sum(cols[j] * matrix[i][j] for j in range(n)) for i in range(m)) <= v + 1e-7
