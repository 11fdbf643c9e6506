"""Fonts that ship with the install, made available to both reportlab and cairo.

reportlab ships the Bitstream Vera family; we register it for Platypus documents and point
fontconfig (which cairo, and so cairosvg, uses) at the same files through a private config,
so no output depends on fonts installed on the host.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import reportlab  # the package alone (for its font folder); its PDF modules load when fonts are registered

FONT_DIR = Path(reportlab.__file__).parent / "fonts"
PROJECT_FONT_DIR = Path(__file__).parent / "fonts"

# Family name used in SVG templates (font-family) and in reportlab styles.
FAMILY = "Bitstream Vera Sans"
REPORTLAB_FACES = {
    "Vera": "Vera.ttf",
    "Vera-Bold": "VeraBd.ttf",
    "Vera-Italic": "VeraIt.ttf",
    "Vera-BoldItalic": "VeraBI.ttf",
}
# What every SVG asks for: our family first (cairo draws with it; cairosvg reads only the
# first name), then look-alikes and a generic family, so a viewer without Vera still shows a
# sans-serif rather than its default serif.
SVG_FONT_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"
# Names as they appear in embedded PDF font descriptors (tests look for these).
EMBEDDED_NAMES = ("BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold")


@dataclass(frozen=True)
class Face:
    """A font family for reportlab: its name, and its four styles' files (the first existing
    path of each list; a missing style falls back to the regular face)."""

    name: str
    family: str          # fontconfig's family name, to find it where the paths do not hold it
    regular: tuple[str, ...]
    bold: tuple[str, ...] = ()
    italic: tuple[str, ...] = ()
    bold_italic: tuple[str, ...] = ()


DEJAVU = "/usr/share/fonts/truetype/dejavu/"
FACES: tuple[Face, ...] = (
    Face("DejaVuSans", "DejaVu Sans", (DEJAVU + "DejaVuSans.ttf",), (DEJAVU + "DejaVuSans-Bold.ttf",),
         (DEJAVU + "DejaVuSans-Oblique.ttf",), (DEJAVU + "DejaVuSans-BoldOblique.ttf",)),
    Face("DroidSansFallback", "Droid Sans Fallback", ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",)),
)


def font_dirs() -> list[Path]:
    """The folders of the installed fallback faces, for cairo's fontconfig (no font loaded)."""
    found: list[Path] = []
    for face in FACES:
        path = next((Path(p) for p in face.regular if Path(p).is_file()), None)
        if path is not None and path.parent not in found:
            found.append(path.parent)
    return found


@cache
def register_reportlab_fonts() -> str:
    """Register Vera with reportlab once; returns the regular face name for styles."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, file in REPORTLAB_FACES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    addMapping("Vera", 0, 0, "Vera")
    addMapping("Vera", 1, 0, "Vera-Bold")
    addMapping("Vera", 0, 1, "Vera-Italic")
    addMapping("Vera", 1, 1, "Vera-BoldItalic")
    return "Vera"


def _xml_text(text: str) -> str:
    """Text escaped for an XML element (xml.sax.saxutils would load urllib for this)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _state_folder() -> Path:
    """Where fontconfig's configuration and cache live: the user's cache folder (never the temp
    folder, which should hold nothing of ours after a run), else the temp folder if that fails."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "dragon-pnp" / "fontconfig"
    try:
        base.mkdir(parents=True, exist_ok=True)
        return base
    except OSError:
        fallback = Path(tempfile.gettempdir()) / f"dragon-pnp-fontconfig-{os.getuid()}"
        fallback.mkdir(exist_ok=True)
        return fallback


@cache
def use_bundled_fonts_for_cairo() -> Path:
    """Point fontconfig at the bundled fonts only; call before cairo renders any text.

    Fontconfig reads FONTCONFIG_FILE when cairo first looks up a font in this process, so the
    environment variable must be set before the first SVG with text is rendered.
    """
    state = _state_folder()
    cache_dir = state / "cache"
    dirs = [FONT_DIR] + ([PROJECT_FONT_DIR] if PROJECT_FONT_DIR.is_dir() else []) + font_dirs()
    text = (
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        + "".join(f"  <dir>{_xml_text(str(d))}</dir>\n" for d in dirs)
        + f"  <cachedir>{_xml_text(str(cache_dir))}</cachedir>\n"
        + f'  <alias><family>sans-serif</family><prefer><family>{FAMILY}</family></prefer></alias>\n'
        # Never reload the configuration mid-run. fontconfig otherwise re-checks its files every
        # 30 s, and a reload (say, another build touching the shared cache folder) gives cairo
        # new font faces: the next document then embeds a second subset of Vera, and the same
        # job no longer gives the same bytes.
        + "  <config><rescan><int>0</int></rescan></config>\n"
        + "</fontconfig>\n"
    )
    # Named by its content and written whole: installs elsewhere on the machine (other font
    # folders) each get their own file, and a process never reads one half written, which
    # made fontconfig fall back to the host's fonts.
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    conf = state / f"fonts-{os.getuid()}-{digest}.conf"
    if not conf.exists() or conf.read_text() != text:
        partial = conf.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(text)
        os.replace(partial, conf)
    os.environ["FONTCONFIG_FILE"] = str(conf)
    return conf
