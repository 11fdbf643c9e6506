"""WCAG 2 contrast between two sRGB colours, and ink chosen to read on a given background.

Templates and diagrams print text on colours that come from a game's data (a seat colour, a card
kind's frame): the text's colour is chosen here from the background's, so a designer who changes
a palette never has to remember which labels sit on it. The proof measures the same numbers on
the printed page (`dragon_pnp.proof`).
"""

from __future__ import annotations

DARK_INK = "#1d1d1d"
LIGHT_INK = "#ffffff"
BODY_TEXT = 4.5   # WCAG 2 (1.4.3): text under 18 pt (14 pt bold)


def rgb(colour: str) -> tuple[int, int, int]:
    """`#rrggbb` or `#rgb` as three 0-255 channels."""
    value = colour.strip().lstrip("#")
    if len(value) == 3:
        value = "".join(channel * 2 for channel in value)
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def hex_of(channels: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*channels)


def relative_luminance(colour: str | tuple[int, int, int]) -> float:
    """WCAG 2's relative luminance, 0 for black to 1 for white."""
    channels = rgb(colour) if isinstance(colour, str) else colour
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in channels)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(a: str | tuple[int, int, int], b: str | tuple[int, int, int]) -> float:
    """WCAG 2's contrast ratio, 1 (none) to 21 (black on white)."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(background: str, needed: float = BODY_TEXT) -> str:
    """Text ink for `background`: the usual dark ink when it reaches `needed`, else white when
    that does, else whichever of black and white contrasts more (a mid-tone seat colour can
    leave both the dark grey and white short of 4.5:1, never black and white both)."""
    for ink in (DARK_INK, LIGHT_INK):
        if contrast_ratio(ink, background) >= needed:
            return ink
    return "#000000" if contrast_ratio("#000000", background) >= contrast_ratio(LIGHT_INK, background) else LIGHT_INK


def deepened(colour: str, background: str = "#ffffff", needed: float = BODY_TEXT) -> str:
    """`colour`, darkened towards black in small steps (its hue kept) until it reaches `needed`
    on `background`: a card kind's name printed in its frame colour on the pale card."""
    channels = rgb(colour)
    for step in range(0, 101, 2):
        keep = 1 - step / 100
        shade = (round(channels[0] * keep), round(channels[1] * keep), round(channels[2] * keep))
        if contrast_ratio(shade, background) >= needed:
            return hex_of(shade)
    return "#000000"


def mixed(colour: str, opacity: float, over: str) -> str:
    """`colour` laid at `opacity` over `over`, as a tinted panel prints (sRGB blending, as PDF does)."""
    top, bottom = rgb(colour), rgb(over)
    a, b, c = (round(t * opacity + u * (1 - opacity)) for t, u in zip(top, bottom, strict=True))
    return hex_of((a, b, c))
