"""A battle round as a matrix game: every pair of activation choices and what it destroys.

Filling the matrix with `battle.resolve` 256 times per decision is too slow for simulations, so
the round is split by side: what one side's dragons deal depends on its own tokens and only on
those enemy Spirits whose Reform reaches across the middle (the enemy's front Spirit with the
printed reach); Health modifiers are plain sums over each side's acting Spirits. Each side's
part is computed once per own choice, and each pair is a few additions and comparisons.
`tests/games/dragon_line/test_duel.py` holds it equal to `resolve` on random rounds.
"""

from __future__ import annotations

from typing import Sequence

from generator.games.dragon_line.data import MAX_RANGE_BONUS
from generator.games.dragon_line.rules import Rules


def outcome_table(rules: Rules, axis: Sequence[int], carried: Sequence[int] | None = None) -> list[list[int]]:
    """`table[m0][m1]`: the destroyed axis positions (bit mask) when seat 1 activates slot mask
    m0 and seat 2 slot mask m1, the front-dragon fallback included."""
    size = len(axis)
    half = size // 2
    choices = 1 << half
    deals = rules.deals
    spirits = [p for p in range(size) if not deals[axis[p]]]
    reach = [rules.hit[rules.suit_of[axis[p]]][0][p] for p in range(size)]
    # Spirits of each side whose Reform reaches the other side: the only coupling between sides.
    crossing = [0, 0]
    for p in spirits:
        side = 0 if p < half else 1
        if any((t < half) != (side == 0) for t in reach[p]):
            crossing[side] |= 1 << p
    always = rules.reform_always
    axis_mask = rules.axis_mask
    own_active = [[axis_mask[side][m] for m in range(choices)] for side in (0, 1)]

    def acting(active: int) -> int:
        spirit_bits = 0
        for p in spirits:
            if always or active >> p & 1:
                spirit_bits |= 1 << p
        return spirit_bits

    def mods(spirit_bits: int) -> tuple[list[int], list[int], list[int]]:
        dmg, hp, rng = [0] * size, [0] * size, [0] * size
        for p in spirits:
            if spirit_bits >> p & 1:
                rd, rh, rr = rules.reform[axis[p]]
                for t in reach[p]:
                    dmg[t] += rd
                    hp[t] += rh
                    rng[t] += rr
        return dmg, hp, rng

    health_mods: list[list[list[int]]] = [[], []]
    keys: list[list[int]] = [[], []]
    for side in (0, 1):
        for m in range(choices):
            bits = acting(own_active[side][m])
            health_mods[side].append(mods(bits & _side_bits(side, half))[1])
            keys[side].append(bits & crossing[side])

    base, suit_of, hit, health = rules.damage, rules.suit_of, rules.hit, rules.health
    dealt_cache: dict[tuple[int, int, int], list[int]] = {}

    def dealt(side: int, m: int, enemy_key: int) -> list[int]:
        """Damage per axis position dealt by `side`'s activated dragons."""
        key = (side, m, enemy_key)
        found = dealt_cache.get(key)
        if found is not None:
            return found
        active = own_active[side][m]
        own_spirits = acting(active) & _side_bits(side, half)
        dmg, _, rng = mods(own_spirits | enemy_key)
        out = [0] * size
        for p in range(size):
            if active >> p & 1 and deals[axis[p]]:
                d = base[axis[p]] + dmg[p]
                if d > 0:
                    bonus = rng[p] if rng[p] < MAX_RANGE_BONUS else MAX_RANGE_BONUS
                    for t in hit[suit_of[axis[p]]][bonus][p]:
                        out[t] += d
        dealt_cache[key] = out
        return out

    printed = [health[c] for c in axis]
    start = list(carried) if carried is not None else [0] * size
    fronts = (1 << (half - 1)) | (1 << half)
    table = []
    for m0 in range(choices):
        hp0, key0 = health_mods[0][m0], keys[0][m0]
        row = []
        for m1 in range(choices):
            d0 = dealt(0, m0, keys[1][m1])
            d1 = dealt(1, m1, key0)
            hp1 = health_mods[1][m1]
            destroyed = 0
            for p in range(size):
                h = printed[p] + hp0[p] + hp1[p]
                if start[p] + d0[p] + d1[p] >= (h if h > 1 else 1):
                    destroyed |= 1 << p
            row.append(destroyed or fronts)
        table.append(row)
    return table


def payoff_matrix(table: list[list[int]], weights: Sequence[float], seat: int) -> list[list[float]]:
    """Payoff to `seat` (rows = its choices): weight of enemy dragons destroyed minus its own."""
    size = len(weights)
    half = size // 2
    sign = [(1.0 if p >= half else -1.0) if seat == 0 else (1.0 if p < half else -1.0) for p in range(size)]
    signed = [sign[p] * weights[p] for p in range(size)]
    cache: dict[int, float] = {}

    def value(mask: int) -> float:
        found = cache.get(mask)
        if found is None:
            found = sum(signed[p] for p in range(size) if mask >> p & 1)
            cache[mask] = found
        return found

    if seat == 0:
        return [[value(m) for m in row] for row in table]
    n = len(table)
    return [[value(table[m0][m1]) for m0 in range(n)] for m1 in range(n)]


def _side_bits(side: int, half: int) -> int:
    return ((1 << half) - 1) << (half * side)
