"""Export images: faces drawn onto a pixel canvas at an exact size, their trim on a given box.

A `RasterJob` is what the card-service and Tabletop Simulator exporters ask the render workers
for: one PNG of `size_px`, on which each placed face is scaled uniformly so that its trim covers
its `trim_px` box (never stretched: the larger of the two axis scales wins, so no paper shows
inside the trim and at most a fraction of a millimetre of the face is lost to the cut). Where a
face's own bleed does not reach the edge of its window, the face's edge pixels are repeated
outwards, so a service's slightly wider bleed area is still filled with the card's colours.

Jobs are plain picklable data with a `cache_key`, like the kit's PNG jobs; `render` runs in a
render worker (it walks each face with the kit's `draw`, so a face already walked for the kit's
sheets is not walked again).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any, Literal

from dragon_pnp.kit.render_jobs import RENDER_VERSION

MM_PER_INCH = 25.4
RASTER_VERSION = "export-raster-1"

PixelBox = tuple[float, float, float, float]   # x0, y0, x1, y1 in pixels, y down
Window = tuple[int, int, int, int]
CutShape = Literal["circle", "square", "hex"]


def cover_scale(trim_mm: tuple[float, float], trim_px: PixelBox) -> float:
    """Pixels per millimetre that make the trim cover the box with one scale for both axes."""
    x0, y0, x1, y1 = trim_px
    return max((x1 - x0) / trim_mm[0], (y1 - y0) / trim_mm[1])


@dataclass(frozen=True)
class FacePlacement:
    """One face drawn with its trim centred on `trim_px`, filling (and clipped to) `window_px`."""

    svg: str
    trim_mm: tuple[float, float]
    trim_px: PixelBox
    window_px: Window

    @classmethod
    def filling(cls, svg: str, trim_mm: tuple[float, float], window: Window) -> FacePlacement:
        """The face's trim on the whole window: a slot of a sheet, or an image of the trim alone."""
        x0, y0, x1, y1 = window
        return cls(svg, trim_mm, (float(x0), float(y0), float(x1), float(y1)), window)


@dataclass(frozen=True)
class RasterJob:
    """One PNG: faces on a white canvas, at `dpi` (written in its pHYs chunk).

    With `cut`, everything outside the trim shape of the first placement is transparent (an
    RGBA image whose alpha is the piece's outline, as Tabletop Simulator's tokens need).
    """

    name: str
    size_px: tuple[int, int]
    placements: tuple[FacePlacement, ...]
    dpi: int
    cut: CutShape | None = None

    def cache_key(self) -> str:
        digest = hashlib.sha256(f"{RENDER_VERSION}|{RASTER_VERSION}|{self.size_px}|{self.dpi}|{self.cut}|".encode())
        for placement in self.placements:
            digest.update(repr((placement.trim_mm, placement.trim_px, placement.window_px)).encode())
            data = placement.svg.encode("utf-8")
            digest.update(len(data).to_bytes(8, "big") + data)
        return digest.hexdigest()

    def render(self) -> bytes:
        """Draw the PNG (in a render worker: this loads cairo)."""
        return render_raster(self)


def render_raster(job: RasterJob) -> bytes:
    from dragon_pnp.cairo_ffi import load_cairocffi
    from dragon_pnp.fonts import use_bundled_fonts_for_cairo
    from dragon_pnp.kit.png_writer import with_dpi
    from dragon_pnp.kit.render import encode_png

    use_bundled_fonts_for_cairo()
    cairo = load_cairocffi()
    width, height = job.size_px
    canvas = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    context = cairo.Context(canvas)
    context.set_source_rgb(1, 1, 1)
    context.paint()
    for placement in job.placements:
        _place(cairo, canvas, placement)
    if job.cut is not None:
        canvas = _cut(cairo, canvas, job.cut, job.placements[0].trim_px)
    canvas.flush()
    data, stride = bytes(canvas.get_data()), canvas.get_stride()
    png = encode_png(data, width, height, stride, alpha=True, level=6) if job.cut else encode_png(data, width, height, stride)
    return with_dpi(png, job.dpi)


def _place(cairo: Any, canvas: Any, placement: FacePlacement) -> None:
    """Paint one face into its window, repeating its edge pixels where its bleed falls short."""
    from dragon_pnp.kit.render import draw

    drawing = draw(placement.svg)
    scale = cover_scale(placement.trim_mm, placement.trim_px) * MM_PER_INCH / 72.0  # px per pt
    x0, y0, x1, y1 = placement.trim_px
    face_w, face_h = drawing.width_pt * scale, drawing.height_pt * scale
    fx0, fy0 = (x0 + x1) / 2 - face_w / 2, (y0 + y1) / 2 - face_h / 2
    wx0, wy0, wx1, wy1 = placement.window_px
    ww, wh = wx1 - wx0, wy1 - wy0

    face = cairo.ImageSurface(cairo.FORMAT_ARGB32, ww, wh)
    painter = cairo.Context(face)
    painter.translate(fx0 - wx0, fy0 - wy0)
    painter.scale(scale, scale)
    painter.rectangle(0, 0, drawing.width_pt, drawing.height_pt)
    painter.clip()
    painter.set_source_surface(drawing.recording, 0, 0)
    painter.paint()
    face.flush()

    # The pixels the face covers whole inside the window; outside them, repeat the edge. On a
    # side that needs repeating, one more pixel is left out: an antialiased edge can reach a
    # fraction of a pixel further in than the face's box says, and must not be repeated.
    ix0 = _inner_start(fx0 - wx0)
    iy0 = _inner_start(fy0 - wy0)
    ix1 = _inner_end(fx0 + face_w - wx0, ww)
    iy1 = _inner_end(fy0 + face_h - wy0, wh)
    source, sx, sy = face, wx0, wy0
    if (ix0, iy0, ix1, iy1) != (0, 0, ww, wh) and ix1 > ix0 and iy1 > iy0:
        source = cairo.ImageSurface(cairo.FORMAT_ARGB32, ix1 - ix0, iy1 - iy0)
        copier = cairo.Context(source)
        copier.set_source_surface(face, -ix0, -iy0)
        copier.paint()
        source.flush()
        sx, sy = wx0 + ix0, wy0 + iy0

    context = cairo.Context(canvas)
    context.rectangle(wx0, wy0, ww, wh)
    context.clip()
    context.set_source_surface(source, sx, sy)
    if source is not face:
        context.get_source().set_extend(cairo.EXTEND_PAD)
    context.paint()


def _inner_start(edge: float) -> int:
    return 0 if edge <= 1e-6 else math.ceil(edge) + 1


def _inner_end(edge: float, size: int) -> int:
    return size if edge >= size - 1e-6 else math.floor(edge) - 1


def _cut(cairo: Any, canvas: Any, shape: CutShape, box: PixelBox) -> Any:
    """The canvas with everything outside the shape made transparent, edge pixels whole
    (no antialiasing: each pixel is fully in or out, so the colours need no un-premultiplying)."""
    x0, y0, x1, y1 = box
    cut = cairo.ImageSurface(cairo.FORMAT_ARGB32, canvas.get_width(), canvas.get_height())
    context = cairo.Context(cut)
    context.set_antialias(cairo.ANTIALIAS_NONE)
    cx, cy, w, h = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
    if shape == "circle":
        context.arc(cx, cy, min(w, h) / 2, 0, 2 * math.pi)
    elif shape == "hex":  # flat-topped: corners left and right
        for i, (px, py) in enumerate([(x0, cy), (x0 + w / 4, y0), (x1 - w / 4, y0), (x1, cy),
                                      (x1 - w / 4, y1), (x0 + w / 4, y1)]):
            (context.move_to if i == 0 else context.line_to)(px, py)
        context.close_path()
    else:
        context.rectangle(x0, y0, w, h)
    context.clip()
    context.set_source_surface(canvas, 0, 0)
    context.paint()
    return cut
