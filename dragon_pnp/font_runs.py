"""Which font draws each character of a text: runs of text by glyph coverage.

The rulebook's font (reportlab's Vera) draws Latin text only; a game named `Дракон Deck` or a
rules line in Chinese would print as empty boxes. Every character therefore goes to the first
font of `FACES` that has a glyph for it (Vera, then DejaVu Sans for Cyrillic, Greek and most
symbols, then Droid Sans Fallback for Chinese, Japanese and Korean), and a character no
installed font has is refused, never drawn as a box. A kit in another script (German, Arabic,
Chinese) adds a face to `fonts.FACES`; nothing else changes.

System fonts are found at their Debian paths (fonts-dejavu-core, fonts-droid-fallback: run.py
installs them), else by asking fontconfig (`fc-list`) for the family. reportlab embeds
TrueType outlines only, so a face must be a .ttf (Noto CJK's OpenType/CFF files cannot be used).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from functools import cache
from pathlib import Path

from dragon_pnp.errors import LayoutError
from dragon_pnp.fonts import FACES
from dragon_pnp.text_scripts import shaped

_MARKUP = re.compile(r"(<[^>]*>|&[#a-zA-Z0-9]+;)")   # a tag or an entity: never text to re-font


class MissingGlyph(LayoutError):
    """A character no installed font can draw (exit 2)."""

    def __init__(self, character: str, where: str):
        name = unicodedata.name(character, "unnamed")
        super().__init__(f"{where}: the character {character!r} (U+{ord(character):04X} {name}) is in no installed "
                         f"font ({', '.join(installed_names())}); remove it, or install a font that has it")
        self.character = character


def _fc_file(family: str, style: str) -> str | None:
    """The file fontconfig has for a family and style, if that family is installed at all."""
    if shutil.which("fc-list") is None:
        return None
    try:
        listed = subprocess.run(["fc-list", "-f", "%{file}\n", f"{family}:style={style}"], capture_output=True,
                                text=True, timeout=20).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return None
    return next((path for path in listed if path.lower().endswith(".ttf")), None)


def _first(paths: tuple[str, ...], family: str, style: str) -> str | None:
    found = next((path for path in paths if Path(path).is_file()), None)
    return found or (_fc_file(family, style) if paths else None)


@cache
def _base() -> tuple[str, frozenset[int]]:
    """(reportlab font name, code points it draws) of the rulebook's own font."""
    from reportlab.pdfbase import pdfmetrics

    from dragon_pnp.fonts import register_reportlab_fonts

    base = register_reportlab_fonts()
    return base, frozenset(pdfmetrics.getFont(base).face.charToGlyph)


@cache
def _registered() -> tuple[tuple[str, frozenset[int]], ...]:
    """The base font, then each installed fallback face, registered with reportlab under the
    face's name with its bold and italic mappings. Loaded only when the base font lacks a
    character (Droid Sans Fallback alone is 4 MB to read)."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    found = [_base()]
    for face in FACES:
        regular = _first(face.regular, face.family, "Book") or _first(face.regular, face.family, "Regular")
        if regular is None:
            continue
        styles = {(0, 0): regular}
        for key, paths, style in (((1, 0), face.bold, "Bold"), ((0, 1), face.italic, "Oblique"),
                                  ((1, 1), face.bold_italic, "Bold Oblique")):
            styles[key] = _first(paths, face.family, style) or regular
        for (bold, italic), path in styles.items():
            name = face.name + {(0, 0): "", (1, 0): "-Bold", (0, 1): "-Italic", (1, 1): "-BoldItalic"}[(bold, italic)]
            pdfmetrics.registerFont(TTFont(name, path))
            addMapping(face.name, bold, italic, name)
        found.append((face.name, frozenset(pdfmetrics.getFont(face.name).face.charToGlyph)))
    return tuple(found)


def installed_names() -> list[str]:
    return [name for name, _ in _registered()]


def _drawn_anyway(character: str) -> bool:
    """Characters that need no glyph: spaces and line breaks (any font spaces them), controls
    and the zero-width marks a shaper would drop."""
    return character.isspace() or unicodedata.category(character) in ("Cc", "Cf")


def font_runs(text: str, where: str = "text") -> list[tuple[str, str]]:
    """`text` as (font name, run) pairs in order, each character in the first font that has it;
    a character that needs no glyph stays in the run it is in. MissingGlyph (located at
    `where`) for a character no font has."""
    faces = _registered()
    runs: list[tuple[str, str]] = []
    for character in text:
        if _drawn_anyway(character) and runs:
            runs[-1] = (runs[-1][0], runs[-1][1] + character)
            continue
        code = ord(character)
        name = next((name for name, points in faces if code in points), None)
        if name is None:
            if _drawn_anyway(character):
                name = faces[0][0]
            else:
                raise MissingGlyph(character, where)
        if runs and runs[-1][0] == name:
            runs[-1] = (name, runs[-1][1] + character)
        else:
            runs.append((name, character))
    return runs


def with_fallback_fonts(xml: str, where: str = "text") -> str:
    """reportlab paragraph markup with every run of text the base font cannot draw wrapped in
    `<font face="...">` (tags and entities are left as they are; bold and italic carry over
    through the face's mappings). Plain ASCII, the common case, returns at once."""
    if xml.isascii():
        return xml
    base, drawn = _base()
    if all(ord(character) in drawn or _drawn_anyway(character) for character in xml):
        return xml
    parts = []
    for piece in _MARKUP.split(xml):
        if not piece or piece.startswith(("<", "&")):
            parts.append(piece)
            continue
        for name, run in font_runs(shaped(piece), where):
            parts.append(run if name == base else f'<font face="{name}">{run}</font>')
    return "".join(parts)


# --- one line of card text (cairo draws it: one font per <text> element) ---------------------------

def _families() -> dict[str, str]:
    """reportlab face name -> the fontconfig family cairo finds the same file under."""
    from dragon_pnp.fonts import FAMILY

    return {_base()[0]: FAMILY, **{face.name: face.family for face in FACES}}


def _styled(name: str, bold: bool) -> str:
    """The registered reportlab font of face `name` in bold or regular."""
    base = _base()[0]
    if name == base:
        return "Vera-Bold" if bold else "Vera"
    return name + "-Bold" if bold else name


def line_runs(text: str, bold: bool = False, where: str = "text") -> list[tuple[str, str, str]]:
    """`text` (one line, logical order, already joined) as (reportlab font, fontconfig family, run):
    the whole line in the first face that has every character, else run by run; MissingGlyph
    (located at `where`) for a character no face has."""
    base, drawn = _base()
    if text.isascii() or all(ord(c) in drawn or _drawn_anyway(c) for c in text):
        return [(_styled(base, bold), _families()[base], text)]
    faces = _registered()
    whole = next((name for name, points in faces
                  if all(ord(c) in points or _drawn_anyway(c) for c in text)), None)
    runs = [(whole, text)] if whole is not None else font_runs(text, where)
    families = _families()
    return [(_styled(name, bold), families[name], run) for name, run in runs]


def missing_characters(text: str) -> list[str]:
    """The characters of `text` (as drawn: Arabic joined) that no installed face has, in order, once each."""
    from dragon_pnp.text_scripts import shaped

    drawn = shaped(text)
    if drawn.isascii():
        return []
    # The base font first, as the drawing functions above do: German, French or Spanish text needs
    # no fallback face, and reading them all (~0.8 CPU s, Droid Sans Fallback alone is 4 MB) was
    # most of a German fit table in a fresh process (`validate --lang`, the studio's language menu).
    base_points = _base()[1]
    if all(ord(character) in base_points or _drawn_anyway(character) for character in drawn):
        return []
    faces = _registered()
    missing: list[str] = []
    for character in drawn:
        if character in missing or _drawn_anyway(character):
            continue
        if not any(ord(character) in points for _name, points in faces):
            missing.append(character)
    return missing
