"""Icons named in rulebook text, `{fire}`, drawn in the line at the text's size, as on cards.

Every paragraph of the typeset story (headings, lists, notes, table cells, a rules module's own
figures' captions) is looked at once, after the story is made and before it is laid out, so no
directive has to know about icons. Each `{name}` becomes an inline image one em high, sitting
as the card's do (0.8 em above the baseline, 0.2 em below), with a tenth of an em of air after
it, in the paragraph's own text colour (an icon that fills with `currentColor` takes it). Icons
are the game's `icons/NAME.svg`, then the built-in ones (`dragon_pnp.components.art`).

reportlab has no SVG, so each icon is drawn by cairosvg at ICON_DPI into a PNG written to the
folder the caller gives (reportlab reads inline images from files; the rulebook passes a
temporary folder it removes after the build). The PDF names each image by a digest of its
pixels, so the same icon at the same size is embedded once and two builds give the same bytes. An unknown name is a LayoutError at the rules.md line
that names it (exit 2), listing the icons there are.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.platypus import Flowable, Paragraph, Table

from dragon_pnp.components.art import ArtError, find_icon, icon_names, picture
from dragon_pnp.data.reading import decode_utf8, read_bounded
from dragon_pnp.errors import LayoutError
from dragon_pnp.kit.text_fit import ICON_EM, ICON_TOKEN
from dragon_pnp.rulebook.raster import svg_png

ICON_DPI = 600          # line art one em high (about 3.4 mm at 9.6 pt): crisp at any print size
DROP = 0.2              # of an em below the baseline, as cards draw it


def draw_icons(story: Iterable[Any], game_root: Path, rules_file: Path, folder: Path) -> None:
    """Every paragraph in `story` (nested in tables and groups too) with its `{icon}` names drawn;
    the icons' PNGs go to `folder`, which must last until the story is built."""
    for paragraph in _paragraphs(story):
        if "{" not in paragraph.text or not ICON_TOKEN.search(paragraph.text):
            continue
        text = with_icons(paragraph.text, paragraph.style, game_root, rules_file, folder)
        Paragraph.__init__(paragraph, text, paragraph.style, bulletText=paragraph.bulletText)
        for frag in paragraph.frags:
            defn: Any = getattr(frag, "cbDefn", None)
            if getattr(defn, "kind", None) == "img" and isinstance(defn.src, str):
                defn.image = _reader(defn.src)


def with_icons(xml: str, style: Any, game_root: Path, rules_file: Path, folder: Path) -> str:
    """Paragraph markup with each `{name}` an inline image at the style's size and colour."""
    size = float(style.fontSize)
    colour = _hex(style.textColor)

    def image(match: Any) -> str:
        name = match.group(1)
        try:
            path = find_icon(game_root, name)
        except ArtError as exc:   # no such icon, or its file cannot be used (a link out, a loop)
            known = name in icon_names(game_root)
            raise LayoutError(f"{_where(name, rules_file)}: {exc}" if known else _unknown(name, game_root, rules_file)) from None
        try:
            png = _written(folder, _png(str(path), path.stat().st_mtime_ns, colour, round(size * ICON_DPI / 72)))
        except ArtError as exc:   # not well-formed SVG, or no size
            raise LayoutError(f"{_where(name, rules_file)}: icon {{{name}}}: {exc}") from None
        return (f'<img src="{png}" width="{size * ICON_EM:.3f}" height="{size:.3f}" '
                f'valign="{-DROP * 100:g}%"/>')

    return ICON_TOKEN.sub(image, xml)


def icons_in_source(rules_file: Path) -> list[tuple[int, str]]:
    """(line, name) of every `{name}` written in the rules source, in order."""
    text = decode_utf8(read_bounded(rules_file), rules_file)
    return [(number, match.group(1)) for number, line in enumerate(text.splitlines(), start=1)
            for match in ICON_TOKEN.finditer(line)]


def _where(name: str, rules_file: Path) -> str:
    """`rules.md:LINE` of the first line naming the icon; text the data filled in has no line there."""
    lines = [number for number, found in icons_in_source(rules_file) if found == name]
    return f"{rules_file}:{lines[0]}" if lines else f"{rules_file} (text from the game data)"


def _unknown(name: str, game_root: Path, rules_file: Path) -> str:
    where = _where(name, rules_file)
    known = ", ".join(sorted(icon_names(game_root))) or "none"
    return (f"{where}: unknown icon {{{name}}}; icons are the SVG files in the game's icons/ folder "
            f"and the built-in ones: {known}")


def _paragraphs(items: Iterable[Any]) -> Iterable[Paragraph]:
    for item in items:
        if isinstance(item, Paragraph):
            yield item
        elif isinstance(item, (list, tuple)):
            yield from _paragraphs(item)
        elif isinstance(item, Table):
            yield from _paragraphs(cell for row in item._cellvalues for cell in row)
        elif isinstance(item, Flowable):
            inner = getattr(item, "_content", None) or getattr(item, "_flowables", None)
            if inner:
                yield from _paragraphs(inner)


def _hex(colour: Any) -> str:
    return "#" + colour.hexval()[2:] if hasattr(colour, "hexval") else "#222222"


@lru_cache(maxsize=512)
def _png(path: str, _mtime: int, colour: str, pixels: int) -> bytes:
    """The icon at `path` as PNG bytes, `pixels` high, a tenth of an em wider for the air after it."""
    drawing = picture(Path(path))
    vx, vy, vw, vh = drawing.view_box
    width = round(pixels * ICON_EM)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{pixels}" '
           f'viewBox="0 0 {width} {pixels}"><g color="{colour}">'
           f'<svg x="0" y="0" width="{pixels}" height="{pixels}" viewBox="{vx:g} {vy:g} {vw:g} {vh:g}" '
           f'preserveAspectRatio="xMidYMid meet" overflow="visible">{drawing.inner}</svg></g></svg>')
    return svg_png(svg)   # drawn once, kept in the render cache


@lru_cache(maxsize=256)
def _reader(png: str) -> ImageReader:
    """The icon file's image, decoded once and shared by every paragraph showing it: reportlab
    reads and decodes an inline image at each place it draws it (hundreds of times a rulebook),
    and names it in the PDF by its pixels, so a shared one gives the same bytes. Decoded here,
    before it is shared (its pixels and its alpha's), so a reader is only ever read after. The
    file's name is its content's digest (`_written`), so a path always means the same pixels."""
    reader = ImageReader(png)
    reader.getRGBData()
    if reader._dataA is not None:
        reader._dataA.getRGBData()
    return reader


def _written(folder: Path, data: bytes) -> str:
    """The PNG's file in `folder`, named by its digest (written once)."""
    target = folder / f"{hashlib.sha256(data).hexdigest()[:24]}.png"
    if not target.exists():
        target.write_bytes(data)
    return str(target)
