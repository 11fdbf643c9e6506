"""pieces.pdf: every distinct face of the kit on its own page, bleed included, for shops that
impose the pieces themselves (a card printer wants one page per face, not a home-print sheet)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from dragon_pnp.kit.render_jobs import RENDER_VERSION

COPIES = re.compile(r"^(?P<face>.+)-x(?P<copies>\d+)\.png$")


@dataclass(frozen=True)
class PiecesJob:
    """A render-worker job: one PDF page per SVG, at the SVG's own size (its bleed box)."""

    name: str
    svgs: tuple[str, ...]

    def cache_key(self) -> str:
        digest = hashlib.sha256(f"{RENDER_VERSION}|pieces|".encode())
        for svg in self.svgs:
            data = svg.encode("utf-8")
            digest.update(len(data).to_bytes(8, "big") + data)
        return digest.hexdigest()

    def render(self) -> bytes:
        from dragon_pnp.kit.render import render_pdf

        return render_pdf(list(self.svgs))


def faces(svg_dir: Path, png_names: list[str]) -> list[tuple[str, int]]:
    """Each face of svg/ (sorted by name) and how many copies the kit has of it (1 if unknown)."""
    copies = {m["face"]: int(m["copies"]) for m in (COPIES.match(n) for n in png_names) if m}
    return [(path.stem, copies.get(path.stem, 1)) for path in sorted(svg_dir.glob("*.svg"))]
