"""A face: one distinct printed side (a card front, a back, a tile...), drawn as SVG once.

Sheets place faces many times; the SVG is rendered once, so a deck of 16 identical Destiny
cards costs one render. Sizes are millimetres; a face's SVG covers its bleed box.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

import jinja2
from markupsafe import Markup

from dragon_pnp.contrast import ink_on
from dragon_pnp.fonts import SVG_FONT_FAMILY
from dragon_pnp.kit.script_text import script_text
from dragon_pnp.resources import templates_dir

Shape = Literal["rect", "hex", "circle"]


@dataclass(frozen=True)
class Face:
    """One distinct printed side. `key` names its SVG and PNG files (e.g. "power-fireball")."""

    key: str
    svg: str
    trim_mm: tuple[float, float]
    bleed_mm: float
    shape: Shape = "rect"
    box_mm: tuple[float, float] | None = None  # bleed box when not trim + 2 bleed (a hexagon's)
    # Cut line of an irregular piece (a die net), in mm from the trim's top-left; None: its shape.
    outline: tuple[tuple[float, float], ...] | None = None

    @property
    def size_mm(self) -> tuple[float, float]:
        """The bleed box: what the SVG covers, centred on the trim."""
        if self.box_mm is not None:
            return self.box_mm
        return (self.trim_mm[0] + 2 * self.bleed_mm, self.trim_mm[1] + 2 * self.bleed_mm)


@dataclass(frozen=True)
class Item:
    """A physical piece to cut out: a front face, maybe a back face, and a name for labels."""

    front: str
    back: str | None = None
    label: str = ""


@cache
def environment() -> jinja2.Environment:
    """Templates under templates/, autoescaped so card text with < & " prints as written."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        bytecode_cache=bytecode_cache(),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def bytecode_cache(kind: str = "") -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs (like .pyc files), keyed by each template's source;
    `kind` keeps the sandboxed designer templates' compiled code apart from the built-in ones'.
    They live inside the render cache (`jinja/`), so its size limit and `dragon-pnp cache clear`
    cover them too; with the render cache off, nothing is kept."""
    from dragon_pnp.kit.render_cache import cache_folder

    base = cache_folder()
    if base is None:
        return None
    folder = base / "jinja" / (kind or "builtin")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return _SourceKeyedCache(str(folder))


class _SourceKeyedCache(jinja2.FileSystemBytecodeCache):
    """Compiled code found by the template's name and source, not its path: a copy of a game folder
    (a designer's new game from a seed, every test's private copy) finds the code its original
    compiled (~0.15 CPU s of a Dragon Pants validate on a copy). The code found is given this
    template's path, as if compiled here: errors name the copy's file and line by it."""

    def get_bucket(self, environment: jinja2.Environment, name: str, filename: str | None,
                   source: str) -> jinja2.bccache.Bucket:
        bucket = super().get_bucket(environment, name, self.get_source_checksum(source), source)
        if bucket.code is not None and filename is not None:
            bucket.code = _refiled(bucket.code, filename)
        return bucket


def _refiled(code: types.CodeType, filename: str) -> types.CodeType:
    """`code` and every function compiled inside it, as compiled from `filename`."""
    consts = tuple(_refiled(c, filename) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


def render_template(template: str, **values: Any) -> str:
    """A built-in template (cover, tiles, page titles) as SVG, its text in any script drawn right."""
    svg = environment().get_template(template).render(**values, mm=_mm, font_family=Markup(SVG_FONT_FAMILY),
                                                      ink_on=ink_on)   # text on a data colour, by WCAG contrast
    return script_text(svg, template)


def _mm(value: float) -> str:
    """Millimetre numbers in SVG, short and stable (no float noise in the files)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


format_mm = _mm  # the same formatter for the designers' templates (dragon_pnp.components.templates)
