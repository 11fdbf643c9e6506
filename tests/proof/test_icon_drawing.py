"""The icon proof reads a face's pixels from cairo's buffer: the very pixels `cairosvg.svg2png`
writes into its PNG, the partly covered last column and row and half-transparent ink included."""

from __future__ import annotations

import io

import cairosvg
import numpy as np
from PIL import Image

from dragon_pnp.proof.graphics import ICON_DPI, _draw

FACE = b"""<svg xmlns="http://www.w3.org/2000/svg" width="10.37mm" height="7.91mm" viewBox="0 0 10.37 7.91">
  <rect x="0.5" y="0.5" width="9.37" height="6.91" fill="#2a6f97"/>
  <circle cx="5" cy="4" r="2.6" fill="#f4a261" fill-opacity="0.55" stroke="#1d1d1d" stroke-width="0.3"/>
  <text x="5" y="4.6" font-size="1.7" text-anchor="middle" fill="#ffffff">7</text>
</svg>"""


def test_a_face_drawn_for_the_icon_proof_is_the_png_svg2png_writes():
    png = cairosvg.svg2png(bytestring=FACE, dpi=ICON_DPI, background_color="white")
    with Image.open(io.BytesIO(png)) as image:
        written = np.asarray(image.convert("RGB"))
        alpha = np.asarray(image.getchannel("A"))
    assert alpha.min() < 255, "no partly covered pixel: the unpremultiplied edge is not tested"
    drawn = _draw(FACE)
    assert drawn.dtype == np.uint8 and drawn.shape == written.shape
    assert np.array_equal(drawn, written)
