"""The kit as a print shop and a home printer see it, checked with third-party tools.

Every PDF a build writes (so a new game's or component's PDFs are covered when they land):
`qpdf --check` clean, every font embedded per `pdffonts`, Ghostscript reading every page without
a warning, TrimBox and BleedBox on every page,
nothing printed within 5 mm of the paper edge (rendered by poppler's `pdftoppm`, not the
MuPDF the other read-back tests use), and a miscut simulation: the trim of every card, tile
and token is moved out by up to 2 mm and the colours there must be its own (or paper, or a
crop mark), never a neighbour's.

The tools are installed by `python3 run.py test`; a missing tool fails these tests by name.
print-and-play.pdf's pages that are, object for object, pages of the kit's other PDFs (all but the
cover and the rules as it takes them) are rendered and interpreted with those, not a second time.
"""

from __future__ import annotations

import functools
import math
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image
from pypdf import PdfReader

from dragon_pnp.kit.kit import plan_kit
from dragon_pnp.kit.layouts import sheet_layout_for
from tests.kit.same_pages import pages_drawn_elsewhere

EDGE_MM = 5.0          # home printers cannot print nearer the paper edge than this
MISCUT_MM = 2.0        # how far a cut may wander from the trim
KITS = [("letter", True), ("a4", True), ("letter", False), ("a4", False)]


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed; `python3 run.py test` installs it (qpdf, poppler-utils, ghostscript)")
    return path


def kit_pdfs(kits, paper: str, duplex: bool) -> list[Path]:
    folder = Path(kits(paper, duplex).out_dir)
    pdfs = sorted(folder.glob("*.pdf"))
    assert pdfs
    return pdfs


@functools.cache
def pages_to_draw(pdf: Path) -> list[int] | None:
    """The pages of `pdf` a renderer must draw (None: all): print-and-play.pdf's pages that are,
    object for object, pages of the kit's other PDFs are drawn with those (tests/kit/same_pages.py;
    issue 30: they were 31 of its 41 pages, drawn twice)."""
    if pdf.name != "print-and-play.pdf":
        return None
    others = [p for p in sorted(pdf.parent.glob("*.pdf")) if p != pdf]
    with pikepdf.open(pdf) as whole:
        count = len(whole.pages)
    elsewhere = pages_drawn_elsewhere(pdf, others)
    assert len(elsewhere) < count, "the cover is a page of its own"
    return [number for number in range(1, count + 1) if number not in elsewhere]


def runs(pages: list[int]) -> list[tuple[int, int]]:
    """Consecutive page numbers as (first, last) runs."""
    found: list[tuple[int, int]] = []
    for number in pages:
        if found and found[-1][1] == number - 1:
            found[-1] = (found[-1][0], number)
        else:
            found.append((number, number))
    return found


@pytest.mark.parametrize("paper, duplex", KITS)
def test_qpdf_finds_nothing_to_warn_about(kits, paper, duplex):
    for pdf in kit_pdfs(kits, paper, duplex):
        result = subprocess.run([tool("qpdf"), "--check", str(pdf)], capture_output=True, text=True)
        report = result.stdout + result.stderr
        assert result.returncode == 0 and "WARNING" not in report and "No syntax or stream encoding errors" in report, \
            f"{pdf.name}: {report}"


@pytest.mark.parametrize("paper, duplex", KITS)
def test_pdffonts_lists_every_font_embedded(kits, paper, duplex):
    for pdf in kit_pdfs(kits, paper, duplex):
        lines = subprocess.run([tool("pdffonts"), str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()
        header = lines[0]
        emb = header.index(" emb ") + 1
        fonts = [line for line in lines[2:] if line.strip()]
        assert fonts, pdf.name
        for line in fonts:
            assert line[emb:emb + 3] == "yes", f"{pdf.name}: not embedded: {line}"


@pytest.mark.parametrize("paper, duplex", KITS)
def test_ghostscript_reads_every_pdf_without_a_complaint(kits, paper, duplex):
    """A third reader (after qpdf and poppler): Ghostscript interprets every page, warning of nothing."""
    for pdf in kit_pdfs(kits, paper, duplex):
        pages = pages_to_draw(pdf)
        only = [f"-sPageList={','.join(map(str, pages))}"] if pages is not None else []
        result = subprocess.run([tool("gs"), "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", *only,
                                 str(pdf)], capture_output=True, text=True)
        report = result.stdout + result.stderr
        assert result.returncode == 0 and "rror" not in report and "arning" not in report, f"{pdf.name}: {report}"


@pytest.mark.parametrize("paper, duplex", KITS)
def test_every_page_has_consistent_trim_and_bleed_boxes(kits, paper, duplex):
    """TrimBox and BleedBox set on every page (the page itself: kit sheets are printed whole and
    cut by their marks), so a shop that honours TrimBox gets every page at its paper size."""
    for pdf in kit_pdfs(kits, paper, duplex):
        for number, page in enumerate(PdfReader(pdf).pages, start=1):
            assert "/TrimBox" in page and "/BleedBox" in page, f"{pdf.name} page {number}"
            media = [float(v) for v in page.mediabox]
            assert [float(v) for v in page.trimbox] == media == [float(v) for v in page.bleedbox], \
                f"{pdf.name} page {number}"


def render(pdf: Path, dpi: int, folder: Path, gray: bool = False,
           only: list[int] | None = None) -> list[Image.Image]:
    """Every page of `pdf` (or the pages `only` lists) as poppler draws it, in page order."""
    stem = folder / pdf.stem
    ranges = [("-f", str(first), "-l", str(last)) for first, last in runs(only)] if only is not None else [()]
    for pick in ranges:
        subprocess.run([tool("pdftoppm"), "-r", str(dpi), *(["-gray"] if gray else []), *pick, str(pdf), str(stem)],
                       check=True)
    pages = sorted(folder.glob(f"{pdf.stem}-*.p[gp]m"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    assert only is None or [int(p.stem.rsplit("-", 1)[1]) for p in pages] == only
    images = [Image.open(p).convert("L" if gray else "RGB") for p in pages]
    for p in pages:
        p.unlink()
    return images


@pytest.mark.parametrize("paper, duplex", KITS)
def test_nothing_is_printed_in_the_band_home_printers_cannot_reach(kits, paper, duplex, tmp_path):
    dpi = 60
    band = math.floor(EDGE_MM / 25.4 * dpi) - 1   # whole pixels inside the band, one spare for antialiasing
    for pdf in kit_pdfs(kits, paper, duplex):
        pages = pages_to_draw(pdf)
        numbers = pages if pages is not None else range(1, 10_000)
        for number, image in zip(numbers, render(pdf, dpi, tmp_path, gray=True, only=pages)):
            w, h = image.size
            strips = [image.crop((0, 0, w, band)), image.crop((0, h - band, w, h)),
                      image.crop((0, 0, band, h)), image.crop((w - band, 0, w, h))]
            darkest = min(strip.getextrema()[0] for strip in strips)
            assert darkest >= 235, f"{pdf.name} page {number}: ink within {EDGE_MM:g} mm of the paper edge"


# --- miscut ---------------------------------------------------------------------------------


def outline(placement, shape: str) -> list[tuple[float, float]]:
    """The trim as a polygon (mm, page coordinates), corners clockwise on the page."""
    x0, y0, x1, y1 = placement.trim
    if shape == "hex":
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
        return [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)]
    if shape == "circle":
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
        return [(cx + r * math.cos(math.radians(15 * i)), cy + r * math.sin(math.radians(15 * i))) for i in range(24)]
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


QUANTUM = 16   # colour levels per channel when matching a piece's own colours


def quantized(colour) -> tuple[int, int, int]:
    return tuple(c // QUANTUM for c in colour)


def own_or_paper(sample, own: set, edge: set, tolerance: float = 40.0) -> bool:
    """Paper, a neutral crop mark, one of the piece's own colours, or its edge colour thinned by paper."""
    if min(sample) >= 235 or max(sample) - min(sample) <= 14:
        return True
    q = quantized(sample)
    if any((q[0] + i, q[1] + j, q[2] + k) in own for i in (-1, 0, 1) for j in (-1, 0, 1) for k in (-1, 0, 1)):
        return True
    for colour in edge:
        # On the line from the colour to white: the bleed's outer edge antialiased against the gutter.
        direction = [255 - c for c in colour]
        length2 = sum(d * d for d in direction) or 1.0
        t = max(0.0, min(1.0, sum((s - c) * d for s, c, d in zip(sample, colour, direction)) / length2))
        if math.dist(sample, [c + t * d for c, d in zip(colour, direction)]) <= tolerance:
            return True
    return False


def miscut_faults(image: Image.Image, dpi: int, page, faces, reach: float | None = None) -> list[str]:
    """Points up to 2 mm outside each trim whose colour is neither paper nor the piece's own.

    An edge on one of the page's fold lines (a fold-over card's front and back meet there) is a
    fold, not a cut, and is passed over; every other edge is a cut a knife may miss, a shared
    one included.

    Every point is read as a pixel at (int(x * scale), int(y * scale)), clamped to the image; an
    edge's points are read at once with numpy, and the two quick answers of `own_or_paper` (paper
    or neutral, one of the piece's own colours give or take one level) too; only the points left
    go through `own_or_paper` one by one (issue 30: point by point in Python this was most of the
    test's time; the same points and the same answers).
    """
    scale = dpi / 25.4
    array = np.asarray(image)
    height, width = array.shape[:2]

    def at(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        columns = np.clip((xs * scale).astype(int), 0, width - 1)
        rows = np.clip((ys * scale).astype(int), 0, height - 1)
        return array[rows, columns].astype(int)

    faults = []
    pieces = [(p, outline(p, faces[p.form].shape)) for p in page.placements if p.trim is not None and p.form in faces]
    folds = {round(s.a[0], 3) for s in page.fold_marks if abs(s.a[0] - s.b[0]) < 1e-9}
    steps = np.array([i / 30 for i in range(1, 30)])
    for placement, corners in pieces:
        x0, y0, x1, y1 = placement.trim
        own = _own_colours(array, scale, corners, _steps(x0 + 0.5, x1 - 0.5, 1.0), _steps(y0 + 0.5, y1 - 0.5, 1.0))
        near_own = _near_own_table(own)
        depths = np.array([d for d in (0.6, 1.0, 1.4, 1.8, MISCUT_MM) if reach is None or d <= reach])
        for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
            if abs(ax - bx) < 1e-9 and round(ax, 3) in folds:
                continue
            length = math.hypot(bx - ax, by - ay)
            nx, ny = (by - ay) / length, -(bx - ax) / length   # outward, for corners clockwise on the page
            inward_t, inward_d = np.meshgrid(steps, np.array([0.6, 1.2]), indexing="ij")
            edge = {tuple(int(c) for c in colour) for colour in
                    at(ax + (bx - ax) * inward_t - nx * inward_d, ay + (by - ay) * inward_t - ny * inward_d).reshape(-1, 3)}
            t, d = np.meshgrid(steps, depths, indexing="ij")   # t outer, d inner: the order faults are listed in
            xs, ys = (ax + (bx - ax) * t + nx * d).ravel(), (ay + (by - ay) * t + ny * d).ravel()
            samples = at(xs, ys)
            quick = (samples.min(axis=1) >= 235) | (samples.max(axis=1) - samples.min(axis=1) <= 14)
            q = samples // QUANTUM + 1
            quick |= near_own[q[:, 0], q[:, 1], q[:, 2]]
            for at_point in np.flatnonzero(~quick):
                sample = tuple(int(c) for c in samples[at_point])
                if not own_or_paper(sample, own, edge):
                    faults.append(f"{placement.form} at ({xs[at_point]:.1f}, {ys[at_point]:.1f}) mm shows {sample}")
    return faults


def _near_own_table(own: set) -> np.ndarray:
    """table[q + 1] (q a quantized colour, each channel 0-15): some colour of `own` lies within one
    level of q on every channel, the test `own_or_paper` makes with its 27 neighbours."""
    table = np.zeros((256 // QUANTUM + 2,) * 3, dtype=bool)
    for r, g, b in own:
        table[r:r + 3, g:g + 3, b:b + 3] = True
    return table


def _own_colours(array: np.ndarray, scale: float, corners: list[tuple[float, float]], xs: list[float],
                 ys: list[float]) -> set[tuple[int, ...]]:
    """The quantized colours at every point of the grid xs x ys (mm) inside the piece's outline (ray
    casting), read as `miscut_faults`'s `at` reads a point, over the whole grid at once: point by
    point in Python this was four fifths of the test's time (the same sets, checked piece by piece)."""
    x, y = np.meshgrid(np.array(xs), np.array(ys), indexing="ij")
    inside = np.zeros(x.shape, dtype=bool)
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
        crosses = (ay > y) != (by > y)
        with np.errstate(divide="ignore", invalid="ignore"):
            inside ^= crosses & (x < ax + (y - ay) * (bx - ax) / (by - ay))
    height, width = array.shape[:2]
    columns = np.clip((x[inside] * scale).astype(int), 0, width - 1)
    rows = np.clip((y[inside] * scale).astype(int), 0, height - 1)
    colours = array[rows, columns].astype(int) // QUANTUM
    # one number a colour (each channel under 16), so the distinct ones are found in one flat sort
    codes = np.unique((colours[:, 0] << 8) | (colours[:, 1] << 4) | colours[:, 2])
    return {(int(code >> 8), int((code >> 4) & 15), int(code & 15)) for code in codes}


def _steps(start: float, stop: float, step: float) -> list[float]:
    return [start + i * step for i in range(int((stop - start) / step) + 1)]


@pytest.mark.parametrize("paper, duplex", KITS)
def test_a_miscut_of_two_millimetres_never_shows_a_neighbour(game, kits, paper, duplex, tmp_path):
    plan = plan_kit(game, paper, duplex)
    folder = Path(kits(paper, duplex).out_dir)
    documents = ("cards.pdf", "tiles.pdf") if duplex else ("cards.pdf",)
    if any(page.shared_cut for page in plan.documents["cards.pdf"]):
        # Letter's 3 x 3 card sheets share their cuts (the cover says a miscut shows a sliver of
        # the next card): tests/kit/test_shared_cut.py reads those; here the other sheets.
        documents = tuple(name for name in documents if name != "cards.pdf")
    dpi = 100
    checked = 0
    for name in documents:
        images = render(folder / name, dpi, tmp_path)
        assert len(images) == len(plan.documents[name])
        # A4 card sheets hold 3 x 3 by keeping only 1 mm of bleed and a 0.5 mm gutter (print.yaml
        # `sheets`, papers: [a4]): there a miscut shows no neighbour up to that bleed and half the gutter.
        layout = sheet_layout_for("deck_duplex" if duplex else "deck_fold", game.print_profile, paper)
        reach = layout.min_bleed_mm + layout.gap_mm / 2 if name == "cards.pdf" and layout.min_bleed_mm < 2 else None
        for number, (image, page) in enumerate(zip(images, plan.documents[name]), start=1):
            faults = miscut_faults(image, dpi, page, plan.faces, reach)
            assert not faults, f"{name} page {number}: {faults[:5]}"
            checked += sum(1 for p in page.placements if p.trim is not None)
    # fronts and backs of 19 + 33 cards; without the card sheets, 43 tiles and the 8 extras pieces
    assert checked >= ((19 + 33) * 2 if "cards.pdf" in documents else 43 + 8)
