"""Players for the simulated rules check: `random` and a cheap one-ply `greedy` heuristic.

The greedy player reads only the public engine API and the precomputed rules tables (card
effects, board distances and sight lines); it looks no further than the action in hand, so a
decision costs a few table lookups per legal action.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Protocol

from generator.engine import cards as fx
from generator.engine.actions import Action
from generator.engine.rules import T_ALL, T_ANY, T_DIAGONAL, T_FLAT, T_SELF, Rules


class Policy(Protocol):
    def choose(self, state, rng: random.Random) -> Action: ...


class RandomPolicy:
    """Uniformly random among the legal actions of every decision."""

    def __init__(self, rules: Rules):
        self.rules = rules

    def choose(self, state, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())


# How much the greedy player wants to keep a card it holds, by effect. The Pants are worth
# everything; a card that can take the Pants back or send a thief home is worth most of the rest.
KEEP_VALUE = {
    fx.NOTHING: 1000.0,  # The Pants
    fx.STEAL: 45.0,
    fx.REFLECT: 44.0,
    fx.LOSE_AND_HOME: 40.0,
    fx.POISON: 38.0,
    fx.CANCEL: 36.0,
    fx.HOME: 34.0,
    fx.FREEZE: 30.0,
    fx.BAIT: 28.0,
    fx.LOSE: 24.0,
    fx.EXTRA_ACTION: 20.0,
    fx.SWAP: 16.0,
}

# What a played card is worth against the Pants holder (or, while wearing them, against a chaser).
AGAINST_HOLDER = {
    fx.STEAL: 130.0, fx.LOSE_AND_HOME: 65.0, fx.HOME: 55.0, fx.FREEZE: 45.0, fx.LOSE: 20.0,
}
AGAINST_CHASER = {
    fx.LOSE_AND_HOME: 55.0, fx.HOME: 50.0, fx.FREEZE: 45.0, fx.STEAL: 12.0, fx.LOSE: 8.0,
}
STEP = 8.0  # score per hex closer to the Pants holder
BITE_HOLDER = 110.0
PANTS_ON_DISCARD = 250.0


class GreedyPolicy:
    """Goes for The Pants, protects them once worn, and uses reactions whenever they fit."""

    def __init__(self, rules: Rules):
        board = rules.board
        self.rules = rules
        self.board = board
        self.index = board.index
        self.size = board.size
        self.dist = _distances(board.steps, board.size)
        # Dens cannot be entered, so chase a dragon at home by heading for its den's exit.
        self.approach = [
            [row[j] if not board.is_den[j] else row[board.den_exit(j)] + 1 if board.den_exit(j) is not None else 99
             for j in range(board.size)]
            for row in self.dist
        ]
        power = [i for i in range(board.size) if board.draw_power[i]]
        self.to_power = [min((self.dist[i][p] for p in power), default=99) for i in range(board.size)]
        self.on_mountain = board.holds_one
        self.immune = board.sight_immune
        self.is_den = board.is_den
        ids = rules.card_ids
        self.effect = {cid: rules.kind_effect[k] for k, cid in enumerate(ids)}
        self.target_kind = {cid: rules.kind_target[k] for k, cid in enumerate(ids)}
        self.ignores_mountains = {cid: rules.kind_ignores_mountains[k] for k, cid in enumerate(ids)}
        self.fits = {cid: frozenset(ids[r] for r in rules.fits[k]) for k, cid in enumerate(ids)}
        self.fits_bite = frozenset(ids[r] for r in rules.fits_bite)
        self.pants = ids[rules.pants_kind]
        self.reach = rules.actions_per_turn
        # Line cards that hurt a Pants holder, with the sight kind they need.
        self.line_threats = {
            cid: ("flat" if t == T_FLAT else "diagonal")
            for cid, t in self.target_kind.items()
            if t in (T_FLAT, T_DIAGONAL) and self.effect[cid] in AGAINST_HOLDER
        }

    # --- decisions ------------------------------------------------------------------------

    def choose(self, state, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        decision = state.decision
        if decision == "action":
            return self._best(legal, self._scorer(state), rng)
        if decision == "react":
            return self._react(legal)
        if decision == "steal":
            return max(legal, key=self._keep)
        if decision in ("lose", "discard"):
            return min(legal, key=self._keep)
        if decision == "storm_home":
            return next((a for a in legal if a.verb == "stay"), legal[0])
        return legal[0]

    def _keep(self, action: Action) -> float:
        value = KEEP_VALUE.get(self.effect.get(action.card, ""), 10.0)
        return value - 8.0 if action.spent else value

    def _react(self, legal: list[Action]) -> Action:
        """Any fitting reaction beats letting a card or bite land; the most valuable answer first."""
        reactions = [a for a in legal if a.verb == "react"]
        if not reactions:
            return legal[-1]
        return max(reactions, key=self._keep)

    @staticmethod
    def _best(legal: list[Action], score, rng: random.Random) -> Action:
        best, best_score = legal[0], float("-inf")
        for action in legal:
            value = score(action) + rng.random() * 0.01  # break ties without favouring list order
            if value > best_score:
                best, best_score = action, value
        return best

    # --- scoring one action ----------------------------------------------------------------

    def _scorer(self, state):
        """Build the scoring function for this position: look everything up once per decision."""
        me = state.decider
        players = state.players
        index = self.index
        pos = [index[state.position(s)] for s in range(players)]
        hands = [state.hand(s) for s in range(players)]
        ready = [{cid for cid, spent in hand if not spent} for hand in hands]
        holder = state.pants_holder()
        discard = state.power_discard
        pants_on_top = bool(discard) and discard[0] == self.pants
        occupied = 0
        for p in pos:
            occupied |= 1 << p
        actions_left = state.actions_left
        dist = self.dist
        wearing = holder == me
        chasing = holder is not None and not wearing
        here = pos[me]

        values: dict[int, float] = {}
        loose = holder is None  # The Pants are in the Power deck or discard pile

        def place_value(h: int) -> float:
            value = values.get(h)
            if value is None:
                if wearing:
                    value = -self._threat(h, me, pos, ready, occupied & ~(1 << here))
                elif chasing:
                    value = -STEP * self.approach[h][pos[holder]]
                elif pants_on_top:
                    value = -STEP * self.to_power[h]
                else:
                    value = -2.0 * self.to_power[h]
                values[h] = value
            return value

        def answered(target: int, cid: str) -> float:
            """How much a ready reaction of the target spoils playing `cid` at it."""
            answers = self.fits[cid] & ready[target]
            if not answers:
                return 0.0
            return 120.0 if any(self.effect[r] == fx.REFLECT for r in answers) and wearing else 60.0

        def score(action: Action) -> float:
            verb = action.verb
            if verb == "move":
                h = index[action.hex]
                victim = next((s for s in range(players) if s != me and pos[s] == h), None)
                value = place_value(h)
                if victim is not None:
                    guarded = bool(self.fits_bite & ready[victim])
                    if victim == holder:
                        value = BITE_HOLDER - (70.0 if guarded else 0.0)
                    else:
                        value += (12.0 if hands[victim] else 0.0) - (40.0 if guarded else 0.0)
                return value
            if verb == "draw":
                if action.source == "discard" and pants_on_top:
                    return PANTS_ON_DISCARD
                if loose and action.source == "deck":
                    return place_value(here) + 10.0  # run the deck down so the Pants come back
                if len(hands[me]) >= self.rules.hand_limit:
                    return place_value(here) - 1.0  # a full hand only swaps one card for another
                return place_value(here) + (10.0 if action.source == "deck" else 4.0)
            if verb == "play":
                return place_value(here) + self._play_value(action, me, holder, pos, hands, ready,
                                                            actions_left, answered)
            return place_value(here)  # end

        return score

    def _play_value(self, action, me, holder, pos, hands, ready, actions_left, answered) -> float:
        cid, target = action.card, action.target
        effect = self.effect[cid]
        kind = self.target_kind[cid]
        dist = self.dist
        wearing = holder == me
        if kind == T_SELF:  # Boost: worth it when one more action reaches the holder or escapes
            if holder is not None and not wearing:
                gap = self.approach[pos[me]][pos[holder]]
                return 80.0 if gap == actions_left + 1 else -5.0
            return 15.0 if wearing and actions_left > 0 else -5.0
        if kind == T_ALL:  # Thunderstorm: everyone else home
            others = [s for s in range(len(pos)) if s != me]
            spoiled = sum(answered(s, cid) for s in others) / max(1, len(others))
            if holder is not None and not wearing:
                return 55.0 - spoiled
            if wearing:
                near = sum(1 for s in others if dist[pos[s]][pos[me]] <= self.reach + 1)
                return 20.0 * near - spoiled
            return -5.0
        if target is None:
            return -5.0
        if effect == fx.SWAP:
            if holder is not None and not wearing and target != holder:
                # Trade places with a dragon next to the holder, then bite with the action left.
                if self.approach[pos[target]][pos[holder]] <= actions_left - 1:
                    return 70.0 - answered(target, cid)
            return -5.0
        if target == holder and not wearing:
            value = AGAINST_HOLDER.get(effect, 0.0)
            if effect in (fx.LOSE, fx.LOSE_AND_HOME) and len(hands[target]) == 1:
                value += 80.0  # the holder has nothing else to lose
            return value - answered(target, cid)
        if wearing:
            gap = dist[pos[target]][pos[me]]
            if gap <= self.reach + 1:
                return AGAINST_CHASER.get(effect, 0.0) - answered(target, cid)
            return -2.0
        return (12.0 if effect == fx.STEAL else -2.0) - answered(target, cid)

    def _threat(self, h: int, me: int, pos: list[int], ready: list[set[str]], occupied: int) -> float:
        """How exposed the Pants would be on hex h to the others' next turns: bites and sight lines."""
        threat = 0.0
        if self.is_den[h]:
            threat += 25.0  # safe from bites, but no Destiny draw: the clock stops for us
        biteable = not self.on_mountain[h] and not self.is_den[h]
        board = self.board
        for s, p in enumerate(pos):
            if s == me:
                continue
            if biteable:
                reach = self.reach + (1 if any(self.effect[c] == fx.EXTRA_ACTION for c in ready[s]) else 0)
                gap = self.dist[p][h]
                threat += 60.0 if gap <= reach else max(0.0, 12.0 - 4.0 * (gap - reach))
            if self.immune[h]:
                continue
            for cid in ready[s]:
                sight = self.line_threats.get(cid)
                if sight and board.clear(sight, p, h, occupied, self.ignores_mountains[cid]):
                    threat += 0.3 * AGAINST_HOLDER[self.effect[cid]]
        return threat


def _distances(steps: tuple[tuple[int, ...], ...], size: int) -> list[list[int]]:
    """Moves needed from every hex to every other (99 where none leads), by breadth-first search."""
    table = []
    for start in range(size):
        row = [99] * size
        row[start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in steps[here]:
                if row[nxt] == 99:
                    row[nxt] = row[here] + 1
                    queue.append(nxt)
        table.append(row)
    return table


POLICY_TYPES = {"random": RandomPolicy, "greedy": GreedyPolicy}


def make_policy(name: str, rules: Rules) -> Policy:
    """A policy by name; greedy tables are built once per rules object."""
    key = (name, id(rules))
    cached = _CACHE.get(key)
    if cached is None or cached.rules is not rules:
        cached = _CACHE[key] = POLICY_TYPES[name](rules)
    return cached


_CACHE: dict[tuple[str, int], Policy] = {}
