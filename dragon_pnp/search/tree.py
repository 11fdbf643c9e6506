"""The statistics one search node keeps: a bandit per deciding seat, keyed by action notation.

A node is reached by the same sequence of actions whatever was redrawn for the hidden parts, so
one node stands for everything the deciding seat cannot tell apart (an information set, seen
from the searching seat). What is legal there can differ from one redrawn world to the next (an
opponent's hand), so a sequential node counts, per action, how often it was *available* and
uses that count in UCB1 where plain UCT uses the parent's visits (the subset-armed bandit of
information-set MCTS). At a simultaneous node every chooser runs its own regret matching
(decoupled, as in simultaneous-move MCTS), whose average strategy tends to an equilibrium of
the two-seat zero-sum game the node stands for; UCB there would be exploitable.
"""

from __future__ import annotations

import math
import random
from typing import Any


class Arm:
    """One action's record at a node: tries, total value to its chooser, times it was legal;
    and for regret matching, cumulative regret and the summed strategy weight."""

    __slots__ = ("available", "regret", "total", "visits", "weight")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.regret = 0.0
        self.weight = 0.0


class Node:
    """A node: per chooser, its arms by notation; children by the joint action taken."""

    __slots__ = ("arms", "children")

    def __init__(self) -> None:
        self.arms: dict[int, dict[str, Arm]] = {}
        self.children: dict[tuple[str, ...], Node] = {}

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


def ucb_pick(arms: list[Arm], exploration: float, rng: random.Random) -> int:
    """An untried arm at random, else the best UCB1 score over availability counts.

    Means are rescaled to the spread between the node's worst and best arm, so one constant
    suits a game whose `evaluate` moves in small steps and one scored by wins and losses alike.
    """
    for arm in arms:
        arm.available += 1
    untried = [i for i, arm in enumerate(arms) if arm.visits == 0]
    if untried:
        return untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
    means = [arm.total / arm.visits for arm in arms]
    low, high = min(means), max(means)
    scale = 1.0 / (high - low) if high - low > 1e-9 else 1.0
    best, best_score = 0, -math.inf
    for i, arm in enumerate(arms):
        score = (means[i] - low) * scale + exploration * math.sqrt(math.log(arm.available) / arm.visits)
        if score > best_score:
            best, best_score = i, score
    return best


def regret_strategy(arms: list[Arm]) -> list[float]:
    """Regret matching: play in proportion to positive regret (uniform when none is positive)."""
    positive = [arm.regret if arm.regret > 0.0 else 0.0 for arm in arms]
    total = sum(positive)
    if total <= 0.0:
        return [1.0 / len(arms)] * len(arms)
    return [p / total for p in positive]


def regret_pick(arms: list[Arm], explore: float, rng: random.Random) -> tuple[int, list[float]]:
    """Sample from regret matching mixed with `explore` uniform play; returns (index, the mix)."""
    strategy = regret_strategy(arms)
    n = len(arms)
    mix = [(1.0 - explore) * p + explore / n for p in strategy]
    for arm, p in zip(arms, strategy):
        arm.weight += p
        arm.available += 1
    draw = rng.random()
    cumulative = 0.0
    for i, p in enumerate(mix):
        cumulative += p
        if draw < cumulative:
            return i, mix
    return n - 1, mix


def regret_update(arms: list[Arm], chosen: int, mix: list[float], value: float) -> None:
    """Importance-weighted regret: the chosen arm's value over its probability, less the value."""
    for i, arm in enumerate(arms):
        gain = value / mix[chosen] if i == chosen else 0.0
        arm.regret += gain - value
    arms[chosen].visits += 1
    arms[chosen].total += value


def average_strategy(arms: list[Arm]) -> list[float]:
    """The regret-matching average over the search: what a simultaneous choice is drawn from."""
    total = sum(arm.weight for arm in arms)
    if total <= 0.0:
        return [1.0 / len(arms)] * len(arms)
    return [arm.weight / total for arm in arms]


def notation_key(joint: dict[int, Any]) -> tuple[str, ...]:
    """A joint action as the child's key: notations in seat order."""
    return tuple(str(joint[s]) for s in sorted(joint))
