"""Read `data/<game>/rules.md` and fill in its Jinja2 expressions from the game data.

Undefined names are errors (StrictUndefined), reported as `rules.md:LINE: ...` with exit code 2,
so a renamed data field can never leave a blank in the printed rules.
"""

from __future__ import annotations

import traceback
from pathlib import Path

import jinja2

from generator.data import GameData
from generator.errors import LayoutError

RULES_FILE = "rules.md"


def rules_path(game: GameData) -> Path:
    return game.root / RULES_FILE


def render_rules(game: GameData) -> str:
    """The rules text with every `{{ ... }}` and `{% ... %}` filled in from the data."""
    path = rules_path(game)
    if not path.is_file():
        raise LayoutError(f"{path}: missing rules text; expected {RULES_FILE} beside the game's YAML files")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(path.parent), encoding="utf-8"),
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                             trim_blocks=True, lstrip_blocks=True, autoescape=False)
    try:
        template = env.get_template(RULES_FILE)
        return template.render(template_context(game))
    except UnicodeDecodeError as exc:
        raise LayoutError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except jinja2.TemplateSyntaxError as exc:
        raise LayoutError(f"{path}:{exc.lineno}: template syntax: {exc.message}") from None
    except (jinja2.UndefinedError, TypeError, KeyError, AttributeError, ValueError) as exc:
        line = _template_line(exc)
        where = f"{path}:{line}" if line else str(path)
        raise LayoutError(f"{where}: {exc}; check the name against the game data") from None


def source_line(game: GameData, directive_text: str) -> int | None:
    """The line of rules.md that holds a directive, so errors point at the file the designer edits."""
    for number, line in enumerate(rules_path(game).read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip() == directive_text.strip():
            return number
    return None


def _template_line(exc: BaseException) -> int | None:
    """Jinja2 rewrites tracebacks so template frames carry the template's own line numbers."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename.endswith(RULES_FILE):
            return frame.lineno
    return None


def template_context(game: GameData) -> dict[str, object]:
    """What every rules.md may refer to, plus what the game's rules module adds."""
    from generator.rulebook.words import names, plural, words

    context: dict[str, object] = {
        "game": game.game,
        "settings": game.settings,
        "options": game.game.rules_options,
        "components": {c.id: c for c in game.game.components},
        "decks": {c.id: game.rows(c.id) for c in game.game.components if c.kind == "deck"},
        "words": words, "plural": plural, "names": names,
    }
    if game.module is not None:
        context.update(game.module.rulebook_context(game))
    return context
