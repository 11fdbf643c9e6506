"""Icons against what they are drawn on: WCAG 2's 3:1 for graphics a reader needs (1.4.11).

The templates' `icon()` marks every icon it places on a face (`class="icon"`, `data-icon`), and
the kit keeps each distinct face as an SVG (`svg/`). Each face with icons is drawn at `ICON_DPI`
once as it is and once without each icon: the pixels that change are the icon's, and the face
without it, under those pixels, is what the icon sits on. An icon's colours are those covering at
least `MAJOR_SHARE` of its pixels; it reads when one of them (its fill or its outline) has 3:1
against its background, as a shape is seen by whichever edge stands out.
"""

from __future__ import annotations

import hashlib
import json
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from dragon_pnp.cairo_ffi import load_cairocffi
from dragon_pnp.kit.render_cache import RenderCache
from dragon_pnp.proof.vision import Colour, contrast_ratio, hex_text

ICON_DPI = 150
ICON_VERSION = 1       # part of a face's cache key: raise it when the measure changes
GRAPHIC = 3.0          # WCAG 2 (1.4.11): graphical objects required to understand the content
MAJOR_SHARE = 0.1      # a colour covering less of the icon is anti-aliasing, not part of its shape
CHANGED = 24           # per-channel difference that counts as drawn by the icon
SVG = "http://www.w3.org/2000/svg"


@dataclass(frozen=True)
class IconContrast:
    """One icon on one face: its colour that stands out most, and what it is drawn on."""

    face: str                      # svg/<face>.svg
    icon: str                      # the icon's name (`data-icon`)
    colour: str
    background: str
    ratio: float

    @property
    def level(self) -> str:
        return "problem" if self.ratio < GRAPHIC else "ok"

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "kind": "icon contrast", "face": self.face, "icon": self.icon,
                "colour": self.colour, "background": self.background, "ratio": round(self.ratio, 2),
                "needed": GRAPHIC}

    def sentence(self) -> str:
        return (f"{self.face}: icon '{self.icon}' {self.colour} on {self.background}: contrast "
                f"{self.ratio:.2f}:1, WCAG asks {GRAPHIC:g}:1 for graphics")


def icon_contrasts(kit: Path, cache: RenderCache | None = None) -> list[IconContrast]:
    """Every marked icon on every face of the kit's `svg/` folder, measured (a face measured
    before is read from `cache`, keyed by its SVG text)."""
    cache = cache or RenderCache(None)
    measured: list[IconContrast] = []
    for face in sorted((kit / "svg").glob("*.svg")):
        text = face.read_text(encoding="utf-8")
        if 'class="icon"' not in text:
            continue
        key = hashlib.sha256(f"proof-icons-{ICON_VERSION}-{ICON_DPI}-{face.name}\n{text}".encode()).hexdigest()
        stored = cache.get(key) if cache.folder is not None else None
        if stored is not None:
            measured += [IconContrast(**item) for item in json.loads(stored)]
            continue
        found = _face_icons(face, text)
        if cache.folder is not None:
            cache.put(key, json.dumps([asdict(icon) for icon in found]).encode())
        measured += found
    return measured


def _face_icons(face: Path, text: str) -> list[IconContrast]:
    ET.register_namespace("", SVG)
    ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    try:
        root = ET.fromstring(text)
    except ET.ParseError:   # not ours to judge here: the build refuses a face that is not XML
        return []
    parents = {child: parent for parent in root.iter() for child in parent}
    icons = [element for element in root.iter() if element.get("class") == "icon"]
    whole = _draw(ET.tostring(root))
    found = []
    for element in icons:
        parent = parents[element]
        index = list(parent).index(element)
        parent.remove(element)
        without = _draw(ET.tostring(root))
        parent.insert(index, element)
        measured = _measure(whole, without)
        if measured is not None:
            colour, background = measured
            found.append(IconContrast(f"svg/{face.name}", element.get("data-icon", "?"), hex_text(colour),
                                      hex_text(background), contrast_ratio(colour, background)))
    return found


def _draw(svg: bytes) -> np.ndarray:
    """The face at ICON_DPI on white, as an RGB array: the pixels `cairosvg.svg2png` writes, read
    from cairo's own buffer instead of through a PNG compressed and decoded again (half the cost
    of a face, and a kit draws each face once more per icon on it)."""
    load_cairocffi()   # the bundled fonts, as the kit was drawn with
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface

    surface = PNGSurface(Tree(bytestring=svg), None, ICON_DPI, background_color="white").cairo
    surface.flush()
    width, height, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    rows = np.frombuffer(surface.get_data(), dtype=np.uint8).reshape(height, stride)[:, :width * 4]
    pixels = rows.reshape(height, width, 4).astype(np.uint32)   # cairo's native-endian premultiplied ARGB
    blue, green, red, alpha = (0, 1, 2, 3) if sys.byteorder == "little" else (3, 2, 1, 0)
    opacity = pixels[:, :, alpha:alpha + 1]
    # As cairo writes a PNG: each colour unpremultiplied, rounded, and 0 where nothing is drawn
    # (the white ground stops short of a last partial pixel).
    colours = (pixels[:, :, [red, green, blue]] * 255 + opacity // 2) // np.maximum(opacity, 1)
    return np.where(opacity == 0, 0, colours).astype(np.uint8)


def _measure(whole: np.ndarray, without: np.ndarray) -> tuple[Colour, Colour] | None:
    """The icon's colour with the most contrast against its background, and that background;
    None when the icon drew nothing that shows."""
    changed = (np.abs(whole.astype(np.int32) - without.astype(np.int32)) > CHANGED).any(axis=2)
    if changed.sum() < 4:
        return None
    background = _modal(without[changed])[0][0]
    colours = [colour for colour, share in _modal(whole[changed]) if share >= MAJOR_SHARE]
    best = max(colours, key=lambda colour: contrast_ratio(colour, background))
    return best, background


def _modal(pixels: np.ndarray) -> list[tuple[Colour, float]]:
    """The colours of `pixels` by how much of them each covers (16-level bins, each bin's mean)."""
    pixels = pixels.reshape(-1, 3).astype(np.int32)
    bins = pixels // 16
    counts = Counter(map(tuple, bins.tolist()))
    found = []
    for key, count in counts.most_common(8):
        mean = pixels[(bins == np.array(key)).all(axis=1)].mean(axis=0)
        found.append(((round(float(mean[0])), round(float(mean[1])), round(float(mean[2]))), count / len(pixels)))
    return found
