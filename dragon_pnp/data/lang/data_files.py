"""The prose inside a rules module's own data files (suit names and abilities, terrain names and
notes, Destiny presets, den names), keyed `data.<file>.<path>.<field>`, and those files with a
language's texts swapped in.

A path names list items by their `id` (else their position from 1) and mapping entries by their
key, so a key stays put when rows move. Only prose fields are keys; ids, counts and the flags the
rules read stay as written. A deck's card file keeps its `cards` under `cards.<deck>.*` keys."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

if TYPE_CHECKING:
    from dragon_pnp.data.loader import GameData

# The card row and template fields that hold prose. Anything else (kind: attack, ranges: [long])
# is a value some code compares, so it stays as written in every language.
TEXT_FIELDS = ("name", "title", "subtitle", "text", "rules", "flavour", "flavor", "description")
# Card rows' prose fields and the ones data files add: a one-line summary, a terrain's note, an
# ability's name.
DATA_TEXT_FIELDS = (*TEXT_FIELDS, "summary", "note", "ability")


def declared_files(game: GameData) -> dict[str, tuple[str, bool]]:
    """Each data file the rules module declares -> (its file name, whether a deck reads its `cards`)."""
    declared = getattr(game.module, "data_files", None) or {}
    decks = {str(getattr(c, "cards", "")) for c in game.game.components if getattr(c, "kind", None) == "deck"}
    return {name: (str(spec.file), str(spec.file) in decks) for name, spec in declared.items()}


def data_texts(game: GameData) -> dict[str, str]:
    """`data.<file>.<path>.<field>` -> the text, for every prose field of the declared data files."""
    found: dict[str, str] = {}
    for name, (_, is_deck) in declared_files(game).items():
        model = game.files.get(name)
        if isinstance(model, BaseModel):
            found.update(_texts(model, f"data.{name}", skip=("cards",) if is_deck else ()))
    return found


def translated_files(game: GameData, files: dict[str, Any], texts: dict[str, str]) -> dict[str, Any]:
    """`files` with each declared data file's prose replaced from `texts` (a new model where any changed)."""
    new = dict(files)
    for name, (_, is_deck) in declared_files(game).items():
        model = new.get(name)
        if isinstance(model, BaseModel):
            new[name] = _replace(model, f"data.{name}", texts, skip=("cards",) if is_deck else ())
    return new


def translated_map(game: GameData, component: Any, hexmap: Any, texts: dict[str, str]) -> Any:
    """A tiles component's map translated under the keys of the data file it is read from, if any."""
    for name, (file, _) in declared_files(game).items():
        if str(getattr(component, "map", "")) == file and isinstance(hexmap, BaseModel):
            return _replace(hexmap, f"data.{name}", texts)
    return hexmap


def _fields(model: BaseModel) -> Iterator[tuple[str, Any]]:
    for field in type(model).model_fields:
        yield field, getattr(model, field, None)


def _item_name(item: Any, index: int) -> str:
    ident = getattr(item, "id", None) if isinstance(item, BaseModel) else None
    return str(ident) if isinstance(ident, (str, int)) and not isinstance(ident, bool) else str(index + 1)


def _texts(value: Any, path: str, skip: tuple[str, ...] = ()) -> dict[str, str]:
    found: dict[str, str] = {}
    if isinstance(value, BaseModel):
        for field, inner in _fields(value):
            if field in skip:
                continue
            if field in DATA_TEXT_FIELDS and isinstance(inner, str):
                if inner.strip():
                    found[f"{path}.{field}"] = inner
            else:
                found.update(_texts(inner, f"{path}.{field}"))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            found.update(_texts(item, f"{path}.{_item_name(item, index)}"))
    elif isinstance(value, dict):
        for key, item in value.items():
            found.update(_texts(item, f"{path}.{key}"))
    return found


def _replace(value: Any, path: str, texts: dict[str, str], skip: tuple[str, ...] = ()) -> Any:
    if isinstance(value, BaseModel):
        update: dict[str, Any] = {}
        for field, inner in _fields(value):
            if field in skip:
                continue
            if field in DATA_TEXT_FIELDS and isinstance(inner, str):
                found = texts.get(f"{path}.{field}")
                if found is not None and found != inner:
                    update[field] = found
            else:
                new = _replace(inner, f"{path}.{field}", texts)
                if new is not inner:
                    update[field] = new
        return value.model_copy(update=update) if update else value
    if isinstance(value, (list, tuple)):
        items = [_replace(item, f"{path}.{_item_name(item, i)}", texts) for i, item in enumerate(value)]
        changed = any(a is not b for a, b in zip(items, value, strict=True))
        return (type(value)(items) if isinstance(value, tuple) else items) if changed else value
    if isinstance(value, dict):
        entries = {k: _replace(v, f"{path}.{k}", texts) for k, v in value.items()}
        return entries if any(entries[k] is not value[k] for k in value) else value
    return value
