"""Exact behaviour of a shuffled Deck of Destiny, by dynamic programming over what is left.

The deck is a uniformly random order of a multiset of values. The time starts at the game
length L; each draw adds the card's value, and the game ends the moment the time is 0 or less
(RULINGS R1). If the deck runs out first, the game ends with no winner (R3). Every probability
here is an exact `Fraction`; no sampling.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from dragon_pnp.games.dragon_pants.data import signed


@dataclass(frozen=True)
class DrawStats:
    """Distribution of the number of Destiny draws made when the game ends (either way)."""

    pmf: dict[int, Fraction]

    @property
    def min(self) -> int:
        return min(k for k, p in self.pmf.items() if p)

    @property
    def max(self) -> int:
        return max(k for k, p in self.pmf.items() if p)

    @property
    def mean(self) -> Fraction:
        return sum((k * p for k, p in self.pmf.items()), Fraction(0))

    def quantile(self, q: Fraction) -> int:
        """Smallest draw count whose cumulative probability reaches q."""
        total = Fraction(0)
        for k in sorted(self.pmf):
            total += self.pmf[k]
            if total >= q:
                return k
        return self.max

    @property
    def median(self) -> int:
        return self.quantile(Fraction(1, 2))

    @property
    def p90(self) -> int:
        return self.quantile(Fraction(9, 10))


@dataclass(frozen=True)
class DeckAnalysis:
    """Everything a designer needs to know about one deck at one game length."""

    preset: str | None
    length: int
    composition: dict[int, int]
    p_end: Fraction  # the time reaches 0 at some draw (the last card included)
    p_last_card: Fraction  # the time reaches 0 exactly on the final card
    draws: DrawStats
    track_last: int | None = None

    @property
    def size(self) -> int:
        return sum(self.composition.values())

    @property
    def sum(self) -> int:
        return sum(value * count for value, count in self.composition.items())

    @property
    def guaranteed(self) -> bool:
        """R2: the deck always ends the game iff its sum is at most -L."""
        return self.sum <= -self.length

    @property
    def max_time(self) -> int:
        """Highest time the marker can reach: L plus every + card drawn before any - card (R4)."""
        return self.length + sum(value * count for value, count in self.composition.items() if value > 0)

    @property
    def fits_track(self) -> bool | None:
        if self.track_last is None:
            return None
        return self.max_time <= self.track_last and self.length <= self.track_last

    @property
    def p_exhausted(self) -> Fraction:
        """The deck runs out before the time reaches 0: a game with no winner (R3)."""
        return 1 - self.p_end

    def to_json(self) -> dict[str, Any]:
        """The machine-readable form used by `decks --json` and the rules-check report."""
        draws = self.draws
        return {
            "preset": self.preset,
            "length": self.length,
            "composition": {signed(v): c for v, c in sorted(self.composition.items())},
            "cards": self.size,
            "sum": self.sum,
            "guaranteed": self.guaranteed,
            "p_end": float(self.p_end),
            "p_exhausted": float(self.p_exhausted),
            "draws": {
                "min": draws.min,
                "mean": float(draws.mean),
                "median": draws.median,
                "p90": draws.p90,
                "max": draws.max,
                "pmf": {str(k): float(p) for k, p in sorted(draws.pmf.items()) if p},
            },
            "p_last_card": float(self.p_last_card),
            "max_time": self.max_time,
            "track_last": self.track_last,
            "fits_track": self.fits_track,
            "exact": {
                "p_end": str(self.p_end),
                "p_last_card": str(self.p_last_card),
                "mean_draws": str(draws.mean),
            },
        }


def analyse_deck(
    composition: Mapping[int, int],
    length: int,
    preset: str | None = None,
    track_last: int | None = None,
) -> DeckAnalysis:
    """Exact end-of-game distribution for a deck given as {value: count} and a game length."""
    values = tuple(sorted(v for v, c in composition.items() if c > 0))
    start = tuple(composition[v] for v in values)
    size = sum(start)
    if size == 0:
        raise ValueError("the Destiny deck is empty")
    if length < 1:
        raise ValueError(f"the game length must be at least 1, got {length}")

    total = _arrangements(start)
    counts, exhausted = _end_counts(values, start, length)
    ended = dict(counts)
    pmf = {k: Fraction(ways, total) for k, ways in ended.items()}
    p_end = Fraction(sum(ended.values()), total)
    p_last = pmf.get(size, Fraction(0))
    if exhausted:
        pmf[size] = pmf.get(size, Fraction(0)) + Fraction(exhausted, total)
    return DeckAnalysis(
        preset=preset,
        length=length,
        composition={v: composition[v] for v in sorted(composition) if composition[v] > 0},
        p_end=p_end,
        p_last_card=p_last,
        draws=DrawStats(dict(sorted(pmf.items()))),
        track_last=track_last,
    )


def _arrangements(counts: tuple[int, ...]) -> int:
    """Distinct orders of a multiset with these counts: the multinomial coefficient."""
    result, placed = 1, 0
    for count in counts:
        for k in range(1, count + 1):
            placed += 1
            result = result * placed // k
    return result


@lru_cache(maxsize=256)
def _end_counts(values: tuple[int, ...], start: tuple[int, ...], length: int) -> tuple[tuple[tuple[int, int], ...], int]:
    """In how many of the deck's distinct orders the game ends on each draw (draw, ways), and in
    how many it never ends. Memoised, and immutable so callers share it: a build's data checks,
    Destiny step and rulebook ask about the same decks."""
    # Count distinct value sequences instead of multiplying probabilities: every arrangement of
    # the multiset is equally likely, so integers stay exact and are far faster than Fractions.
    ended: dict[int, int] = {}
    level: dict[tuple[int, ...], int] = {start: 1}
    for drawn in range(sum(start)):
        following: dict[tuple[int, ...], int] = {}
        for remaining, ways in level.items():
            time = length + sum(v * (s - r) for v, s, r in zip(values, start, remaining))
            for i, count in enumerate(remaining):
                if not count:
                    continue
                after = remaining[:i] + (count - 1,) + remaining[i + 1 :]
                if time + values[i] <= 0:
                    ended[drawn + 1] = ended.get(drawn + 1, 0) + ways * _arrangements(after)
                else:
                    following[after] = following.get(after, 0) + ways
        level = following
    return tuple(ended.items()), sum(level.values())
