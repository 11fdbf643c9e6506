"""A battle round as a matrix game: every pair of activation choices and what it destroys.

Filling the matrix with `battle.resolve` 256 times per decision is too slow for simulations, so
the round is split by side: what one side's dragons deal depends on its own tokens and only on
those enemy Spirits whose Reform reaches across the middle (the enemy's front Spirit with the
printed reach); Health modifiers are plain sums over each side's acting Spirits. Each side's
part is computed once per own choice, and each pair is a few additions and comparisons.
`tests/games/dragon_line/test_duel.py` holds it equal to `resolve` on random rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

from dragon_pnp.games.dragon_line.data import MAX_RANGE_BONUS
from dragon_pnp.games.dragon_line.rules import Rules
from dragon_pnp.games.memo import once_per_object

TABLES_KEPT = 4096      # outcome tables a rules object keeps (about 3 kB each)


@once_per_object
def _tables(rules: Rules) -> dict[tuple[tuple[int, ...], tuple[int, ...] | None], list[list[int]]]:
    return {}


def known_outcome_table(rules: Rules, axis: Sequence[int], carried: Sequence[int] | None = None) -> list[list[int]]:
    """`outcome_table`, kept per rules object for the axes seen last (read-only: it is shared).

    A search asks the players for the same few lines again and again (its playouts replay one
    battle over redrawn hidden cards), and the table is most of an activation's cost."""
    key = (tuple(axis), tuple(carried) if carried is not None else None)
    kept = _tables(rules)
    table = kept.get(key)
    if table is None:
        if len(kept) >= TABLES_KEPT:
            kept.clear()
        table = kept[key] = outcome_table(rules, axis, carried)
    return table


def outcome_table(rules: Rules, axis: Sequence[int], carried: Sequence[int] | None = None) -> list[list[int]]:
    """`table[m0][m1]`: the destroyed axis positions (bit mask) when seat 1 activates slot mask
    m0 and seat 2 slot mask m1, the front-dragon fallback included."""
    size = len(axis)
    half = size // 2
    choices = 1 << half
    deals = rules.deals
    spirits = [p for p in range(size) if not deals[axis[p]]]
    dealers = [p for p in range(size) if deals[axis[p]]]
    reach = [rules.hit[rules.suit_of[axis[p]]][0][p] for p in range(size)]
    shift = [1 << (_FIELD * p) for p in range(size)]
    # Spirits of each side whose Reform reaches the other side: the only coupling between sides.
    crossing = [0, 0]
    for p in spirits:
        side = 0 if p < half else 1
        if any((t < half) != (side == 0) for t in reach[p]):
            crossing[side] |= 1 << p
    always = rules.reform_always
    own_active = [[rules.axis_mask[side][m] for m in range(choices)] for side in (0, 1)]

    def acting(active: int) -> int:
        """The Spirits that Reform this round, given the activated positions."""
        bits = 0
        for p in spirits:
            if always or active >> p & 1:
                bits |= 1 << p
        return bits

    def mods(spirit_bits: int) -> tuple[list[int], int, list[int]]:
        """Damage and range modifiers per position, and the Health modifiers negated and packed."""
        dmg, rng = [0] * size, [0] * size
        minus_hp = 0
        for p in spirits:
            if spirit_bits >> p & 1:
                rd, rh, rr = rules.reform[axis[p]]
                for t in reach[p]:
                    dmg[t] += rd
                    rng[t] += rr
                    minus_hp -= rh * shift[t]
        return dmg, minus_hp, rng

    minus_health: list[list[int]] = [[], []]
    keys: list[list[int]] = [[], []]
    for side in (0, 1):
        for m in range(choices):
            bits = acting(own_active[side][m])
            minus_health[side].append(mods(bits & _side_bits(side, half))[1])
            keys[side].append(bits & crossing[side])

    base, suit_of, hit, health = rules.damage, rules.suit_of, rules.hit, rules.health

    def dealt(side: int, m: int, enemy_key: int) -> int:
        """Damage per axis position dealt by `side`'s activated dragons, packed (see `_pack`)."""
        active = own_active[side][m]
        dmg, _, rng = mods((acting(active) & _side_bits(side, half)) | enemy_key)
        out = 0
        for p in dealers:
            if active >> p & 1:
                d = base[axis[p]] + dmg[p]
                if d > 0:
                    bonus = rng[p] if rng[p] < MAX_RANGE_BONUS else MAX_RANGE_BONUS
                    for t in hit[suit_of[axis[p]]][bonus][p]:
                        out += d * shift[t]
        return out

    # Each pair is then a few additions of packed integers: a field's top bit is set exactly
    # where damage >= modified Health (and damage >= 1, since Health never drops below 1).
    dealt_by = [{key: [dealt(side, m, key) for m in range(choices)] for key in set(keys[1 - side])}
                for side in (0, 1)]
    start = _pack(list(carried) if carried is not None else [0] * size)
    against_health = start + _pack([_BIAS - health[c] for c in axis])
    against_one = start + _pack([_BIAS - 1] * size)
    top = _pack([_BIAS] * size)
    fronts = (1 << (half - 1)) | (1 << half)
    compact: dict[int, int] = {}
    d0_by_key = dealt_by[0]
    keys1, minus1 = keys[1], minus_health[1]
    table = []
    for m0 in range(choices):
        minus0 = minus_health[0][m0] + against_health
        d1_column = dealt_by[1][keys[0][m0]]
        row = []
        for m1 in range(choices):
            damage = d0_by_key[keys1[m1]][m0] + d1_column[m1]
            spaced = (damage + minus0 + minus1[m1]) & (damage + against_one) & top
            destroyed = compact.get(spaced)
            if destroyed is None:
                destroyed = sum(1 << p for p in range(size) if spaced >> (_FIELD * p + _FIELD - 1) & 1) or fronts
                compact[spaced] = destroyed
            row.append(destroyed)
        table.append(row)
    return table


_FIELD = 16                 # bits per axis position in a packed vector
_BIAS = 1 << (_FIELD - 1)   # added to each field so a comparison shows in its top bit


def _pack(values: Sequence[int]) -> int:
    """Small signed integers, one per axis position, as one integer of 16-bit fields.

    Sums of packed vectors are packed sums as long as every final field lies in 0..65535, which
    holds here: damage and Health stay far below 2^15.
    """
    return sum(v << (_FIELD * p) for p, v in enumerate(values))


def payoff_matrix(table: list[list[int]], weights: Sequence[float], seat: int) -> list[list[float]]:
    """Payoff to `seat` (rows = its choices): weight of enemy dragons destroyed minus its own."""
    size = len(weights)
    half = size // 2
    signed = [(weights[p] if (p >= half) == (seat == 0) else -weights[p]) for p in range(size)]
    values: dict[int, float] = {}
    for row in table:
        for mask in row:
            if mask not in values:
                values[mask] = sum(signed[p] for p in range(size) if mask >> p & 1)
    if seat == 0:
        return [[values[m] for m in row] for row in table]
    n = len(table)
    return [[values[table[m0][m1]] for m0 in range(n)] for m1 in range(n)]


def _side_bits(side: int, half: int) -> int:
    return ((1 << half) - 1) << (half * side)
