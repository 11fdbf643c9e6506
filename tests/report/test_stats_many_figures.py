"""Statistics for comparing many figures at once, against textbook and R values worked by hand:
Holm and Benjamini-Hochberg adjustments, Student's t, the paired test, the detectable difference
and Wald's sequential test."""

from __future__ import annotations

import math

import pytest

from dragon_pnp.stats import (
    Sprt,
    benjamini_hochberg,
    detectable_difference,
    holm,
    paired_test,
    pairs_needed,
    share_detectable,
    student_t_quantile,
    student_t_two_sided,
)

P = [0.01, 0.04, 0.03, 0.005]


def test_holm_on_a_known_list():
    # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04 -> running max 0.06
    # R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
    assert holm(P) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])    # capped at 1
    assert holm([]) == []


def test_benjamini_hochberg_on_a_known_list():
    # p * 4 / rank: 0.005*4/1 = 0.02, 0.01*4/2 = 0.02, 0.03*4/3 = 0.04, 0.04*4/4 = 0.04
    # R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "BH") = 0.02 0.04 0.04 0.02
    assert benjamini_hochberg(P) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    # a later small rank cannot exceed an earlier larger one: 0.02*2/1 = 0.04 > 0.03*2/2 = 0.03
    assert benjamini_hochberg([0.02, 0.03]) == pytest.approx([0.03, 0.03])


@pytest.mark.parametrize("t, df, p", [
    (2.228, 10, 0.0500),    # the two-sided 5 % point of t(10) in every table
    (12.706, 1, 0.0500),
    (2.045, 29, 0.0500),
    (1.0, 1, 0.5),          # Cauchy: P(|T| > 1) = 1/2 exactly
    (2.0, 5, 0.1019),       # R: 2 * pt(-2, 5) = 0.1019395
    (2.0, 10, 0.0734),      # R: 2 * pt(-2, 10) = 0.07338803
    (0.0, 7, 1.0),
])
def test_student_t_matches_tables(t, df, p):
    assert student_t_two_sided(t, df) == pytest.approx(p, abs=2e-4)


def test_student_t_quantile_inverts_the_tail():
    assert student_t_quantile(0.975, 10) == pytest.approx(2.2281, abs=1e-4)
    assert student_t_quantile(0.025, 10) == pytest.approx(-2.2281, abs=1e-4)
    assert student_t_quantile(0.975, 100_000) == pytest.approx(1.95996, abs=1e-4)   # the normal limit


def test_paired_test_by_hand():
    # differences 1..5: mean 3, sd sqrt(2.5) = 1.5811, t = 3 / (1.5811 / sqrt 5) = 4.2426 on 4 df
    # R: t.test(1:5)$p.value = 0.01324; 95 % interval 3 -+ 2.7764 * 0.7071 = 1.0368 .. 4.9632
    test = paired_test([1.0, 2.0, 3.0, 4.0, 5.0])
    assert test.mean == 3.0 and test.spread == pytest.approx(math.sqrt(2.5))
    assert test.p_value == pytest.approx(0.01324, abs=1e-5)
    assert (test.low, test.high) == pytest.approx((1.0368, 4.9632), abs=1e-4)
    assert not test.exact


def test_a_shift_every_pair_shares_is_certain_and_no_difference_is_no_change():
    shifted = paired_test([1.0] * 6)
    assert shifted.exact and shifted.p_value == 0.0 and shifted.low == shifted.high == 1.0
    same = paired_test([0.0] * 6)
    assert not same.exact and same.p_value == 1.0


def test_detectable_difference_and_its_inverse():
    # (1.95996 + 0.84162) * sd / sqrt(n): sd 1, 16 pairs -> 2.80158 / 4 = 0.70040
    assert detectable_difference(1.0, 16, 0.05) == pytest.approx(0.70040, abs=1e-5)
    # at alpha 0.05 / 10 (Bonferroni over ten figures): z(0.9975) = 2.80703 -> 3.64866 / 4
    assert detectable_difference(1.0, 16, 0.005) == pytest.approx(0.91216, abs=1e-4)
    # pairs for a 0.5 difference, sd 1: (2.80158 / 0.5)^2 = 31.4 -> 32
    assert pairs_needed(0.5, 1.0, 0.05) == 32
    assert detectable_difference(1.0, pairs_needed(0.5, 1.0, 0.05), 0.05) <= 0.5


def test_share_detectable_by_hand():
    # (1.95996 + 0.84162) * sqrt(0.5 * 0.5 / 100) = 2.80158 * 0.05 = 0.14008
    assert share_detectable(0.5, 100, 0.05) == pytest.approx(0.14008, abs=1e-5)
    # a third, 90 trials: sqrt(2/9 / 90) = 0.049690 -> 0.13921
    assert share_detectable(1 / 3, 90, 0.05) == pytest.approx(0.13921, abs=1e-5)


def test_sprt_stops_once_the_answer_is_clear():
    # p0 0.5 v p1 0.6, alpha 0.05, beta 0.2: accept p1 above ln(0.8/0.05) = 2.773, p0 below
    # ln(0.2/0.95) = -1.558. 70 of 100: 70 ln 1.2 + 30 ln 0.8 = 6.07; 60 of 100: 2.01; 40 of 100: -2.04.
    test = Sprt(0.5, 0.6)
    assert test.verdict(70, 100) == "p1"
    assert test.verdict(60, 100) == "continue"
    assert test.verdict(40, 100) == "p0"
