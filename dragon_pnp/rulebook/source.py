"""Read `data/<game>/rules.md` and fill in its Jinja2 expressions from the game data.

Undefined names are errors (StrictUndefined), reported as `rules.md:LINE: ...` with exit code 2,
so a renamed data field can never leave a blank in the printed rules. The template is the
designer's code: it runs sandboxed and bounded (see dragon_pnp/sandbox.py), may include only files of
its own game folder, and any failure in it is a located error, never a traceback or a hang.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

import jinja2

from dragon_pnp.data import GameData
from dragon_pnp.data.reading import decode_utf8, read_bounded
from dragon_pnp.errors import DataError, LayoutError
from dragon_pnp.games.parts import RulebookPart
from dragon_pnp.kit.faces import bytecode_cache
from dragon_pnp.rulebook.markup import escape_inline
from dragon_pnp.sandbox import SANDBOX_VERSION, BoundedSandbox, ConfinedLoader, template_failure

RULES_FILE = "rules.md"


def rules_path(game: GameData) -> Path:
    return game.root / RULES_FILE


def _from_source(env: BoundedSandbox, source: str) -> jinja2.Template:
    """`env.from_string(source)`, its compiled code kept in the render cache by the source (as
    the card templates' are): compiling Dragon Pants' rules.md cost ~0.07 CPU s of every
    validate and build. The folder is the rules' own: their lexer options differ from the cards'."""
    cache = bytecode_cache(f"sandbox-rules-{SANDBOX_VERSION}")
    if cache is None:
        return env.from_string(source)
    bucket = cache.get_bucket(env, RULES_FILE, None, source)
    if bucket.code is None:
        bucket.code = env.compile(source)
        cache.set_bucket(bucket)
    return env.template_class.from_code(env, bucket.code, env.make_globals(None), None)


def render_rules(game: GameData) -> str:
    """The rules text with every `{{ ... }}` and `{% ... %}` filled in from the data."""
    path = rules_path(game)
    if not path.exists() and not path.is_symlink():
        raise LayoutError(f"{path}: missing rules text; expected {RULES_FILE} beside the game's YAML files")
    try:
        source = decode_utf8(read_bounded(path), path)
    except DataError as exc:
        raise LayoutError(str(exc)) from None
    if game.rules_paragraphs:   # a translated view: its paragraphs swapped in before the template runs
        from dragon_pnp.data.lang.apply import translate_rules

        source = translate_rules(source, game.rules_paragraphs)
    env = BoundedSandbox(loader=ConfinedLoader(path.parent), undefined=jinja2.StrictUndefined,
                         keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True, autoescape=False,
                         finalize=_as_text)
    try:
        template = _from_source(env, source)
        template.filename = str(path)
        template.name = RULES_FILE
        return env.render_bounded(template, template_context(game))
    except jinja2.TemplateSyntaxError as exc:
        where = Path(exc.filename) if exc.filename else path
        raise LayoutError(f"{where}:{exc.lineno}: template syntax: {exc.message}") from None
    except Exception as exc:  # the template is the designer's code: whatever it raised is theirs to fix
        # endless recursion stops wherever the stack ran out: the line that started it is the outermost
        raise LayoutError(f"{_where(exc, path, outermost=isinstance(exc, RecursionError))}: "
                          f"{template_failure(exc)}") from None


def _as_text(value: Any) -> Any:
    """What `{{ ... }}` prints: data text as written, never as rules markup (a card named `2*3`
    must not start an italic), and never across lines (it cannot start a heading or a directive)."""
    return escape_inline(value) if isinstance(value, str) else value


def source_line(game: GameData, directive_text: str) -> int | None:
    """The line of rules.md that holds a directive, so errors point at the file the designer edits."""
    path = rules_path(game)
    text = decode_utf8(read_bounded(path), path)
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() == directive_text.strip():
            return number
    return None


def _where(exc: BaseException, path: Path, outermost: bool = False) -> str:
    """`file:line` of the innermost template frame (the outermost with `outermost`): Jinja2
    rewrites tracebacks so template frames carry the template's own file and line numbers."""
    folder = str(path.parent.resolve())
    frames = traceback.extract_tb(exc.__traceback__)
    for frame in (frames if outermost else reversed(frames)):
        if frame.filename == str(path) or frame.filename.startswith(folder + "/") or frame.filename == "<template>":
            name = path if frame.filename == "<template>" else Path(frame.filename)
            return f"{name}:{frame.lineno}"
    return str(path)


def template_context(game: GameData) -> dict[str, object]:
    """What every rules.md may refer to, plus what the game's rules module adds."""
    from dragon_pnp.rulebook.words import plural

    phrases = game.game.phrases   # the kit's language: "two" or "zwei", "A and B" or "A und B"
    context: dict[str, object] = {
        "game": game.game,
        "settings": game.settings,
        "options": game.game.rules_options,
        "components": {c.id: c for c in game.game.components},
        "decks": {c.id: game.rows(c.id) for c in game.game.components if c.kind == "deck"},
        "words": phrases.number_word, "plural": plural,
        "names": lambda items: phrases.names([str(i) for i in items]),
        # a variant's name in the kit's language (game.rules_options.<id>.title), else its id in words
        "option_title": lambda option_id: phrases.texts.get(f"game.rules_options.{option_id}.title")
        or str(option_id).replace("_", " ").capitalize(),
        # `{{ icon(suit.id) }}` writes `{fire}`: an icon drawn in the line (dragon_pnp/rulebook/icons.py)
        "icon": lambda name: "{" + str(name) + "}",
    }
    if game.module is not None:
        context.update(game.module.part(RulebookPart).context(game))
    return context
