"""JSON Schemas of every data file a game folder holds, from the same pydantic models the loader uses.

It sits above `generator.data` and `generator.games` because rules modules declare data files
of their own (Dragon Pants' board.yaml) and the data layer never imports a game.

Editors that speak the yaml-language-server protocol validate and complete a game's YAML as it
is typed when the file starts with `# yaml-language-server: $schema=...`; `dragon-pnp schema`
writes these files and the project ships them under `schemas/`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter

from generator.data.components import (
    AidSpec, BoardSpec, Component, DeckSpec, DiceSpec, StandeesSpec, TilesSpec, TokensSpec, TrackSpec,
)
from generator.data.hexmap import HexMap
from generator.data.models import PrintProfile

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
    """File name (relative to the schemas folder) -> JSON Schema, for every kind of data file."""
    found = {
        GAME_SCHEMA: _game_schema(),
        PRINT_SCHEMA: _described(PrintProfile.model_json_schema(), "print.yaml: paper, bleed, crop marks, PNG resolution, colours"),
        CARDS_SCHEMA: _cards_schema(),
        HEXMAP_SCHEMA: _described(HexMap.model_json_schema(),
                                  "The map file of a `tiles` component: terrains, tiles, homes and seats"),
    }
    for kind, model in COMPONENT_KINDS.items():
        found[f"components/{kind}.schema.json"] = _described(
            model.model_json_schema(), f"A `{kind}` entry of game.yaml's components list")
    found.update(_rules_module_schemas())
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


def _described(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"$schema": DIALECT, **schema, "description": description}


def _game_schema() -> dict[str, Any]:
    """game.yaml: the manifest model when the loader provides one, else the components list alone."""
    try:  # the generic manifest (name, players, roles, rules module, components) from the loader
        from generator.data.models import GameManifest  # type: ignore[attr-defined]
    except ImportError:
        GameManifest = None
    if GameManifest is not None:
        return _described(GameManifest.model_json_schema(), "game.yaml: a game's identity and components")
    components = TypeAdapter(list[Component]).json_schema()
    defs = components.pop("$defs", {})
    return {
        "$schema": DIALECT, "title": "game.yaml", "type": "object",
        "description": "game.yaml: a game's identity and components (only `components` is checked here)",
        "properties": {"name": {"type": "string", "minLength": 1}, "components": components},
        "required": ["name", "components"], "$defs": defs,
    }


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
        "properties": {"cards": {"type": "array", "minItems": 1, "items": row}},
        "required": ["cards"], "additionalProperties": False,
    }


def _rules_module_schemas() -> dict[str, dict[str, Any]]:
    """The extra data files each rules module reads (Dragon Pants' board.yaml...), under its name."""
    from generator.games.registry import game_module, known_modules

    found = {}
    for name in known_modules():
        module = game_module(name)
        for data_file in module.data_files.values():
            stem = data_file.file.rsplit(".", 1)[0]
            found[f"{name}/{stem}.schema.json"] = _described(data_file.model.model_json_schema(),
                                                             f"{data_file.file} of games whose rules module is {name}")
        declared = {data_file.model for data_file in module.data_files.values()}
        if module.hexmap_model is not HexMap and module.hexmap_model not in declared:
            found[f"{name}/hexmap.schema.json"] = _described(module.hexmap_model.model_json_schema(),
                                                             f"the `tiles` map file of games whose rules module is {name}")
        if module.settings_model is not None:
            found[f"{name}/settings.schema.json"] = _described(module.settings_model.model_json_schema(),
                                                               f"game.yaml `settings:` for rules module {name}")
    return found
