"""Designer templates: the game's templates/ folder first, then the built-in ones (interim)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from generator.data.loader import project_root
from generator.errors import DataError, Location
from generator.kit.faces import _mm

_ENVIRONMENTS: dict[str, jinja2.Environment] = {}


def environment(game: Any) -> jinja2.Environment:
    key = str(game.root)
    if key not in _ENVIRONMENTS:
        env = SandboxedEnvironment(
            loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(Path(game.root) / "templates")),
                                        jinja2.FileSystemLoader(str(Path(project_root()) / "templates"))]),
            autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
            keep_trailing_newline=True)
        env.globals["mm"] = _mm
        if game.module is not None:
            env.globals.update(game.module.template_globals(game))
        _ENVIRONMENTS[key] = env
    return _ENVIRONMENTS[key]


def render_game_template(game: Any, template: str, /, **values: Any) -> str:
    try:
        return environment(game).get_template(template).render(**values)
    except jinja2.TemplateNotFound as exc:
        raise DataError(Location(Path(game.root) / "game.yaml"), f"no template {exc.name!r} in templates/") from None
    except jinja2.TemplateSyntaxError as exc:
        raise DataError(Location(Path(exc.filename or template), exc.lineno), f"template error: {exc.message}") from None
    except jinja2.UndefinedError as exc:
        raise DataError(Location(Path(template)), f"template {template} reads a field the data lacks: {exc.message}") from None
