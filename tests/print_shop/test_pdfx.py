"""`build --pdfx`: the print-shop PDFs pass an independent PDF/X preflight (pdfx_check.py) and
show the same art as the RGB kit.

Dragon Pants is checked whole here (X-4: preflight, every sheet rendered against the RGB PDF,
every piece against its PNG); Dragon Dance, Dragon Line and the peer deck are preflighted in
tests/kit/test_print_shop_games.py. Both read the print-shop step run over the run's shared seed
kits (tests/conftest.py `seed_print_shop`); one whole `build --pdfx` here shows the command writes
those same bytes. A small synthetic face with
transparency, near-black text and a thin rule tests the colour rules and X-1a flattening (a
whole game as X-1a takes a minute of Ghostscript rasterising: run by hand, see README).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image

from dragon_pnp.data.loader import project_root
from dragon_pnp.paper import mm_to_pt
from dragon_pnp.print_shop.ghostscript import convert
from dragon_pnp.print_shop.neutral import prepare
from dragon_pnp.print_shop.profile import SHIPPED
from dragon_pnp.print_shop.structure import finish
from tests.print_shop.pdfx_check import (
    dictionaries,
    image_differences,
    ink_by_file,
    problems,
    raw_trapped,
    render_differences,
)

ROOT = project_root()
BLEED_PT = mm_to_pt(3)

pytestmark = pytest.mark.skipif(shutil.which("gs") is None or shutil.which("pdftoppm") is None,
                                reason="needs Ghostscript and poppler (python3 run.py test installs them)")


def build(game: Path | str, out: Path, *flags: str) -> subprocess.CompletedProcess:
    """`build GAME --no-check --no-proof`: nothing here reads the proof (tests/proof does)."""
    return subprocess.run([sys.executable, "-m", "dragon_pnp", "build", str(game), "--no-check", "--no-proof",
                           "--out", str(out), *flags],
                          capture_output=True, text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})


def check_print_shop(kit: Path, level: str, scratch: Path) -> None:
    """Every print-shop PDF passes the preflight; sheets render like the RGB PDFs, pieces like the PNGs."""
    shop = kit / "print-shop"
    pdfs = sorted(shop.glob("*.pdf"))
    home = sorted(p.name for p in kit.glob("*.pdf") if p.name != "print-and-play.pdf")
    assert sorted(p.name for p in pdfs) == sorted(home + ["pieces.pdf"])
    inks = ink_by_file(pdfs)   # one Ghostscript run for every file's total ink
    for pdf in pdfs:
        bleed = BLEED_PT if pdf.name == "pieces.pdf" else 0.0
        assert problems(pdf, level, bleed, ink=inks[pdf]) == [], pdf.name
        if pdf.name != "pieces.pdf":
            assert render_differences(kit / pdf.name, pdf) == [], pdf.name
    rows = (shop / "pieces.txt").read_text("utf-8").splitlines()[1:]
    svgs = sorted((kit / "svg").glob("*.svg"))
    assert [row.split("\t")[1] for row in rows] == [p.stem for p in svgs]
    pngs = {p.name.rsplit("-x", 1)[0]: p for p in (kit / "png").glob("*.png")}
    with pikepdf.open(shop / "pieces.pdf") as pieces:
        assert len(pieces.pages) == len(rows)
    # Each piece page against the kit's own PNG of that face (rendered by cairo, not poppler).
    # (rendered into `scratch`: the kit is the run's shared one, read-only)
    subprocess.run(["pdftoppm", "-r", "30", "-gray", str(shop / "pieces.pdf"), str(scratch / "p")], check=True)
    pages = sorted(scratch.glob("p-*.pgm"))
    for row, page in zip(rows, pages, strict=True):
        _, face, copies = row.split("\t")
        assert int(copies) >= 1
        if face in pngs:
            assert image_differences(Image.open(pngs[face]), Image.open(page)) == [], face


def test_dragon_pants_print_shop_is_pdfx4(seed_print_shop, tmp_path):
    """The whole check on the game with the most art and live transparency."""
    # The print-shop step run over a copy of the run's shared Dragon Pants kit (tests/conftest.py):
    # a whole `build --pdfx` writes the same bytes (test_build_pdfx_writes_what_the_step_writes).
    out = seed_print_shop("dragon_pants")
    with pikepdf.open(out / "cards.pdf") as rgb:   # the home kit has transparency and RGB to convert
        assert any(float(o.get("/ca", 1)) < 1 for o in dictionaries(rgb))
    check_print_shop(out, "x4", tmp_path)


def test_build_pdfx_writes_what_the_step_writes(tmp_path, private_render_cache, seed_print_shop):
    """`dragon-pnp build --pdfx` runs the print-shop step after the kit: the whole command (the
    peer deck, the cheapest kit) writes, byte for byte, the home-print files of the plain build
    and the print-shop files the step writes over them, which the other tests here and
    tests/kit/test_print_shop_games.py read."""
    deck = ROOT / "examples" / "peer-deck"
    expected = seed_print_shop(deck, "letter")   # its seed kit first: the command draws its pages from the cache
    out = tmp_path / "kit"
    built = build(deck, out, "--paper", "letter", "--pdfx")
    assert built.returncode == 0, built.stdout + built.stderr
    assert "PDF/X-4" in built.stdout

    def files(folder: Path) -> dict[str, bytes]:
        return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
                if p.is_file() and p.name != "proof.json"}

    made, wanted = files(out), files(expected)
    assert any(name.startswith("print-shop/") for name in made)
    assert made.keys() == wanted.keys()
    assert [name for name in made if made[name] != wanted[name]] == []


FACE = """<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">
  <rect x="0" y="0" width="69" height="94" fill="#2471a3"/>
  <rect x="10" y="10" width="49" height="74" fill="#fbf4ec"/>
  <circle cx="34.5" cy="40" r="14" fill="#c0392b" fill-opacity="0.5"/>
  <text x="34.5" y="70" font-size="2.5" text-anchor="middle" fill="#1d1d1d" font-family="DejaVu Sans">Gain 2 coins.</text>
  <text x="34.5" y="20" font-size="4" text-anchor="middle" fill="#8a2f1d" font-family="DejaVu Sans">Title</text>
  <line x1="12" y1="75" x2="57" y2="75" stroke="#3a3a3a" stroke-width="0.2"/>
</svg>"""


@pytest.fixture(scope="module")
def rgb_face(tmp_path_factory) -> Path:
    from dragon_pnp.kit.render import render_pdf

    path = tmp_path_factory.mktemp("face") / "face.pdf"
    path.write_bytes(render_pdf([FACE]))
    return path


def to_pdfx(source: Path, folder: Path, level: str) -> Path:
    """The step's own pipeline for one file: neutrals to grey, Ghostscript, PDF/X structure."""
    greyed, converted, target = folder / "grey.pdf", folder / "cmyk.pdf", folder / f"{level}.pdf"
    with pikepdf.open(source) as pdf:
        assert prepare(pdf) >= 2     # the body text and the thin rule greyed
        pdf.save(greyed)
    convert(greyed, converted, SHIPPED.profile, level)
    finish(converted, target, SHIPPED, level, "Face", [BLEED_PT])
    return target


@pytest.fixture(scope="module")
def face_pdfx(rgb_face, tmp_path_factory):
    """`face_pdfx(level)`: the face converted once per module for each level, read by the tests
    below that only read it (issue 30: each converted it again; the reproducibility test converts
    once more and compares with this one)."""
    made: dict[str, Path] = {}

    def get(level: str) -> Path:
        if level not in made:
            made[level] = to_pdfx(rgb_face, tmp_path_factory.mktemp(f"face-{level}"), level)
        return made[level]

    return get


@pytest.mark.parametrize("level", ["x4", "x1a"])
def test_face_converts_to_pdfx(rgb_face, face_pdfx, level):
    target = face_pdfx(level)
    assert problems(target, level, BLEED_PT) == []
    assert render_differences(rgb_face, target) == []


def test_trapped_is_the_pdf_name_false(face_pdfx):
    """Info /Trapped as the bytes spell it (qpdf prints the object), the same word as the XMP."""
    target = face_pdfx("x4")
    assert raw_trapped(target) == "/False"
    with pikepdf.open(target) as pdf:
        assert "<pdf:Trapped>False</pdf:Trapped>" in pdf.Root.Metadata.read_bytes().decode("utf-8")


@pytest.mark.parametrize("level", ["x4", "x1a"])
def test_grey_text_and_rules_print_in_black_only(face_pdfx, tmp_path, level):
    """The near-black body text and the thin grey rule print on the K plate alone, read from
    Ghostscript's separations; the red title stays a colour. X-1a flattens this page (it has
    transparency) to an image: that image keeps the text and rule on K too (no rich black)."""
    target = face_pdfx(level)
    subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=tiffsep", "-r150",
                    f"-sOutputFile={tmp_path / 'sep.tif'}", str(target)], check=True, capture_output=True)
    plates = {name: Image.open(tmp_path / f"sep({name}).tif").convert("L") for name in ("Cyan", "Magenta", "Yellow", "Black")}
    # The body text's band (baseline at y = 70 mm, 2.5 mm type) at 150 dpi; tiffsep: 255 = no ink.
    dpi_mm = 150 / 25.4
    box = (int(27 * dpi_mm), int(67.8 * dpi_mm), int(42 * dpi_mm), int(70.3 * dpi_mm))
    ink = {name: 255 - np.asarray(plate.crop(box), dtype=np.int16) for name, plate in plates.items()}
    letters = ink["Black"] > 128
    assert letters.sum() > 50   # the text is there, in K
    for name in ("Cyan", "Magenta", "Yellow"):   # and no colour plate prints under it (no rich black)
        assert ink[name][letters].max() <= 3, name
    rule = (int(14 * dpi_mm), int(74.5 * dpi_mm), int(55 * dpi_mm), int(75.5 * dpi_mm))
    ink = {name: 255 - np.asarray(plate.crop(rule), dtype=np.int16) for name, plate in plates.items()}
    line = ink["Black"] > 60
    assert line.sum() > 20   # the rule is there, in K
    for name in ("Cyan", "Magenta", "Yellow"):
        assert ink[name][line].max() <= 3, f"rule on {name}"
    title = (int(30 * dpi_mm), int(17 * dpi_mm), int(39 * dpi_mm), int(20.3 * dpi_mm))
    assert (255 - np.asarray(plates["Magenta"].crop(title))).max() > 100   # the red title is not greyed


def test_checker_rejects_the_rgb_kit(rgb_face):
    """The preflight can fail: the RGB face has every fault it looks for."""
    found = " ".join(problems(rgb_face, "x1a"))
    for fault in ("GTS_PDFXVersion", "OutputIntent", "RGB colour operator", "alpha below 1"):
        assert fault in found


def test_conversion_is_reproducible(rgb_face, face_pdfx, tmp_path):
    """A second conversion of the same face, in another folder, writes the first one's bytes."""
    assert to_pdfx(rgb_face, tmp_path, "x4").read_bytes() == face_pdfx("x4").read_bytes()


def test_unknown_pdfx_level_is_refused(tmp_path):
    built = build(ROOT / "examples" / "peer-deck", tmp_path / "kit", "--pdfx-level", "x3")
    assert built.returncode == 2 and "--pdfx-level x3" in built.stdout + built.stderr
    assert "Traceback" not in built.stderr


def test_a_profile_that_is_not_cmyk_is_refused(tmp_path):
    from dragon_pnp.errors import NotationError
    from dragon_pnp.print_shop.profile import output_intent

    (tmp_path / "rgb.icc").write_bytes(b"\0" * 16 + b"RGB " + b"\0" * 16 + b"acsp" + b"\0" * 100)
    with pytest.raises(NotationError, match=r"pdfx_profile: rgb\.icc"):
        output_intent(tmp_path, "rgb.icc", "X")
    with pytest.raises(NotationError, match="not found"):
        output_intent(tmp_path, "missing.icc", "X")
    assert output_intent(tmp_path, str(SHIPPED.profile), "CGATS TR 001").condition == "CGATS TR 001"


def test_the_ink_check_names_the_file_and_page_over_300_percent(tmp_path):
    """One Ghostscript run measures several files (`ink_by_file`); each finding lands on its own
    file and page: 100 % K passes, 400 % (C M Y K all full) does not."""
    def document(name: str, fills: list[bytes]) -> Path:
        pdf = pikepdf.new()
        for fill in fills:
            page = pdf.add_blank_page(page_size=(100, 100))
            page.obj.Contents = pdf.make_stream(fill + b" k 0 0 100 100 re f")
        pdf.save(tmp_path / name)
        return tmp_path / name

    light = document("light.pdf", [b"0 0 0 1", b"0 0 0 1"])
    mixed = document("mixed.pdf", [b"0 0 0 0.5", b"1 1 1 1"])
    heavy = document("heavy.pdf", [b"1 1 1 1"])
    assert ink_by_file([light, mixed, heavy]) == {light: [], mixed: ["page 2: total ink 400 % over 300 %"],
                                                  heavy: ["page 1: total ink 400 % over 300 %"]}
