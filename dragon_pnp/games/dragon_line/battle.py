"""One battle round's resolution (L5, L7 steps 2-4) on the axis, as plain-int table lookups.

Used by the state for every round and by the policies to fill payoff matrices, so it takes
the bare facts (cards on the axis, which are activated, damage carried in) and returns the
bare outcome (which axis positions are destroyed, the damage each took, whether the
front-dragon fallback fired).
"""

from __future__ import annotations

from collections.abc import Sequence

from dragon_pnp.games.dragon_line.data import MAX_RANGE_BONUS
from dragon_pnp.games.dragon_line.rules import Rules


def resolve(rules: Rules, axis: Sequence[int], active: int,
            carried: Sequence[int] | None = None) -> tuple[int, list[int], bool]:
    """Destroyed axis positions (a bit mask), damage per position, and whether the fallback fired.

    `axis` holds a card per position (lines are full at every round's start, L7); `active` has
    bit p set when the dragon at axis position p is activated. Reform first collects the
    modifiers from every Spirit that acts, then every damage ability fires with its modified
    Damage and range, then each position compares its damage with its modified Health.
    """
    size = len(axis)
    dmg_mod = [0] * size
    hp_mod = [0] * size
    range_mod = [0] * size
    deals = rules.deals
    reformers = rules.reform_always
    reform = rules.reform
    reform_hit = rules.hit
    for p in range(size):
        c = axis[p]
        if not deals[c] and (reformers or active >> p & 1):
            rd, rh, rr = reform[c]
            for t in reform_hit[rules.suit_of[c]][0][p]:
                dmg_mod[t] += rd
                hp_mod[t] += rh
                range_mod[t] += rr
    damage = list(carried) if carried is not None else [0] * size
    base = rules.damage
    suit_of = rules.suit_of
    hit = rules.hit
    for p in range(size):
        if active >> p & 1:
            c = axis[p]
            if deals[c]:
                d = base[c] + dmg_mod[p]
                if d > 0:
                    bonus = range_mod[p]
                    for t in hit[suit_of[c]][bonus if bonus < MAX_RANGE_BONUS else MAX_RANGE_BONUS][p]:
                        damage[t] += d
    destroyed = 0
    health = rules.health
    for p in range(size):
        h = health[axis[p]] + hp_mod[p]
        if damage[p] >= (h if h > 1 else 1):
            destroyed |= 1 << p
    if destroyed:
        return destroyed, damage, False
    line = size // 2
    return (1 << (line - 1)) | (1 << line), damage, True


def modified_health(rules: Rules, axis: Sequence[int], active: int) -> list[int]:
    """Each position's Health after this round's Reforms (never below 1), for views and diagrams."""
    size = len(axis)
    hp_mod = [0] * size
    for p in range(size):
        c = axis[p]
        if not rules.deals[c] and (rules.reform_always or active >> p & 1):
            for t in rules.hit[rules.suit_of[c]][0][p]:
                hp_mod[t] += rules.reform[c][1]
    return [max(1, rules.health[axis[p]] + hp_mod[p]) for p in range(size)]
