"""Designer SVG templates: the game's `templates/` folder first, then the built-in `templates/`.

A game folder is someone else's work, so its templates run in the one bounded sandbox
(`generator/sandbox.py`, shared with rules.md): they cannot reach Python internals, change
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
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

import jinja2
from markupsafe import Markup
from jinja2.sandbox import SecurityError

from generator.data.models import palette_colour
from generator.errors import DataError, DragonPnpError, LayoutError, Location
from generator.fonts import SVG_FONT_FAMILY
from generator.games.parts import KitPart
from generator.kit.faces import bytecode_cache, format_mm
from generator.sandbox import SANDBOX_VERSION, BoundedSandbox, ConfinedLoader, TemplateLimitError, shown_path
from generator.kit.text_fit import PT_MM, FittedText, fit_line as fit_one_line, fit_text as fit_block
from generator.resources import templates_dir

if TYPE_CHECKING:
    from generator.data import GameData

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


def game_templates(game: "GameData") -> Path:
    return Path(game.root) / "templates"


def render_game_template(game: "GameData", template: str, /, *, site: RenderSite | None = None, **values: Any) -> str:
    """Render `template` for `game` with `values` (which may hold `game`: the manifest); failures are located."""
    environment = _environment(game)
    state = _Render(game, site)
    token = _current.set(state)
    try:
        return environment.render_bounded(template, values)
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


def template_file(game: "GameData", template: str) -> str:
    """The file `template` is read from for `game` (its own folder first), as the user would type it."""
    try:
        return _shown(_environment(game).get_template(template).filename or template)
    except jinja2.TemplateError:
        return template


_environments: dict[tuple[str, int], tuple[Any, jinja2.Environment]] = {}


def _environment(game: "GameData") -> jinja2.Environment:
    """One sandbox per game data object (its helpers may depend on the data); a few are kept."""
    key = (str(Path(game.root).resolve()), id(game))
    if key not in _environments:
        if len(_environments) >= 8:
            _environments.pop(next(iter(_environments)))
        _environments[key] = (game, _make_environment(game))  # holding `game` keeps its id unique
    return _environments[key][1]


def _make_environment(game: "GameData") -> jinja2.Environment:
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
                               colour=colour)
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
    smallest = _smallest(state, smallest_pt)
    size = fit_one_line(shown, float(width_mm), largest_pt=max(float(largest_pt), smallest), smallest_pt=smallest,
                        where=_fit_where(state, field), location=_fit_location(state, field), bold=bool(bold))
    return FittedText((shown,), size, size * LEADING * PT_MM)


def fit_text(text: Any, width_mm: float, height_mm: float, largest_pt: float, smallest_pt: float | None = None,
             bold: bool = False, leading: float = LEADING) -> FittedText:
    """Text wrapped to `width_mm` at the largest size (up to `largest_pt`) whose lines fit `height_mm`."""
    state, field = _fit_site(text)
    smallest = _smallest(state, smallest_pt)
    return fit_block(str(text), (float(width_mm), float(height_mm)), largest_pt=max(float(largest_pt), smallest),
                     smallest_pt=smallest, where=_fit_where(state, field),
                     location=_fit_location(state, field), bold=bool(bold), leading=float(leading))


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


def _not_found(exc: jinja2.TemplateNotFound, template: str, game: "GameData", site: RenderSite | None) -> DataError:
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
