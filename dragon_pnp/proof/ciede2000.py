"""CIEDE2000 between two sRGB colours, in CIE Lab under D65: the colour-pair proof's measure.

The same arithmetic, constants and order of operations as ColorAide 8's
`Color("srgb", ...).delta_e(..., method="2000")` (sRGB -> linear -> XYZ D65 -> Lab D65, then
Sharma's equations), so every difference is the same float. ColorAide itself is not imported:
its import computes a table of colour temperatures it never uses here, about 0.2 CPU s of every
proofed build process (tests/proof/test_ciede2000.py compares the two over many colours).
"""

from __future__ import annotations

import math

# ColorAide's sRGB (linear) to XYZ D65 matrix, and D65 as x, y chromaticity (4 digits, as CSS)
_RGB_TO_XYZ = (
    (0.4123907992659593, 0.357584339383878, 0.1804807884018343),
    (0.21263900587151024, 0.715168678767756, 0.07219231536073371),
    (0.01933081871559182, 0.11919477979462598, 0.9505321522496607),
)
_D65_XY = (0.31270, 0.32900)
_EPSILON = 216 / 24389
_KAPPA = 24389 / 27
_G_CONST = 25 ** 7


def _white() -> tuple[float, float, float]:
    x, y = _D65_XY
    return (x * 1.0) / y, 1.0, (1.0 - x - y) * 1.0 / y


_WHITE = _white()


def _linear(channel: float) -> float:
    magnitude = abs(channel)
    if magnitude > 0.04045:
        return math.copysign(((magnitude + 0.055) / 1.055) ** 2.4, channel)
    return channel / 12.92


def _root3(value: float) -> float:
    return 0.0 if value == 0 else math.copysign(abs(value) ** (3 ** -1), value)


def srgb_to_lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE Lab (D65) of an sRGB colour given as three fractions 0-1."""
    r, g, b = (_linear(c) for c in rgb)
    m = _RGB_TO_XYZ
    xyz = (m[0][0] * r + m[0][1] * g + m[0][2] * b,
           m[1][0] * r + m[1][1] * g + m[1][2] * b,
           m[2][0] * r + m[2][1] * g + m[2][2] * b)
    fx, fy, fz = (_root3(i) if i > _EPSILON else (_KAPPA * i + 16) / 116
                  for i in (xyz[0] / _WHITE[0], xyz[1] / _WHITE[1], xyz[2] / _WHITE[2]))
    return (116.0 * fy) - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)


def delta_e_2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 (kL = kC = kH = 1), equation by equation as in Sharma, Wu and Dalal's note."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1 = math.sqrt(a1 ** 2 + b1 ** 2)
    c2 = math.sqrt(a2 ** 2 + b2 ** 2)
    cm = (c1 + c2) / 2
    c7 = cm ** 7
    g = 0.5 * (1 - math.sqrt(c7 / (c7 + _G_CONST)))
    ap1, ap2 = (1 + g) * a1, (1 + g) * a2
    cp1 = math.sqrt(ap1 ** 2 + b1 ** 2)
    cp2 = math.sqrt(ap2 ** 2 + b2 ** 2)
    hp1 = 0 if (ap1 == 0 and b1 == 0) else math.atan2(b1, ap1)
    hp2 = 0 if (ap2 == 0 and b2 == 0) else math.atan2(b2, ap2)
    hp1 = math.degrees(hp1 + math.tau if hp1 < 0.0 else hp1)
    hp2 = math.degrees(hp2 + math.tau if hp2 < 0.0 else hp2)
    dl = l1 - l2
    dc = cp1 - cp2
    hdiff = hp1 - hp2
    if cp1 * cp2 == 0.0:
        dh = 0.0
    elif abs(hdiff) <= 180.0:
        dh = hdiff
    else:
        dh = hdiff + (-360 if hdiff > 180.0 else 360)
    dh = 2 * math.sqrt(cp2 * cp1) * math.sin(math.radians(dh / 2))
    lpm = (l1 + l2) / 2
    cpm = (cp1 + cp2) / 2
    hsum = hp1 + hp2
    if cp1 * cp2 == 0:
        hpm = hsum
    elif abs(hp1 - hp2) > 180:
        hpm = (hsum + (360 if hsum < 360 else -360)) / 2
    else:
        hpm = hsum / 2
    t = (1 - (0.17 * math.cos(math.radians(hpm - 30))) + (0.24 * math.cos(math.radians(2 * hpm)))
         + (0.32 * math.cos(math.radians((3 * hpm) + 6))) - (0.20 * math.cos(math.radians((4 * hpm) - 63))))
    dt = 30 * math.exp(-1 * ((hpm - 275) / 25) ** 2)
    cpm7 = cpm ** 7
    rc = 2 * math.sqrt(cpm7 / (cpm7 + _G_CONST))
    l_temp = (lpm - 50) ** 2
    sl = 1 + ((0.015 * l_temp) / math.sqrt(20 + l_temp))
    sc = 1 + 0.045 * cpm
    sh = 1 + 0.015 * cpm * t
    rt = -1 * math.sin(math.radians(2 * dt)) * rc
    return math.sqrt((dl / (1 * sl)) ** 2 + (dc / (1 * sc)) ** 2 + (dh / (1 * sh)) ** 2
                     + rt * (dc / (1 * sc)) * (dh / (1 * sh)))
