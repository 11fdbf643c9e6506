"""YAML loading that remembers where every value came from.

Schema and cross-check errors must name the file, line and column of the offending value, so
the loader returns the plain data together with a `SourceMap` from field paths to positions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import DataError, Location

PathKey = tuple[Any, ...]


@dataclass
class SourceMap:
    """Positions of the values of one YAML file, keyed by field path like ('tiles', 3, 'q')."""

    file: Path
    positions: dict[PathKey, tuple[int, int]] = field(default_factory=dict)

    def locate(self, path: PathKey) -> Location:
        """The position of `path`, or of its nearest ancestor that exists in the file."""
        probe = tuple(path)
        while probe not in self.positions and probe:
            probe = probe[:-1]
        line, column = self.positions.get(probe, (None, None))
        return Location(self.file, line, column, format_path(path) or None)


def format_path(path: PathKey) -> str:
    """Render ('tiles', 3, 'q') as 'tiles[3].q'."""
    text = ""
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + str(part)
    return text


def load_yaml(file: Path) -> tuple[Any, SourceMap]:
    """Read one YAML document; raise a located `DataError` for anything unreadable."""
    source = SourceMap(file)
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise DataError(Location(file), f"cannot read file: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError(
            Location(file, line, column),
            f"not valid UTF-8 (byte 0x{raw[exc.start]:02x}); save the file as UTF-8",
        ) from None
    if not text.strip():
        raise DataError(Location(file, 1, 1), "the file is empty; expected a YAML mapping")
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise DataError(Location(file, 1, 1), "the file holds no YAML document")
        data = _construct(loader, node, (), source)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (None, None)
        problem = exc.problem or exc.context or "invalid YAML"
        raise DataError(Location(file, line, column), f"YAML syntax error: {problem}") from None
    except yaml.YAMLError as exc:
        raise DataError(Location(file), f"YAML error: {exc}") from None
    finally:
        loader.dispose()
    return data, source


def _construct(loader: yaml.SafeLoader, node: yaml.Node, path: PathKey, source: SourceMap) -> Any:
    """Build plain Python data from a node tree, recording each value's position."""
    source.positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise _located(source, key_node, path, f"a mapping key must be text or a number, got {key!r}")
            if key in result:
                raise _located(source, key_node, path + (key,), f"duplicate key {key!r}")
            result[key] = _construct(loader, value_node, path + (key,), source)
            source.positions[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if isinstance(value_node, yaml.ScalarNode):
                # Scalars are reported at the value itself, which is where the mistake is.
                source.positions[path + (key,)] = (
                    value_node.start_mark.line + 1,
                    value_node.start_mark.column + 1,
                )
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_construct(loader, item, path + (i,), source) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def _located(source: SourceMap, node: yaml.Node, path: PathKey, message: str) -> DataError:
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    return DataError(Location(source.file, line, column, format_path(path) or None), message)
