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


# --- many figures at once: corrections, paired tests, detectable effects -----------------------

POWER = 0.8  # the power every "could have seen" figure is quoted at


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (R's p.adjust "holm"), in the order given.

    A figure is beyond chance at family-wise level alpha when its adjusted p-value is below alpha:
    the chance that any of the m figures is flagged while none moved stays under alpha.
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (R's p.adjust "BH"): controls the false discovery rate,
    the expected share of flagged figures that did not really move."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i], reverse=True)
    adjusted = [1.0] * m
    running = 1.0
    for position, index in enumerate(order):
        rank = m - position
        running = min(running, p_values[index] * m / rank)
        adjusted[index] = min(1.0, running)
    return adjusted


def student_t_two_sided(t: float, df: int) -> float:
    """P(|T| >= |t|) for Student's t with an integer number of degrees of freedom.

    The finite series of Abramowitz & Stegun 26.7.3 (exact for integer df, no special functions):
    with theta = atan(|t| / sqrt(df)), P(|T| < t) is a short sum of powers of cos(theta).
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if math.isinf(t):
        return 0.0
    theta = math.atan(abs(t) / math.sqrt(df))
    sin, cos2 = math.sin(theta), math.cos(theta) ** 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= cos2 * (2 * k - 1) / (2 * k)
            total += term
        inside = sin * total
    elif df == 1:
        inside = 2 * theta / math.pi
    else:
        term, total = 1.0, 1.0
        for k in range(1, (df - 1) // 2):
            term *= cos2 * (2 * k) / (2 * k + 1)
            total += term
        inside = 2 / math.pi * (theta + sin * math.cos(theta) * total)
    return min(1.0, max(0.0, 1.0 - inside))


def student_t_quantile(probability: float, df: int) -> float:
    """The t with P(T <= t) = probability (bisection on the exact two-sided tail above).

    The bisection stops once `low` and `high` are neighbouring floats: every later step leaves
    both as they are (the tail costs O(df) a call, so the ~140 idle steps were most of a tune's
    or a diff's statistics for thousands of games)."""
    if not 0.0 < probability < 1.0:
        raise ValueError(f"probability {probability} is outside (0, 1)")
    if probability == 0.5:
        return 0.0
    tail = 2 * min(probability, 1 - probability)   # the two-sided tail beyond |t|
    low, high = 0.0, 1.0
    while student_t_two_sided(high, df) > tail:
        high *= 2
    for _ in range(200):
        middle = (low + high) / 2
        if not low < middle < high:
            break
        if student_t_two_sided(middle, df) > tail:
            low = middle
        else:
            high = middle
    return high if probability > 0.5 else -high


def normal_quantile(probability: float) -> float:
    """The standard normal quantile."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(probability)


@dataclass(frozen=True)
class PairedTest:
    """The mean of paired differences (new minus old, game by game), its 95 % interval and the
    two-sided p-value that the true mean is zero. `exact` marks a shift every game shares (no
    spread): certain, not a matter of chance."""

    n: int
    mean: float
    spread: float   # standard deviation of the differences
    low: float
    high: float
    p_value: float
    exact: bool


def paired_test(differences: Sequence[float], level: float = 0.95) -> PairedTest:
    """The paired t-test of `differences` (exact t distribution), with a shift that every pair
    shares recognised as certain (p = 0) and no difference at all as certain no change (p = 1)."""
    n = len(differences)
    if n == 0:
        raise ValueError("a paired test needs at least one pair")
    mean = math.fsum(differences) / n
    spread = math.sqrt(math.fsum((d - mean) ** 2 for d in differences) / (n - 1)) if n > 1 else 0.0
    if spread <= 1e-12 * max(1.0, abs(mean)):
        moved = abs(mean) > 1e-12
        return PairedTest(n, mean, 0.0, mean, mean, 0.0 if moved else 1.0, moved)
    error = spread / math.sqrt(n)
    half = student_t_quantile(0.5 + level / 2, n - 1) * error
    return PairedTest(n, mean, spread, mean - half, mean + half, student_t_two_sided(mean / error, n - 1), False)


def detectable_difference(spread: float, n: int, alpha: float, power: float = POWER) -> float:
    """The smallest true mean difference a two-sided test at level `alpha` finds with probability
    `power` from `n` pairs whose differences spread by `spread`: (z(1 - alpha/2) + z(power)) sd / sqrt(n)."""
    if n < 1:
        return math.inf
    return (normal_quantile(1 - alpha / 2) + normal_quantile(power)) * spread / math.sqrt(n)


def share_detectable(expected: float, trials: int, alpha: float, power: float = POWER) -> float:
    """The smallest departure of a share from `expected` that a two-sided test at level `alpha`
    finds with probability `power` in `trials` trials (normal approximation, spread at `expected`)."""
    if trials < 1:
        return math.inf
    z = normal_quantile(1 - alpha / 2) + normal_quantile(power)
    return z * math.sqrt(expected * (1 - expected) / trials)


def pairs_needed(difference: float, spread: float, alpha: float, power: float = POWER) -> int:
    """Pairs a two-sided test at level `alpha` needs to find a true mean `difference` with
    probability `power` when the differences spread by `spread` (the inverse of the above)."""
    if difference <= 0:
        raise ValueError("the difference to detect must be positive")
    z = normal_quantile(1 - alpha / 2) + normal_quantile(power)
    return max(2, math.ceil((z * spread / difference) ** 2))


@dataclass(frozen=True)
class Sprt:
    """Wald's sequential probability ratio test of a share: p0 (no effect) against p1, stopping as
    soon as the evidence is clear either way rather than after a fixed count."""

    p0: float
    p1: float
    alpha: float = 0.05
    beta: float = 1 - POWER

    def verdict(self, successes: float, trials: float) -> str:
        """"p1" or "p0" once the log-likelihood ratio crosses a boundary, else "continue". A draw
        may count as half a success (the ratio is then a quasi-likelihood, as chess engines use)."""
        failures = trials - successes
        ratio = (successes * math.log(self.p1 / self.p0)
                 + failures * math.log((1 - self.p1) / (1 - self.p0)))
        if ratio >= math.log((1 - self.beta) / self.alpha):
            return "p1"
        if ratio <= math.log(self.beta / (1 - self.alpha)):
            return "p0"
        return "continue"
