"""Every text a player reads, keyed by where it comes from, in the game's own language.

Keys: `game.name`, `game.tagline`, `game.credits`; `components.<id>.name`, a deck's or token's
back title `components.<id>.back.<field>`, `components.<id>.faces.<face>.name`,
`components.<id>.sets.<set>.name`, a track's `components.<id>.title` and `.note`; `cards.<deck>.<row key>.<field>` for a card row's prose
fields (TEXT_FIELDS: ids, counts and the values the rules read are never translated);
`game.rules_options.<id>.summary` for each variant's sentence; `data.<file>.<path>.<field>` for the
prose in a rules module's own data files (data_files.py); `rules.<hash>` for each prose paragraph of rules.md (the hash of the paragraph as written, so a
key stays put when other paragraphs move); `templates.<key>` for each `tr("key", "English")` a game's own template prints; `words.*` for
the generic layouts' own words."""

from __future__ import annotations

import hashlib
import re
from typing import TYPE_CHECKING, Any

from dragon_pnp.data.lang.data_files import TEXT_FIELDS, data_texts
from dragon_pnp.data.lang.words import catalogue_keys

if TYPE_CHECKING:
    from dragon_pnp.data.loader import GameData

RULES_FILE = "rules.md"
_BLANK_LINES = re.compile(r"(\n[ \t]*\n)")
# `tr("key", "English")` in a game's own templates: the words its layouts print themselves.
_TR_CALL = re.compile(r"""\btr\(\s*(["'])([\w.-]+)\1\s*,\s*(["'])(.*?)\3\s*\)""")
TEMPLATE_FOLDER = "templates"
# `caption="..."` on a `::: directive` line: words a reader sees under a figure.
DIRECTIVE_CAPTION = re.compile(r'^([ \t]*:::[^\n]*?\bcaption=")([^"\n]*)(")', re.M)
_TEMPLATE_ONLY = re.compile(r"\{%.*?%\}|\{#.*?#\}|\{\{.*?\}\}", re.S)

# a component's own printed words besides its name (a track's title and note)
COMPONENT_TEXTS = ("title", "note")


def paragraph_key(paragraph: str) -> str:
    """A rules.md paragraph's key: the hash of its text as written."""
    return "rules." + hashlib.sha256(paragraph.strip().encode("utf-8")).hexdigest()[:12]


def split_paragraphs(text: str) -> list[str]:
    """rules.md cut at blank lines, the separators kept (joining the list gives the text back)."""
    return _BLANK_LINES.split(text)


def is_prose(block: str) -> bool:
    """A block a reader sees: letters left once template statements, expressions and comments are
    taken out (a block of `{% set %}` lines, a comment or a `:::` directive is not prose)."""
    rest = _TEMPLATE_ONLY.sub("", block)
    rest = "\n".join(line for line in rest.splitlines() if not line.lstrip().startswith(":::"))   # directives
    return bool(re.search(r"[^\W\d_]", rest))


def caption_key(caption: str) -> str:
    """A directive's `caption="..."` key: the hash of the caption as written."""
    return "rules.caption." + hashlib.sha256(caption.encode("utf-8")).hexdigest()[:12]


def rules_texts(text: str) -> dict[str, str]:
    """Each prose paragraph of rules.md by its key, and each directive's caption."""
    found: dict[str, str] = {}
    for block in split_paragraphs(text):
        if not _BLANK_LINES.fullmatch(block) and is_prose(block):
            found.setdefault(paragraph_key(block), block.strip())
    for match in DIRECTIVE_CAPTION.finditer(text):
        found.setdefault(caption_key(match.group(2)), match.group(2))
    return found


def row_key(row: dict[str, Any], index: int, key_field: str | None) -> str:
    """A card row's name in keys: its key field's value, else its row number from 1."""
    if key_field and isinstance(row.get(key_field), (str, int)) and not isinstance(row.get(key_field), bool):
        return str(row[key_field])
    return str(index + 1)


def manifest_texts(game: GameData) -> dict[str, str]:
    """game.yaml's texts: name, tagline, credits, component, face and dice-set names, back titles."""
    info = game.game
    found: dict[str, str] = {"game.name": info.name}
    for attr in ("tagline", "credits"):
        value = getattr(info, attr, None)
        if isinstance(value, str) and value:
            found[f"game.{attr}"] = value
    for option_id, option in (getattr(info, "rules_options", None) or {}).items():
        found[f"game.rules_options.{option_id}.title"] = option_id.replace("_", " ").capitalize()   # as tables.option_title
        if option.summary:
            found[f"game.rules_options.{option_id}.summary"] = option.summary
    for component in info.components:
        base = f"components.{component.id}"
        found[f"{base}.name"] = component.name
        for attr in COMPONENT_TEXTS:   # a track's printed title and note
            value = getattr(component, attr, None)
            if isinstance(value, str) and value:
                found[f"{base}.{attr}"] = value
        back = getattr(component, "back", None)
        for field, value in (getattr(back, "fields", None) or {}).items():
            if field in TEXT_FIELDS and isinstance(value, str) and value:
                found[f"{base}.back.{field}"] = value
        for part in ("faces", "sets"):
            for item in getattr(component, part, None) or ():
                if isinstance(getattr(item, "name", None), str):
                    found[f"{base}.{part}.{item.id}.name"] = item.name
    return found


def print_texts(game: GameData) -> dict[str, str]:
    """print.yaml's seat colour names (`print.seat_colours.<seat>.name`): tiles, pawns and aids print them."""
    colours = getattr(game.print_profile, "seat_colours", None) or {}
    return {f"print.seat_colours.{seat}.name": colour.name for seat, colour in colours.items() if colour.name}


def card_texts(game: GameData) -> dict[str, str]:
    """Every deck's rows' prose fields."""
    found: dict[str, str] = {}
    for component in game.game.components:
        rows = game.component_data.get(component.id)
        if getattr(component, "kind", None) != "deck" or not isinstance(rows, list):
            continue
        for index, row in enumerate(rows):
            name = row_key(row, index, getattr(component, "key_field", None))
            for field in TEXT_FIELDS:
                value = row.get(field)
                if isinstance(value, str) and value.strip():
                    found[f"cards.{component.id}.{name}.{field}"] = value
    return found


def read_rules_source(game: GameData) -> str:
    """rules.md as written, or nothing for a game without one."""
    from dragon_pnp.data.reading import decode_utf8, read_bounded

    path = game.root / RULES_FILE
    return decode_utf8(read_bounded(path), path) if path.is_file() else ""


def template_texts(game: GameData) -> dict[str, str]:
    """`templates.<key>` -> English for every `tr("key", "English")` in the game's templates/."""
    from dragon_pnp.data.reading import decode_utf8, read_bounded

    found: dict[str, str] = {}
    folder = game.root / TEMPLATE_FOLDER
    for path in sorted(folder.glob("*.j2")) if folder.is_dir() else []:
        for match in _TR_CALL.finditer(decode_utf8(read_bounded(path), path)):
            found.setdefault(f"templates.{match.group(2)}", match.group(4))
    return found


def source_texts(game: GameData, language: str) -> dict[str, str]:
    """Every key a translation into `language` should hold -> the source text it translates."""
    module = {f"module.{k}": v for k, v in (getattr(game.module, "texts", None) or {}).items()}
    return {**manifest_texts(game), **print_texts(game), **card_texts(game), **data_texts(game), **template_texts(game),
            **module,
            **rules_texts(read_rules_source(game)), **catalogue_keys(language)}
