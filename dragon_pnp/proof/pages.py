"""Every page of a kit's documents: as seen with each vision, its text's contrast, its smallest text.

Text is read from the PDF by PDFium (`dragon_pnp.pdf_pictures.page_text_runs`): its fill colour,
size as printed and box. The background behind a run is read from the page drawn at
`CONTRAST_DPI`: the most common colour in the run's box that is not the text's own (glyph edges
blend the two, so colours near the text's are left out). WCAG 2's thresholds: 4.5:1, or 3:1 for
large text (18 pt, or 14 pt bold).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from dragon_pnp.kit.render_cache import RenderCache
from dragon_pnp.pdf.page_digest import page_digests
from dragon_pnp.pdf_pictures import TextRun, page_arrays, page_text_runs
from dragon_pnp.proof.vision import VISIONS, Colour, contrast_ratio, hex_text, seen_as

CONTRAST_DPI = 150
CONTRAST_VERSION = 1   # part of a page's cache key: raise it when the measure changes
THUMBNAIL_DPI = 30
NORMAL_TEXT = 4.5
LARGE_TEXT = 3.0


@dataclass(frozen=True)
class ContrastFinding:
    """Text on a page whose contrast with what is behind it is below WCAG's number."""

    document: str
    page: int                      # 1-based
    sample: str                    # the text, as read from the page
    runs: int                      # how many runs of the page share this colour, size and background
    text_colour: str
    background: str
    size_pt: float
    ratio: float
    needed: float

    def to_json(self) -> dict[str, Any]:
        return {"level": "problem", "kind": "text contrast", "document": self.document, "page": self.page,
                "text": self.sample, "runs": self.runs, "text_colour": self.text_colour,
                "background": self.background, "size_pt": self.size_pt, "ratio": round(self.ratio, 2),
                "needed": self.needed}

    def sentence(self) -> str:
        more = f" and {self.runs - 1} more like it" if self.runs > 1 else ""
        return (f"{self.document} page {self.page}: '{self.sample}'{more}, {self.size_pt:g} pt {self.text_colour} on "
                f"{self.background}: contrast {self.ratio:.2f}:1, WCAG asks {self.needed:g}:1")


@dataclass(frozen=True)
class DocumentProof:
    """What the proof found in one document."""

    name: str
    pages: int
    smallest_pt: float | None
    smallest_page: int | None
    smallest_text: str
    contrast: list[ContrastFinding]
    thumbnails: list[dict[str, str]]   # per page: vision ("as printed" first) -> PNG file name


def proof_document(pdf: Path, thumbnails: Path | None, cache: RenderCache | None = None) -> DocumentProof:
    """Contrast and smallest text of every page of `pdf`, and its pages as seen with each vision
    written as PNG thumbnails into `thumbnails` (None: no pictures, the build's quick proof).

    A page's contrast findings are kept in `cache` under the digest of what it draws, so a
    rebuild after an edit draws only the pages that changed."""
    data = pdf.read_bytes()
    texts = page_text_runs(data)
    per_page = _contrast_by_page(pdf.name, data, texts, cache or RenderCache(None))
    findings = [finding for number in range(1, len(texts) + 1) for finding in per_page[number]]
    smallest: tuple[float, int, str] | None = None
    for number, runs in enumerate(texts, 1):
        for run in runs:
            if run.text.strip() and (smallest is None or run.size_pt < smallest[0]):
                smallest = (run.size_pt, number, run.text)
    written: list[dict[str, str]] = []
    if thumbnails is not None:
        thumbnails.mkdir(parents=True, exist_ok=True)
        drawn = page_arrays(data, THUMBNAIL_DPI)
        written = [_thumbnails(pdf.stem, number, picture, thumbnails) for number, picture in enumerate(drawn, 1)]
    return DocumentProof(pdf.name, len(texts), smallest[0] if smallest else None, smallest[1] if smallest else None,
                         smallest[2] if smallest else "", findings, written)


def _contrast_by_page(document: str, data: bytes, texts: list[list[TextRun]],
                      cache: RenderCache) -> dict[int, list[ContrastFinding]]:
    """Each page's contrast findings (by 1-based number), from `cache` where the page drew the
    same before, else measured on the page drawn at CONTRAST_DPI."""
    keys = [hashlib.sha256(f"proof-contrast-{CONTRAST_VERSION}-{CONTRAST_DPI}-{digest}".encode()).hexdigest()
            for digest in page_digests(data)] if cache.folder is not None else [""] * len(texts)
    found: dict[int, list[ContrastFinding]] = {}
    for index, key in enumerate(keys):
        stored = cache.get(key) if key else None
        if stored is not None:
            found[index + 1] = [ContrastFinding(document, index + 1, **item) for item in json.loads(stored)]
    missing = [index for index in range(len(texts)) if index + 1 not in found]
    for index, picture in zip(missing, page_arrays(data, CONTRAST_DPI, missing), strict=True):
        found[index + 1] = _page_contrast(document, index + 1, texts[index], picture)
        if keys[index]:
            fields = [{name: value for name, value in asdict(finding).items() if name not in ("document", "page")}
                      for finding in found[index + 1]]
            cache.put(keys[index], json.dumps(fields).encode())
    return found


def _thumbnails(stem: str, number: int, picture: np.ndarray, folder: Path) -> dict[str, str]:
    from PIL import Image

    names: dict[str, str] = {}
    for vision in ("as printed", *VISIONS):
        image = picture if vision == "as printed" else seen_as(picture, vision)
        name = f"{stem}-p{number:02d}-{vision.replace(' ', '-')}.png"
        Image.fromarray(image).save(folder / name, optimize=True)
        names[vision] = name
    return names


def _page_contrast(document: str, number: int, runs: list[TextRun], picture: np.ndarray) -> list[ContrastFinding]:
    scale = CONTRAST_DPI / 72.0
    low: dict[tuple[Colour, Colour, float], list[str]] = {}
    ratios: dict[tuple[Colour, Colour, float], tuple[float, float]] = {}
    pair_ratios: dict[tuple[Colour, Colour], float] = {}   # a page has hundreds of runs and a few pairs
    for run in runs:
        if not run.text.strip():
            continue
        background = _background(_ring(picture, run, scale), run.colour)
        if background is None:
            continue
        large = run.size_pt >= 18 or (run.bold and run.size_pt >= 14)
        needed = LARGE_TEXT if large else NORMAL_TEXT
        pair = (run.colour, background)
        if pair not in pair_ratios:
            pair_ratios[pair] = contrast_ratio(*pair)
        ratio = pair_ratios[pair]
        if ratio < needed:
            key = (run.colour, background, run.size_pt)
            low.setdefault(key, []).append(run.text)
            ratios[key] = (min(ratio, ratios.get(key, (ratio, needed))[0]), needed)
    return [ContrastFinding(document, number, " ".join(texts)[:60], len(texts), hex_text(colour), hex_text(background),
                            size, ratios[(colour, background, size)][0], ratios[(colour, background, size)][1])
            for (colour, background, size), texts in sorted(low.items(), key=lambda item: ratios[item[0]][0])]


def _ring(picture: np.ndarray, run: TextRun, scale: float) -> np.ndarray:
    """The pixels round a run's box (a band a third of its size wide), not those inside it: glyph
    edges blend text and background, so the background is read beside the text."""
    height, width = picture.shape[:2]
    band = max(2, round(run.size_pt * scale / 3))
    left, top, right, bottom = (round(value * scale) for value in run.box)
    outer = picture[max(top - band, 0):min(bottom + band, height), max(left - band, 0):min(right + band, width)]
    mask = np.ones(outer.shape[:2], dtype=bool)
    inner_top, inner_left = top - max(top - band, 0), left - max(left - band, 0)
    mask[max(inner_top, 0):max(inner_top + bottom - top, 0), max(inner_left, 0):max(inner_left + right - left, 0)] = False
    return outer[mask]


def _background(pixels: np.ndarray, text: Colour) -> Colour | None:
    """The most common colour of `pixels` well away from the text colour (None: too few)."""
    if pixels.size == 0:
        return None
    pixels = pixels.reshape(-1, 3).astype(np.int16)   # differences and sums of three fit; half int32's memory
    distance = np.abs(pixels - np.array(text, dtype=np.int16))
    far = pixels[distance[:, 0] + distance[:, 1] + distance[:, 2] > 120]
    if len(far) < max(4, len(pixels) // 10):
        return None
    bins = far // 8
    keys = (bins[:, 0] << 10) | (bins[:, 1] << 5) | bins[:, 2]   # one number per 8-level bin (< 2**15)
    modal = int(np.argmax(np.bincount(keys, minlength=1)))   # the commonest bin (the lowest of equals)
    colour = far[keys == modal].mean(axis=0)   # the modal bin's own mean (float64: sums of integers, exact)
    return (round(float(colour[0])), round(float(colour[1])), round(float(colour[2])))
