"""Draw with cairo: each face walked once by cairosvg into a recording, then painted many times.

A kit document is one cairo PDF surface: every placement paints a face's recording through a
clip and a transform. cairo writes each distinct recording once, as a form XObject, and
subsets each font once per document, so a sheet of nine identical cards costs one face. A
card's PNG is rasterised from the same recording. Everything here runs in render workers
(see parallel.py); the main process never loads cairo.

Units: jobs arrive in millimetres (page geometry from the imposer); cairo works in points
with y down, the same orientation as the page plans.
"""

from __future__ import annotations

import hashlib
import io
import math
import struct
import sys
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from dragon_pnp.cairo_ffi import load_cairocffi
from dragon_pnp.kit.furniture import draw_label, draw_marks
from dragon_pnp.kit.replay import Recorder, Script
from dragon_pnp.paper import mm_to_pt

if TYPE_CHECKING:
    from dragon_pnp.kit.render_jobs import DocumentJob, ImageJob, PngJob
    from dragon_pnp.kit.sheet import Placement


def warm_up() -> None:
    """Load cairo and cairosvg now (a render worker's first act), so the first job starts warm."""
    _cairo()
    import cairosvg.parser
    import cairosvg.surface  # noqa: F401


def _cairo() -> Any:
    return load_cairocffi()


@dataclass
class Drawing:
    """A face walked once: a cairo recording surface and the face's exact size in points."""

    recording: Any
    width_pt: float
    height_pt: float


# Recordings made in this process, by SVG digest: a face shared by several documents (tiles on
# the board poster) or wanted as a PNG too is walked once per worker.
_drawings: dict[bytes, Drawing] = {}
_build = ""


def draw(svg: str) -> Drawing:
    """The face's recording, walking the SVG with cairosvg the first time it is asked for."""
    digest = hashlib.sha256(svg.encode("utf-8")).digest()
    if digest not in _drawings:
        _drawings[digest] = _record(svg)
    return _drawings[digest]


def forget_drawings() -> None:
    _drawings.clear()
    _scripts.clear()


def _record(svg: str) -> Drawing:
    return _walk(svg, keep_script=False)[0]


# The calls of each face walked for a composite, by SVG digest (None: a walk that cannot be
# played again): its later uses play them onto a new recording instead of walking again.
_scripts: dict[bytes, tuple[Script | None, float, float]] = {}


def _fresh(svg: str) -> Drawing:
    """A recording of its own for this one use of a face (see `_place`), the walk played again
    where this worker walked that face before."""
    digest = hashlib.sha256(svg.encode("utf-8")).digest()
    if digest in _scripts:
        script, width, height = _scripts[digest]
        if script is not None:
            return Drawing(script.play(_cairo()), width, height)
        return _record(svg)
    drawing, script = _walk(svg, keep_script=True)
    _scripts[digest] = (script, drawing.width_pt, drawing.height_pt)
    return drawing


def _walk(svg: str, keep_script: bool) -> tuple[Drawing, Script | None]:
    """Walk the SVG with cairosvg into a new recording; with `keep_script`, also the cairo
    calls it made, when they can be played again."""
    cairo = _cairo()
    from cairosvg import surface as cairosvg_surface
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface

    # Templates ask for text-rendering="geometricPrecision" (exact glyph advances). cairosvg
    # also turns it into ANTIALIAS_BEST, which cairo 1.16 rasterises from a recording as
    # blocks instead of letters (card PNGs showed it); grey antialiasing draws them right.
    cairosvg_surface.TEXT_ANTIALIAS["geometricPrecision"] = cairo.ANTIALIAS_GRAY
    recorders: list[Recorder] = []
    sizes: list[tuple[int, int, int, int]] = []

    class _Recording(PDFSurface):
        """cairosvg surface that records in points instead of writing a file of its own."""

        def _create_surface(self, width: float, height: float) -> tuple[Any, float, float]:
            extents = (0, 0, math.ceil(width), math.ceil(height))
            sizes.append(extents)
            return cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, extents), width, height

        @property
        def context(self) -> Any:
            return self._context

        @context.setter
        def context(self, context: Any) -> None:
            if keep_script:
                context = Recorder(context, cairo)
                recorders.append(context)
            self._context = context

    walked = _Recording(Tree(bytestring=svg.encode("utf-8")), None, 96)
    drawing = Drawing(walked.cairo, walked.width, walked.height)
    if len(recorders) != 1 or len(sizes) != 1 or not recorders[0].replayable:
        return drawing, None
    return drawing, Script(recorders[0].calls, sizes[0])


def run_task(documents: Sequence[DocumentJob], pngs: Sequence[ImageJob],
             build: str = "") -> tuple[dict[str, bytes], dict[str, bytes]]:
    """One task of a build. Walks are kept for the rest of the build: later tasks (a card's
    PNG after its sheet) reuse them. A task of another build starts from nothing."""
    global _build
    if build != _build or not build:
        forget_drawings()
        _build = build
    return ({job.name: render_document(job) for job in documents},
            {job.name: render_image(job) for job in pngs})


def render_image(job: ImageJob) -> bytes:
    """A kit face's PNG, or the PNG of any job that draws itself (the exporters' images)."""
    render = getattr(job, "render", None)
    if render is not None:
        image: bytes = render()
        return image
    return render_png(cast("PngJob", job))   # the one image job that does not draw itself


def render_document(job: DocumentJob) -> bytes:
    """One PDF: each page's placements (clipped, transformed), then its marks, overlay and label on top."""
    cairo = _cairo()
    output = io.BytesIO()
    document = cairo.PDFSurface(output, 1, 1)
    # A fixed date, so the same job always gives the same bytes (cached or not).
    document.set_metadata(cairo.PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
    for page, overlay in zip(job.pages, job.overlays):
        document.set_size(mm_to_pt(page.size[0]), mm_to_pt(page.size[1]))
        context = cairo.Context(document)
        for placement in page.placements:
            _place(context, job, placement, _page_window(page.size))
        draw_marks(context, page)
        if overlay:
            context.set_source_surface(draw(overlay).recording, 0, 0)
            context.paint()
        draw_label(context, page)
        document.show_page()
    document.finish()
    return output.getvalue()


Window = tuple[float, float, float, float]  # x0, y0, x1, y1 in the current mm coordinates


def _place(context: Any, job: DocumentJob, placement: Placement, window: Window, shared: bool = True) -> None:
    """Paint a face, or each face of a composite form that shows inside `window`.

    A composite (the assembled board) is painted face by face through its own transform,
    not recorded as one form: cairo 1.16 writes a recording nested in a recording, painted
    through different clips on different pages, with only what the first page showed.

    A face inside a composite is walked afresh for each use (`shared` false), not shared: cairo 1.16, painting one recording through a composite's nested clips on
    several poster pages, wrote pages whose resources named two forms alike (qpdf warns), so
    viewers showed board tiles without their star or label; and what it wrote depended on the
    documents the worker had drawn that recording into before.
    """
    if placement.form not in job.composites:
        svg = job.faces[placement.form]
        _paint(context, placement, draw(svg) if shared else _fresh(svg))
        return
    composite = job.composites[placement.form]
    context.save()
    _clip(context, placement)
    context.translate(mm_to_pt(placement.x), mm_to_pt(placement.y))
    context.scale(placement.scale, placement.scale)
    inner = _inner_window(window, placement)
    for part in composite.placements:
        if part.x < inner[2] and part.y < inner[3] and part.x + part.width > inner[0] and part.y + part.height > inner[1]:
            _place(context, job, part, inner, shared=False)
    context.restore()


def _page_window(size: tuple[float, float]) -> Window:
    return (0.0, 0.0, size[0], size[1])


def _inner_window(window: Window, placement: Placement) -> Window:
    """The part of a composite's own coordinates that can show: its placement's clip within `window`."""
    x0, y0, x1, y1 = window
    if placement.clip:
        xs, ys = [x for x, _ in placement.clip], [y for _, y in placement.clip]
        x0, y0, x1, y1 = max(x0, min(xs)), max(y0, min(ys)), min(x1, max(xs)), min(y1, max(ys))
    s = placement.scale
    return ((x0 - placement.x) / s, (y0 - placement.y) / s, (x1 - placement.x) / s, (y1 - placement.y) / s)


def _clip(context: Any, placement: Placement) -> None:
    """Clip to the placement's polygon, or to its box."""
    if placement.clip:
        first, *rest = placement.clip
        context.move_to(mm_to_pt(first[0]), mm_to_pt(first[1]))
        for x, y in rest:
            context.line_to(mm_to_pt(x), mm_to_pt(y))
        context.close_path()
    else:
        context.rectangle(mm_to_pt(placement.x), mm_to_pt(placement.y),
                          mm_to_pt(placement.width), mm_to_pt(placement.height))
    context.clip()


def _paint(context: Any, placement: Placement, drawing: Drawing) -> None:
    """Paint a recording with its bleed box at the placement, clipped to its polygon or box."""
    context.save()
    _clip(context, placement)
    x, y = mm_to_pt(placement.x), mm_to_pt(placement.y)
    w, h = mm_to_pt(placement.width), mm_to_pt(placement.height)
    # The placed box is the face's bleed box as it lands on the page, turned clockwise by
    # `rotate`: turn the face about its top-left corner, then move it into that box.
    corner = {0: (x, y), 90: (x + w, y), 180: (x + w, y + h), 270: (x, y + h)}[placement.rotate]
    context.translate(*corner)
    context.rotate(math.radians(placement.rotate))
    context.scale(placement.scale, placement.scale)
    # The face fills its exact size; the recording's last partial point is empty.
    context.rectangle(0, 0, drawing.width_pt, drawing.height_pt)
    context.clip()
    context.set_source_surface(drawing.recording, 0, 0)
    context.paint()
    context.restore()


def render_png(job: PngJob) -> bytes:
    """An opaque RGB PNG of one face at the job's resolution, bleed included."""
    cairo = _cairo()
    drawing = draw(job.svg)
    scale = job.dpi / 72.0
    image = cairo.ImageSurface(cairo.FORMAT_RGB24, round(drawing.width_pt * scale), round(drawing.height_pt * scale))
    context = cairo.Context(image)
    context.set_source_rgb(1, 1, 1)
    context.paint()
    context.scale(scale, scale)
    context.set_source_surface(drawing.recording, 0, 0)
    context.paint()
    image.flush()
    # The surface's own buffer, not a copy: Pillow reads it while `image` is alive.
    return encode_png(image.get_data(), image.get_width(), image.get_height(), image.get_stride())


def render_pdf(svgs: list[str]) -> bytes:
    """A PDF with one page per SVG at the SVG's own size: for tests that read a single face."""
    cairo = _cairo()
    output = io.BytesIO()
    document = cairo.PDFSurface(output, 1, 1)
    document.set_metadata(cairo.PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
    for svg in svgs:
        drawing = draw(svg)
        document.set_size(drawing.width_pt, drawing.height_pt)
        context = cairo.Context(document)
        context.set_source_surface(drawing.recording, 0, 0)
        context.paint()
        document.show_page()
    document.finish()
    return output.getvalue()


def encode_png(bgrx: Any, width: int, height: int, stride: int, alpha: bool = False, level: int = 1) -> bytes:
    """PNG from cairo's native-endian rows (`bgrx`: bytes or any buffer, such as a surface's
    data): RGB from RGB24, or RGBA from ARGB32 with `alpha` (cut-out pieces; the stored values
    as they are); `level` is the zlib compression.

    Pillow reorders the bytes (in C, a quarter of the time Python's slicing took) and pads
    each row to the PNG row length with a zero, which is the next row's filter byte (0: none).
    The zlib stream is ours, so the bytes do not depend on Pillow's PNG writer.
    """
    from PIL import Image

    mode = "RGBA" if alpha else "RGB"
    native = ("BGRA" if alpha else "BGRX") if sys.byteorder == "little" else ("ARGB" if alpha else "XRGB")
    line = width * len(mode)
    image = Image.frombuffer(mode, (width, height), bgrx, "raw", native, stride, 1)
    padded = image.tobytes("raw", mode, line + 1)   # each row, then one zero byte
    rows = b"".join((b"\x00", memoryview(padded)[:-1]))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, level)) + chunk(b"IEND", b"")
