"""Pictures a template places: icons by name and art files from the game folder.

A game's icons are SVG files in its `icons/` folder (then the built-in `templates/icons/`),
named by file stem; art is any SVG file inside the game folder, named by its relative path.
Both are drawn as a nested `<svg>` scaled into the box the template gives, so they keep their
own viewBox and need no renderer support beyond plain SVG. A name that finds no file, a path
leaving the game folder, or a file that is not well-formed SVG stops the build with a located
error (the row's field that named it, when the template is drawing a card).
"""

from __future__ import annotations

import base64
import io
import os
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from markupsafe import Markup

from dragon_pnp.data.reading import MAX_PICTURE_BYTES, MAX_RASTER_BYTES, confinement_problem, read_bounded
from dragon_pnp.errors import DataError
from dragon_pnp.kit.faces import format_mm
from dragon_pnp.resources import templates_dir

ICON_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_ROOT_TAG = re.compile(r"<svg\b[^>]*>", re.S)
_CLOSE = re.compile(r"</svg>\s*$")


@dataclass(frozen=True)
class Picture:
    """One SVG file's drawing: its viewBox and the markup inside its root element."""

    view_box: tuple[float, float, float, float]
    inner: str

    def place(self, x: float, y: float, width: float, height: float) -> Markup:
        """The picture scaled to fit (x, y, width, height) in mm, centred, aspect kept."""
        vx, vy, vw, vh = self.view_box
        return Markup(f'<svg x="{format_mm(x)}" y="{format_mm(y)}" width="{format_mm(width)}" '
                      f'height="{format_mm(height)}" viewBox="{vx:g} {vy:g} {vw:g} {vh:g}" '
                      f'preserveAspectRatio="xMidYMid meet" overflow="visible">{self.inner}</svg>')

    def size_for(self, width: float, height: float) -> tuple[float, float]:
        """The largest (width, height) with this picture's proportions inside the box."""
        _, _, vw, vh = self.view_box
        scale = min(width / vw, height / vh)
        return vw * scale, vh * scale

    def standalone(self, width: float, height: float) -> str:
        """A whole SVG document of the picture, `width` x `height` mm (for a raster or a PDF)."""
        vx, vy, vw, vh = self.view_box
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{format_mm(width)}mm" height="{format_mm(height)}mm" '
                f'viewBox="{vx:g} {vy:g} {vw:g} {vh:g}">{self.inner}</svg>')


@dataclass(frozen=True)
class Raster:
    """A PNG or JPEG file: its bytes, type and size in pixels, placed as an SVG <image>."""

    data: bytes
    mime: str
    pixels: tuple[int, int]

    def size_for(self, width: float, height: float) -> tuple[float, float]:
        w, h = self.pixels
        scale = min(width / w, height / h)
        return w * scale, h * scale

    def dpi_at(self, width: float, height: float) -> float:
        """Pixels per inch when fitted into the box (mm), aspect kept."""
        shown_w, _ = self.size_for(width, height)
        return self.pixels[0] / (shown_w / 25.4)

    def place(self, x: float, y: float, width: float, height: float) -> Markup:
        encoded = base64.b64encode(self.data).decode("ascii")
        return Markup(f'<image x="{format_mm(x)}" y="{format_mm(y)}" width="{format_mm(width)}" '
                      f'height="{format_mm(height)}" preserveAspectRatio="xMidYMid meet" '
                      f'href="data:{self.mime};base64,{encoded}"/>')


RASTER_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}
PRINT_DPI = 300


def raster(path: Path) -> Raster:
    stat = _stat(path)
    return _raster(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=64)
def _raster(path: str, _mtime: int, _size: int) -> Raster:
    from PIL import Image, UnidentifiedImageError

    data = _read(Path(path), MAX_RASTER_BYTES)
    try:
        with Image.open(io.BytesIO(data)) as image:
            pixels = image.size
            kind = image.format
    except (UnidentifiedImageError, OSError) as exc:
        raise ArtError(f"{Path(path).name} is not a readable PNG or JPEG image: {exc}") from None
    mime = {"PNG": "image/png", "JPEG": "image/jpeg"}.get(kind or "")
    if mime is None:
        raise ArtError(f"{Path(path).name} is a {kind} image; use SVG, PNG or JPEG")
    return Raster(data, mime, pixels)


class ArtError(ValueError):
    """A picture that cannot be used; the template layer turns it into a located DataError."""


def icon_folders(game_root: Path) -> list[Path]:
    """Where icons are looked up, the game's own first."""
    return [Path(game_root) / "icons", builtin_icons()]


def builtin_icons() -> Path:
    return templates_dir() / "icons"


def find_icon(game_root: Path, name: str) -> Path:
    """The file of icon `name`, or ArtError saying where it looked."""
    if not isinstance(name, str) or not ICON_NAME.match(name):
        raise ArtError(f"icon name {name!r} is not lowercase letters, digits, '-' or '_'")
    for folder in icon_folders(game_root):
        path = folder / f"{name}.svg"
        if not os.path.lexists(path):
            continue
        if folder != builtin_icons():
            problem = confinement_problem(path, game_root)
            if problem:
                raise ArtError(f"icon {name!r}: {_shown(path, game_root)}: {problem}")
        if not path.is_file():
            raise ArtError(f"icon {name!r}: {_shown(path, game_root)} is not a regular file")
        return path
    raise ArtError(f"no icon {name!r}: looked for {name}.svg in the game's icons/ and the built-in icons "
                   f"({', '.join(sorted(icon_names(game_root))) or 'none'} exist)")


def icon_names(game_root: Path) -> set[str]:
    """Every icon name the game can use."""
    return {p.stem for folder in icon_folders(game_root) if folder.is_dir() for p in folder.glob("*.svg")}


def find_art(game_root: Path, relative: str) -> Path:
    """An art file named relative to the game folder; it may not leave the folder."""
    root = Path(game_root).resolve()
    try:
        path = (root / str(relative)).resolve()
    except (OSError, RuntimeError):   # RuntimeError: a link loop (before Python 3.13)
        raise ArtError(f"art file {relative!r} is a loop of symbolic links") from None
    if root not in path.parents:
        raise ArtError(f"art file {relative!r} is outside the game folder")
    if not path.is_file():
        raise ArtError(f"art file {relative!r} not found in the game folder")
    return path


def picture(path: Path) -> Picture:
    stat = _stat(path)
    return _picture(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _picture(path: str, _mtime: int, _size: int) -> Picture:
    raw = _read(Path(path), MAX_PICTURE_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ArtError(f"{Path(path).name} is not UTF-8 text, so not an SVG file") from None
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise ArtError(f"{Path(path).name} is not well-formed SVG: {exc}") from None
    if root.tag.rsplit("}", 1)[-1] != "svg":
        raise ArtError(f"{Path(path).name} has no <svg> root element")
    box = root.get("viewBox")
    try:
        if box:
            numbers = tuple(float(v) for v in box.replace(",", " ").split())
        else:
            numbers = (0.0, 0.0, _length(root.get("width")), _length(root.get("height")))
        if len(numbers) != 4 or numbers[2] <= 0 or numbers[3] <= 0:
            raise ValueError
    except (TypeError, ValueError):
        raise ArtError(f"{Path(path).name} needs a viewBox (or width and height) with a positive size") from None
    opening = _ROOT_TAG.search(text)
    assert opening is not None  # the parser found an svg root
    inner = _CLOSE.sub("", text[opening.end():].rstrip())
    return Picture(numbers, inner)


def _read(path: Path, limit: int) -> bytes:
    """A picture's bytes through the one bounded reader (a confined game folder's links refused)."""
    try:
        return read_bounded(path, limit)
    except DataError as exc:
        raise ArtError(f"{path.name}: {exc.message}") from None


def _stat(path: Path) -> os.stat_result:
    try:
        return path.stat()
    except OSError as exc:
        raise ArtError(f"{path.name}: cannot read the file: {exc.strerror or exc}") from None


def _shown(path: Path, game_root: Path) -> str:
    try:
        return Path(path).relative_to(game_root).as_posix()
    except ValueError:
        return str(path)


def _length(value: str | None) -> float:
    if value is None:
        raise ValueError
    return float(re.sub(r"(px|mm|pt)$", "", value.strip()))


def located_picture(game: Any, relative: str, *where: Any) -> Picture:
    """The SVG at `relative` in `game`'s folder, or a DataError located at game.yaml's `where` field."""
    try:
        return picture(find_art(Path(game.root), relative))
    except ArtError as exc:
        raise DataError(game.locate("game.yaml", *where), str(exc)) from None


def game_art(game: Any) -> dict[str, Picture]:
    """The game's `art:` pictures by name (logo, cover), those it names."""
    chosen = game.game.art
    return {name: located_picture(game, getattr(chosen, name), "art", name)
            for name in ("logo", "cover") if getattr(chosen, name)}


def component_index(game: Any, component_id: str) -> int:
    return next(i for i, c in enumerate(game.game.components) if c.id == component_id)
