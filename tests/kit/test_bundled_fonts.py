"""Every cairo path in the package draws with the bundled fonts, whatever drew first.

fontconfig reads its configuration once per process, at the first text cairo draws. When the
proof's icon check drew before a kit render, the process (and render workers forked from it)
stayed on the host's fonts and the same kit came out in other bytes: the render cache's
byte-for-byte test failed now and then in a whole run, depending on which tests a worker ran
first. Each case runs in a fresh process, since the state at stake is the process's own.
"""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache

from dragon_pnp.data.loader import project_root

TEXT_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">'
            '<text x="4" y="28" font-family="sans-serif" font-size="20">Dragon 42</text></svg>')

RENDER = f"""
import hashlib, sys
{{first}}
from dragon_pnp.kit.render import render_pdf
print(hashlib.sha256(render_pdf([{TEXT_SVG!r}])).hexdigest())
"""

PROOF_FIRST = f"from dragon_pnp.proof.graphics import _draw; _draw({TEXT_SVG!r}.encode())"
HOST_FIRST = f"import cairosvg; cairosvg.svg2png(bytestring={TEXT_SVG!r}.encode())"


@cache
def _digest(first: str) -> str:
    """The PDF's digest in a fresh process, after `first` ran there (the test process's own
    fontconfig setting is left out of its environment)."""
    env = {k: v for k, v in os.environ.items() if k != "FONTCONFIG_FILE"} | {"PYTHONPATH": str(project_root())}
    done = subprocess.run([sys.executable, "-c", RENDER.format(first=first)], cwd=project_root(),
                          capture_output=True, text=True, check=True, env=env)
    return done.stdout.strip()


def test_a_page_renders_the_same_after_the_proof_drew_text_first():
    assert _digest(PROOF_FIRST) == _digest("")


def test_text_first_drawn_on_the_host_fonts_would_change_the_page():
    """The check above can fail: that is what the proof's drawing did before it came through
    `load_cairocffi`."""
    assert _digest(HOST_FIRST) != _digest("")
