"""Optimal mixed strategies of small two-player zero-sum matrix games, in plain Python.

Simultaneous choices (Dragon Dance's die and card, Dragon Line's draft) are matrix games: the
row player picks a row, the column player a column, the row player wins the entry and the
column player loses it. `solve` finds both players' optimal mixed strategies and the game's
value exactly (up to float rounding) with the simplex method, Bland's rule guarding against
cycling on the ties such games are full of. Matrices here are at most a few dozen wide.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

EPS = 1e-12


@dataclass(frozen=True)
class Solution:
    """Optimal strategies (probabilities per row and per column) and the value to the row player."""

    rows: tuple[float, ...]
    columns: tuple[float, ...]
    value: float


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
    return _simplex(matrix)


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
