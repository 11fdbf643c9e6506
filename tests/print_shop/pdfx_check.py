"""An independent PDF/X preflight for the tests: reads our print-shop files with pikepdf, qpdf,
Ghostscript and poppler (none of which wrote the structure being checked) and lists problems.

What it checks, per file: qpdf's structural check; the header version; GTS_PDFXVersion in Info
and XMP; Trapped; one GTS_PDFX OutputIntent with a 4-channel printer profile; per page a
TrimBox inside the BleedBox inside the MediaBox; no RGB colour space or operator anywhere; for
X-1a no transparency at all; every font embedded, each once; text never a four-colour grey;
rendered by Ghostscript to CMYK, total ink at most 300 %.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pikepdf
from PIL import Image

LEVELS = {"x4": ("PDF/X-4", "1.6"), "x1a": ("PDF/X-1a:2001", "1.3")}
RGB_NAMES = {"/DeviceRGB", "/CalRGB"}
TAC_LIMIT = 3.0 + 0.02   # 300 % total ink, with 2 % for the render's rounding


def problems(path: Path, level: str, bleed_pt: float | None = None, ink: list[str] | None = None) -> list[str]:
    """Everything wrong with `path` as a PDF/X of `level`; `bleed_pt`: the TrimBox inset wanted;
    `ink`: the file's total-ink findings when already measured (`ink_by_file`), else measured here."""
    found: list[str] = []
    version, header = LEVELS[level]
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    if check.returncode != 0:
        found.append(f"qpdf --check: {check.stdout[-300:]}")
    with pikepdf.open(path) as pdf:
        if pdf.pdf_version != header:
            found.append(f"header PDF-{pdf.pdf_version}, expected {header}")
        info = pdf.trailer.get("/Info")
        if info is None or str(info.get("/GTS_PDFXVersion", "")) != version:
            found.append(f"Info GTS_PDFXVersion is not {version}")
        if raw_trapped(path) not in ("/True", "/False"):
            found.append("Info Trapped is not /True or /False")
        if info is None or "/Title" not in info:
            found.append("Info has no Title")
        xmp = pdf.Root.get("/Metadata")
        text = xmp.read_bytes().decode("utf-8", "replace") if xmp is not None else ""
        if f"<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>" not in text:
            found.append("XMP lacks pdfxid:GTS_PDFXVersion")
        found += _intent(pdf)
        for number, page in enumerate(pdf.pages, 1):
            found += [f"page {number}: {p}" for p in _boxes(page, bleed_pt)]
        parsed: Parsed = {}   # each content stream parsed once for both walks (issue 30)
        found += _objects(pdf, level, parsed)
        found += _text_colours(pdf, parsed)
    found += _ink(path) if ink is None else ink
    return found


def raw_trapped(path: Path) -> str | None:
    """The Info dictionary's /Trapped as the file spells it (qpdf's own printing of the object,
    not a name pikepdf maps back to Python)."""
    shown = subprocess.run(["qpdf", "--show-object=trailer", str(path)], capture_output=True, text=True)
    info = re.search(r"/Info (\d+) (\d+) R", shown.stdout)
    if info is None:
        return None
    raw = subprocess.run(["qpdf", f"--show-object={info[1]},{info[2]}", str(path)], capture_output=True, text=True)
    trapped = re.search(r"/Trapped\s*(/[^\s/<>\[\]()]*)", raw.stdout)
    return trapped[1] if trapped else None


def _intent(pdf: pikepdf.Pdf) -> list[str]:
    intents = pdf.Root.get("/OutputIntents")
    if not intents or len(intents) != 1:
        return ["not exactly one OutputIntent"]
    intent = intents[0]
    found = []
    if intent.get("/S") != "/GTS_PDFX":
        found.append("OutputIntent /S is not /GTS_PDFX")
    if not str(intent.get("/OutputConditionIdentifier", "")):
        found.append("OutputIntent has no OutputConditionIdentifier")
    profile = intent.get("/DestOutputProfile")
    if profile is None:
        return found + ["OutputIntent has no DestOutputProfile"]
    data = profile.read_bytes()
    if int(profile.get("/N", 0)) != 4 or data[16:20] != b"CMYK" or data[12:16] != b"prtr" or data[36:40] != b"acsp":
        found.append("DestOutputProfile is not a CMYK printer ICC profile")
    return found


def _boxes(page: pikepdf.Page, bleed_pt: float | None) -> list[str]:
    obj = page.obj
    if "/TrimBox" not in obj or "/BleedBox" not in obj:
        return ["no TrimBox or BleedBox"]
    media, bleed, trim = ([float(v) for v in obj[k]] for k in ("/MediaBox", "/BleedBox", "/TrimBox"))
    found = []
    if not _inside(trim, bleed) or not _inside(bleed, media):
        found.append(f"TrimBox {trim} / BleedBox {bleed} / MediaBox {media} not nested")
    if bleed_pt is not None and any(abs(a - b) > 0.01 for a, b in zip(trim, (media[0] + bleed_pt, media[1] + bleed_pt,
                                                                                media[2] - bleed_pt, media[3] - bleed_pt))):
        found.append(f"TrimBox {trim} is not the MediaBox less {bleed_pt:.2f} pt")
    return found


def _inside(inner: list[float], outer: list[float]) -> bool:
    return inner[0] >= outer[0] - 1e-3 and inner[1] >= outer[1] - 1e-3 and inner[2] <= outer[2] + 1e-3 and inner[3] <= outer[3] + 1e-3


Parsed = dict[tuple[int, int], list]


def _instructions(holder: pikepdf.Object, parsed: Parsed, page: bool = False) -> list:
    """The (operands, operator name) pairs of a page's or a form's content, parsed once per file."""
    key = holder.objgen
    if key == (0, 0) or key not in parsed:
        instructions = [(operands, str(operator)) for operands, operator in
                        pikepdf.parse_content_stream(pikepdf.Page(holder) if page else holder)]
        if key == (0, 0):
            return instructions
        parsed[key] = instructions
    return parsed[key]


def _objects(pdf: pikepdf.Pdf, level: str, parsed: Parsed) -> list[str]:
    """Walk every object: RGB spaces, RGB operators, fonts, and for X-1a any transparency."""
    found: set[str] = set()
    fonts: dict[tuple[str, str], int] = {}
    for obj in dictionaries(pdf):
        if True:
            kind = obj.get("/Type")
            if kind == "/Font" and obj.get("/Subtype") != "/Type0":
                # the same subset (tag included) twice is a waste; distinct subsets are reported apart
                key = (str(obj.get("/BaseFont", "")), str(obj.get("/Subtype")))
                fonts[key] = fonts.get(key, 0) + 1
            if kind == "/FontDescriptor" and not any(k in obj for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                found.add(f"font {obj.get('/FontName')} not embedded")
            for key, value in obj.items():
                if isinstance(value, pikepdf.Name) and str(value) in RGB_NAMES:
                    found.add(f"{key} {value} in an object")
                if isinstance(value, pikepdf.Array) and len(value) and str(value[0]) in RGB_NAMES | {"/ICCBased"}:
                    if str(value[0]) != "/ICCBased" or int(value[1].get("/N", 0)) == 3:
                        found.add(f"{key} is an RGB colour space")
                    elif level == "x1a":
                        found.add(f"{key} is an ICCBased colour space (X-1a allows device CMYK and grey only)")
            if level == "x1a":
                if "/SMask" in obj and obj.get("/SMask") != "/None":
                    found.add("a soft mask (transparency) in X-1a")
                if obj.get("/S") == "/Transparency":
                    found.add("a transparency group in X-1a")
                for alpha in ("/CA", "/ca"):
                    if alpha in obj and float(obj[alpha]) < 1:
                        found.add("alpha below 1 in X-1a")
    for page in pdf.pages:
        for _operands, operator in _instructions(page.obj, parsed, page=True):
            if operator in ("rg", "RG"):
                found.add("an RGB colour operator in a page")
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form" \
                and any(op in ("rg", "RG") for _, op in _instructions(obj, parsed)):
            found.add("an RGB colour operator in a form")
    found.update(f"font {name} ({subtype}) embedded {count} times" for (name, subtype), count in fonts.items() if count > 1)
    return sorted(found)


def dictionaries(pdf: pikepdf.Pdf):
    """Every dictionary and stream of the file, direct ones nested in others included."""
    for top in pdf.objects:
        stack = [top]
        while stack:
            obj = stack.pop()
            if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
                yield obj
                stack += [v for v in obj.values() if isinstance(v, (pikepdf.Dictionary, pikepdf.Array)) and not v.is_indirect]
            elif isinstance(obj, pikepdf.Array):
                stack += [v for v in obj if isinstance(v, (pikepdf.Dictionary, pikepdf.Array)) and not v.is_indirect]


def _text_colours(pdf: pikepdf.Pdf, parsed: Parsed) -> list[str]:
    """Text must never be a four-colour grey: a fill with K and C, M, Y all alike is a rich grey."""
    bad: set[str] = set()

    def walk(holder: pikepdf.Object, colour: tuple[float, ...], depth: int = 0) -> None:
        stack, _in_text = [], False
        resources = holder.get("/Resources") or pikepdf.Dictionary()
        for operands, op in _instructions(holder, parsed, page=not depth):
            if op == "q":
                stack.append(colour)
            elif op == "Q" and stack:
                colour = stack.pop()
            elif op == "g":
                colour = (0.0, 0.0, 0.0, 1 - float(operands[0]))
            elif op == "k":
                colour = tuple(float(v) for v in operands)
            elif op in ("sc", "scn") and len(operands) == 4 and all(isinstance(v, (int, float, pikepdf.Object)) for v in operands):
                try:
                    colour = tuple(float(v) for v in operands)
                except (TypeError, ValueError):
                    pass
            elif op in ("Tj", "TJ", "'", '"'):
                c, m, y, k = colour
                if min(c, m, y) > 0.05 and max(c, m, y) - min(c, m, y) < 0.15 and k > 0.2:
                    bad.add(f"text in rich grey C{c:.2f} M{m:.2f} Y{y:.2f} K{k:.2f}")
            elif op == "Do" and depth < 8:
                xobject = (resources.get("/XObject") or {}).get(str(operands[0]))
                if isinstance(xobject, pikepdf.Stream) and xobject.get("/Subtype") == "/Form":
                    walk(xobject, colour, depth + 1)

    for page in pdf.pages:
        walk(page.obj, (0.0, 0.0, 0.0, 1.0))
    return sorted(bad)


def _ink(path: Path, dpi: int = 24) -> list[str]:
    """Render every page to CMYK with Ghostscript and find the page's highest total ink."""
    return ink_by_file([path], dpi)[path]


def ink_by_file(paths: list[Path], dpi: int = 24) -> dict[Path, list[str]]:
    """`_ink` of several files from one Ghostscript run (its start-up, the CMYK colour set-up, is
    most of a small file's render): its pages come out numbered on across the files, in order."""
    found: dict[Path, list[str]] = {path: [] for path in paths}
    counts = []
    for path in paths:
        with pikepdf.open(path) as pdf:
            counts.append(len(pdf.pages))
    with tempfile.TemporaryDirectory() as scratch:
        pattern = Path(scratch) / "p-%04d.tif"
        subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=tiff32nc", f"-r{dpi}",
                        f"-sOutputFile={pattern}", *map(str, paths)], check=True, capture_output=True)
        tifs = sorted(Path(scratch).glob("p-*.tif"))
        assert len(tifs) == sum(counts), f"Ghostscript drew {len(tifs)} pages of {sum(counts)}"
        first = 0
        for path, count in zip(paths, counts, strict=True):
            for number, tif in enumerate(tifs[first:first + count], 1):
                ink = np.asarray(Image.open(tif), dtype=np.float32).sum(axis=2) / 255.0
                if ink.max() > TAC_LIMIT:
                    found[path].append(f"page {number}: total ink {ink.max() * 100:.0f} % over 300 %")
            first += count
    return found


def _darkest_near(image: np.ndarray) -> np.ndarray:
    """Each pixel's darkest value within one pixel of it."""
    padded = np.pad(image, 1, mode="edge")
    h, w = image.shape
    return np.min([padded[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)], axis=0)


def render_differences(rgb: Path, cmyk: Path, dpi: int = 20) -> list[str]:
    """Pages of the PDF/X that lose art the RGB original shows: rendered by poppler at `dpi`, a
    pixel dark in one and white in the other counts; more than 1 % of a page is a problem."""
    found = []
    with tempfile.TemporaryDirectory() as scratch:
        for name, source in (("a", rgb), ("b", cmyk)):
            subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(source), str(Path(scratch) / name)], check=True)
        first, second = sorted(Path(scratch).glob("a-*.pgm")), sorted(Path(scratch).glob("b-*.pgm"))
        if len(first) != len(second):
            return [f"{len(second)} pages, the RGB kit has {len(first)}"]
        for number, (a, b) in enumerate(zip(first, second), 1):
            found += [f"page {number}: {p}" for p in image_differences(Image.open(a), Image.open(b))]
    return found


def image_differences(rgb: Image.Image, cmyk: Image.Image) -> list[str]:
    """Art in one image and not the other: pixels clearly dark in one where the other is near white
    all around (a one-pixel shift of an edge, from rasterising differently, does not count)."""
    a = np.asarray(rgb.convert("L").resize(cmyk.size), dtype=np.int16)
    b = np.asarray(cmyk.convert("L"), dtype=np.int16)
    lost = ((a < 170) & (_darkest_near(b) > 235)) | ((b < 170) & (_darkest_near(a) > 235))
    share = lost.mean()
    return [f"{share * 100:.1f} % of the page shows art in only one of the RGB and PDF/X renders"] if share > 0.01 else []
