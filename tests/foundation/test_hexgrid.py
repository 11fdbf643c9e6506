"""Hex geometry: distances, flat and diagonal lines, flanking pairs."""

from __future__ import annotations

import pytest

from dragon_pnp.hexgrid import (
    DIAGONALS,
    DIRECTIONS,
    centre,
    corners,
    diagonal_line_between,
    distance,
    flat_line_between,
    flat_to_flat,
    hexagon,
    neighbours,
)


def test_hexagon_sizes() -> None:
    assert len(hexagon(3)) == 37 and len(hexagon(4)) == 61


def test_neighbours_are_at_distance_one() -> None:
    for h in hexagon(2):
        assert all(distance(h, n) == 1 for n in neighbours(h))


def test_flat_line_lists_hexes_strictly_between() -> None:
    assert flat_line_between((0, -3), (0, 3)) == ((0, -2), (0, -1), (0, 0), (0, 1), (0, 2))
    assert flat_line_between((0, 0), (1, 0)) == ()
    assert flat_line_between((0, 0), (2, 1)) is None


def test_diagonal_line_centres_and_flanks() -> None:
    line = diagonal_line_between((0, 0), (4, -2))
    assert line.between == ((2, -1),)
    assert line.flanks == (((1, 0), (1, -1)), ((3, -1), (3, -2)))
    assert diagonal_line_between((0, 0), (1, 0)) is None


@pytest.mark.parametrize("step", DIAGONALS)
def test_every_diagonal_is_flanked_by_two_neighbours_of_both_ends(step) -> None:
    line = diagonal_line_between((0, 0), step)
    (a, b), = line.flanks
    for flank in (a, b):
        assert distance((0, 0), flank) == 1 and distance(step, flank) == 1


def test_flat_topped_geometry() -> None:
    size = 95 / 2
    xs = [x for x, _ in corners((0, 0), size)]
    ys = [y for _, y in corners((0, 0), size)]
    assert max(xs) - min(xs) == pytest.approx(95)
    assert max(ys) - min(ys) == pytest.approx(flat_to_flat(size)) == pytest.approx(82.27, abs=0.01)
    # Neighbours' centres sit one flat-to-flat width apart.
    for d in DIRECTIONS:
        cx, cy = centre(d, size)
        assert (cx**2 + cy**2) ** 0.5 == pytest.approx(flat_to_flat(size))
