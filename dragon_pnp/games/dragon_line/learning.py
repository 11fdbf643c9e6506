"""Per-card draft values learned by simulation, for the strong policy (stored in card_values.yaml).

Each learning pass plays seeded single hands in which both seats draft at random (so which cards
a seat holds is not tied to how it drafts) and line up, refill and battle as the strong policy
does with the values of the pass before. A hand gives one sample: for every card, +1 if seat 1
held it (drafted or lined up), -1 if seat 2 did, 0 otherwise, against seat 1's result (1 win,
1/2 tie, 0 loss) less 1/2. A ridge regression on these samples gives each card's value: how much
holding it instead of the opponent moves the chance to win the hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from dragon_pnp.games.dragon_line.policies import StrongPolicy
from dragon_pnp.games.dragon_line.rules import Rules
from dragon_pnp.games.dragon_line.state import LineState

RIDGE = 2.0          # shrinks cards seen in few samples toward 0
METHOD = "ridge regression of hand result on cards held; random draft, strong line-up and battle"


class ExploringPolicy(StrongPolicy):
    """The strong policy with a uniformly random draft."""

    name = "strong-random-draft"

    def draft(self, state: LineState, seat: int, rng: random.Random) -> int:
        return rng.choice(state.stacks[seat])


def play_hand(rules: Rules, players: Sequence[Any], seed: int) -> LineState:
    """One single hand between two policies, their randomness drawn from a generator of `seed`."""
    state = LineState(rules, seed, single=True)
    rng = random.Random(f"players:{seed}")
    while state.result is None:
        state.apply({s: players[s].choose(state, s, rng) for s in state.to_move()})
    return state


def sample(state: LineState) -> tuple[list[int], float]:
    """The (features, target) pair of one finished hand."""
    hand = state.hands_log[-1]
    features = [0] * state.rules.deck_size
    for seat, sign in ((0, 1), (1, -1)):
        for card in set(hand["drafted"][seat]) | set(hand["fielded"][seat]):
            features[card] += sign
    winners = hand["winners"]
    result = 0.5 if not winners else (1.0 if winners[0] == 0 else 0.0)
    return features, result - 0.5


def ridge(samples: Sequence[tuple[list[int], float]], size: int, penalty: float = RIDGE) -> list[float]:
    """Coefficients minimising squared error plus `penalty` x their squared length (Gauss-Jordan)."""
    gram = [[0.0] * size for _ in range(size)]
    rhs = [0.0] * size
    for x, y in samples:
        nonzero = [(i, v) for i, v in enumerate(x) if v]
        for i, vi in nonzero:
            rhs[i] += vi * y
            row = gram[i]
            for j, vj in nonzero:
                row[j] += vi * vj
    for i in range(size):
        gram[i][i] += penalty
    matrix = [row + [rhs[i]] for i, row in enumerate(gram)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        lead = matrix[col][col]
        matrix[col] = [v / lead for v in matrix[col]]
        for r in range(size):
            if r != col and matrix[r][col]:
                factor = matrix[r][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col])]
    return [matrix[i][size] for i in range(size)]


def hand_samples(rules: Rules, values: Sequence[float] | None, seeds: Sequence[int]) -> list[tuple[list[int], float]]:
    """Samples from one single hand per seed, both seats exploring with `values`."""
    players = [ExploringPolicy(rules, values), ExploringPolicy(rules, values)]
    return [sample(play_hand(rules, players, seed)) for seed in seeds]


def learn_values(rules: Rules, hands: int, seed: int, passes: int = 2,
                 run: Callable[[Sequence[float] | None, list[list[int]]], list[list[tuple[list[int], float]]]] | None = None,
                 chunk: int = 50) -> list[float]:
    """Card values after `passes` learning passes of `hands` hands each (seeded, deterministic).

    `run(values, seed_chunks)` plays the chunks (in worker processes, say) and returns their
    samples in chunk order; by default they are played here.
    """
    if run is None:
        run = lambda values, chunks: [hand_samples(rules, values, c) for c in chunks]  # noqa: E731
    values: list[float] | None = None
    for n in range(passes):
        seeds = [seed * 1_000_003 + n * hands + i for i in range(hands)]
        chunks = [seeds[i:i + chunk] for i in range(0, hands, chunk)]
        samples = [s for part in run(values, chunks) for s in part]
        values = ridge(samples, rules.deck_size)
    assert values is not None
    mean = sum(values) / len(values)
    return [v - mean for v in values]
