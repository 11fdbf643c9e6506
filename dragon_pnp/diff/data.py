"""What changed in a game's data: cards, components, settings, rules options, other files.

Each change names its section, the item (card, component, option, file entry), the field,
both values and where each sits (file:line) in its own version. Card rows are compared through
the loader (so YAML and CSV decks read alike); the manifest and the game's other YAML files
as located trees; anything else in the folder (templates, pictures) by its bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.data.components import DeckSpec
from dragon_pnp.data.located_yaml import format_path, load_yaml
from dragon_pnp.data.reading import limit_for, read_bounded
from dragon_pnp.diff.tree import MISSING, Change, changes

MANIFEST = "game.yaml"
RULES_TEXT = "rules.md"       # compared as text by `dragon_pnp.diff.rulebook`
SECTIONS = ("cards", "components", "settings", "rules options", "game", "files")


@dataclass(frozen=True)
class DataChange:
    section: str
    item: str           # card id, component id, option name, file, or "" for the game itself
    field: str          # dotted path inside the item; "" for a whole item added or removed
    kind: str           # added, removed, changed
    old: Any
    new: Any
    old_at: str | None  # "power_cards.yaml:23" in the old version
    new_at: str | None

    def to_json(self) -> dict[str, Any]:
        return {"section": self.section, "item": self.item, "field": self.field, "kind": self.kind,
                "old": _plain(self.old), "new": _plain(self.new), "old_at": self.old_at, "new_at": self.new_at}


def data_changes(old: GameData, new: GameData) -> list[DataChange]:
    """Every data difference between two loaded versions, cards first."""
    found: list[DataChange] = []
    deck_files: set[str] = set()
    for component_id, (old_spec, new_spec) in _decks(old, new).items():
        deck_files.update(spec.cards for spec in (old_spec, new_spec) if spec is not None)
        found += _card_changes(old, new, component_id, old_spec, new_spec)
    found += _manifest_changes(old, new)
    found += _file_changes(old, new, deck_files)
    order = {name: index for index, name in enumerate(SECTIONS)}
    return sorted(found, key=lambda change: order[change.section])


def _decks(old: GameData, new: GameData) -> dict[str, tuple[DeckSpec | None, DeckSpec | None]]:
    decks: dict[str, list[Any]] = {}
    for side, game in enumerate((old, new)):
        for spec in game.game.components:
            if isinstance(spec, DeckSpec):
                decks.setdefault(spec.id, [None, None])[side] = spec
    return {key: (pair[0], pair[1]) for key, pair in decks.items()}


def _card_changes(old: GameData, new: GameData, deck: str, old_spec: DeckSpec | None,
                  new_spec: DeckSpec | None) -> list[DataChange]:
    key = (new_spec or old_spec).key_field  # type: ignore[union-attr]
    old_rows = old.component_data.get(deck, []) if old_spec else []
    new_rows = new.component_data.get(deck, []) if new_spec else []
    old_index = {str(row.get(key, i)): i for i, row in enumerate(old_rows)}
    new_index = {str(row.get(key, i)): i for i, row in enumerate(new_rows)}
    found = []
    for card in [*new_index, *(c for c in old_index if c not in new_index)]:
        o, n = old_index.get(card), new_index.get(card)
        old_row = old_rows[o] if o is not None else MISSING
        new_row = new_rows[n] if n is not None else MISSING
        for change in changes(old_row, new_row):
            field = format_path(change.path)
            found.append(DataChange(
                "cards", f"{deck}/{card}", field, change.kind, _summary(change.old), _summary(change.new),
                _at(old, old_spec.cards, ("cards", o, *change.old_path)) if old_spec and o is not None else None,
                _at(new, new_spec.cards, ("cards", n, *change.path)) if new_spec and n is not None else None))
    return found


def _manifest_changes(old: GameData, new: GameData) -> list[DataChange]:
    found = []
    for change in changes(_raw(old, MANIFEST), _raw(new, MANIFEST)):
        head, rest = change.path[0], change.path[1:]
        if head == "components" and rest:
            side, path = (old, change.old_path) if change.kind == "removed" else (new, change.path)
            section, item, field = "components", _component_id(side, path[:2]), format_path(rest[1:])
        elif head == "settings":
            section, item, field = "settings", format_path(rest[:1]), format_path(rest[1:])
        elif head == "rules_options":
            section, item, field = "rules options", format_path(rest[:1]), format_path(rest[1:])
        else:
            section, item, field = "game", format_path(change.path[:1]), format_path(rest)
        found.append(_located(section, item, field, change, old, new, MANIFEST))
    return found


def _file_changes(old: GameData, new: GameData, deck_files: set[str]) -> list[DataChange]:
    """The game's other YAML files as located trees; every other file by its bytes."""
    found = []
    yaml_files = {name for name in set(old.sources) | set(new.sources)
                  if name != MANIFEST and name.endswith((".yaml", ".yml"))}
    for name in sorted(yaml_files):
        old_tree, new_tree = _raw(old, name), _raw(new, name)
        if name in deck_files:   # its card rows are compared as cards; the rest of the file here
            if not (isinstance(old_tree, dict) and isinstance(new_tree, dict)):
                continue
            old_tree, new_tree = ({k: v for k, v in t.items() if k != "cards"} for t in (old_tree, new_tree))
        if old_tree is MISSING or new_tree is MISSING:
            found.append(DataChange("files", name, "", "added" if old_tree is MISSING else "removed",
                                    None, None, None, None))
            continue
        for change in changes(old_tree, new_tree):
            item = f"{name}: {format_path(change.path[:_item_depth(new_tree, change.path)])}"
            found.append(_located("files", item, format_path(change.path), change, old, new, name))
    skipped = yaml_files | deck_files | set(old.sources) | set(new.sources) | {MANIFEST, RULES_TEXT}
    old_files, new_files = _other_files(old.root, skipped), _other_files(new.root, skipped)
    for name in sorted(old_files | new_files):
        a, b = old.root / name, new.root / name
        if name not in old_files or name not in new_files:
            found.append(DataChange("files", name, "", "added" if name not in old_files else "removed",
                                    None, None, None, None))
        elif read_bounded(a, limit_for(a), inside=old.root) != read_bounded(b, limit_for(b), inside=new.root):
            found.append(DataChange("files", name, "", "changed", None, None, name, name))
    return found


def _item_depth(tree: Any, path: tuple[Any, ...]) -> int:
    """How much of `path` names the item: up to and including the first list index."""
    for depth, part in enumerate(path, start=1):
        if isinstance(part, int) and not isinstance(part, bool):
            return depth
    return min(1, len(path))


def _other_files(root: Path, skipped: set[str]) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")
            if p.is_file() and p.relative_to(root).as_posix() not in skipped
            and not any(part.startswith(".") or part == "__pycache__" for part in p.relative_to(root).parts)}


def _component_id(game: GameData, path: tuple[Any, ...]) -> str:
    tree = _raw(game, MANIFEST)
    try:
        return str(tree[path[0]][path[1]]["id"])
    except (KeyError, IndexError, TypeError):
        return format_path(path)


def _located(section: str, item: str, field: str, change: Change, old: GameData, new: GameData,
             file: str) -> DataChange:
    return DataChange(section, item, field, change.kind, _summary(change.old), _summary(change.new),
                      _at(old, file, change.old_path) if change.kind != "added" else None,
                      _at(new, file, change.path) if change.kind != "removed" else None)


def _raw(game: GameData, name: str) -> Any:
    """A YAML file of the game as a plain tree (cached on the load), or MISSING."""
    def read(g: GameData) -> Any:
        path = g.root / name
        return load_yaml(path)[0] if path.is_file() else MISSING
    return game.derived(f"diff:raw:{name}", read)


def _at(game: GameData, file: str, path: tuple[Any, ...]) -> str | None:
    if file not in game.sources:
        return file
    location = game.locate(file, *path)
    return f"{file}:{location.line}" if location.line else file


def _summary(value: Any) -> Any:
    """A whole added or removed item is shown by its name or id, not in full."""
    if value is MISSING:
        return None
    if isinstance(value, dict):
        for label in ("name", "id", "key"):
            if label in value:
                return value[label]
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return str(value)
