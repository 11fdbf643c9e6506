"""Optimal mixed strategies of two-player zero-sum matrix games, each one verified.

Simultaneous choices (Dragon Dance's die and card, Dragon Line's draft, a bid) are matrix games:
the row player picks a row, the column player a column, the row player wins the entry and the
column player loses it. `solve` finds both players' optimal mixed strategies and the game's value:
a pure saddle point when there is one, else a linear programme. Every answer is checked before it
is returned: the row strategy must guarantee at least the value against every column and the
column strategy concede at most the value against every row (`check_solution`).

The LP is SciPy's HiGHS, whose duals give the column strategy: our own simplex (kept for small
matrices, where SciPy's call overhead is many times its work) returned strategies that missed the
value on degenerate matrices and stopped without converging on others, and a maintained solver
is what a wrong answer there should fall back on. A small matrix whose simplex answer fails the
check, or does not converge, is solved again by HiGHS.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

EPS = 1e-12
# How far a strategy's guarantee may fall short of the value, relative to the matrix's range:
# HiGHS solves to about 1e-9 of that, so this leaves room for rounding and nothing more.
TOLERANCE = 1e-7
# Up to this many cells the small simplex below answers first (its answer verified like any):
# HiGHS through SciPy costs 6-15 ms a call whatever the size, the simplex 0.04 ms at 3 x 3,
# 2.4 ms at 10 x 10, 8 ms at 16 x 16 and 15 ms at 16 x 25, 35 ms at 20 x 34 (HiGHS 16 ms), 450 ms
# at 50 x 50 (HiGHS 25 ms). Matrices this small are most of what the players solve.
SIMPLEX_CELLS = 300


@dataclass(frozen=True)
class Solution:
    """Optimal strategies (probabilities per row and per column) and the value to the row player."""

    rows: tuple[float, ...]
    columns: tuple[float, ...]
    value: float


class UnverifiedSolution(ArithmeticError):
    """The solver's strategies do not guarantee the value it reports (never expected: a bug)."""


def solve(matrix: Sequence[Sequence[float]]) -> Solution:
    """An equilibrium of the zero-sum game whose payoffs to the row player are `matrix`."""
    m = len(matrix)
    n = len(matrix[0]) if m else 0
    if m == 0 or n == 0 or any(len(row) != n for row in matrix):
        raise ValueError("a matrix game needs a non-empty rectangular matrix")
    saddle = _saddle_point(matrix)
    if saddle is not None:
        i, j = saddle
        return Solution(_unit(m, i), _unit(n, j), matrix[i][j])
    if m * n <= SIMPLEX_CELLS:
        try:
            solution = _simplex(matrix)
            check_solution(matrix, solution)
            return solution
        except ArithmeticError:   # not converged, or strategies that miss the value: ask HiGHS
            pass
    solution = _linear_programme(matrix)
    check_solution(matrix, solution)
    return solution


def guarantees(matrix: Sequence[Sequence[float]], solution: Solution) -> tuple[float, float]:
    """(the least the row strategy wins against any column, the most the column strategy concedes
    against any row): both equal the value exactly when the strategies are optimal."""
    rows, columns = solution.rows, solution.columns
    floor = min(sum(p * x for p, x in zip(rows, column) if p) for column in zip(*matrix))
    ceiling = max(sum(q * x for q, x in zip(columns, row) if q) for row in matrix)
    return floor, ceiling


def check_solution(matrix: Sequence[Sequence[float]], solution: Solution) -> None:
    """Raise `UnverifiedSolution` unless both strategies are distributions that guarantee the value."""
    for name, strategy in (("row", solution.rows), ("column", solution.columns)):
        if min(strategy) < 0.0 or abs(sum(strategy) - 1.0) > 1e-9:
            raise UnverifiedSolution(f"the {name} strategy is not a probability distribution: {strategy}")
    floor, ceiling = guarantees(matrix, solution)
    spread = max(map(max, matrix)) - min(map(min, matrix))
    slack = TOLERANCE * max(1.0, spread)
    if floor < solution.value - slack or ceiling > solution.value + slack:
        raise UnverifiedSolution(f"value {solution.value:.9g}, but the row strategy guarantees only {floor:.9g} "
                                 f"and the column strategy concedes {ceiling:.9g}")


def _unit(size: int, index: int) -> tuple[float, ...]:
    return tuple(1.0 if k == index else 0.0 for k in range(size))


def _saddle_point(matrix: Sequence[Sequence[float]]) -> tuple[int, int] | None:
    """A pure equilibrium, if there is one: the maximin row meets the minimax column."""
    row_mins = [min(row) for row in matrix]
    best_row = max(range(len(matrix)), key=row_mins.__getitem__)
    col_maxes = [max(column) for column in zip(*matrix)]   # most calls end here: kept cheap
    best_col = min(range(len(col_maxes)), key=col_maxes.__getitem__)
    if abs(row_mins[best_row] - col_maxes[best_col]) <= EPS:
        return best_row, best_col
    return None


def _linear_programme(matrix: Sequence[Sequence[float]]) -> Solution:
    """max v s.t. sum_i x_i A_ij >= v for every column j, sum x = 1, x >= 0 (HiGHS dual simplex).

    The marginals of the column constraints are the column player's optimal strategy (LP
    duality), so one solve gives both sides. SciPy is imported here, on the first mixed game, so
    commands that never solve one do not pay for loading it."""
    import numpy as np
    from scipy.optimize import linprog

    payoff = np.asarray(matrix, dtype=float)
    m, n = payoff.shape
    # Variables x_1..x_m, v. Minimise -v; each column j: v - sum_i x_i A_ij <= 0.
    cost = np.zeros(m + 1)
    cost[-1] = -1.0
    upper = np.hstack([-payoff.T, np.ones((n, 1))])
    equal = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    bounds = [(0.0, None)] * m + [(None, None)]
    found = linprog(cost, A_ub=upper, b_ub=np.zeros(n), A_eq=equal, b_eq=np.ones(1), bounds=bounds,
                    method="highs-ds")
    if found.status != 0:
        raise UnverifiedSolution(f"the LP solver stopped without an optimum: {found.message}")
    rows = _normalised([float(p) for p in found.x[:m]])
    columns = _normalised([float(-d) for d in found.ineqlin.marginals])
    return Solution(rows, columns, float(found.x[-1]))


def _simplex(matrix: Sequence[Sequence[float]]) -> Solution:
    """max sum(y) s.t. A'y <= 1, y >= 0 with A' = A shifted positive; the duals give the rows."""
    m, n = len(matrix), len(matrix[0])
    low = min(min(row) for row in matrix)
    shift = 1.0 - low
    width = n + m + 1
    tableau = []
    for i, row in enumerate(matrix):
        line = [v + shift for v in row] + [0.0] * m + [1.0]
        line[n + i] = 1.0
        tableau.append(line)
    objective = [-1.0] * n + [0.0] * m + [0.0]
    basis = [n + i for i in range(m)]
    for _ in range(50 * (m + n)):
        entering = next((j for j in range(width - 1) if objective[j] < -EPS), -1)
        if entering < 0:
            break
        leaving, best = -1, 0.0
        for i in range(m):
            a = tableau[i][entering]
            if a > EPS:
                ratio = tableau[i][-1] / a
                if leaving < 0 or ratio < best - EPS or (abs(ratio - best) <= EPS and basis[i] < basis[leaving]):
                    leaving, best = i, ratio
        if leaving < 0:  # cannot happen: the feasible region is bounded (all entries positive)
            raise ArithmeticError("unbounded matrix-game programme")
        pivot_row = tableau[leaving]
        p = pivot_row[entering]
        pivot_row = [v / p for v in pivot_row]
        tableau[leaving] = pivot_row
        for i in range(m):
            if i != leaving:
                factor = tableau[i][entering]
                if factor != 0.0:
                    row = tableau[i]
                    tableau[i] = [a - factor * b for a, b in zip(row, pivot_row)]
        factor = objective[entering]
        objective = [a - factor * b for a, b in zip(objective, pivot_row)]
        basis[leaving] = entering
    else:
        raise ArithmeticError("the simplex did not converge")
    y = [0.0] * n
    for i, var in enumerate(basis):
        if var < n:
            y[var] = tableau[i][-1]
    total = sum(y)
    scale = 1.0 / total
    columns = _normalised([v * scale for v in y])
    rows = _normalised([max(0.0, objective[n + i]) * scale for i in range(m)])
    return Solution(rows, columns, scale - shift)


def _normalised(probabilities: list[float]) -> tuple[float, ...]:
    cleaned = [p if p > EPS else 0.0 for p in probabilities]
    total = sum(cleaned)
    return tuple(p / total for p in cleaned)


def sample(probabilities: Sequence[float], rng: random.Random) -> int:
    """An index drawn with the given probabilities (one draw from `rng`)."""
    draw = rng.random()
    cumulative = 0.0
    last = 0
    for index, p in enumerate(probabilities):
        if p > 0.0:
            cumulative += p
            last = index
            if draw < cumulative:
                return index
    return last
