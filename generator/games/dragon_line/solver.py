"""Optimal mixed strategies of small zero-sum matrix games, by the simplex method (no numpy).

The row player's optimal strategy is the dual of the column player's LP
    maximise sum(y) subject to (A + shift) y <= 1, y >= 0,
read from the slack columns of the final tableau. Bland's rule keeps the simplex from cycling
on the degenerate matrices battle rounds produce (many equal payoffs). A pure saddle point is
returned without pivoting, and duplicate rows and columns are merged first.
"""

from __future__ import annotations

from typing import Sequence

EPS = 1e-9


def solve_row_player(matrix: Sequence[Sequence[float]]) -> tuple[list[float], float]:
    """(probability per row, value of the game to the row player) for payoff matrix `matrix`."""
    m = len(matrix)
    n = len(matrix[0])
    row_min = [min(r) for r in matrix]
    col_max = [max(matrix[i][j] for i in range(m)) for j in range(n)]
    lower, upper = max(row_min), min(col_max)
    if upper - lower <= EPS:                               # a saddle point: a pure strategy is optimal
        best = row_min.index(lower)
        return [1.0 if i == best else 0.0 for i in range(m)], lower
    rows = _distinct([tuple(r) for r in matrix])
    cols = _distinct([tuple(matrix[i][j] for i in range(m)) for j in range(n)])
    reduced = [[matrix[i][j] for j in cols] for i in rows]
    weights, value = _simplex(reduced)
    strategy = [0.0] * m
    for k, i in enumerate(rows):
        strategy[i] = weights[k]
    return strategy, value


def _distinct(vectors: list[tuple[float, ...]]) -> list[int]:
    """Indices of the first occurrence of each distinct vector."""
    seen: dict[tuple[float, ...], int] = {}
    for i, v in enumerate(vectors):
        seen.setdefault(v, i)
    return sorted(seen.values())


def _simplex(a: list[list[float]]) -> tuple[list[float], float]:
    m, n = len(a), len(a[0])
    shift = 1.0 - min(min(r) for r in a)
    width = n + m + 1
    tableau = []
    for i in range(m):
        row = [x + shift for x in a[i]] + [0.0] * m + [1.0]
        row[n + i] = 1.0
        tableau.append(row)
    objective = [-1.0] * n + [0.0] * m + [0.0]
    basis = [n + i for i in range(m)]
    for _ in range(10_000):
        entering = next((j for j in range(width - 1) if objective[j] < -EPS), -1)   # Bland: lowest index
        if entering < 0:
            break
        leaving, best = -1, 0.0
        for i in range(m):
            coeff = tableau[i][entering]
            if coeff > EPS:
                ratio = tableau[i][-1] / coeff
                if leaving < 0 or ratio < best - EPS or (abs(ratio - best) <= EPS and basis[i] < basis[leaving]):
                    leaving, best = i, ratio
        if leaving < 0:                                    # unbounded: cannot happen with positive entries
            raise ArithmeticError("matrix game LP is unbounded")
        pivot_row = tableau[leaving]
        pivot = pivot_row[entering]
        pivot_row[:] = [x / pivot for x in pivot_row]
        for i in range(m):
            if i != leaving:
                factor = tableau[i][entering]
                if factor:
                    row = tableau[i]
                    tableau[i] = [x - factor * y for x, y in zip(row, pivot_row)]
        factor = objective[entering]
        objective = [x - factor * y for x, y in zip(objective, pivot_row)]
        basis[leaving] = entering
    total = objective[-1]
    weights = [max(0.0, objective[n + i]) / total for i in range(m)]
    norm = sum(weights)
    return [w / norm for w in weights], 1.0 / total - shift
