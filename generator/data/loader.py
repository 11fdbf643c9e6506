"""Find a game's data folder, read its YAML files and validate them against the schema.

`load_game` returns a `GameData` whose source maps let later checks point at exact lines.
All schema errors of all files are collected and raised together.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.data.located_yaml import SourceMap, load_yaml
from generator.data.models import Board, DestinyData, GameInfo, Playtime, PowerDeck, PrintProfile
from generator.errors import DataError, DataErrors, GameNotFoundError, Location

DATA_FILES: dict[str, type[BaseModel]] = {
    "game.yaml": GameInfo,
    "board.yaml": Board,
    "power_cards.yaml": PowerDeck,
    "destiny.yaml": DestinyData,
    "print.yaml": PrintProfile,
}
# Files a game may leave out; the feature that reads them is then skipped, never guessed.
OPTIONAL_FILES: dict[str, type[BaseModel]] = {
    "playtime.yaml": Playtime,
}


def project_root() -> Path:
    """The project folder (holding data/ and templates/), found from this package's place."""
    return Path(__file__).resolve().parents[2]


def resolve_game_dir(game: str | Path) -> Path:
    """GAME is a game name under data/ or a path to a game folder."""
    candidate = Path(game)
    if candidate.is_dir():
        return candidate
    named = project_root() / "data" / str(game)
    if named.is_dir():
        return named
    known = sorted(p.name for p in (project_root() / "data").iterdir() if p.is_dir())
    raise GameNotFoundError(
        f"{game}: no such game folder; expected a path or one of: {', '.join(known) or 'none'}"
    )


@dataclass
class GameData:
    """Everything known about one game, validated against the schema."""

    root: Path
    game: GameInfo
    board: Board
    power: PowerDeck
    destiny: DestinyData
    print_profile: PrintProfile
    playtime: Playtime | None = None
    sources: dict[str, SourceMap] = field(default_factory=dict)

    @property
    def slug(self) -> str:
        return self.root.name

    def locate(self, file: str, *path: Any) -> Location:
        """The file/line/column of a field, for errors found after loading."""
        return self.sources[file].locate(path)


def load_game(game: str | Path) -> GameData:
    """Load and schema-check every data file of a game; raise DataErrors listing all problems."""
    root = resolve_game_dir(game)
    errors: list[DataError] = []
    models: dict[str, BaseModel] = {}
    sources: dict[str, SourceMap] = {}
    for name, model in {**DATA_FILES, **OPTIONAL_FILES}.items():
        file = root / name
        if not os.path.lexists(file):
            if name in OPTIONAL_FILES:
                continue
            errors.append(DataError(Location(_shown(file)), f"missing data file; expected {name}"))
            continue
        try:
            raw, source = load_yaml(file)
        except DataError as exc:
            errors.append(DataError(_relocated(exc.location), exc.message))
            continue
        source.file = _shown(file)
        sources[name] = source
        if not isinstance(raw, dict):
            errors.append(DataError(source.locate(()), f"expected a mapping of fields, got {_kind(raw)}"))
            continue
        try:
            models[name] = model.model_validate(raw)
        except ValidationError as exc:
            errors.extend(_schema_errors(exc, source))
    if errors:
        raise DataErrors(errors)
    return GameData(
        root=root,
        game=models["game.yaml"],  # type: ignore[arg-type]
        board=models["board.yaml"],  # type: ignore[arg-type]
        power=models["power_cards.yaml"],  # type: ignore[arg-type]
        destiny=models["destiny.yaml"],  # type: ignore[arg-type]
        print_profile=models["print.yaml"],  # type: ignore[arg-type]
        playtime=models.get("playtime.yaml"),  # type: ignore[arg-type]
        sources=sources,
    )


def _schema_errors(exc: ValidationError, source: SourceMap) -> list[DataError]:
    found = []
    for error in exc.errors(include_url=False):
        path = tuple(part for part in error["loc"] if not _is_internal(part))
        location = source.locate(path)
        found.append(DataError(location, _describe(error)))
    return found


def _is_internal(part: Any) -> bool:
    """Pydantic adds validator names like 'function-after[...]' to locations; they are not fields."""
    return isinstance(part, str) and ("[" in part and part.endswith("]"))


def _describe(error: dict[str, Any]) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        return "unknown field; check the spelling (unknown keys are not allowed)"
    if kind == "missing":
        return "required field is missing"
    message = error["msg"].removeprefix("Value error, ")
    message = message[0].lower() + message[1:] if message else message
    if kind in ("value_error", "assertion_error"):
        return message
    return f"expected: {message}; got {_shown_value(error.get('input'))}"


def _shown_value(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind(value: Any) -> str:
    return {list: "a list", str: "text", int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def _shown(file: Path) -> Path:
    """Paths in messages are relative to the working folder when possible, as a user typed them.

    Only the folders are resolved, never the file itself, which may be a broken or looping link.
    """
    try:
        return (file.parent.resolve() / file.name).relative_to(Path.cwd().resolve())
    except (ValueError, OSError, RuntimeError):
        return file


def _relocated(location: Location) -> Location:
    return Location(_shown(Path(location.file)), location.line, location.column, location.field)
