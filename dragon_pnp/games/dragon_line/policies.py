"""Dragon Line players for the rules check: `greedy` and `strong`.

Both see only what their seat may see: the enemy's face-down line cards are guessed by drawing
them from the cards the seat has not seen (a few draws, payoffs averaged).

- greedy: drafts and lines up by printed numbers (Health plus Damage times forward reach),
  activates the best reply to an opponent choosing tokens at random, never removes.
- strong: drafts by a per-card value learned from simulation (`card_values.yaml`, see
  `learning.py`), lines up and refills by where each card's reach does most (read from the
  engine's reach tables), and activates by the optimal mixed strategy of the round's zero-sum
  payoff matrix (cards destroyed, weighted by learned value), solved by `matrix_game.solve`.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from dragon_pnp.games.dragon_line.duel import known_outcome_table, payoff_matrix
from dragon_pnp.games.dragon_line.knowledge import enemy_cards, guess_enemy_line
from dragon_pnp.games.dragon_line.rules import Rules
from dragon_pnp.games.dragon_line.state import ACTIVATE, DRAFT, LINE, REFILL, REMOVE, LineState
from dragon_pnp.games.matrix_game import solve

GUESSES = 3          # draws of the enemy's face-down cards per activation decision
VALUE_WEIGHT = 0.125  # a loss weighs 1 card plus this per standard deviation of the card's learned value


# --- what a card is worth where -------------------------------------------------------------------


def printed_value(rules: Rules, card: int) -> float:
    """A naive worth from the printed numbers: Health plus Damage per enemy it reaches from the front."""
    suit = rules.suit_of[card]
    if rules.deals[card]:
        forward = sum(1 for o in rules.suit_reach[suit][0] if o > 0)
        return rules.health[card] + rules.damage[card] * forward
    rd, rh, rr = rules.reform[card]
    return rules.health[card] + abs(rd) + abs(rh) + 2 * rr


def slot_fitness(rules: Rules, card: int, slot: int) -> float:
    """How much a card does from `slot` (0 = front) of a full line, from the reach tables.

    A damage ability scores its Damage for every enemy it reaches, loses half of it for hitting
    itself and nothing for friends (its owner would leave it unactivated); a Reform scores its
    modifiers on friends and their opposite on enemies. The front slot adds the card's Health,
    since the front is what the enemy hits.
    """
    size = rules.line_size
    suit = rules.suit_of[card]
    score = 0.0
    for offset in rules.suit_reach[suit][0]:
        target = slot - offset                    # own slot index; negative: the enemy's slot -target - 1
        if target >= size or target < -size:
            continue
        enemy = target < 0
        if rules.deals[card]:
            d = rules.damage[card]
            if enemy:
                score += d
            elif offset == 0:
                score -= 0.5 * d
        else:
            rd, rh, rr = rules.reform[card]
            gain = rd + rh + 1.5 * rr
            score += -gain if enemy else gain
    if slot == 0:
        score += rules.health[card]
    return score


def fitness_table(rules: Rules) -> list[list[float]]:
    """`slot_fitness` of every card at every slot."""
    return [[slot_fitness(rules, c, k) for k in range(rules.line_size)] for c in range(rules.deck_size)]


def line_plan(fixed: Sequence[int], pool: Sequence[int], values: Sequence[float],
              fitness: Sequence[Sequence[float]], size: int) -> list[int]:
    """The best ordered completion of a line begun with `fixed`, from `pool`: learned value of the
    cards kept, plus their fitness where they stand (front weighs most)."""
    start = len(fixed)
    free = size - start
    weighted = [k for k in range(start, size) if k < len(SLOT_WEIGHTS)]
    best: list[int] = []
    best_score = float("-inf")
    by_value = sorted(pool, key=lambda c: -values[c])      # stable: ties keep the pool's order
    unweighted = free - len(weighted)
    for chosen in itertools.permutations(pool, len(weighted)):
        score = 0.0
        for k, c in zip(weighted, chosen):
            score += values[c] + SLOT_WEIGHTS[k] * fitness[c][k]
        rest = [c for c in by_value if c not in chosen][:unweighted] if unweighted > 0 else []
        score += sum(values[c] for c in rest)
        if score > best_score + 1e-12:
            best, best_score = list(chosen) + rest, score
    return best


SLOT_WEIGHTS = (0.25, 0.12, 0.05)   # fitness counts most where the fighting is: front, then second


# --- what the seat knows ----------------------------------------------------------------------------


def guessed_axes(state: LineState, seat: int, rng: random.Random, guesses: int) -> list[list[int]]:
    """Axis layouts with the enemy's face-down cards guessed from what the seat saw (one if none hidden)."""
    enemy = 1 - seat
    if all(state.shown[enemy]):
        return [state.axis()]
    knowledge = enemy_cards(state, seat)
    layouts = []
    for _ in range(guesses):
        line = guess_enemy_line(state, seat, rng, knowledge)
        lines = [state.lines[seat], line] if seat == 0 else [line, state.lines[seat]]
        layouts.append(lines[0][::-1] + lines[1])
    return layouts


def round_matrix(state: LineState, seat: int, rng: random.Random, weight: Sequence[float],
                 guesses: int = GUESSES) -> list[list[float]]:
    """The seat's payoff matrix for this round, averaged over guesses of the hidden enemy cards."""
    rules = state.rules
    carried = state.carried[0][::-1] + state.carried[1] if rules.carry_damage else None
    total: list[list[float]] | None = None
    layouts = guessed_axes(state, seat, rng, guesses)
    for axis in layouts:
        matrix = payoff_matrix(known_outcome_table(rules, axis, carried), [weight[c] for c in axis], seat)
        if total is None:
            total = matrix
        else:
            total = [[a + b for a, b in zip(r1, r2)] for r1, r2 in zip(total, matrix)]
    assert total is not None
    if len(layouts) > 1:
        total = [[x / len(layouts) for x in row] for row in total]
    return total


# --- the players ------------------------------------------------------------------------------------


class _LinePlayer:
    """Shared dispatch: one method per kind of decision."""

    name = "line"

    def __init__(self, rules: Rules):
        self.rules = rules

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        phase = state.phase
        if phase == ACTIVATE:
            return self.activate(state, seat, rng)
        if phase == DRAFT:
            return self.rules.draft_actions[self.draft(state, seat, rng)]
        if phase == LINE:
            return self.rules.place_actions[self.place(state, seat, rng)]
        if phase == REFILL:
            return self.rules.refill_actions[self.refill(state, seat, rng)]
        if phase == REMOVE:
            return state.legal_actions(seat)[0]            # remove none: every card counts at the end (L8)
        raise ValueError(f"seat {seat + 1} has nothing to decide")

    # Each player answers every kind of decision: a card (by index) or, to activate, the action.
    def draft(self, state: LineState, seat: int, rng: random.Random) -> int:
        raise NotImplementedError

    def place(self, state: LineState, seat: int, rng: random.Random) -> int:
        raise NotImplementedError

    def refill(self, state: LineState, seat: int, rng: random.Random) -> int:
        raise NotImplementedError

    def activate(self, state: LineState, seat: int, rng: random.Random) -> Any:
        raise NotImplementedError

    def _best(self, cards: Sequence[int], score: Any, rng: random.Random) -> int:
        """The card with the highest score, ties broken at random."""
        scored = [(score(c), c) for c in cards]
        top = max(s for s, _ in scored)
        return rng.choice([c for s, c in scored if s >= top - 1e-12])


class GreedyPolicy(_LinePlayer):
    name = "greedy"

    def draft(self, state: LineState, seat: int, rng: random.Random) -> int:
        return self._best(state.stacks[seat], lambda c: printed_value(self.rules, c), rng)

    def place(self, state: LineState, seat: int, rng: random.Random) -> int:
        slot = len(state.lines[seat])
        remaining = state.rules.line_size - slot
        best = sorted(state.stacks[seat], key=lambda c: -printed_value(self.rules, c))[:remaining]
        return self._best(best, lambda c: self.rules.damage[c] + (self.rules.health[c] if slot == 0 else 0), rng)

    def refill(self, state: LineState, seat: int, rng: random.Random) -> int:
        return self._best(state.hands[seat], lambda c: printed_value(self.rules, c), rng)

    def activate(self, state: LineState, seat: int, rng: random.Random) -> Any:
        weight = [1.0] * self.rules.deck_size
        matrix = round_matrix(state, seat, rng, weight, guesses=1)
        means = [sum(row) for row in matrix]
        top = max(means)
        return self.rules.activate_actions[rng.choice([i for i, m in enumerate(means) if m >= top - 1e-9])]


class StrongPolicy(_LinePlayer):
    name = "strong"

    def __init__(self, rules: Rules, values: Sequence[float] | None = None):
        super().__init__(rules)
        raw = list(values if values is not None else _fallback_values(rules))
        mean = sum(raw) / len(raw)
        spread = (sum((v - mean) ** 2 for v in raw) / len(raw)) ** 0.5 or 1.0
        self.values = [(v - mean) / spread for v in raw]          # in standard deviations
        self.weight = [1.0 + VALUE_WEIGHT * v for v in self.values]
        self.fitness = fitness_table(rules)

    def draft(self, state: LineState, seat: int, rng: random.Random) -> int:
        return self._best(state.stacks[seat], lambda c: self.values[c], rng)

    def place(self, state: LineState, seat: int, rng: random.Random) -> int:
        plan = line_plan(state.lines[seat], state.stacks[seat], self.values, self.fitness, self.rules.line_size)
        return plan[0]

    def refill(self, state: LineState, seat: int, rng: random.Random) -> int:
        slot = len(state.lines[seat])
        return self._best(state.hands[seat], lambda c: self.fitness[c][slot], rng)

    def activate(self, state: LineState, seat: int, rng: random.Random) -> Any:
        matrix = round_matrix(state, seat, rng, self.weight)
        strategy = solve(matrix).rows
        pick = rng.random()
        for i, p in enumerate(strategy):
            pick -= p
            if pick < 0:
                return self.rules.activate_actions[i]
        return self.rules.activate_actions[max(range(len(strategy)), key=strategy.__getitem__)]


def _fallback_values(rules: Rules) -> list[float]:
    """Learned values when the data has them, else the printed worth scaled to a similar range."""
    if any(rules.card_value):
        return list(rules.card_value)
    raw = [printed_value(rules, c) for c in range(rules.deck_size)]
    mean = sum(raw) / len(raw)
    return [(v - mean) / 20 for v in raw]


def greedy_policy(rules: Rules) -> GreedyPolicy:
    return GreedyPolicy(rules)


def strong_policy(rules: Rules) -> StrongPolicy:
    return StrongPolicy(rules)
