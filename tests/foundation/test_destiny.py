"""Exact Destiny maths against brute-force enumeration and a seeded Monte Carlo."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from dragon_pnp.errors import NotationError
from dragon_pnp.games.dragon_pants.destiny import analyse_deck, analyse_presets, parse_deck_spec


def brute_force(composition: dict[int, int], length: int) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """Enumerate every order of the deck (cards distinguishable, so each is equally likely)."""
    cards = [v for v, c in composition.items() for _ in range(c)]
    ends: Counter[int] = Counter()
    ended = last = total = 0
    for order in permutations(cards):
        total += 1
        time = length
        for drawn, value in enumerate(order, start=1):
            time += value
            if time <= 0:
                ends[drawn] += 1
                ended += 1
                last += drawn == len(cards)
                break
        else:
            ends[len(cards)] += 1
    pmf = {k: Fraction(n, total) for k, n in ends.items()}
    return pmf, Fraction(ended, total), Fraction(last, total)


SMALL_DECKS = [
    ({-1: 3, 1: 1}, 2),
    ({-1: 2, -2: 1, 1: 2}, 3),
    ({-1: 4, 2: 1, -3: 1}, 4),
    ({-1: 2, 1: 3}, 1),  # not guaranteed: sum +1
    ({-2: 2, 0: 2, 1: 1}, 3),  # blanks count as 0
    ({-1: 5, 1: 2}, 4),  # not guaranteed: sum -3 > -4
]


@pytest.mark.parametrize(("composition", "length"), SMALL_DECKS)
def test_exact_matches_brute_force(composition: dict[int, int], length: int) -> None:
    pmf, p_end, p_last = brute_force(composition, length)
    result = analyse_deck(composition, length)
    assert result.draws.pmf == dict(sorted(pmf.items()))
    assert result.p_end == p_end
    assert result.p_last_card == p_last
    assert sum(result.draws.pmf.values()) == 1
    assert result.guaranteed == (sum(v * c for v, c in composition.items()) <= -length)
    assert result.guaranteed == (result.p_end == 1)


def simulate(composition: dict[int, int], length: int, games: int, seed: int) -> tuple[float, float, float]:
    rng = random.Random(seed)
    cards = [v for v, c in composition.items() for _ in range(c)]
    draws_total = ended = last = 0
    for _ in range(games):
        rng.shuffle(cards)
        time, drawn = length, 0
        for value in cards:
            drawn += 1
            time += value
            if time <= 0:
                ended += 1
                last += drawn == len(cards)
                break
        draws_total += drawn
    return ended / games, draws_total / games, last / games


def test_presets_agree_with_seeded_monte_carlo(game) -> None:
    for analysis in analyse_presets(game):
        p_end, mean, p_last = simulate(analysis.composition, analysis.length, 20_000, seed=2026)
        assert p_end == pytest.approx(float(analysis.p_end), abs=0.01)
        assert mean == pytest.approx(float(analysis.draws.mean), abs=0.1)
        assert p_last == pytest.approx(float(analysis.p_last_card), abs=0.015)


def test_standard_preset_figures(game) -> None:
    standard = next(a for a in analyse_presets(game) if a.preset == "standard")
    assert standard.sum == -10 and standard.size == 18 and standard.guaranteed
    assert standard.max_time == 15  # 10 plus +1 x3 and +2 x1 drawn first
    assert (standard.draws.min, standard.draws.median, standard.draws.p90, standard.draws.max) == (9, 18, 18, 18)
    assert standard.p_end == 1


def test_long_preset_fills_the_track_exactly(game) -> None:
    long = next(a for a in analyse_presets(game) if a.preset == "long")
    assert long.max_time == 30 and long.fits_track


def test_json_has_the_documented_keys(game) -> None:
    data = analyse_presets(game)[0].to_json()
    for key in ("preset", "length", "composition", "sum", "guaranteed", "p_end", "draws", "p_last_card", "max_time"):
        assert key in data
    assert set(data["draws"]) >= {"min", "mean", "median", "p90", "max", "pmf"}
    assert data["composition"] == {"-2": 1, "-1": 13, "+1": 3, "+2": 1}
    assert sum(data["draws"]["pmf"].values()) == pytest.approx(1.0)


def test_deck_spec_parsing() -> None:
    assert parse_deck_spec("-1x13,-2x1,+1x3,+2x1") == {-1: 13, -2: 1, 1: 3, 2: 1}
    with pytest.raises(NotationError, match="item 2"):
        parse_deck_spec("-1x13,+1y3")
    with pytest.raises(NotationError, match="given twice"):
        parse_deck_spec("-1x3,-1x2")
