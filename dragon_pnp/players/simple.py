"""Two players every game gets for free: uniformly random, and a one-ply look-ahead.

Both speak only the game interface, so they work for sequential and simultaneous games alike;
the search's playouts use them too (`dragon_pnp.search.player`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dragon_pnp.games.api import GameModule, GameState, Policy

# The players every game has, whatever it names itself (`search` is `dragon_pnp.search`).
GENERIC = ("random", "lookahead", "search")
# Opponent replies sampled per own action when a simultaneous node has too many to try all.
REPLY_SAMPLES = 8


class RandomPolicy:
    """Uniformly random among the seat's legal actions."""

    name = "random"

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Any:
        return rng.choice(state.legal_actions(seat))


def random_policy(rules: Any) -> Policy:
    return RandomPolicy()


class LookaheadPolicy:
    """Tries each own action one step ahead and keeps the best by the game's `evaluate`.

    At a simultaneous node the other seats' replies are all tried when few, else sampled;
    each own action scores the mean value over those replies. Ties break at random.
    """

    name = "lookahead"

    def __init__(self, module: GameModule):
        self.module = module

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Any:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        others = [s for s in state.to_move() if s != seat]
        replies = self._replies(state, others, rng)
        best: list[Any] = []
        best_value = float("-inf")
        for action in legal:
            total = 0.0
            for reply in replies:
                after = state.clone()
                after.apply({seat: action, **reply})
                total += self.module.evaluate(after, seat)
            value = total / len(replies)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return rng.choice(best)

    @staticmethod
    def _replies(state: GameState, others: list[int], rng: random.Random) -> list[dict[int, Any]]:
        if not others:
            return [{}]
        options = {s: state.legal_actions(s) for s in others}
        size = 1
        for acts in options.values():
            size *= len(acts)
        if size <= REPLY_SAMPLES:
            joint: list[dict[int, Any]] = [{}]
            for s, acts in options.items():
                joint = [{**j, s: a} for j in joint for a in acts]
            return joint
        return [{s: rng.choice(acts) for s, acts in options.items()} for _ in range(REPLY_SAMPLES)]


def lookahead_policy(module: GameModule) -> Callable[[Any], Policy]:
    return lambda rules: LookaheadPolicy(module)


def own_policies(module: GameModule) -> list[str]:
    """The names of the game's own players, in the order it lists them (weakest first)."""
    return [name for name in module.policies() if name not in GENERIC]
