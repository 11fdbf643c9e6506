"""The statistics one search node keeps: a bandit per deciding seat, keyed by action notation.

A node is reached by the same sequence of actions whatever was redrawn for the hidden parts, so
one node stands for everything the deciding seat cannot tell apart (an information set, seen
from the searching seat). What is legal there can differ from one redrawn world to the next (an
opponent's hand), so a sequential node counts, per action, how often it was *available* and
uses that count in UCB1 where plain UCT uses the parent's visits (the subset-armed bandit of
information-set MCTS). A sequential arm also carries a prior, the game's `evaluate` one action
ahead: untried arms are tried best prior first, and the prior adds a bonus that fades as the
arm's own visits grow (progressive bias), so the heuristic guides the search without deciding
for it. At a simultaneous node every chooser runs its own regret matching (decoupled, as in
simultaneous-move MCTS), whose average strategy tends to an equilibrium of the two-seat zero-sum
game the node stands for; UCB there would be exploitable. Where two seats choose, the regrets
come from the payoff matrix the node's visits have estimated so far (`matrix_update`); with more
seats, from each seat's sampled outcome (`regret_update`).
"""

from __future__ import annotations

import math
import random
from typing import Any


class Arm:
    """One action's record at a node: tries, total value to its chooser (and of its squares, for
    its spread), times it was legal, its prior (None until computed); for regret matching,
    cumulative regret and summed strategy."""

    __slots__ = ("available", "prior", "regret", "squares", "total", "visits", "weight")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.available = 0
        self.prior: float | None = None
        self.regret = 0.0
        self.weight = 0.0


class Node:
    """A node: per chooser, its arms by notation; children by the joint action taken; at a
    two-seat simultaneous node, each joint action's visits and values (`cells`)."""

    __slots__ = ("arms", "cells", "children")

    def __init__(self) -> None:
        self.arms: dict[int, dict[str, Arm]] = {}
        self.children: dict[tuple[str, ...], Node] = {}
        self.cells: dict[tuple[str, str], list[float]] = {}

    def arms_of(self, seat: int, notations: list[str]) -> list[Arm]:
        """The seat's arms for the actions legal now, created on first sight, in legal order."""
        table = self.arms.get(seat)
        if table is None:
            table = self.arms[seat] = {}
        found = []
        for text in notations:
            arm = table.get(text)
            if arm is None:
                arm = table[text] = Arm()
            found.append(arm)
        return found


def anchored(arms: list[Arm], best: int, anchor: int, margin: float) -> int:
    """`anchor` (the game's own player's choice) instead of the search's `best` when best's mean
    beats it by no more than `margin` standard errors of the difference: the search departs from
    the hand-built player only on evidence, so its noise cannot make it play worse than that player.

    An arm's spread is its sample variance (over visits - 1), but never less than the node's
    pooled spread within arms: an arm tried once or twice shows no spread, and taking that for
    certainty let any single lucky playout overrule the anchor. Either arm tried fewer than twice
    is no evidence at all, so the anchor holds."""
    if margin <= 0.0 or anchor == best:
        return best
    if arms[anchor].visits < 2 or arms[best].visits < 2:
        return anchor
    pooled = _pooled_spread(arms)

    def mean_and_error(arm: Arm) -> tuple[float, float]:
        mean = arm.total / arm.visits
        spread = max((arm.squares - arm.total * mean) / (arm.visits - 1), pooled, 1e-9)
        return mean, spread / arm.visits

    top, top_error = mean_and_error(arms[best])
    held, held_error = mean_and_error(arms[anchor])
    return anchor if top - held <= margin * math.sqrt(top_error + held_error) else best


def _pooled_spread(arms: list[Arm]) -> float:
    """The variance of one value about its own arm's mean, pooled over the arms tried twice or more."""
    within, freedom = 0.0, 0
    for arm in arms:
        if arm.visits >= 2:
            within += max(arm.squares - arm.total * arm.total / arm.visits, 0.0)
            freedom += arm.visits - 1
    return within / freedom if freedom else 0.0


def ucb_pick(arms: list[Arm], exploration: float, bias: float, rng: random.Random) -> int:
    """The untried arm of best prior (ties at random), else the best UCB1 score over availability
    counts plus the progressive bias `bias * prior / (visits + 1)`.

    Means and priors are rescaled to the spread between the node's worst and best, so one constant
    suits a game whose `evaluate` moves in small steps and one scored by wins and losses alike.
    """
    for arm in arms:
        arm.available += 1
    priors = [arm.prior if arm.prior is not None else 0.0 for arm in arms]
    p_low, p_high = min(priors), max(priors)
    p_scale = 1.0 / (p_high - p_low) if p_high - p_low > 1e-9 else 0.0
    untried = [i for i, arm in enumerate(arms) if arm.visits == 0]
    if untried:
        top = max(priors[i] for i in untried)
        best = [i for i in untried if priors[i] >= top - 1e-12]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]
    means = [arm.total / arm.visits for arm in arms]
    low, high = min(means), max(means)
    scale = 1.0 / (high - low) if high - low > 1e-9 else 1.0
    best_index, best_score = 0, -math.inf
    for i, arm in enumerate(arms):
        score = (means[i] - low) * scale + exploration * math.sqrt(math.log(arm.available) / arm.visits)
        if p_scale:
            score += bias * (priors[i] - p_low) * p_scale / (arm.visits + 1)
        if score > best_score:
            best_index, best_score = i, score
    return best_index


def regret_strategy(arms: list[Arm]) -> list[float]:
    """Regret matching: play in proportion to positive regret (uniform when none is positive)."""
    positive = [arm.regret if arm.regret > 0.0 else 0.0 for arm in arms]
    total = sum(positive)
    if total <= 0.0:
        return [1.0 / len(arms)] * len(arms)
    return [p / total for p in positive]


def regret_pick(arms: list[Arm], explore: float, rng: random.Random) -> tuple[int, list[float]]:
    """Sample from regret matching mixed with `explore` uniform play; returns (index, the mix).
    The unmixed strategy is added to each arm's weight, the t-th visit with weight t (linear
    averaging, as in CFR+): the early, uninformed strategies fade from the average, the answer."""
    strategy = regret_strategy(arms)
    n = len(arms)
    mix = [(1.0 - explore) * p + explore / n for p in strategy]
    for arm, p in zip(arms, strategy, strict=True):
        arm.available += 1
        arm.weight += p * arm.available
    draw = rng.random()
    cumulative = 0.0
    for i, p in enumerate(mix):
        cumulative += p
        if draw < cumulative:
            return i, mix
    return n - 1, mix


def matrix_update(node: Node, texts: tuple[list[str], list[str]], arms: tuple[list[Arm], list[Arm]],
                  chosen: tuple[int, int], values: tuple[float, float]) -> None:
    """A two-seat simultaneous node after one visit: the joint action's cell takes both seats'
    values, then each seat's regret grows by every one of its actions' value against the other
    seat's current strategy, read from the cells' means, less its own strategy's value.

    Full-information regret matching on the payoff matrix estimated so far: no value is divided
    by the probability it was drawn with (outcome sampling's estimate, unbiased but far too
    noisy for a search of a few hundred iterations over a dozen actions a seat), and exploration
    does not bias the answer, since each cell's value does not depend on how often it was drawn.
    A cell never visited reads as its row's (or column's) mean so far, else the node's.
    """
    rows, columns = texts
    row_arms, column_arms = arms
    key = (rows[chosen[0]], columns[chosen[1]])
    cell = node.cells.get(key)
    if cell is None:
        cell = node.cells[key] = [0.0, 0.0, 0.0]
    cell[0] += 1.0
    cell[1] += values[0]
    cell[2] += values[1]
    for side in (0, 1):
        arm = arms[side][chosen[side]]
        arm.visits += 1
        arm.total += values[side]
        arm.squares += values[side] * values[side]     # for `anchored`'s spread at a root
    row_fallback = _means(row_arms, values[0])
    column_fallback = _means(column_arms, values[1])
    row_strategy = regret_strategy(row_arms)
    column_strategy = regret_strategy(column_arms)
    row_gain = [0.0] * len(rows)
    column_gain = [0.0] * len(columns)
    cells = node.cells
    for i, row in enumerate(rows):
        p = row_strategy[i]
        for j, column in enumerate(columns):
            found = cells.get((row, column))
            if found is None:
                first, second = row_fallback[i], column_fallback[j]
            else:
                first, second = found[1] / found[0], found[2] / found[0]
            row_gain[i] += column_strategy[j] * first
            column_gain[j] += p * second
    _regret_step(row_arms, row_strategy, row_gain)
    _regret_step(column_arms, column_strategy, column_gain)


def _means(arms: list[Arm], default: float) -> list[float]:
    visits = sum(arm.visits for arm in arms)
    overall = sum(arm.total for arm in arms) / visits if visits else default
    return [arm.total / arm.visits if arm.visits else overall for arm in arms]


def _regret_step(arms: list[Arm], strategy: list[float], gains: list[float]) -> None:
    expected = sum(p * g for p, g in zip(strategy, gains, strict=True))
    for arm, gain in zip(arms, gains, strict=True):
        regret = arm.regret + gain - expected
        arm.regret = regret if regret > 0.0 else 0.0


def regret_update(arms: list[Arm], chosen: int, mix: list[float], value: float) -> None:
    """Outcome-sampling regret with each arm's mean so far as its baseline (the node's mean for an
    arm never drawn): an arm not drawn is
    estimated at its mean, the drawn one at its mean plus the surprise over the probability it
    was drawn with. Unbiased like the bare value over that probability, and far less noisy
    where values lie close together (a position already won, dice in the playouts). Each arm's
    regret grows by its estimate less the mix's; cumulative regret is floored at 0 (regret
    matching+), so an action that looked bad early recovers quickly."""
    visits = sum(arm.visits for arm in arms)
    node_mean = sum(arm.total for arm in arms) / visits if visits else value
    estimates = []
    for i, arm in enumerate(arms):
        base = arm.total / arm.visits if arm.visits else node_mean
        estimates.append(base + (value - base) / mix[i] if i == chosen else base)
    expected = sum(p * e for p, e in zip(mix, estimates, strict=True))
    for arm, estimate in zip(arms, estimates, strict=True):
        regret = arm.regret + estimate - expected
        arm.regret = regret if regret > 0.0 else 0.0
    arms[chosen].visits += 1
    arms[chosen].total += value


def average_strategy(arms: list[Arm], floor: float = 0.0) -> list[float]:
    """The average strategy over the search: what a simultaneous choice is drawn from. Actions at
    or below `floor` of the whole are dropped and the rest rescaled (purification: what is left
    of early noise in a short search is no part of an equilibrium)."""
    total = sum(arm.weight for arm in arms)
    if total <= 0.0:
        return [1.0 / len(arms)] * len(arms)
    mix = [arm.weight / total for arm in arms]
    if floor > 0.0 and max(mix) >= floor:
        kept = [p if p > floor else 0.0 for p in mix]
        total = sum(kept)
        mix = [p / total for p in kept]
    return mix


def notation_key(joint: dict[int, Any]) -> tuple[str, ...]:
    """A joint action as the child's key: notations in seat order."""
    return tuple(str(joint[s]) for s in sorted(joint))
