"""The matrix-game machinery: round tables equal the engine's resolution, and the generic solver
(`matrix_game.solve`) plays Dragon Line's own round matrices exactly."""

from __future__ import annotations

import random

import pytest

from dragon_pnp.games.dragon_line.battle import resolve
from dragon_pnp.games.dragon_line.duel import _tables, known_outcome_table, outcome_table, payoff_matrix
from dragon_pnp.games.matrix_game import solve

from .helpers import shipped_rules


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
    ([[3, 0], [0, 1]], [0.25, 0.75], 0.75),
    ([[2, 3], [1, 4]], [1.0, 0.0], 2.0),                                    # saddle point
    ([[1, -1], [1, -1], [-1, 1]], None, 0.0),                               # duplicate rows, as rounds have
])
def test_solver_finds_optimal_mixed_strategies(matrix, strategy, value):
    found = solve(matrix)
    assert abs(found.value - value) < 1e-9 and abs(sum(found.rows) - 1) < 1e-9
    if strategy is not None:
        assert all(abs(a - b) < 1e-9 for a, b in zip(found.rows, strategy))
    worst = min(sum(found.rows[i] * matrix[i][j] for i in range(len(matrix))) for j in range(len(matrix[0])))
    assert worst >= value - 1e-9                                           # guarantees the value


def test_round_matrices_are_solved_to_the_value_both_seats_agree_on():
    """Weighted round matrices of random lines: each seat's strategy guarantees the value, and the
    two seats' matrices (one the other's negated transpose) give opposite values."""
    rules = shipped_rules()
    rng = random.Random(7)
    mixed = 0
    for _ in range(200):    # about one round in thirty calls for a mixed strategy
        axis = rng.sample(range(rules.deck_size), 8)
        table = outcome_table(rules, axis)
        weights = [1.0 + rng.random() for _ in range(8)]
        mine, theirs = payoff_matrix(table, weights, 0), payoff_matrix(table, weights, 1)
        a, b = solve(mine), solve(theirs)
        assert abs(a.value + b.value) < 1e-7                               # minimax theorem
        assert min(sum(a.rows[i] * mine[i][j] for i in range(16)) for j in range(16)) >= a.value - 1e-7
        assert min(sum(b.rows[j] * theirs[j][i] for j in range(16)) for i in range(16)) >= b.value - 1e-7
        mixed += max(a.rows) < 1.0
    assert mixed, "some rounds call for a mixed strategy"


def test_a_kept_table_is_the_engines_table_and_its_carried_damage_is_part_of_the_key():
    rules = shipped_rules(damage_carries_over=True)
    axis = list(range(8))
    fresh = known_outcome_table(rules, axis, [0] * 8)
    assert fresh == outcome_table(rules, axis, [0] * 8)
    assert known_outcome_table(rules, tuple(axis), (0,) * 8) is fresh       # the same line: kept
    hurt = [3] * 8          # three damage on every card destroys more: another key, another table
    assert known_outcome_table(rules, axis, hurt) == outcome_table(rules, axis, hurt) != fresh


def test_the_kept_tables_are_bounded(monkeypatch):
    from dragon_pnp.games.dragon_line import duel

    monkeypatch.setattr(duel, "TABLES_KEPT", 4)
    rules = shipped_rules(reform_needs_no_activation=True)
    rng = random.Random(5)
    for _ in range(7):
        known_outcome_table(rules, rng.sample(range(rules.deck_size), 8))
        assert 0 < len(_tables(rules)) <= 4
