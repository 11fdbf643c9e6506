"""Pixel comparison of two renders of one page: how much changed, where, and a picture of it.

The two images are laid on one white canvas from their top-left corners, so a page that
changed size counts the area only one of them covers. Used by the diff's Pages section and
by `bench/compare_kits.py`.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

MM_PER_INCH = 25.4
CHANGE_RED = (220, 0, 0)
OUTLINE = (220, 0, 0)


@dataclass(frozen=True)
class PageDiff:
    """How two renders of one page differ: changed pixels, of how many, and where."""

    changed: int
    total: int
    bbox: tuple[int, int, int, int] | None  # left, top, right, bottom in pixels (right/bottom exclusive)

    @property
    def percent(self) -> float:
        return 100.0 * self.changed / self.total if self.total else 0.0


def compare_images(old: Image.Image, new: Image.Image, tolerance: int = 0) -> PageDiff:
    """Pixels whose channels differ by more than `tolerance` (0-255)."""
    width, height = max(old.width, new.width), max(old.height, new.height)
    mask = change_mask(on_white(old, width, height), on_white(new, width, height), tolerance)
    changed = mask.histogram()[255]
    return PageDiff(changed=changed, total=width * height, bbox=mask.getbbox() if changed else None)


def on_white(image: Image.Image, width: int, height: int) -> Image.Image:
    canvas = Image.new("RGB", (width, height), "white")
    canvas.paste(image.convert("RGB"), (0, 0))
    return canvas


def change_mask(old: Image.Image, new: Image.Image, tolerance: int) -> Image.Image:
    """255 where the largest channel difference exceeds `tolerance`, else 0 (a grey conversion
    would round a one-step change of blue alone to no change)."""
    red, green, blue = ImageChops.difference(old, new).split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return largest.point(lambda value: 255 if value > tolerance else 0)


def change_picture(old: Image.Image, new: Image.Image, tolerance: int = 0) -> Image.Image:
    """Old page, new page and the new page faded with its changed pixels in red, side by side."""
    width, height = max(old.width, new.width), max(old.height, new.height)
    old_canvas, new_canvas = on_white(old, width, height), on_white(new, width, height)
    mask = change_mask(old_canvas, new_canvas, tolerance)
    faded = Image.blend(new_canvas, Image.new("RGB", (width, height), "white"), 0.75)
    faded.paste(Image.new("RGB", (width, height), CHANGE_RED), (0, 0), mask)
    box = mask.getbbox()
    if box:
        ImageDraw.Draw(faded).rectangle((box[0], box[1], box[2] - 1, box[3] - 1), outline=(0, 90, 255))
    gap = 8
    sheet = Image.new("RGB", (3 * width + 2 * gap, height), (128, 128, 128))
    for index, image in enumerate((old_canvas, new_canvas, faded)):
        sheet.paste(image, (index * (width + gap), 0))
    return sheet


def outlined(image: Image.Image, bbox: tuple[int, int, int, int] | None, margin: int = 3) -> Image.Image:
    """The page with the changed region outlined (a little outside it, so the change shows)."""
    picture = image.convert("RGB").copy()
    if bbox:
        left, top, right, bottom = bbox
        box = (max(0, left - margin), max(0, top - margin),
               min(picture.width - 1, right - 1 + margin), min(picture.height - 1, bottom - 1 + margin))
        draw = ImageDraw.Draw(picture)
        draw.rectangle(box, outline=OUTLINE, width=2)
    return picture


def png_bytes(image: Image.Image) -> bytes:
    """PNG bytes without a timestamp or other varying chunk, so equal pictures give equal bytes.

    A thumbnail is kept to 256 colours (fast octree, no dithering: deterministic): it only has
    to show where a page changed, and a palette PNG is written about 3x faster (no per-row
    filter search) and 3x smaller than a full-colour one, which was most of a diff's time."""
    out = io.BytesIO()
    palette = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    palette.save(out, "PNG", compress_level=1)
    return out.getvalue()


def bbox_mm(bbox: tuple[int, int, int, int] | None, dpi: float) -> list[float] | None:
    """The box in mm from the page's top-left corner: [left, top, right, bottom]."""
    if bbox is None:
        return None
    return [round(value * MM_PER_INCH / dpi, 1) for value in bbox]
