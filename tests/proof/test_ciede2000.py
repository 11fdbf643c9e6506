"""The proof's CIEDE2000 (dragon_pnp/proof/ciede2000.py) gives ColorAide's figures, float for float.

ColorAide is the independent reader: the proof used it until its import cost ~0.2 CPU s of every
proofed build. Sharma, Wu and Dalal's published test pairs pin the equations on their own.
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from dragon_pnp.proof.ciede2000 import delta_e_2000, srgb_to_lab
from dragon_pnp.proof.vision import colour_difference

# Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula", table 1: Lab pairs and dE00.
SHARMA = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
]


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA)
def test_the_published_pairs(lab1, lab2, expected):
    assert delta_e_2000(lab1, lab2) == pytest.approx(expected, abs=5e-5)
    assert delta_e_2000(lab2, lab1) == pytest.approx(expected, abs=5e-5)


def test_every_difference_is_coloraides_to_the_last_bit():
    from coloraide import Color

    rnd = random.Random(30)
    colours = [tuple(rnd.randrange(256) for _ in range(3)) for _ in range(600)]
    colours += [(0, 0, 0), (255, 255, 255), (128, 128, 128), (0, 0, 1), (10, 10, 10), (255, 0, 0)]
    pairs = list(pairwise(colours)) + [(c, c) for c in colours[:20]]
    for a, b in pairs:
        expected = float(Color("srgb", [c / 255 for c in a]).delta_e(Color("srgb", [c / 255 for c in b]),
                                                                     method="2000"))
        assert colour_difference(a, b) == expected, (a, b)


def test_white_is_lab_100_0_0():
    assert srgb_to_lab((1.0, 1.0, 1.0)) == pytest.approx((100.0, 0.0, 0.0), abs=1e-3)
