"""Dragon Dance players for the rules check: greedy and strong (besides the generic random).

Both look one round ahead with `RoundModel`, which works out every joint choice of a round from
the card tables without touching the state's dice generator (a player must not see the next
re-roll). Greedy answers an opponent it assumes plays uniformly at random and counts only this
round's damage. Strong treats each simultaneous node as the zero-sum matrix game it is: card
pairs are scored by the evaluator's win chance after the round, die pairs by the value of the
card game they lead to, and it plays the optimal mixed strategy, sampled with the given rng.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any
from weakref import WeakKeyDictionary

from dragon_pnp.games.api import GameState
from dragon_pnp.games.dragon_dance.evaluation import DEFAULT_WEIGHTS, Evaluator, Weights
from dragon_pnp.games.dragon_dance.rules import INCREASE, LONG, REDUCE, SHORT, CardRule, Rules
from dragon_pnp.games.dragon_dance.state import CARD, COMBO, DIE, DanceState
from dragon_pnp.games.matrix_game import Solution, sample, solve

Leaf = Callable[[int, int, int, int, float, float, int], float]
CACHE_LIMIT = 200_000


def pools(state: DanceState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's available dice before this round's die choice (chosen dice put back)."""
    if state.phase == DIE:
        return state.dice[0], state.dice[1]
    return tuple(tuple(sorted(state.dice[s] + ((f,) if f > 0 else ()))) for s, f in enumerate(state.table_die))  # type: ignore[return-value]


def _without(dice: tuple[int, ...], face: int) -> tuple[int, ...]:
    if not face:
        return dice
    i = dice.index(face)
    return dice[:i] + dice[i + 1:]


class RoundModel:
    """Values of every card pair of a round, from seat 0's side, for given die choices."""

    def __init__(self, rules: Rules, evaluator: Evaluator):
        self.rules = rules
        self.ev = evaluator
        self.mean_face = [sum(w[1:]) / 6 for w in evaluator.face_worth]

    def options(self, state: DanceState, seat: int, face: int, pool: tuple[int, ...]) -> list[tuple[CardRule, int, float]]:
        """Each playable card with the hand and dice worth its seat keeps after the round."""
        rules, ev = self.rules, self.ev
        hand = state.hands[seat]
        playable = hand & rules.playable[seat][state.range]
        kept = ev.dice_worth(seat, _without(pool, face))
        if rules.recuperate_keeps_dice:
            fresh = kept + (state.spent[seat] + (1 if face else 0)) * self.mean_face[seat]
        else:
            fresh = ev.fresh_dice[seat]
        options = []
        for card in rules.cards[seat]:
            if playable >> card.index & 1:
                if card.recuperate:
                    options.append((card, rules.all_cards[seat], fresh))
                else:
                    options.append((card, hand & ~(1 << card.index), kept))
        return options

    def card_matrix(self, state: DanceState, f0: int, f1: int, leaf: Leaf) -> tuple[list[Any], list[Any], list[list[float]]]:
        """(seat 0 options, seat 1 options, matrix of leaf values after the round)."""
        rules = self.rules
        pool0, pool1 = pools(state)
        opts0 = self.options(state, 0, f0, pool0)
        opts1 = self.options(state, 1, f1, pool1)
        life0, life1 = state.life
        start = state.range
        dice_left = (_without(pool0, f0), _without(pool1, f1))
        matrix = []
        for c0, h0, w0 in opts0:
            a0 = c0.table[f0] if c0.attack else 0
            p0 = c0.table[f0] if c0.defence else 0
            row = []
            for c1, h1, w1 in opts1:
                dealt0 = 0
                if c0.attack and not c1.dodge:
                    dealt0 = a0 - (c1.table[f1] if c1.defence else 0)
                    if dealt0 < 0:
                        dealt0 = 0
                dealt1 = 0
                if c1.attack and not c0.dodge:
                    dealt1 = c1.table[f1] - p0
                    if dealt1 < 0:
                        dealt1 = 0
                moved = _moved(start, c0.move, c1.move)
                if (c0.combo and dealt0) or (c1.combo and dealt1):
                    check = start if rules.combo_before_movement else moved
                    row.append(self._with_combos(leaf, life0 - dealt1, life1 - dealt0, (c0, c1), (h0, h1), (w0, w1),
                                                 (dealt0, dealt1), check, moved, dice_left))
                else:
                    row.append(leaf(life0 - dealt1, life1 - dealt0, h0, h1, w0, w1, moved))
            matrix.append(row)
        return opts0, opts1, matrix

    def _with_combos(self, leaf: Leaf, l0: int, l1: int, cards: tuple[CardRule, CardRule],
                     hand_masks: tuple[int, int], hand_worths: tuple[float, float], dealt: tuple[int, int],
                     check: int, moved: int, dice_left: Sequence[Sequence[int]]) -> float:
        """The round's value when a Combo card dealt damage: each such seat takes its best follow-up."""
        rules, ev = self.rules, self.ev
        lives = [l0, l1]
        hands = list(hand_masks)
        worths = list(hand_worths)
        best: tuple[float, list[int], list[int], list[float]] | None
        for seat in (0, 1):
            card = cards[seat]
            if not (card.combo and dealt[seat]):
                continue
            partners = hands[seat] & rules.combo_cards[seat] & rules.playable[seat][check]
            if not partners:
                continue
            other = 1 - seat
            dodged = cards[other].dodge
            best = None
            for partner in rules.cards[seat]:
                if not partners >> partner.index & 1:
                    continue
                for face in (0, *sorted(set(dice_left[seat]))):
                    trial_lives = lives[:]
                    trial_lives[other] -= 0 if dodged else partner.table[face]
                    trial_hands = hands[:]
                    trial_hands[seat] &= ~(1 << partner.index)
                    trial_worths = worths[:]
                    trial_worths[seat] -= ev.face_worth[seat][face]
                    v = leaf(trial_lives[0], trial_lives[1], trial_hands[0], trial_hands[1],
                             trial_worths[0], trial_worths[1], moved)
                    better = best is None or (v > best[0] if seat == 0 else v < best[0])
                    if better:
                        best = (v, trial_lives, trial_hands, trial_worths)
            declined = leaf(lives[0], lives[1], hands[0], hands[1], worths[0], worths[1], moved)
            if best is not None and (best[0] > declined if seat == 0 else best[0] < declined):
                _, lives, hands, worths = best
        return leaf(lives[0], lives[1], hands[0], hands[1], worths[0], worths[1], moved)

    def combo_value(self, state: DanceState, seat: int, action: Any) -> float:
        """Seat 0's estimated win chance after `seat` answers the combo node with `action`."""
        rules, ev = self.rules, self.ev
        lives = list(state.life)
        hands = list(state.hands)
        dice = list(state.dice)
        other = 1 - seat
        if not action.declined:
            if not rules.cards[other][state.table_card[other]].dodge:
                lives[other] -= rules.cards[seat][action.index].table[action.face]
            hands[seat] &= ~(1 << action.index)
            dice[seat] = _without(dice[seat], action.face)
        range_ = state.range
        if rules.combo_before_movement:
            range_ = _moved(range_, rules.cards[0][state.table_card[0]].move, rules.cards[1][state.table_card[1]].move)
        worths = []
        for s in (0, 1):
            card = rules.cards[s][state.table_card[s]]
            if card.recuperate:
                hands[s] = rules.all_cards[s]
                worths.append(ev.fresh_dice[s])
            else:
                worths.append(ev.dice_worth(s, dice[s]))
        return ev.value(lives[0], lives[1], hands[0], hands[1], worths[0], worths[1], range_)


def _moved(start: int, m0: int, m1: int) -> int:
    """D9 (b) on plain numbers."""
    if not (m0 or m1):
        return start
    reduce = m0 == REDUCE or m1 == REDUCE
    increase = m0 == INCREASE or m1 == INCREASE
    if reduce and not increase:
        return SHORT
    if increase and not reduce:
        return LONG
    return start


def _best(values: Sequence[float], rng: random.Random) -> int:
    top = max(values)
    ties = [i for i, v in enumerate(values) if v >= top - 1e-12]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def _combo_choice(model: RoundModel, state: DanceState, seat: int, rng: random.Random) -> Any:
    legal = state.legal_actions(seat)
    sign = 1.0 if seat == 0 else -1.0
    return legal[_best([sign * model.combo_value(state, seat, a) for a in legal], rng)]


class GreedyPolicy:
    """This round's damage exchange against an opponent assumed uniformly random."""

    name = "greedy"

    def __init__(self, rules: Rules):
        self.rules = rules
        self.model = RoundModel(rules, Evaluator(rules))

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Any:
        assert isinstance(state, DanceState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == COMBO:
            return _combo_choice(self.model, state, seat, rng)
        leaf = self._swing(state, seat)
        if state.phase == CARD:
            f0, f1 = state.table_die
            _, _, matrix = self.model.card_matrix(state, f0, f1, leaf)
            return legal[_best(_against_uniform(matrix, seat), rng)]
        # Die node: each own face scored by its best card against uniform opponent dice and cards.
        other = 1 - seat
        their_faces = [a.face for a in state.legal_actions(other)]
        scores = []
        for action in legal:
            total = 0.0
            for face in their_faces:
                f0, f1 = (action.face, face) if seat == 0 else (face, action.face)
                _, _, matrix = self.model.card_matrix(state, f0, f1, leaf)
                total += max(_against_uniform(matrix, seat))
            scores.append(total / len(their_faces))
        return legal[_best(scores, rng)]

    def _swing(self, state: DanceState, seat: int) -> Leaf:
        """Life the opponent loses minus life this seat loses, each as a share of its starting life."""
        start0, start1 = state.life
        full0, full1 = self.rules.life0
        sign = 1.0 if seat == 0 else -1.0

        def leaf(l0: int, l1: int, h0: int, h1: int, w0: float, w1: float, r: int) -> float:
            return sign * ((start1 - l1) / full1 - (start0 - l0) / full0)

        return leaf


def _against_uniform(matrix: list[list[float]], seat: int) -> list[float]:
    """Each own option's mean value when the other seat picks uniformly."""
    if seat == 0:
        return [sum(row) / len(row) for row in matrix]
    columns = len(matrix[0])
    return [sum(row[j] for row in matrix) / len(matrix) for j in range(columns)]


_CACHES: WeakKeyDictionary[Rules, dict[Weights, dict[tuple[Any, ...], Solution]]] = WeakKeyDictionary()


class StrongPolicy:
    """Optimal mixed strategies of each simultaneous node, under a one-round look-ahead.

    Card node: the matrix of the evaluator's win chance after the round for every card pair.
    Die node: the matrix of the card games' values for every die pair. Both are solved exactly
    (`matrix_game.solve`); the seat's strategy is sampled with the given rng. Solutions are
    cached per rules object, shared by both seats, so the second seat's solve is a lookup.
    """

    name = "strong"

    def __init__(self, rules: Rules, weights: Weights = DEFAULT_WEIGHTS):
        self.rules = rules
        self.ev = Evaluator(rules, weights)
        self.model = RoundModel(rules, self.ev)
        self.cache = _CACHES.setdefault(rules, {}).setdefault(weights, {})

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Any:
        assert isinstance(state, DanceState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == COMBO:
            return _combo_choice(self.model, state, seat, rng)
        if state.phase == CARD:
            f0, f1 = state.table_die
            solution = self.card_game(state, f0, f1)
        else:
            solution = self.die_game(state)
        strategy = solution.rows if seat == 0 else solution.columns
        return legal[sample(strategy, rng)]

    def key(self, state: DanceState) -> tuple[Any, ...]:
        pool0, pool1 = pools(state)
        return (state.life[0], state.life[1], state.range, state.hands[0], state.hands[1],
                pool0, pool1, state.spent[0], state.spent[1])

    def card_game(self, state: DanceState, f0: int, f1: int) -> Solution:
        key = ("card", self.key(state), f0, f1)
        solution = self.cache.get(key)
        if solution is None:
            _, _, matrix = self.model.card_matrix(state, f0, f1, self.ev.value)
            solution = self._store(key, solve(matrix))
        return solution

    def die_game(self, state: DanceState) -> Solution:
        key = ("die", self.key(state))
        solution = self.cache.get(key)
        if solution is None:
            faces0 = [a.face for a in self.rules.die_choices(state.dice[0])]
            faces1 = [a.face for a in self.rules.die_choices(state.dice[1])]
            matrix = [[self.card_game(state, f0, f1).value for f1 in faces1] for f0 in faces0]
            solution = self._store(key, solve(matrix))
        return solution

    def _store(self, key: tuple[Any, ...], solution: Solution) -> Solution:
        if len(self.cache) >= CACHE_LIMIT:
            self.cache.clear()
        self.cache[key] = solution
        return solution


def greedy_policy(rules: Rules) -> GreedyPolicy:
    return GreedyPolicy(rules)


def strong_policy(rules: Rules) -> StrongPolicy:
    return StrongPolicy(rules)
