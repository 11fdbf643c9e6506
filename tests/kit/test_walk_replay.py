"""A composite's faces: later uses play the first walk's cairo calls, and the PDF is byte for byte
the one where every use is walked afresh by cairosvg (dragon_pnp/kit/replay.py)."""

from __future__ import annotations

import pytest

from dragon_pnp.kit import render
from dragon_pnp.kit.render_jobs import DocumentJob
from dragon_pnp.kit.replay import Script
from dragon_pnp.kit.sheet import Composite, Placement, SheetPage

FACE = """<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="26mm" viewBox="0 0 30 26"
 font-family="'Bitstream Vera Sans', sans-serif" text-rendering="geometricPrecision">
  <defs><clipPath id="bleed"><polygon points="30,13 22.5,26 7.5,26 0,13 7.5,0 22.5,0"/></clipPath></defs>
  <polygon points="30,13 22.5,26 7.5,26 0,13 7.5,0 22.5,0" fill="#9a8f84"/>
  <g clip-path="url(#bleed)" transform="rotate(10 15 13)">
    <path d="M-5 30L20 -5M0 30L25 -5M5 30L30 -5" stroke="#5e554d" stroke-width="0.5" stroke-opacity="0.55"/>
  </g>
  <text x="15" y="15" font-size="3" font-weight="bold" text-anchor="middle" letter-spacing="0.4">HILL</text>
</svg>"""

# A gradient is an object of the walk's own making, which a replay would share: walked afresh.
GRADIENT_FACE = FACE.replace('<defs>', '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/>'
                             '<stop offset="1" stop-color="#000"/></linearGradient>').replace(
    'fill="#9a8f84"', 'fill="url(#g)"')


def poster(face: str) -> DocumentJob:
    """Two pages, each showing part of one composite that places the face four times."""
    parts = tuple(Placement("hex", x, y, 30.0, 26.0) for x, y in ((0, 0), (25, 15), (50, 0), (75, 15)))
    board = Composite("board", (105.0, 41.0), parts)
    pages = tuple(SheetPage(size=(60.0, 50.0), placements=[Placement("board", -shift, 2.0, 105.0, 41.0,
                                                                     clip=((0, 0), (60, 0), (60, 50), (0, 50)))])
                  for shift in (0.0, 45.0))
    return DocumentJob("poster.pdf", pages, {"hex": face}, {"board": board}, ("", ""))


@pytest.mark.parametrize("face, plays", [(FACE, True), (GRADIENT_FACE, False)], ids=["plain", "gradient"])
def test_a_played_walk_gives_the_bytes_of_fresh_walks(monkeypatch: pytest.MonkeyPatch, face: str, plays: bool):
    played: list[Script] = []
    original = Script.play

    def spy(self: Script, cairo: object) -> object:
        played.append(self)
        return original(self, cairo)

    monkeypatch.setattr(Script, "play", spy)
    job = poster(face)
    render.forget_drawings()
    replayed = render.render_document(job)
    uses = 6   # the first page shows the first three hexes, the second the last three
    assert len(played) == (uses - 1 if plays else 0)
    render.forget_drawings()
    monkeypatch.setattr(render, "_fresh", render._record)   # every use walked by cairosvg
    walked = render.render_document(job)
    assert replayed == walked
    assert replayed.count(b"/Subtype /Form") >= uses   # each use still its own recording
