"""The statistics the rules-check report and the games' findings quote: intervals, summaries and
tests against chance.

Plain Python (no numpy or scipy) so the numbers are exact, reproducible and cheap to test
against published values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z_95 = 1.959963984540054  # two-sided 95 % normal quantile


@dataclass(frozen=True)
class Interval:
    """A proportion with its confidence interval."""

    successes: int
    trials: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else 0.0

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def to_json(self) -> dict[str, float | int]:
        return {"wins": self.successes, "games": self.trials, "rate": self.rate,
                "low": self.low, "high": self.high}


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> Interval:
    """Wilson score interval: honest near 0 and 1 where the normal interval is not."""
    if trials < 0 or not 0 <= successes <= max(trials, 0):
        raise ValueError(f"need 0 <= successes <= trials, got {successes}/{trials}")
    if trials == 0:
        return Interval(0, 0, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Interval(successes, trials, max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Summary:
    """Mean, median and 90th percentile of a sample, the figures the report prints for lengths."""

    count: int
    mean: float
    median: float
    p90: float
    minimum: float
    maximum: float

    def to_json(self) -> dict[str, float | int]:
        return {"count": self.count, "mean": self.mean, "median": self.median, "p90": self.p90,
                "min": self.minimum, "max": self.maximum}


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile (numpy's default, Hyndman-Fan type 7) of sorted values."""
    if not sorted_values:
        raise ValueError("quantile of an empty sample")
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"quantile {q} is outside [0, 1]")
    position = q * (len(sorted_values) - 1)
    below = math.floor(position)
    above = min(below + 1, len(sorted_values) - 1)
    fraction = position - below
    return sorted_values[below] + (sorted_values[above] - sorted_values[below]) * fraction


def summarise(values: Sequence[float]) -> Summary:
    """Summary of a sample; an empty sample gives zeros rather than an error (no games of a kind)."""
    if not values:
        return Summary(0, 0.0, 0.0, 0.0, 0.0, 0.0)
    ordered = sorted(values)
    return Summary(
        count=len(ordered),
        mean=math.fsum(ordered) / len(ordered),
        median=quantile(ordered, 0.5),
        p90=quantile(ordered, 0.9),
        minimum=ordered[0],
        maximum=ordered[-1],
    )


def binomial_pmf(k: int, n: int, p: float) -> float:
    """P(X = k) for X ~ Binomial(n, p), computed in log space so n in the thousands is safe."""
    if p <= 0.0:
        return 1.0 if k == 0 else 0.0
    if p >= 1.0:
        return 1.0 if k == n else 0.0
    log = (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
           + k * math.log(p) + (n - k) * math.log1p(-p))
    return math.exp(log)


def binomial_test(successes: int, trials: int, p: float) -> float:
    """Exact two-sided binomial test p-value (the method of R's binom.test and scipy).

    Sums the probability of every outcome no more likely than the one observed.
    """
    if trials == 0:
        return 1.0
    observed = binomial_pmf(successes, trials, p)
    slack = 1.0 + 1e-7  # the same relative tolerance R uses for ties
    total = math.fsum(
        pk for k in range(trials + 1) if (pk := binomial_pmf(k, trials, p)) <= observed * slack
    )
    return min(1.0, total)


@dataclass(frozen=True)
class SeatTest:
    """One seat's wins against the share chance predicts, with a Bonferroni-corrected verdict."""

    seat: int
    interval: Interval
    expected: float
    p_value: float
    flagged: bool

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, **self.interval.to_json(), "expected": self.expected,
                "p_value": self.p_value, "flagged": self.flagged}


def seat_tests(wins: Sequence[int], decided: int, alpha: float = 0.05) -> list[SeatTest]:
    """Test every seat's wins against an equal share of the decided games.

    The family-wise error rate is held at `alpha` by Bonferroni over the seats, so a flag means
    the seat is outside what chance explains, not one of several seats that drift by luck.
    """
    seats = len(wins)
    expected = 1.0 / seats if seats else 0.0
    threshold = alpha / seats if seats else alpha
    tests = []
    for seat, won in enumerate(wins):
        p_value = binomial_test(won, decided, expected)
        tests.append(SeatTest(seat, wilson_interval(won, decided), expected, p_value,
                              decided > 0 and p_value < threshold))
    return tests


def two_proportion_p(wins_a: int, n_a: int, wins_b: int, n_b: int) -> float:
    """Two-sided p-value of a pooled two-proportion z-test (is rate a different from rate b?)."""
    if n_a == 0 or n_b == 0:
        return 1.0
    pooled = (wins_a + wins_b) / (n_a + n_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if spread == 0:
        return 1.0
    z = abs(wins_a / n_a - wins_b / n_b) / spread
    return math.erfc(z / math.sqrt(2))
