"""Designer SVG templates: the game's `templates/` folder first, then the built-in `templates/`.

A game folder is someone else's work, so its templates run in the one bounded sandbox
(`dragon_pnp/sandbox.py`, shared with rules.md): they cannot reach Python internals, change
the data they are given, read files outside the two template folders, or make the build hang
or eat memory (loop steps, sizes, output and time are bounded). Every failure is a located
`DataError` naming the template line and, when a card is being drawn, the card's data file,
row and field; text that cannot fit is a `LayoutError` there too.
"""

from __future__ import annotations

import contextvars
import os
import re
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from jinja2.exceptions import SecurityError
from markupsafe import Markup, escape

from dragon_pnp.components.art import (
    PRINT_DPI,
    RASTER_TYPES,
    ArtError,
    find_art,
    find_icon,
    icon_names,
    picture,
    raster,
)
from dragon_pnp.contrast import deepened, ink_on, mixed
from dragon_pnp.data.lang.words import ENGLISH, Phrases
from dragon_pnp.data.models import palette_colour
from dragon_pnp.errors import DataError, DragonPnpError, LayoutError, Location
from dragon_pnp.fonts import SVG_FONT_FAMILY
from dragon_pnp.games.parts import KitPart
from dragon_pnp.kit.faces import bytecode_cache, format_mm
from dragon_pnp.kit.layout_warnings import warn
from dragon_pnp.kit.script_text import script_text
from dragon_pnp.kit.text_fit import ICON_EM, PT_MM, FittedText, below_size, icon_names_in, runs, text_width_mm
from dragon_pnp.kit.text_fit import fit_line as fit_one_line
from dragon_pnp.kit.text_fit import fit_text as fit_block
from dragon_pnp.resources import templates_dir
from dragon_pnp.sandbox import SANDBOX_VERSION, BoundedSandbox, ConfinedLoader, TemplateLimitError, shown_path

if TYPE_CHECKING:
    from dragon_pnp.data import GameData

LEADING = 1.22
FALLBACK_MIN_FONT_PT = 6.0


@dataclass(frozen=True)
class RenderSite:
    """What is being drawn, so an error can say where the data came from.

    `locate(field)` gives the Location of one field of the row being drawn (None: the row);
    `named_at` is where the template's name was written (game.yaml), for a missing template.
    """

    what: str                                             # 'deck "Actions", card 3 ("Fireball")'
    row: Mapping[str, Any] | None = None
    locate: Callable[[str | None], Location] | None = None
    named_at: Location | None = None

    def field_of(self, value: Any) -> str | None:
        """The row's field holding exactly `value` (how fit_text learns which field it fits)."""
        if self.row is None or value is None:
            return None
        text = str(value)
        return next((name for name, cell in self.row.items() if str(cell) == text and text), None)

    def where(self, field: str | None) -> Location | None:
        return self.locate(field) if self.locate is not None else None


@dataclass
class _Render:
    """The render in progress (a context variable, so helpers know their game and row)."""

    game: Any
    site: RenderSite | None


_current: contextvars.ContextVar[_Render | None] = contextvars.ContextVar("dragon_pnp_render", default=None)


# --- the environment ------------------------------------------------------------------------


def builtin_templates() -> Path:
    return templates_dir()


def game_templates(game: GameData) -> Path:
    return Path(game.root) / "templates"


def render_game_template(game: GameData, template: str, /, *, site: RenderSite | None = None, **values: Any) -> str:
    """Render `template` for `game` with `values` (which may hold `game`: the manifest); failures are located."""
    environment = _environment(game)
    state = _Render(game, site)
    token = _current.set(state)
    try:
        return script_text(environment.render_bounded(template, values), _drawing(site).strip(" ()") or template)
    except jinja2.TemplateSyntaxError as exc:
        file = _shown(exc.filename or exc.name or template)
        raise DataError(Location(file, exc.lineno), f"template syntax error: {exc.message}{_drawing(site)}") from None
    except jinja2.TemplateNotFound as exc:
        raise _not_found(exc, template, game, site) from None
    except LayoutError as exc:
        line = _template_line(exc)
        raise LayoutError(f"{exc}{f' (template {line})' if line else ''}") from None
    except DragonPnpError:
        raise
    except jinja2.UndefinedError as exc:
        raise _undefined(exc, template, site) from None
    except TemplateLimitError as exc:
        raise DataError(_template_location(exc, template), f"template went past a limit: {exc}{_drawing(site)}") from None
    except SecurityError as exc:
        raise DataError(_template_location(exc, template), f"not allowed in a template: {exc}{_drawing(site)}") from None
    except RecursionError:
        raise DataError(Location(_shown(template)), f"template calls itself without end{_drawing(site)}") from None
    except Exception as exc:  # a designer's template may fail in any way; report it, located
        raise DataError(_template_location(exc, template),
                        f"template error: {type(exc).__name__}: {exc}{_drawing(site)}") from None
    finally:
        _current.reset(token)


def template_file(game: GameData, template: str) -> str:
    """The file `template` is read from for `game` (its own folder first), as the user would type it."""
    try:
        return _shown(_environment(game).get_template(template).filename or template)
    except jinja2.TemplateError:
        return template


_environments: dict[tuple[str, int], tuple[Any, BoundedSandbox]] = {}


def _environment(game: GameData) -> BoundedSandbox:
    """One sandbox per game data object (its helpers may depend on the data); a few are kept."""
    key = (str(Path(game.root).resolve()), id(game))
    if key not in _environments:
        if len(_environments) >= 8:
            _environments.pop(next(iter(_environments)))
        _environments[key] = (game, _make_environment(game))  # holding `game` keeps its id unique
    return _environments[key][1]


def _phrases(game: GameData) -> Phrases:
    """The words of the game's language (a translated view's), else the English as written."""
    found = getattr(getattr(game, "game", None), "phrases", None)
    return found if isinstance(found, Phrases) else ENGLISH


def _make_environment(game: GameData) -> BoundedSandbox:
    loader = jinja2.ChoiceLoader([ConfinedLoader(game_templates(game)), ConfinedLoader(builtin_templates())])
    environment = BoundedSandbox(
        loader=loader,
        bytecode_cache=bytecode_cache(f"sandbox-{SANDBOX_VERSION}"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    environment.globals.update(mm=format_mm, fit_line=fit_line, fit_text=fit_text, pt=PT_MM,
                               font_family=Markup(SVG_FONT_FAMILY),
                               colour=colour, icon=icon, art=art, text_line=text_line,
                               ink_on=ink_on, deepened=deepened, mixed=mixed,   # text colour by contrast with its background
                               tr=_phrases(game).template,   # a template's own words, translated (data/lang/)
                               word=_phrases(game).text)     # a built-in template's words (data/lang/words.py)
    module = getattr(game, "module", None)
    if module is not None:
        environment.globals.update(module.part(KitPart).template_globals(game))
    return environment


# --- helpers templates call -------------------------------------------------------------------


def fit_line(text: Any, width_mm: float, largest_pt: float, smallest_pt: float | None = None,
             bold: bool = False) -> FittedText:
    """One line at the largest size up to `largest_pt` that fits `width_mm` (`.size_mm`, `.lines`).

    Never smaller than `smallest_pt` (default: print.yaml's minimum), never tried at less than it.
    """
    state, field = _fit_site(text)
    shown = str(text)
    _check_icons(shown, state, field)
    smallest = _smallest(state, smallest_pt)
    size = fit_one_line(shown, float(width_mm), largest_pt=max(float(largest_pt), smallest), smallest_pt=smallest,
                        where=_fit_where(state, field), location=_fit_location(state, field), bold=bool(bold))
    return FittedText((shown,), size, size * LEADING * PT_MM)


def fit_text(text: Any, width_mm: float, height_mm: float, largest_pt: float, smallest_pt: float | None = None,
             bold: bool = False, leading: float = LEADING, shrink: bool = False) -> FittedText:
    """Text wrapped to `width_mm` at the largest size (up to `largest_pt`) whose lines fit `height_mm`.

    `largest_pt` is the deck's text size: text that only fits smaller is a located warning naming
    the words to cut, unless `shrink=true` says this text may shrink (a label, a short note).
    """
    state, field = _fit_site(text)
    shown = str(text)
    _check_icons(shown, state, field)
    smallest = _smallest(state, smallest_pt)
    largest = max(float(largest_pt), smallest)
    box = (float(width_mm), float(height_mm))
    fitted = fit_block(shown, box, largest_pt=largest, smallest_pt=smallest, where=_fit_where(state, field),
                       location=_fit_location(state, field), bold=bool(bold), leading=float(leading))
    if not shrink:
        note = below_size(shown, fitted, box, largest, bold=bool(bold), leading=float(leading))
        if note:
            warn(_fit_location(state, field), f"{_fit_where(state, field)}: {note}")
    return fitted


def text_line(line: Any, x: float, y: float, size_mm: float, anchor: str = "start", bold: bool = False,
              fill: str = "#1d1d1d", italic: bool = False) -> Markup:
    """One fitted line as SVG at baseline (x, y): its words as text, each `{icon}` drawn one em square
    in the text's colour, placed by the same font metrics the fitter measured with."""
    _state, _field = _fit_site(line)
    shown = str(line)
    size_pt = float(size_mm) / PT_MM
    pieces = runs(shown)
    total = text_width_mm(shown, size_pt, bool(bold))
    left = float(x) - (total / 2 if anchor == "middle" else total if anchor == "end" else 0.0)
    style = (' font-weight="bold"' if bold else "") + (' font-style="italic"' if italic else "")
    out = []
    for kind, value in pieces:
        if kind == "icon":
            square = float(size_mm)
            out.append(f'<g color="{escape(fill)}">{icon(value, left, float(y) - 0.8 * square, square)}</g>')
            left += ICON_EM * square
            continue
        lead = len(value) - len(value.lstrip(" "))
        start = left + text_width_mm(value[:lead], size_pt, bool(bold))
        words = value.strip(" ")
        if words:
            out.append(f'<text x="{format_mm(start)}" y="{format_mm(float(y))}" font-size="{format_mm(float(size_mm))}"'
                       f'{style} fill="{escape(fill)}">{escape(words)}</text>')
        left += text_width_mm(value, size_pt, bool(bold))
    return Markup("".join(out))


def _check_icons(text: str, state: _Render | None, field: str | None) -> None:
    """Every `{icon}` a text names must exist: else a located error naming the field."""
    names = icon_names_in(text)
    if not names:
        return
    root = Path(state.game.root) if state is not None else Path.cwd()
    known = icon_names(root)
    for name in names:
        if name not in known:
            where = _fit_location(state, field) or Location(_shown(root))
            raise DataError(where, f"unknown icon {{{name}}} in the text; icons are the SVG files in "
                                   f"{_shown(root / 'icons')}/ and the built-in ones: {', '.join(sorted(known)) or 'none'}"
                                   f"{_drawing(state.site if state else None)}")


def icon(name: Any, x: float, y: float, size: float) -> Markup:
    """Icon `name` (icons/NAME.svg in the game folder, else built-in) in a `size` mm square at (x, y).

    Marked `class="icon"`, so the accessibility proof can find it on the face and measure it
    against what it is drawn on (WCAG 1.4.11)."""
    placed = _placed(lambda root: find_icon(root, str(name)), name, (x, y, size, size))
    return Markup(re.sub(r"^<(svg|image) ", lambda tag: f'<{tag.group(1)} class="icon" data-icon="{escape(str(name))}" ',
                         str(placed), count=1))


def art(path: Any, x: float, y: float, width: float, height: float) -> Markup:
    """The picture file at `path` (relative to the game folder: SVG, PNG or JPEG) fitted into the box, aspect kept."""
    return _placed(lambda root: find_art(root, str(path)), path, (x, y, width, height))


def _placed(find: Callable[[Path], Path], value: Any, box: tuple[float, float, float, float]) -> Markup:
    """A picture file drawn into `box`: SVG inline, PNG/JPEG as an image (under PRINT_DPI: a located warning)."""
    state, field = _fit_site(value)
    root = Path(state.game.root) if state is not None else Path.cwd()
    x, y, width, height = (float(v) for v in box)
    try:
        path = find(root)
        if path.suffix.lower() in RASTER_TYPES:
            image = raster(path)
            dpi = image.dpi_at(width, height)
            if dpi < PRINT_DPI - 0.5:
                shown_w, shown_h = image.size_for(width, height)
                warn(_fit_location(state, field) or Location(_shown(path)),
                     f"{_fit_where(state, field)}: {path.name} is {image.pixels[0]} x {image.pixels[1]} px, printed "
                     f"{shown_w:.1f} x {shown_h:.1f} mm: {dpi:.0f} DPI, under the {PRINT_DPI} DPI print needs")
            return image.place(x, y, width, height)
        return picture(path).place(x, y, width, height)
    except ArtError as exc:
        where = _fit_location(state, field)
        if where is None:
            raise DataError(Location(_shown(root)), f"{exc}{_drawing(state.site if state else None)}") from None
        raise DataError(where, f"{exc}{_drawing(state.site if state else None)}") from None


def colour(value: Any, default: str = "#444444") -> str:
    """A colour by name from print.yaml's `palettes` ("gold", or "deck.power" for one palette),
    or a #rrggbb given as is; else `default`."""
    state = _current.get()
    palettes = getattr(getattr(state.game, "print_profile", None), "palettes", None) if state else None
    return palette_colour(palettes or {}, value, default)


def _fit_site(text: Any) -> tuple[_Render | None, str | None]:
    state = _current.get()
    field = state.site.field_of(text) if state is not None and state.site is not None else None
    return state, field


def _smallest(state: _Render | None, smallest_pt: float | None) -> float:
    if smallest_pt is not None:
        return float(smallest_pt)
    card = getattr(getattr(state.game, "print_profile", None), "card", None) if state else None
    return float(getattr(card, "min_font_pt", FALLBACK_MIN_FONT_PT))


def _fit_where(state: _Render | None, field: str | None) -> str:
    """What the error names after its location (which already names the field, when known)."""
    return state.site.what if state is not None and state.site is not None else "text"


def _fit_location(state: _Render | None, field: str | None) -> Location | None:
    return state.site.where(field) if state is not None and state.site is not None else None


# --- errors -----------------------------------------------------------------------------------


def _not_found(exc: jinja2.TemplateNotFound, template: str, game: GameData, site: RenderSite | None) -> DataError:
    looked = f"{_shown(game_templates(game))}/ and the built-in {_shown(builtin_templates())}/"
    if exc.name == template:
        where = site.named_at if site is not None and site.named_at is not None else Location(template)
        return DataError(where, f"no template {template!r}; looked in {looked}")
    return DataError(_template_location(exc, template), f"included template {exc.name!r} not found; looked in {looked}")


_MISSING = re.compile(r"has no attribute '([^']+)'|'([^']+)' is undefined|no element '?([^']+?)'?$")


def _undefined(exc: jinja2.UndefinedError, template: str, site: RenderSite | None) -> DataError:
    match = _MISSING.search(str(exc))
    field = next((group for group in match.groups() if group), None) if match else None
    place = _template_location(exc, template)
    place = Location(place.file, place.line, place.column, field)
    if site is not None and site.row is not None and field is not None:
        row = site.where(None)
        return DataError(place, f"the template reads {field!r}, which {site.what} does not have"
                                f"{f' ({row})' if row else ''}; add the field or change the template")
    return DataError(place, f"the template uses {field or 'a value'!r}, which it was not given{_drawing(site)}")


def _template_location(exc: BaseException, template: str) -> Location:
    line = _template_line(exc)
    if line is None:
        return Location(_shown(template))
    file, _, number = line.rpartition(":")
    return Location(file, int(number))


def _template_line(exc: BaseException) -> str | None:
    """'file:line' of the innermost template frame in the traceback (Jinja maps frames to template lines)."""
    roots = [str(builtin_templates().resolve())]
    state = _current.get()
    if state is not None:
        roots.append(str(game_templates(state.game).resolve()))
    found = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.lineno and any(str(Path(frame.filename).resolve()).startswith(root + os.sep) for root in roots):
            found = f"{_shown(frame.filename)}:{frame.lineno}"
    return found


def _drawing(site: RenderSite | None) -> str:
    if site is None:
        return ""
    row = site.where(None)
    return f" (drawing {site.what}{f', {row}' if row else ''})"


_shown = shown_path
