"""A quick estimate of who is winning, for look-ahead players: a race of effective life.

Each side's effective life is its life plus what its resources are worth in damage (dice
that boost a table, cards still in hand) minus the threat the other side holds at the current
range; dividing by the other side's damage rate gives the rounds it would survive. The side
that survives longer is ahead; the gap, scaled by the square root of the race's length (a
longer race is less certain), goes through a logistic to a chance of winning. Every rate and
worth comes from the card tables, so the estimate follows the data as a designer tunes it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from dragon_pnp.games.dragon_dance.rules import LONG, SHORT, Rules
from dragon_pnp.games.dragon_dance.state import DanceState


@dataclass(frozen=True)
class Weights:
    """The estimate's few constants (fitted to strong self-play outcomes, see docs)."""

    die: float = 0.465         # share of a face's table boost a die in hand is worth, in life
    card: float = 0.243       # life a card in hand (Recuperate aside) is worth: an option kept
    threat: float = 0.17      # share of the other side's best attack at this range that counts now
    attack_share: float = 0.5  # share of rounds a side attacks: card tables to damage per round
    slope: float = 1.666       # logistic slope per unit of the scaled race gap


DEFAULT_WEIGHTS = Weights()


class Evaluator:
    """Win-chance estimates for seat 0 from a position's plain numbers (all tables precomputed)."""

    def __init__(self, rules: Rules, weights: Weights = DEFAULT_WEIGHTS):
        self.rules = rules
        self.weights = weights
        self.face_worth: list[tuple[float, ...]] = []    # per seat: worth of a die by face (0 = none)
        self.fresh_dice: list[float] = []                # per seat: worth of a full fresh roll
        self.rate: list[float] = []                      # per seat: damage per round
        self.cards_in: list[list[int]] = []              # per seat, by hand mask: cards besides Recuperate
        self.threat: list[tuple[list[float], list[float]]] = []   # per seat, range, hand mask: best attack
        for seat, cards in enumerate(rules.cards):
            tabled = [c for c in cards if c.has_table]
            worth = [0.0] + [
                sum(max(0, c.table[f] - c.table[0]) for c in tabled) / max(1, len(tabled)) for f in range(1, 7)
            ]
            self.face_worth.append(tuple(worth))
            self.fresh_dice.append(rules.dice0[seat] * sum(worth[1:]) / 6)
            attacks = [c for c in cards if c.attack]
            mean_attack = [sum(c.table[1:]) / 6 for c in cards]
            rate = weights.attack_share * sum(mean_attack[c.index] for c in attacks) / max(1, len(attacks))
            self.rate.append(max(rate, 0.25))
            size = 1 << len(cards)
            recuperate = sum(1 << c.index for c in cards if c.recuperate)
            self.cards_in.append([bin(mask & ~recuperate).count("1") for mask in range(size)])
            by_range = []
            for range_ in (LONG, SHORT):
                usable = [c for c in attacks if c.playable_at(range_)]
                by_range.append([max((mean_attack[c.index] for c in usable if mask >> c.index & 1), default=0.0)
                                 for mask in range(size)])
            self.threat.append((by_range[0], by_range[1]))
        self._dice_worth: dict[tuple[int, tuple[int, ...]], float] = {}

    def dice_worth(self, seat: int, dice: tuple[int, ...]) -> float:
        key = (seat, dice)
        worth = self._dice_worth.get(key)
        if worth is None:
            table = self.face_worth[seat]
            worth = self._dice_worth[key] = sum(table[f] for f in dice)
        return worth

    def value(self, life0: int, life1: int, hand0: int, hand1: int, dice0: float, dice1: float,
              range_: int) -> float:
        """Chance that seat 0 wins; `dice0`/`dice1` are dice worths (`dice_worth`)."""
        if life0 <= 0 or life1 <= 0:
            if life1 <= 0 < life0:
                return 1.0
            if life0 <= 0 < life1:
                return 0.0
            return 0.5
        threat0 = self.threat[0][range_][hand0]
        threat1 = self.threat[1][range_][hand1]
        w = self.weights
        effective0 = life0 + w.die * dice0 + w.card * self.cards_in[0][hand0] - w.threat * threat1
        effective1 = life1 + w.die * dice1 + w.card * self.cards_in[1][hand1] - w.threat * threat0
        survives0 = effective0 / self.rate[1]
        survives1 = effective1 / self.rate[0]
        z = w.slope * (survives0 - survives1) / math.sqrt(max(survives0 + survives1, 1.0))
        if z > 30:
            return 1.0
        if z < -30:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))

    def state_value(self, state: DanceState, seat: int) -> float:
        """The estimate for `seat` of a live state (dice on the table count as spent)."""
        result = state.result
        if result is not None:
            if seat in result.winners:
                return 1.0
            return 0.0 if result.winners else 0.5
        v = self.value(state.life[0], state.life[1], state.hands[0], state.hands[1],
                       self.dice_worth(0, state.dice[0]), self.dice_worth(1, state.dice[1]), state.range)
        return v if seat == 0 else 1.0 - v
