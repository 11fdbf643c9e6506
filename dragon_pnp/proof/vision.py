"""How colours look to a reader with protanopia, deuteranopia or tritanopia, or in greyscale.

The simulations are DaltonLens' (daltonlens), each deficiency with the model its authors
recommend for complete dichromacy: Viénot, Brettel and Mollon (1999) for protanopia and
deuteranopia, Brettel, Viénot and Mollon (1997) for tritanopia, both over the Smith and Pokorny
cone fundamentals for sRGB. Greyscale keeps each pixel's relative luminance (WCAG's), as a
monochrome printer would.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

VISIONS = ("protanopia", "deuteranopia", "tritanopia", "greyscale")
Colour = tuple[int, int, int]


@cache
def _simulators() -> dict[str, tuple[Any, Any]]:
    from daltonlens import convert, simulate

    cones = convert.LMSModel_sRGB_SmithPokorny75()
    vienot = simulate.Simulator_Vienot1999(cones)
    brettel = simulate.Simulator_Brettel1997(cones)
    return {"protanopia": (vienot, simulate.Deficiency.PROTAN),
            "deuteranopia": (vienot, simulate.Deficiency.DEUTAN),
            "tritanopia": (brettel, simulate.Deficiency.TRITAN)}


def seen_as(image: np.ndarray, vision: str) -> np.ndarray:
    """An sRGB uint8 image (height x width x 3) as seen with `vision`."""
    if vision == "greyscale":
        grey = np.rint(_to_srgb(relative_luminance_array(image)) * 255).astype(np.uint8)
        return np.repeat(grey[..., None], 3, axis=2)
    simulator, deficiency = _simulators()[vision]
    return np.asarray(simulator.simulate_cvd(np.ascontiguousarray(image, dtype=np.uint8), deficiency, severity=1.0))


def colour_seen_as(colour: Colour, vision: str | None) -> Colour:
    """One colour as seen with `vision` (None: as it is)."""
    if vision is None:
        return colour
    pixel = seen_as(np.array([[colour]], dtype=np.uint8), vision)[0, 0]
    return (int(pixel[0]), int(pixel[1]), int(pixel[2]))


def _to_linear(srgb: np.ndarray) -> np.ndarray:
    c = srgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _to_srgb(linear: np.ndarray) -> np.ndarray:
    return np.where(linear <= 0.0031308, linear * 12.92, 1.055 * np.power(linear, 1 / 2.4) - 0.055)


def relative_luminance_array(image: np.ndarray) -> np.ndarray:
    """WCAG 2 relative luminance of every pixel (0 black to 1 white)."""
    linear = _to_linear(image.astype(np.float64))
    return linear[..., 0] * 0.2126 + linear[..., 1] * 0.7152 + linear[..., 2] * 0.0722


def relative_luminance(colour: Colour) -> float:
    return float(relative_luminance_array(np.array([[colour]], dtype=np.uint8))[0, 0])


def contrast_ratio(a: Colour, b: Colour) -> float:
    """WCAG 2's contrast ratio, 1 (none) to 21 (black on white)."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def colour_difference(a: Colour, b: Colour) -> float:
    """CIEDE2000 colour difference (ColorAide's arithmetic, dragon_pnp/proof/ciede2000.py), 0 for the
    same colour; about 2 is just noticeable."""
    from dragon_pnp.proof.ciede2000 import delta_e_2000, srgb_to_lab

    return delta_e_2000(srgb_to_lab((a[0] / 255, a[1] / 255, a[2] / 255)),
                        srgb_to_lab((b[0] / 255, b[1] / 255, b[2] / 255)))


def hex_colour(text: str) -> Colour:
    value = text.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def hex_text(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)
