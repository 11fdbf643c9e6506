"""`greedy`, the Dragon Pants player of the rules check: a cheap one-ply heuristic.

The greedy player reads only the public engine API and the precomputed rules tables (card
effects, board distances and sight lines); it looks no further than the action in hand, so a
decision costs a few table lookups per legal action. `GreedyPlayer` puts it behind the game
interface's `Policy`.
"""

from __future__ import annotations

import random

from dragon_pnp.games.api import GameState
from dragon_pnp.games.dragon_pants.engine import cards as fx
from dragon_pnp.games.dragon_pants.engine.actions import Action
from dragon_pnp.games.dragon_pants.engine.board import SightKind
from dragon_pnp.games.dragon_pants.engine.rules import T_ALL, T_DIAGONAL, T_FLAT, T_SELF, Rules
from dragon_pnp.games.dragon_pants.engine.state import PantsState
from dragon_pnp.games.memo import once_per_object
from dragon_pnp.games.position_fields import bit_mask

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


# Another dragon as a threat to the Pants: its hex, its reach next turn, and its ready sight cards
# as (line kind, ignores mountains, weight).
Chaser = tuple[int, int, list[tuple[SightKind, bool, float]]]


class GreedyPolicy:
    """Goes for The Pants, protects them once worn, and uses reactions whenever they fit.

    For speed it reads the state's plain-int lists (`pos`, `hands`, `spent`, `discard`) instead
    of the accessors that build new lists of names on every call, and holds each player's
    ready cards as a bitmask over card kinds.
    """

    def __init__(self, rules: Rules):
        board = rules.board
        self.rules = rules
        self.board = board
        self.index = board.index
        self.dist = rules.distances
        # Dens cannot be entered, so chase a dragon at home by heading for its den's exit.
        exits = [board.den_exit(j) if board.is_home[j] else None for j in range(board.size)]
        self.approach = [
            [row[j] if not board.is_home[j] else 99 if (way := exits[j]) is None else row[way] + 1
             for j in range(board.size)]
            for row in self.dist
        ]
        # approach_to[target][h]: moves from h to reach target, one row per target hex.
        self.approach_to = [list(column) for column in zip(*self.approach)]
        power = [i for i in range(board.size) if board.draw_power[i]]
        self.to_power = [min((self.dist[i][p] for p in power), default=99) for i in range(board.size)]
        # A place's worth to a player not wearing The Pants, by hex: chasing the holder (one row per
        # holder hex), heading for a Power space while The Pants lie on the discard pile, or else.
        self.chase_value = [[-STEP * a for a in row] for row in self.approach_to]
        self.fetch_value = [-STEP * d for d in self.to_power]
        self.roam_value = [-2.0 * d for d in self.to_power]
        self.on_mountain = board.holds_one
        self.immune = board.sight_immune
        self.is_home = board.is_home
        ids = rules.card_ids
        self.inst_kind = rules.inst_kind
        self.kind_of = {cid: k for k, cid in enumerate(ids)}
        self.effect = {cid: rules.kind_effect[k] for k, cid in enumerate(ids)}
        self.target_kind = {cid: rules.kind_target[k] for k, cid in enumerate(ids)}
        self.fits_mask = {cid: bit_mask(rules.fits[k]) for k, cid in enumerate(ids)}
        self.bite_mask = bit_mask(rules.fits_bite)
        self.reflect_mask = bit_mask(k for k, e in enumerate(rules.kind_effect) if e == fx.REFLECT)
        self.boost_mask = bit_mask(k for k, e in enumerate(rules.kind_effect) if e == fx.EXTRA_ACTION)
        self.pants = ids[rules.pants_kind]
        self.pants_card = rules.pants_card
        self.reach = rules.actions_per_turn
        # Sight cards that hurt a Pants holder: (kind bit, line kind, ignores mountains, weight).
        self.line_threats: tuple[tuple[int, SightKind, bool, float], ...] = tuple(
            (1 << k, "flat" if rules.kind_target[k] == T_FLAT else "diagonal", rules.kind_ignores_mountains[k],
             0.3 * AGAINST_HOLDER[rules.kind_effect[k]])
            for k in range(len(ids))
            if rules.kind_target[k] in (T_FLAT, T_DIAGONAL) and rules.kind_effect[k] in AGAINST_HOLDER
        )
        self.line_mask = bit_mask(k.bit_length() - 1 for k, *_ in self.line_threats)
        self.keep_value = {cid: KEEP_VALUE.get(effect, 10.0) for cid, effect in self.effect.items()}

    # --- decisions ------------------------------------------------------------------------

    def choose(self, state: PantsState, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        decision = state.choice_kind
        if decision == "action":
            return self._best_action(state, seat, legal, rng)
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
        value = self.keep_value.get(action.card, 10.0)
        return value - 8.0 if action.spent else value

    def _react(self, legal: list[Action]) -> Action:
        """Any fitting reaction beats letting a card or bite land; the most valuable answer first."""
        reactions = [a for a in legal if a.verb == "react"]
        if not reactions:
            return legal[-1]
        return max(reactions, key=self._keep)

    def _best_action(self, state: PantsState, me: int, legal: list[Action], rng: random.Random) -> Action:
        """The best-scoring action of the player on turn, ties broken by a little noise.

        The hot path of every playout of the search player: everything is looked up once per
        decision (`Look`), and moves and `end` (most of the options) are scored inline; a draw or
        a play goes through `_other_value`."""
        pos = state.pos
        hands = state.hands
        holder = state.pants_holder()
        wearing = holder == me
        chasing = holder is not None and not wearing
        loose = holder is None  # The Pants are in the Power deck or discard pile
        pants_on_top = loose and bool(state.discard) and state.discard[-1] == self.pants_card
        here = pos[me]
        # Where a move or an action ends, by hex: a table unless The Pants are worn (then the
        # exposure to the others' next turn, worked out once per hex).
        place = (None if wearing else self.chase_value[pos[holder]] if chasing and holder is not None
                 else self.fetch_value if pants_on_top else self.roam_value)
        look = Look(self, state, place)
        if wearing:
            look.chasers = self._chasers(me, pos, look)
            occupied = 0
            for p in pos:
                occupied |= 1 << p
            look.others = occupied & ~(1 << here)
        index = self.index
        bite_mask = self.bite_mask
        dragon_at: dict[int, int] | None = None
        noise = rng.random
        best, best_score = legal[0], float("-inf")
        for action in legal:
            verb = action.verb
            if verb == "move" and action.hex is not None:
                h = index[action.hex]
                value = place[h] if place is not None else look.place_value(h)
                if dragon_at is None:
                    dragon_at = {p: s for s, p in enumerate(pos) if s != me}
                victim = dragon_at.get(h)
                if victim is not None:
                    guarded = bool(bite_mask & look.ready(victim))
                    if victim == holder:
                        value = BITE_HOLDER - (70.0 if guarded else 0.0)
                    else:
                        value += (12.0 if hands[victim] else 0.0) - (40.0 if guarded else 0.0)
            elif verb == "end":
                value = look.place_value(here)
            else:
                value = self._other_value(action, state, me, holder, look)
            value = value + noise() * 0.01  # break ties without favouring list order
            if value > best_score:
                best, best_score = action, value
        return best

    def _other_value(self, action: Action, state: PantsState, me: int, holder: int | None, look: Look) -> float:
        """The score of a draw or a play (anything but a move or `end`)."""
        here = state.pos[me]
        if action.verb == "draw":
            loose = holder is None
            pants_on_top = loose and bool(state.discard) and state.discard[-1] == self.pants_card
            if action.source == "discard" and pants_on_top:
                return PANTS_ON_DISCARD
            if loose and action.source == "deck":
                return look.place_value(here) + 10.0  # run the deck down so the Pants come back
            if len(state.hands[me]) >= self.rules.hand_limit:
                return look.place_value(here) - 1.0  # a full hand only swaps one card for another
            return look.place_value(here) + (10.0 if action.source == "deck" else 4.0)
        if action.verb == "play":
            return look.place_value(here) + self._play_value(action, me, holder, state.pos, state.hands,
                                                             state.actions_left, look)
        return look.place_value(here)

    def _answered(self, look: Look, target: int, cid: str, wearing: bool) -> float:
        """How much a ready reaction of the target spoils playing `cid` at it."""
        answers = self.fits_mask[cid] & look.ready(target)
        if not answers:
            return 0.0
        return 120.0 if answers & self.reflect_mask and wearing else 60.0

    def _play_value(self, action: Action, me: int, holder: int | None, pos: list[int], hands: list[list[int]],
                    actions_left: int, look: Look) -> float:
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
            spoiled = sum(self._answered(look, s, cid, wearing) for s in others) / max(1, len(others))
            if holder is not None and not wearing:
                return 55.0 - spoiled
            if wearing:
                near = sum(1 for s in others if dist[pos[s]][pos[me]] <= self.reach + 1)
                return 20.0 * near - spoiled
            return -5.0
        if target is None:
            return -5.0
        if effect == fx.SWAP:
            # Trade places with a dragon next to the holder, then bite with the action left.
            if (holder is not None and not wearing and target != holder
                    and self.approach[pos[target]][pos[holder]] <= actions_left - 1):
                return 70.0 - self._answered(look, target, cid, wearing)
            return -5.0
        if target == holder and not wearing:
            value = AGAINST_HOLDER.get(effect, 0.0)
            if effect in (fx.LOSE, fx.LOSE_AND_HOME) and len(hands[target]) == 1:
                value += 80.0  # the holder has nothing else to lose
            return value - self._answered(look, target, cid, wearing)
        if wearing:
            gap = dist[pos[target]][pos[me]]
            if gap <= self.reach + 1:
                return AGAINST_CHASER.get(effect, 0.0) - self._answered(look, target, cid, wearing)
            return -2.0
        return (12.0 if effect == fx.STEAL else -2.0) - self._answered(look, target, cid, wearing)

    def _chasers(self, me: int, pos: list[int], look: Look) -> list[Chaser]:
        """Per other dragon: where it is, how far it can move next turn, and its ready sight cards."""
        chasers = []
        for s, p in enumerate(pos):
            if s == me:
                continue
            cards = look.ready(s)
            reach = self.reach + (1 if cards & self.boost_mask else 0)
            lines = [(sight, ignore, weight) for bit, sight, ignore, weight in self.line_threats if cards & bit] \
                if cards & self.line_mask else []
            chasers.append((p, reach, lines))
        return chasers

    def _threat(self, h: int, chasers: list[Chaser], occupied: int) -> float:
        """How exposed the Pants would be on hex h to the others' next turns: bites and sight lines."""
        threat = 0.0
        den = self.is_home[h]
        if den:
            threat += 25.0  # safe from bites, but no Destiny draw: the clock stops for us
        biteable = not self.on_mountain[h] and not den
        immune = self.immune[h]
        clear = self.board.clear
        dist = self.dist
        for p, reach, lines in chasers:
            if biteable:
                gap = dist[p][h]
                threat += 60.0 if gap <= reach else max(0.0, 12.0 - 4.0 * (gap - reach))
            if lines and not immune:
                for sight, ignore, weight in lines:
                    if clear(sight, p, h, occupied, ignore):
                        threat += weight
        return threat


class Look:
    """What one greedy decision looks up once: each seat's ready cards as a bitmask over card
    kinds (most decisions never need one, so on demand) and, while The Pants are worn, each hex's
    exposure. A small object rather than closures: compiled, a closure turned every local it
    shared into an attribute of an environment object, the whole decision's hot loop included."""

    def __init__(self, greedy: GreedyPolicy, state: PantsState, place: list[float] | None) -> None:
        self.greedy = greedy
        self.hands = state.hands
        self.spent = state.spent
        self.place = place
        self.known: dict[int, int] = {}
        self.values: dict[int, float] = {}
        self.chasers: list[Chaser] = []
        self.others = 0

    def ready(self, seat: int) -> int:
        bits = self.known.get(seat)
        if bits is None:
            bits = 0
            inst_kind = self.greedy.inst_kind
            spent = self.spent
            for c in self.hands[seat]:
                if spent[c] < 0:
                    bits |= 1 << inst_kind[c]
            self.known[seat] = bits
        return bits

    def place_value(self, h: int) -> float:
        place = self.place
        if place is not None:
            return place[h]
        value = self.values.get(h)
        if value is None:
            value = self.values[h] = -self.greedy._threat(h, self.chasers, self.others)
        return value


class GreedyPlayer:
    """The greedy heuristic as a game-interface policy: `choose(state, seat, rng)`."""

    name = "greedy"

    def __init__(self, rules: Rules):
        self.inner = greedy_for(rules)

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Action:
        assert isinstance(state, PantsState)
        return self.inner.choose(state, seat, rng)


@once_per_object
def greedy_for(rules: Rules) -> GreedyPolicy:
    """The greedy tables are built once per rules object (a few milliseconds of breadth-first searches)."""
    return GreedyPolicy(rules)


def position_value(state: PantsState, seat: int) -> float:
    """The game's `evaluate` (module.py): wearing The Pants late in the game is best; chasing a
    near holder with ready cards next. Here, compiled with the engine, because the search asks it
    at every playout's end for every seat and for every action it primes (a third of a 5-player
    search's calls into Python before)."""
    result = state.result
    if result is not None:
        if seat in result.winners:
            return 1.0
        return 0.0 if result.winners else 0.25
    rules = state.rules
    pants = rules.pants_card
    spent = state.spent
    ready = 0
    for c in state.hands[seat]:
        if spent[c] < 0 and c != pants:
            ready += 1
    holder = state.pants_holder()
    if holder == seat:
        left = max(0, state.time) / max(1, state.length)
        value = 0.6 + 0.3 * (1.0 - left)
    elif holder is None:
        value = 0.3
    else:
        gap = rules.distances[state.pos[seat]][state.pos[holder]]
        value = 0.4 - 0.025 * min(gap, 10)
    return min(1.0, value + 0.02 * min(ready, 3))
