"""The report's statistics against published values (Newcombe 1998, R's binom.test, numpy)."""

from __future__ import annotations

import pytest

from dragon_pnp.stats import binomial_test, quantile, seat_tests, summarise, two_proportion_p, wilson_interval


@pytest.mark.parametrize("wins, games, low, high", [
    (81, 263, 0.2553, 0.3662),  # Newcombe (1998), Statistics in Medicine 17:857, table I
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
])
def test_wilson_interval_matches_published_values(wins, games, low, high):
    interval = wilson_interval(wins, games)
    assert interval.low == pytest.approx(low, abs=5e-5)
    assert interval.high == pytest.approx(high, abs=5e-5)
    assert interval.rate == wins / games


def test_wilson_interval_edges():
    assert wilson_interval(0, 0).low == 0.0 and wilson_interval(0, 0).high == 1.0
    full = wilson_interval(20, 20)
    assert full.high == 1.0 and full.low == pytest.approx(1 - 0.1611, abs=5e-5)
    with pytest.raises(ValueError):
        wilson_interval(5, 3)


@pytest.mark.parametrize("wins, games, p, expected", [
    (682, 925, 0.75, 0.3825),  # R: binom.test(c(682, 243), p = 3/4)
    (7, 10, 0.5, 0.34375),  # R: binom.test(7, 10)
    (0, 10, 0.5, 0.001953125),
])
def test_binomial_test_matches_r(wins, games, p, expected):
    assert binomial_test(wins, games, p) == pytest.approx(expected, abs=1e-4)


def test_quantile_is_numpy_linear():
    values = [1, 2, 3, 4]
    assert quantile(values, 0.5) == 2.5
    assert quantile(values, 0.9) == pytest.approx(3.7)  # numpy.percentile([1, 2, 3, 4], 90)
    assert quantile([7], 0.9) == 7
    summary = summarise([10, 1, 4, 3, 2])
    assert (summary.mean, summary.median, summary.p90, summary.minimum, summary.maximum) == (4, 3, pytest.approx(7.6), 1, 10)
    assert summarise([]).count == 0


def test_seat_tests_flag_only_what_chance_does_not_explain():
    fair = seat_tests([251, 249, 262, 238], 1000)
    assert not any(t.flagged for t in fair)
    skewed = seat_tests([330, 220, 230, 220], 1000)
    assert [t.flagged for t in skewed] == [True, False, False, False]
    assert skewed[0].expected == 0.25


def test_two_proportion_p():
    assert two_proportion_p(50, 100, 50, 100) == pytest.approx(1.0)
    # Classic example: 0.60 vs 0.45 with n = 200 each: z = 3.0 -> p = 0.0027.
    assert two_proportion_p(120, 200, 90, 200) == pytest.approx(0.0027, abs=1e-4)
