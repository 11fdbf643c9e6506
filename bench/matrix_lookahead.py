"""A measuring stick for bench/bench_search.py: two seats' simultaneous choices as the matrix games they are.

(The search player searched this way until it moved to simultaneous-move MCTS; the bench keeps
it to score a player's mix against a best reply one decision deeper than a search looks.)

At a node where two seats choose at once, the search tries every joint choice in a redrawn world,
values what follows the same way down to a small depth (a later simultaneous node is itself
solved, a lone chooser takes its best, the game's `evaluate` scores the leaves) and plays an
optimal mixed strategy of the zero-sum game whose payoff is the difference of the two seats'
values (`matrix_game.solve`). Unlike sampled regret matching, this needs no thousands of visits
to settle on an equilibrium, and it is the equilibrium of the depth-limited game: a seat playing
it cannot be exploited there. A leaf budget, split evenly among a node's joint choices, bounds
the work whatever the branching.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dragon_pnp.games.matrix_game import solve

if TYPE_CHECKING:
    from dragon_pnp.games.api import GameState

Values = list[float]


class MatrixSearch:
    """Depth-limited backward induction with matrix-game solving at two-seat simultaneous nodes."""

    def __init__(self, evaluate: Callable[[GameState, int], float], depth: int, budget: int,
                 leaf: Callable[[GameState], Values] | None = None):
        self.evaluate = evaluate
        self.depth = depth
        self.budget = budget
        self.leaf = leaf          # scores a leaf (a playout, then `evaluate`); None: `evaluate` alone

    def value(self, world: GameState, depth: int, budget: int) -> Values:
        """Every seat's value of `world` under the depth-limited search."""
        if world.result is None and depth > 0:
            movers = world.to_move()
            if len(movers) == 2:
                solved = self._matrix(world, movers, depth, budget)
                if solved is not None:
                    return solved[2]
            elif len(movers) == 1:
                best = self._best_single(world, movers[0], depth, budget)
                if best is not None:
                    return best
        if self.leaf is not None and world.result is None:
            return self.leaf(world.clone())
        evaluate = self.evaluate
        return [evaluate(world, s) for s in range(world.seats)]

    def _best_single(self, world: GameState, seat: int, depth: int, budget: int) -> Values | None:
        legal = world.legal_actions(seat)
        if len(legal) > budget:
            return None
        share = budget // len(legal)
        best: Values | None = None
        for action in legal:
            after = world.clone()
            after.apply({seat: action})
            values = self.value(after, depth - 1, share)
            if best is None or values[seat] > best[seat]:
                best = values
        return best

    def single(self, world: GameState, seat: int) -> dict[str, float] | None:
        """The lone chooser's value of each of its legal actions (by notation) under the
        depth-limited search, less the other seats' best (a zero-sum reading, as at simultaneous
        nodes); None when the node is wider than the budget."""
        legal = world.legal_actions(seat)
        if len(legal) > self.budget:
            return None
        share = self.budget // len(legal)
        found = {}
        for action in legal:
            after = world.clone()
            after.apply({seat: action})
            values = self.value(after, self.depth - 1, share)
            others = max((v for s, v in enumerate(values) if s != seat), default=0.0)
            found[str(action)] = values[seat] - others
        return found

    def payoffs(self, world: GameState) -> list[list[float]] | None:
        """The zero-sum payoffs (first chooser's value less the second's) of every joint choice at a
        two-seat simultaneous node, rows and columns in legal order; None when too wide."""
        movers = world.to_move()
        cells = self._cells(world, movers, self.depth, self.budget) if len(movers) == 2 else None
        if cells is None:
            return None
        a, b = movers
        return [[v[a] - v[b] for v in line] for line in cells]

    def _cells(self, world: GameState, movers: tuple[int, ...], depth: int, budget: int) -> list[list[Values]] | None:
        a, b = movers
        rows, columns = world.legal_actions(a), world.legal_actions(b)
        size = len(rows) * len(columns)
        if size > budget:
            return None
        share = budget // size
        cells: list[list[Values]] = []
        for x in rows:
            line = []
            for y in columns:
                after = world.clone()
                after.apply({a: x, b: y})
                line.append(self.value(after, depth - 1, share))
            cells.append(line)
        return cells

    def _matrix(self, world: GameState, movers: tuple[int, ...], depth: int,
                budget: int) -> tuple[list[float], list[float], Values] | None:
        a, b = movers
        cells = self._cells(world, movers, depth, budget)
        if cells is None:
            return None
        payoff = [[v[a] - v[b] for v in line] for line in cells]
        solution = solve(payoff)
        seats = world.seats
        expected = [0.0] * seats
        for i, p in enumerate(solution.rows):
            if p <= 0.0:
                continue
            for j, q in enumerate(solution.columns):
                if q <= 0.0:
                    continue
                for s, v in enumerate(cells[i][j]):
                    expected[s] += p * q * v
        return list(solution.rows), list(solution.columns), expected


