"""Find a game's data folder, read its YAML files and validate them against the schema.

`read_game` returns a `GameData` whose source maps let later checks point at exact lines.
All schema errors of all files are collected and raised together.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from dragon_pnp.data.components import DeckSpec, TilesSpec
from dragon_pnp.data.game_dir import resolve_game_dir
from dragon_pnp.data.hexmap import HexMap
from dragon_pnp.data.located_yaml import SourceMap, load_yaml
from dragon_pnp.data.models import GameManifest, PrintProfile
from dragon_pnp.data.reading import confine
from dragon_pnp.errors import DataError, DataErrors, Location

if TYPE_CHECKING:
    from dragon_pnp.data.declarations import RulesDeclarations

# Finds the rules module game.yaml names, from the game folder (`dragon_pnp.games.registry`
# hands its `game_module`); raises LookupError with a sentence when there is none.
ModuleFinder = Callable[[str, Path], "RulesDeclarations"]

# Every game has these two; everything else is named by game.yaml (components) or its rules module.
MANIFEST, PROFILE = "game.yaml", "print.yaml"


def project_root() -> Path:
    """The source checkout this package sits in (tests and benches use it; the tool itself finds
    what it ships through `dragon_pnp.resources`)."""
    return Path(__file__).resolve().parents[2]


@dataclass
class GameData:
    """Everything known about one game, validated against the schema.

    `files` holds the data files the game's rules module declares (Dragon Pants: `board`,
    `power`, `destiny`, `playtime`), reachable as attributes (`game.board`); `component_data`
    the rows of each deck and the map of each tile set, by component id.
    """

    root: Path
    game: GameManifest
    print_profile: PrintProfile
    # The game's `dragon_pnp.games.GameModule`, or None for a data-only game. Typed Any here: the
    # data layer sits below the games and knows a module only by its declarations.
    module: Any = None
    settings: Any = None
    files: dict[str, BaseModel] = field(default_factory=dict)
    component_data: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, SourceMap] = field(default_factory=dict)
    # Why the rules module did not load, when the load went on without it (`without_broken_rules`):
    # `module` is None and `settings` holds game.yaml's settings as written, unchecked.
    rules_failure: str | None = None
    # The language of a translated view (`dragon_pnp.data.lang.apply`), None for the game's own,
    # and its rules.md paragraphs by key: the rulebook swaps them in before it fills the template.
    language: str | None = None
    rules_paragraphs: dict[str, str] = field(default_factory=dict)
    # Views a rules module derives from this load (`derived`), kept with it: a fresh load after an
    # edit starts empty, so nothing derived from old data survives (no cache keyed on the folder).
    _derived: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def slug(self) -> str:
        return self.root.name

    def __getattr__(self, name: str) -> Any:
        files = self.__dict__.get("files", {})
        if name in files:
            return files[name]
        if name in ("playtime",):   # optional files read as None when absent
            return None
        raise AttributeError(f"{type(self).__name__} has no attribute or data file {name!r}")

    def derived(self, key: str, make: Callable[[GameData], Any]) -> Any:
        """`make(self)`, computed once per load: a rules module's own view of this data."""
        held = self.__dict__["_derived"]
        if key not in held:
            held[key] = make(self)
        return held[key]

    def locate(self, file: str, *path: Any) -> Location:
        """The file/line/column of a field, for errors found after loading."""
        return self.sources[file].locate(path)

    def rows(self, component_id: str) -> list[dict[str, Any]]:
        """A deck's card rows, in file order."""
        rows: list[dict[str, Any]] = self.component_data[component_id]
        return rows


def read_game(game: str | Path, find_module: ModuleFinder, without_broken_rules: bool = False) -> GameData:
    """Load and schema-check every data file of a game with the rules module `find_module` gives
    for its game.yaml's `rules_module`; raise DataErrors listing all problems. Everything else
    loads a game through `dragon_pnp.games.registry.load_game`, which hands the registry's finder.

    `without_broken_rules`: a rules module that does not load is no error; the game loads as
    data only, saying why in `rules_failure` (a kit and rulebook build needs no rules)."""
    root = resolve_game_dir(game)
    confine(root)
    loader = _Loader(root, find_module, without_broken_rules)
    manifest = loader.model(MANIFEST, GameManifest)
    profile = loader.model(PROFILE, PrintProfile)
    if manifest is None:
        raise DataErrors(loader.errors or [DataError(Location(_shown(root / MANIFEST)), "unreadable")])
    module = loader.rules_module(manifest)
    settings = loader.settings(manifest, module)
    files: dict[str, BaseModel] = {}
    if module is not None:
        for name, spec in module.data_files.items():
            if spec.optional and not os.path.lexists(root / spec.file):
                continue
            model = loader.model(spec.file, spec.model)
            if model is not None:
                files[name] = model
    component_data: dict[str, Any] = {}
    for index, component in enumerate(manifest.components):
        if isinstance(component, DeckSpec):
            rows = loader.rows(component.cards, ("components", index, "cards"), component.count_field)
            if rows is not None:
                component_data[component.id] = rows
        elif isinstance(component, TilesSpec):
            map_model = module.hexmap_model if module is not None else HexMap
            hexmap = loader.model(component.map, map_model, ("components", index, "map"))
            if hexmap is not None:
                component_data[component.id] = hexmap
    if loader.errors:
        raise DataErrors(loader.errors)
    return GameData(root=root, game=manifest, print_profile=profile,
                    module=module, settings=settings, files=files, component_data=component_data,
                    sources=loader.sources, rules_failure=loader.rules_failure)


class _Loader:
    """Reads each file once, keeps its source map, and collects every error instead of stopping."""

    def __init__(self, root: Path, find_module: ModuleFinder, without_broken_rules: bool = False):
        self.root = root
        self.find_module = find_module
        self.without_broken_rules = without_broken_rules
        self.rules_failure: str | None = None
        self.errors: list[DataError] = []
        self.sources: dict[str, SourceMap] = {}
        self._raw: dict[str, Any] = {}
        self._models: dict[tuple[str, type], Any] = {}

    def raw(self, name: str, named_at: tuple[Any, ...] = ()) -> Any:
        if name in self._raw:
            return self._raw[name]
        file = self.root / name
        self._raw[name] = None
        where = self.sources[MANIFEST].locate(named_at) if named_at and MANIFEST in self.sources else Location(_shown(file))
        if not os.path.lexists(file):
            self.errors.append(DataError(where, f"missing data file; expected {name} in {_shown(self.root)}"))
            return None
        if _escapes(name):
            self.errors.append(DataError(where, f"{name} leads outside the game folder {_shown(self.root)}"))
            return None
        try:
            raw, source = load_yaml(file)
        except DataError as exc:
            self.errors.append(DataError(_relocated(exc.location), exc.message))
            return None
        source.file = _shown(file)
        self.sources[name] = source
        self._raw[name] = raw
        return raw

    def model(self, name: str, model: type[BaseModel], named_at: tuple[Any, ...] = ()) -> Any:
        key = (name, model)
        if key in self._models:
            return self._models[key]
        self._models[key] = None
        raw = self.raw(name, named_at)
        if name not in self.sources:  # unreadable: raw() has recorded why
            return None
        source = self.sources[name]
        if not isinstance(raw, dict):
            self.errors.append(DataError(source.locate(()), f"expected a mapping of fields, got {_kind(raw)}"))
            return None
        try:
            self._models[key] = model.model_validate(raw)
        except ValidationError as exc:
            self.errors.extend(_schema_errors(exc, source))
        return self._models[key]

    def rows(self, name: str, named_at: tuple[Any, ...], count_field: str = "count") -> list[dict[str, Any]] | None:
        from dragon_pnp.data.rows import load_rows

        file = self.root / name
        if not os.path.lexists(file) or _escapes(name):
            self.errors.append(DataError(self.sources[MANIFEST].locate(named_at),
                                         f"missing card file; expected {name} inside {_shown(self.root)}"))
            return None
        parsed = (self._raw[name], self.sources[name]) if self._raw.get(name) is not None else None
        try:
            rows, source = load_rows(file, count_field, parsed)
        except DataError as exc:
            self.errors.append(DataError(_relocated(exc.location), exc.message))
            return None
        source.file = _shown(file)
        self.sources.setdefault(name, source)
        return rows

    def rules_module(self, manifest: GameManifest) -> RulesDeclarations | None:
        if manifest.rules_module is None:
            return None
        try:
            return self.find_module(manifest.rules_module, self.root)
        except LookupError as exc:
            error = DataError(self.sources[MANIFEST].locate(("rules_module",)), str(exc))
            if self.without_broken_rules:
                self.rules_failure = str(error)
            else:
                self.errors.append(error)
            return None

    def settings(self, manifest: GameManifest, module: RulesDeclarations | None) -> Any:
        if self.rules_failure is not None:   # nothing to check them with: as written
            return manifest.settings
        if module is None or module.settings_model is None:
            if manifest.settings and module is not None:
                self.errors.append(DataError(self.sources[MANIFEST].locate(("settings",)),
                                             f"rules module {manifest.rules_module} takes no settings"))
            return None
        try:
            return module.settings_model.model_validate(manifest.settings)
        except ValidationError as exc:
            self.errors.extend(_schema_errors(exc, self.sources[MANIFEST], ("settings",)))
            return None


def _escapes(name: str) -> bool:
    """A data file named in game.yaml must lie in the game folder: no absolute path, no `..` out.
    (A link inside the folder must stay inside it too: `reading.confine`.)"""
    normal = os.path.normpath(name)
    return os.path.isabs(normal) or normal == ".." or normal.startswith("../")


def _schema_errors(exc: ValidationError, source: SourceMap, prefix: tuple[Any, ...] = ()) -> list[DataError]:
    found = []
    for error in exc.errors(include_url=False):
        path = prefix + _field_path(error["loc"])
        location = source.locate(path)
        found.append(DataError(location, describe_validation_error(error)))
    return found


def _field_path(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """Pydantic's error location as a path of fields: validator names and the tag of a
    discriminated union (`components.0.deck.cards`) are not fields of the file."""
    from dragon_pnp.data.components import DEFAULT_DOCUMENT

    path: list[Any] = []
    for part in loc:
        if _is_internal(part):
            continue
        if path and isinstance(path[-1], int) and part in DEFAULT_DOCUMENT and len(path) >= 2 and path[-2] == "components":
            continue
        path.append(part)
    return tuple(path)


def _is_internal(part: Any) -> bool:
    """Pydantic adds validator names like 'function-after[...]' to locations; they are not fields."""
    return isinstance(part, str) and ("[" in part and part.endswith("]"))


def describe_validation_error(error: Mapping[str, Any]) -> str:
    """One pydantic error in the words every data error uses (what was expected, what was found)."""
    kind = error["type"]
    if kind == "extra_forbidden":
        return "unknown field; check the spelling (unknown keys are not allowed)"
    if kind == "missing":
        return "required field is missing"
    message: str = error["msg"].removeprefix("Value error, ")
    message = message[0].lower() + message[1:] if message else message
    if kind in ("value_error", "assertion_error"):
        return message
    return f"expected: {message}; got {_shown_value(error.get('input'))}"


def _shown_value(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind(value: Any) -> str:
    return {list: "a list", str: "text", int: "a number", float: "a number", bool: "true or false",
            type(None): "nothing (an empty value)"}.get(type(value), type(value).__name__)


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
