"""JSON Schemas of every data file a game folder holds, from the same pydantic models the loader uses.

It sits above `dragon_pnp.data` and `dragon_pnp.games` because rules modules declare data files
of their own (Dragon Pants' board.yaml) and the data layer never imports a game.

Editors that speak the yaml-language-server protocol validate and complete a game's YAML as it
is typed when the file starts with `# yaml-language-server: $schema=...`; `dragon-pnp schema`
writes these files and the project ships them under `schemas/`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from dragon_pnp.data.components import (
    AidSpec,
    BoardSpec,
    DeckSpec,
    DiceSpec,
    StandeesSpec,
    TilesSpec,
    TokensSpec,
    TrackSpec,
)
from dragon_pnp.data.hexmap import HexMap
from dragon_pnp.data.models import PrintProfile
from dragon_pnp.data.reading import decode_utf8, read_bounded
from dragon_pnp.schema_help import describe

DIALECT = "https://json-schema.org/draft/2020-12/schema"
COMPONENT_KINDS: dict[str, type[BaseModel]] = {
    "deck": DeckSpec, "tokens": TokensSpec, "dice": DiceSpec, "aid": AidSpec,
    "tiles": TilesSpec, "board": BoardSpec, "track": TrackSpec, "standees": StandeesSpec,
}
GAME_SCHEMA = "game.schema.json"
PRINT_SCHEMA = "print.schema.json"
CARDS_SCHEMA = "cards.schema.json"
HEXMAP_SCHEMA = "hexmap.schema.json"


def schemas() -> dict[str, dict[str, Any]]:
    """File name (relative to the schemas folder) -> JSON Schema, for every kind of data file and
    every registered rules module's files."""
    return {**generic_schemas(), **_rules_module_schemas()}


def generic_schemas() -> dict[str, dict[str, Any]]:
    """The schemas of the data files every game may have (no rules module's own)."""
    found = {
        GAME_SCHEMA: _game_schema(),
        PRINT_SCHEMA: _described(PrintProfile.model_json_schema(), "print.yaml: paper, bleed, crop marks, PNG resolution, colours", PrintProfile),
        CARDS_SCHEMA: _cards_schema(),
        HEXMAP_SCHEMA: _described(HexMap.model_json_schema(),
                                  "The map file of a `tiles` component: terrains, tiles, homes and seats", HexMap),
    }
    for kind, model in COMPONENT_KINDS.items():
        found[f"components/{kind}.schema.json"] = _described(
            model.model_json_schema(), f"A `{kind}` entry of game.yaml's components list", model)
    return found


def write_schemas(folder: Path) -> list[Path]:
    """Every schema as a JSON file under `folder` (sub-folders made as needed)."""
    written = []
    for name, schema in schemas().items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(schema_text(schema), encoding="utf-8")
        written.append(target)
    return written


def schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def _described(schema: dict[str, Any], description: str, model: type[BaseModel] | None = None) -> dict[str, Any]:
    """The schema with its title line and, from `model`'s source, every field's hover help."""
    if model is not None:
        schema = describe(schema, model)
    return {"$schema": DIALECT, **schema, "description": description}


def game_schema_with_settings(module: Any, name: str) -> dict[str, Any]:
    """game.yaml's schema for a game whose rules module has settings: its `settings:` checked and
    described by the module's own model, so a misspelt rule number is flagged as it is typed."""
    schema = _game_schema()
    settings = describe(module.settings_model.model_json_schema(), module.settings_model)
    defs = schema.setdefault("$defs", {})
    for key, definition in settings.pop("$defs", {}).items():
        defs.setdefault(key, definition)
    settings["description"] = f"rule numbers of rules module {name}: " + (settings.get("description") or "").strip()
    schema["properties"]["settings"] = settings
    schema["description"] = f"game.yaml of a game whose rules module is {name}"
    return schema


def _game_schema() -> dict[str, Any]:
    """game.yaml: the manifest model (name, players, roles, rules module, components)."""
    from dragon_pnp.data.models import GameManifest

    return _described(GameManifest.model_json_schema(), "game.yaml: a game's identity and components", GameManifest)


def _cards_schema() -> dict[str, Any]:
    """A deck's YAML card file: `cards:`, a list of rows, each with a whole `count` and free fields."""
    row = {
        "type": "object",
        "properties": {"count": {"type": "integer", "minimum": 0, "maximum": 1000,
                                 "description": "how many copies of this card print"},
                       "back": {"type": "string", "pattern": r"\.j2$", "description": "this card's own back template"}},
        "propertyNames": {"pattern": r"^[A-Za-z_][A-Za-z0-9_]*$"},
        "additionalProperties": True,
    }
    return {
        "$schema": DIALECT, "title": "cards", "type": "object",
        "description": "A deck's card rows: one mapping per distinct card; the face template reads its fields",
        "properties": {"cards": {"type": "array", "minItems": 1, "items": row,
                                 "description": "one mapping per distinct card; `count` copies of each print"}},
        "required": ["cards"], "additionalProperties": False,
    }


def _rules_module_schemas() -> dict[str, dict[str, Any]]:
    """The extra data files each installed rules module reads (Dragon Pants' board.yaml...). Not
    the modules of game folders this process happened to load: theirs go into the folder
    (`schema --game`), and the shared folder must not depend on what ran before."""
    from dragon_pnp.games.registry import game_module, installed_modules

    found: dict[str, dict[str, Any]] = {}
    for name in installed_modules():
        found.update(module_schemas(game_module(name)))
    return found


# --- one game's files ------------------------------------------------------------------------

SCHEMA_LINE = "# yaml-language-server: $schema="
LOCAL_FOLDER = ".schemas"   # where `new` and `schema --game` put a game's own copy


def module_schemas(module: Any) -> dict[str, dict[str, Any]]:
    """The schemas a rules module adds, under its slug (for a module kept in a game folder too)."""
    name = module.slug
    found = {}
    for data_file in module.data_files.values():
        stem = data_file.file.rsplit(".", 1)[0]
        found[f"{name}/{stem}.schema.json"] = _described(
            data_file.model.model_json_schema(), f"{data_file.file} of games whose rules module is {name}", data_file.model)
    declared = {data_file.model for data_file in module.data_files.values()}
    if module.hexmap_model is not HexMap and module.hexmap_model not in declared:
        found[f"{name}/hexmap.schema.json"] = _described(
            module.hexmap_model.model_json_schema(), f"the `tiles` map file of games whose rules module is {name}",
            module.hexmap_model)
    if module.settings_model is not None:
        found[f"{name}/settings.schema.json"] = _described(
            module.settings_model.model_json_schema(), f"game.yaml `settings:` for rules module {name}",
            module.settings_model)
        found[f"{name}/{GAME_SCHEMA}"] = game_schema_with_settings(module, name)
    return found


def schema_of_files(game: Any) -> dict[str, str]:
    """Each YAML data file of a loaded game -> the schema (name under the schemas folder) it follows."""
    module = game.module
    own = {spec.file: f"{module.slug}/{spec.file.rsplit('.', 1)[0]}.schema.json"
           for spec in module.data_files.values()} if module is not None else {}
    found = {"game.yaml": f"{module.slug}/{GAME_SCHEMA}" if module is not None and module.settings_model
             else GAME_SCHEMA, "print.yaml": PRINT_SCHEMA}
    for component in game.game.components:
        if component.kind == "deck" and component.cards.endswith((".yaml", ".yml")):
            found[component.cards] = own.get(component.cards, CARDS_SCHEMA)
        elif component.kind == "tiles":
            hexmap = (f"{module.slug}/hexmap.schema.json" if module is not None and module.hexmap_model is not HexMap
                      else HEXMAP_SCHEMA)
            found[component.map] = own.get(component.map, hexmap)
    for file, schema in own.items():
        found.setdefault(file, schema)
    return found


def mark_files(game: Any, base: str) -> list[Path]:
    """Start each YAML data file of `game` with its schema line (schemas found under `base`,
    relative to the game folder); a file whose first line is already right is left as it is."""
    changed = []
    root = Path(game.root)
    for file, schema in schema_of_files(game).items():
        path = root / file
        if not path.is_file():
            continue
        text = decode_utf8(read_bounded(path, inside=root), path)   # never through a link out of the folder
        line = f"{SCHEMA_LINE}{base.rstrip('/')}/{schema}"
        lines = text.split("\n")
        if lines and lines[0].startswith(SCHEMA_LINE):
            if lines[0] == line:
                continue
            lines[0] = line
        else:
            lines.insert(0, line)
        path.write_text("\n".join(lines), encoding="utf-8")
        changed.append(path)
    return changed


def write_game_schemas(game: Any) -> list[Path]:
    """A game folder's own copy of the schemas (`.schemas/`), its rules module's included, and every
    data file pointing at it: editor checking that survives moving or copying the folder."""
    folder = Path(game.root) / LOCAL_FOLDER
    written = []
    extra = module_schemas(game.module) if game.module is not None else {}
    for name, schema in {**generic_schemas(), **extra}.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(schema_text(schema), encoding="utf-8")
        written.append(target)
    mark_files(game, LOCAL_FOLDER)
    return written
