"""`lang/<code>.yaml`: one language's texts, each with the source text it translated.

    machine-unreviewed: true      # optional: written by a machine, not yet read by a speaker
    texts:
      cards.knight.charge.name:
        source: Charge            # the text as it was when translated: a changed source is stale
        text: Sturmangriff

Read located (every problem names the file's line); written in one canonical form, so a PO
round trip gives the same bytes back."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from dragon_pnp.data.located_yaml import SourceMap, load_yaml
from dragon_pnp.errors import DataError, Location

LANG_FOLDER = "lang"
_CODE = re.compile(r"^[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2})?$")


@dataclass(frozen=True)
class Entry:
    source: str
    text: str


@dataclass
class Translation:
    """One language's file as read: its entries by key and where each sits."""

    code: str
    file: Path
    entries: dict[str, Entry] = field(default_factory=dict)
    machine_unreviewed: bool = False
    source: SourceMap | None = None

    def locate(self, key: str, part: str = "text") -> Location:
        if self.source is None:
            return Location(self.file, None, None, key)
        return self.source.locate(("texts", key, part) if key in self.entries else ("texts",))

    @property
    def texts(self) -> dict[str, str]:
        """The translated texts, leaving out entries not yet translated (empty)."""
        return {key: entry.text for key, entry in self.entries.items() if entry.text}


def check_code(code: str) -> str:
    """A language code as CLDR names it (`de`, `pt_BR`, `zh_Hant`), or a one-line error."""
    if not _CODE.match(code):
        raise DataError(Location(Path(f"{LANG_FOLDER}/{code}.yaml")), f"{code!r} is not a language code like de or pt_BR")
    return code


def language_file(root: Path, code: str) -> Path:
    return root / LANG_FOLDER / f"{check_code(code)}.yaml"


def languages(root: Path) -> list[str]:
    """The languages a game folder has a file for, sorted."""
    folder = root / LANG_FOLDER
    return sorted(p.stem for p in folder.glob("*.yaml") if _CODE.match(p.stem)) if folder.is_dir() else []


def read_translation(root: Path, code: str) -> Translation:
    """A language file, located; a malformed entry is a DataError at its line."""
    path = language_file(root, code)
    if not path.is_file():
        raise DataError(Location(path), f"no translation into {code}; `dragon-pnp lang export` starts one")
    data, source = load_yaml(path)
    if not isinstance(data, dict):
        raise DataError(source.locate(()), "expected a mapping with `texts:`")
    unknown = sorted(set(data) - {"machine-unreviewed", "texts"})
    if unknown:
        raise DataError(source.locate((unknown[0],)), f"unknown field {unknown[0]!r}; expected machine-unreviewed, texts")
    flag = data.get("machine-unreviewed", False)
    if not isinstance(flag, bool):
        raise DataError(source.locate(("machine-unreviewed",)), f"expected true or false; got {flag!r}")
    texts = data.get("texts") or {}
    if not isinstance(texts, dict):
        raise DataError(source.locate(("texts",)), "expected a mapping of key -> {source, text}")
    entries: dict[str, Entry] = {}
    for key, value in texts.items():
        if not isinstance(value, dict) or set(value) != {"source", "text"}:
            raise DataError(source.locate(("texts", key)), f"{key}: expected {{source: ..., text: ...}}")
        for part in ("source", "text"):
            if not isinstance(value[part], str):
                raise DataError(source.locate(("texts", key, part)), f"{key}.{part}: expected text; got {value[part]!r}")
        entries[str(key)] = Entry(value["source"], value["text"])
    return Translation(code, path, entries, flag, source)


class _Literal(str):
    """Text written as a YAML block (`|-`) when it spans lines, so a paragraph stays readable."""


def _text_presenter(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(str, _text_presenter)


def dump_translation(translation: Translation) -> str:
    """The canonical text of a language file: keys in order, long lines unwrapped."""
    body: dict[str, object] = {}
    if translation.machine_unreviewed:
        body["machine-unreviewed"] = True
    body["texts"] = {key: {"source": e.source, "text": e.text} for key, e in translation.entries.items()}
    head = f"# {translation.code}: texts of this game; see `dragon-pnp lang export` for PO files.\n"
    return head + yaml.dump(body, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=100_000)


def write_translation(translation: Translation) -> None:
    """Write the file whole through a temporary beside it (a failed write leaves the old one)."""
    path = translation.file
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(dump_translation(translation), encoding="utf-8")
    temporary.replace(path)
