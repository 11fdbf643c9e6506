"""The numbers a tune may change: data paths with wildcards and ranges, found in the YAML text.

A path is `FILE:SEGMENTS` where the segments are dotted keys; a list item that has an `id` is
named by its id (`knight_cards.yaml:charge.table.3`), `*` stands for any one segment and `**` for
any number of them, and the file's top key may be left out (`*.table` reaches `cards.charge.table`).
Every number under a matched place is a knob. A knob keeps where its text is in the file (line,
column, character span) so an edit rewrites exactly that text and nothing else.
"""

from __future__ import annotations

import fnmatch
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dragon_pnp.data.located_yaml import PathKey, load_yaml
from dragon_pnp.errors import DataError, Location, NotationError

_RANGE = re.compile(r"^\s*(?P<low>[-+]?\d+(?:\.\d+)?)\s*\.\.\s*(?P<high>[-+]?\d+(?:\.\d+)?)\s*$")


@dataclass(frozen=True)
class VarySpec:
    """One `--vary` (or `tunable:` entry): a path pattern in a file, and an optional range."""

    file: str
    pattern: str
    low: float | None = None
    high: float | None = None
    where: str = "--vary"        # how an error names where the spec came from

    @property
    def text(self) -> str:
        return f"{self.file}:{self.pattern}"


@dataclass(frozen=True)
class Knob:
    """One number in one data file: where its text is, its value, and the values it may take."""

    file: str                # relative to the game folder
    key: PathKey             # the loader's field path
    name: str                # the friendly path, ids for list items
    line: int
    column: int
    start: int               # character span of the number's text in the file
    end: int
    text: str
    value: float
    integer: bool
    low: float
    high: float

    @property
    def label(self) -> str:
        return f"{self.file}:{self.name}"

    def steps(self) -> list[float]:
        """The values a single edit tries: one step either way (a tenth of the value; a whole
        number also by 1), inside the range; the search takes further steps by repeating one."""
        step = max(1, round(abs(self.value) * 0.1)) if self.integer else (abs(self.value) * 0.1 or 0.1)
        sizes = sorted({1, step}) if self.integer else [step]
        tried = [self.value + sign * size for size in sizes for sign in (-1, 1)]
        return sorted(self.rounded(v) for v in tried if self.low <= v <= self.high)

    def rounded(self, value: float) -> float:
        return float(round(value)) if self.integer else round(value, 6)

    def format(self, value: float) -> str:
        """The value as the file would write it: a sign kept where the old text had one."""
        text = str(int(value)) if self.integer else f"{value:.6g}"
        if self.text.startswith("+") and value > 0:
            text = "+" + text
        return text


def parse_vary(text: str) -> VarySpec:
    """`file.yaml:*.table` or `file.yaml:*.table=1..6` as a VarySpec."""
    body, _, bounds = text.partition("=")
    file, colon, pattern = body.partition(":")
    if not colon or not file.strip() or not pattern.strip():
        raise NotationError(f"--vary {text!r}: expected FILE:PATH[=LO..HI], such as \"cards.yaml:*.table\" or "
                            "\"game.yaml:settings.hand_limit=2..5\"")
    low = high = None
    if bounds:
        found = _RANGE.match(bounds)
        if found is None:
            raise NotationError(f"--vary {text!r}: the range {bounds!r} is not LO..HI, such as 1..6")
        low, high = float(found["low"]), float(found["high"])
        if low > high:
            raise NotationError(f"--vary {text!r}: the range {bounds} runs backwards")
    return VarySpec(file.strip(), pattern.strip(), low, high)


def declared_specs(root: Path) -> list[VarySpec]:
    """The game's `tunable:` list in game.yaml, each entry located for its errors."""
    data, source = load_yaml(root / "game.yaml")
    entries = data.get("tunable") or [] if isinstance(data, dict) else []
    specs = []
    for index, entry in enumerate(entries):
        where = source.locate(("tunable", index))
        path = entry.get("path", "") if isinstance(entry, dict) else ""
        bounds = entry.get("range") if isinstance(entry, dict) else None
        file, colon, pattern = str(path).partition(":")
        if not colon or not pattern:
            raise DataError(where, f"tunable path {path!r}: expected FILE:PATH such as \"game.yaml:settings.hand_limit\"")
        low = high = None
        if bounds is not None:
            low, high = float(bounds[0]), float(bounds[1])
        specs.append(VarySpec(file, pattern, low, high, where=str(where)))
    return specs


def resolve_knobs(root: Path, specs: Sequence[VarySpec]) -> list[Knob]:
    """Every knob the specs name, in spec then file order, each once; a located error for a
    file that is not in the game folder, a pattern that matches no number, or a range that does
    not hold the number's current value."""
    knobs: dict[tuple[str, PathKey], Knob] = {}
    for spec in specs:
        file = (root / spec.file).resolve()
        if root.resolve() not in file.parents or not file.is_file() or file.suffix not in (".yaml", ".yml"):
            raise NotationError(f"{spec.where} {spec.text!r}: {spec.file} is not a YAML data file in {root}")
        found = list(_numbers(file, spec.file))
        matched = [k for k in found if _matches(spec.pattern, k.name)]
        if not matched:
            examples = ", ".join(k.name for k in found[:3]) or "none: the file holds no numbers"
            raise NotationError(f"{spec.where} {spec.text!r}: matches no number in {spec.file} "
                                f"(its numbers are named like {examples})")
        for knob in matched:
            low, high = _default_range(knob) if spec.low is None or spec.high is None else (spec.low, spec.high)
            if not low <= knob.value <= high:
                raise NotationError(f"{spec.where} {spec.text!r}: {spec.file}:{knob.line}:{knob.column} "
                                    f"{knob.name} is {knob.text}, outside the range {low:g}..{high:g}")
            knobs.setdefault((knob.file, knob.key), _with_range(knob, low, high))
    return list(knobs.values())


def _with_range(knob: Knob, low: float, high: float) -> Knob:
    return Knob(knob.file, knob.key, knob.name, knob.line, knob.column, knob.start, knob.end, knob.text, knob.value,
                knob.integer, low, high)


def _default_range(knob: Knob) -> tuple[float, float]:
    """Half the value either way (at least 2 for a whole number), never crossing zero."""
    spread = max(2.0, math.ceil(abs(knob.value) / 2)) if knob.integer else abs(knob.value) / 2 or 1.0
    low, high = knob.value - spread, knob.value + spread
    if knob.value >= 0:
        low = max(0.0, low)
    else:
        high = min(0.0, high)
    return low, high


def _matches(pattern: str, name: str) -> bool:
    """Whether a dotted pattern names the place `name` or one above it (with or without the
    file's top key)."""
    wanted = pattern.split(".")
    parts = name.split(".")
    for start in (0, 1):
        for end in range(start + 1, len(parts) + 1):
            if _segments_match(wanted, parts[start:end]):
                return True
    return False


def _segments_match(pattern: list[str], parts: list[str]) -> bool:
    if not pattern:
        return not parts
    if pattern[0] == "**":
        return any(_segments_match(pattern[1:], parts[i:]) for i in range(len(parts) + 1))
    return bool(parts) and fnmatch.fnmatchcase(parts[0], pattern[0]) and _segments_match(pattern[1:], parts[1:])


def _numbers(file: Path, relative: str) -> Iterator[Knob]:
    """Every number in the file with its span: the loaded data (bounded and located) walked
    beside the composed node tree, which keeps where each scalar's text starts and ends."""
    data, _ = load_yaml(file)
    with file.open(encoding="utf-8", newline="") as stream:   # spans as edits.py reads the file
        text = stream.read()
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    if node is not None:   # load_yaml refused an empty file already
        yield from _walk(node, data, (), (), relative, text)


def _walk(node: yaml.Node, data: Any, key: PathKey, name: tuple[str, ...], file: str, text: str) -> Iterator[Knob]:
    if isinstance(node, yaml.MappingNode) and isinstance(data, dict):
        for (_, value_node), (k, value) in zip(node.value, data.items()):
            yield from _walk(value_node, value, (*key, k), (*name, str(k)), file, text)
    elif isinstance(node, yaml.SequenceNode) and isinstance(data, list):
        for index, (item_node, item) in enumerate(zip(node.value, data)):
            label = str(item["id"]) if isinstance(item, dict) and isinstance(item.get("id"), str) else f"[{index}]"
            yield from _walk(item_node, item, (*key, index), (*name, label), file, text)
    elif isinstance(node, yaml.ScalarNode) and isinstance(data, (int, float)) and not isinstance(data, bool) \
            and not node.style and math.isfinite(data):
        start, end = node.start_mark.index, node.end_mark.index
        yield Knob(file, key, ".".join(name), node.start_mark.line + 1, node.start_mark.column + 1, start, end,
                   text[start:end], float(data), isinstance(data, int), -math.inf, math.inf)


def knob_location(root: Path, knob: Knob) -> Location:
    return Location(root / knob.file, knob.line, knob.column, knob.name)
