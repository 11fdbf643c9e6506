"""What a render worker is asked to make: whole documents and card PNGs, plain picklable data.

A job carries every SVG it needs, so its output is a pure function of the job: `cache_key`
hashes exactly that, and the render cache can hand back a document whose faces and pages did
not change without loading cairo at all.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Protocol

from dragon_pnp.kit.sheet import Composite, SheetPage

# Bump when rendering code changes what bytes a given job turns into (render.py, cairo setup).
RENDER_VERSION = "kit-render-10"  # 10: a composite's faces walked per use (board tiles kept their labels)
_ELEMENT = re.compile(r"<[a-zA-Z]")


@dataclass(frozen=True)
class DocumentJob:
    """One kit PDF: its pages, the faces and composites they place, and each page's overlay SVG."""

    name: str
    pages: tuple[SheetPage, ...]
    faces: dict[str, str]                       # face key -> SVG, only those this document places
    composites: dict[str, Composite] = field(default_factory=dict)
    overlays: tuple[str, ...] = ()              # one SVG (or "") per page, drawn over its placements

    def cache_key(self) -> str:
        digest = _digest("document", self.name)
        for page, overlay in zip(self.pages, self.overlays, strict=True):
            digest.update(repr(page).encode())  # placements, marks, label: all it draws
            _add(digest, overlay)
        for key in sorted(self.composites):
            digest.update(repr(self.composites[key]).encode())
        for key in sorted(self.faces):
            _add(digest, key)
            _add(digest, self.faces[key])
        return digest.hexdigest()

    def costs(self) -> dict[str, float]:
        """Estimated work by what it is: each SVG this document walks, and writing its pages.

        SVGs are keyed by their text, so documents (and PNGs) that walk the same face can be
        given to one worker; writing is keyed by the document's name.
        """
        costs = {svg: svg_cost(svg) for svg in self.faces.values()}
        costs.update({svg: svg_cost(svg) for svg in self.overlays if svg})
        placements = sum(len(page.placements) for page in self.pages)
        placements += sum(len(form.placements) for form in self.composites.values()) * len(self.pages)
        costs[f"write {self.name}"] = 15.0 + 2.0 * len(self.pages) + 0.1 * placements
        return costs


class ImageJob(Protocol):
    """A job that makes one image file: a face's PNG (`PngJob`), or a job that draws itself with
    `render() -> bytes` (the exporters' rasters, the print shop's pieces). Named by `name`, cached
    under `cache_key()`."""

    @property
    def name(self) -> str: ...

    def cache_key(self) -> str: ...


@dataclass(frozen=True)
class PngJob:
    """One face as an opaque PNG at `dpi`, bleed included, saved as `name`."""

    name: str
    svg: str
    dpi: int

    def cache_key(self) -> str:
        digest = _digest("png", str(self.dpi))
        _add(digest, self.svg)
        return digest.hexdigest()


# Relative cost of walking an SVG, measured on the Dragon Pants kit: cairosvg takes about
# 0.25 ms per element plus 0.3 ms per KB of SVG and 2 ms per face.
def svg_cost(svg: str) -> float:
    return 2.0 + 0.25 * len(_ELEMENT.findall(svg)) + 0.3 * len(svg) / 1024


def _digest(kind: str, name: str) -> hashlib._Hash:
    return hashlib.sha256(f"{RENDER_VERSION}|{kind}|{name}|".encode())


def _add(digest: hashlib._Hash, text: str) -> None:
    data = text.encode("utf-8")
    digest.update(len(data).to_bytes(8, "big"))
    digest.update(data)
