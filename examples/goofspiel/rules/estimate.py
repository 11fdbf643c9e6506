"""A quick estimate of who is winning a game of Goofspiel, for look-ahead players.

Points already taken are only half the story: a player who spent high cards to take them has
less to bid with for the prizes still to come. Over a whole game the bids add up to the prizes
(both run 1 to the same top card), so a card in hand is worth about its value in prizes to come:
the estimate counts each player's hand at the exchange rate of the prizes left to the cards left
(1 at the start) and adds the difference to the lead in points. Paying a prize's value for it is
then an even trade, overpaying a loss, and taking a prize cheaply a gain. The projected lead goes
through a logistic whose width is the swing the remaining prizes still allow (their root sum of
squares), so a lead late in the game counts for more than the same lead early; a lead the
remaining prizes cannot overturn is a certain win.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

SLOPE = 1.5     # logistic slope per unit of projected lead over the prizes' swing
HAND = 1.0      # prize points per point of bids in hand, at an even exchange rate


def projected_lead(scores: Sequence[int], hands: Sequence[Sequence[int]], prizes: Sequence[int], seat: int) -> float:
    """`seat`'s lead in points plus its hand's advantage in prizes to come (see the docstring)."""
    other = 1 - seat
    lead = float(scores[seat] - scores[other])
    mine, theirs = sum(hands[seat]), sum(hands[other])
    if mine + theirs == 0:
        return lead
    rate = sum(prizes) / ((mine + theirs) / 2)
    return lead + HAND * rate * (mine - theirs)


def win_chance(scores: Sequence[int], hands: Sequence[Sequence[int]], prizes: Sequence[int], seat: int) -> float:
    """`seat`'s estimated chance to win, 0 to 1 (a draw counts half)."""
    left = sum(prizes)
    now = scores[seat] - scores[1 - seat]
    if now > left:
        return 1.0
    if -now > left:
        return 0.0
    if left == 0:
        return 0.5 if now == 0 else float(now > 0)
    swing = math.sqrt(sum(p * p for p in prizes))
    z = SLOPE * projected_lead(scores, hands, prizes, seat) / swing
    if z > 30:
        return 1.0
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))
