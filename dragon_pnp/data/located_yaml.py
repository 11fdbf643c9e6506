"""YAML loading that remembers where every value came from, within bounds.

Schema and cross-check errors must name the file, line and column of the offending value, so
the loader returns the plain data together with a `SourceMap` from field paths to positions.
Data files are untrusted input: the file size, the nesting depth and the number of values
after aliases are expanded are all bounded, so a few hundred bytes of anchors and aliases
(a "billion laughs" file) or a list nested a thousand deep is a located error, not a hang.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from dragon_pnp.data.reading import decode_utf8, read_bounded
from dragon_pnp.errors import DataError, Location

PathKey = tuple[Any, ...]
MAX_DEPTH = 40  # collections inside collections; real data nests four or five deep
MAX_VALUES = 100_000  # values once every alias is expanded; real data has a few thousand
_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
MAX_TEXT_CHARS = 5_000  # one text value: more than any card, tile or rulebook table cell can print
MAX_DIGITS = 100  # digits of a whole number; real data has a handful (Python refuses to print 4,300)


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
    text = decode_utf8(read_bounded(file), file)
    if not text.strip():
        raise DataError(Location(file, 1, 1), "the file is empty; expected a YAML mapping")
    if _FastLoader is not None:
        try:
            return _read(_FastLoader(text), file)
        except (yaml.YAMLError, _TooDeep, RecursionError):
            pass   # read again below: libyaml words its syntax errors its own way
    try:
        return _read(_BoundedLoader(text), file)
    except yaml.reader.ReaderError as exc:
        line, column = _line_column(text, exc.position)
        raise DataError(Location(file, line, column),
                        f"character U+{exc.character:04X} is not allowed in YAML (a control character?); "
                        "remove it") from None
    except _TooDeep as exc:
        raise DataError(Location(file, exc.mark.line + 1, exc.mark.column + 1),
                        f"values nested more than {MAX_DEPTH} deep; data files nest a few levels at most") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at_line = mark.line + 1 if mark else None
        at_column = mark.column + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        raise DataError(Location(file, at_line, at_column), f"YAML syntax error: {problem}") from None
    except yaml.YAMLError as exc:
        raise DataError(Location(file), f"YAML error: {exc}") from None
    except RecursionError:
        raise DataError(Location(file), "values are nested too deeply to read") from None


def _read(loader: Any, file: Path) -> tuple[Any, SourceMap]:
    """The one document `loader` holds, with its positions; parse errors propagate as PyYAML's."""
    source = SourceMap(file)
    try:
        node = loader.get_single_node()
        if node is None:
            raise DataError(Location(file, 1, 1), "the file holds no YAML document")
        return _construct(loader, node, (), source, [MAX_VALUES]), source
    finally:
        loader.dispose()


class _TooDeep(Exception):
    def __init__(self, mark: yaml.Mark):
        self.mark = mark


class _DepthBound(yaml.composer.Composer):
    """The composer (which recurses once per level) stopped at MAX_DEPTH."""

    depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _TooDeep(self.peek_event().start_mark)  # type: ignore[attr-defined]  # the parser's, mixed in
            node: yaml.Node | None = super().compose_node(parent, index)
            assert node is not None   # asked only where the parser has a node to compose
            return node
        finally:
            self.depth -= 1


class _BoundedLoader(_DepthBound, yaml.SafeLoader):
    """The pure-Python SafeLoader, depth-bound: its syntax errors are the ones users read."""


_FastLoader: Any = None
if yaml.__with_libyaml__:
    from yaml._yaml import CParser

    class _CBoundedLoader(_DepthBound, CParser, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        """libyaml's parser under the same depth-bound Python composer: the same nodes and marks at a
        fraction of the pure-Python scanner's cost (issue 30: ~0.25 CPU s of every Dragon Pants
        load). Only files it reads without an error are read this way (see load_yaml)."""

        def __init__(self, stream: str):
            CParser.__init__(self, stream)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)
            yaml.composer.Composer.__init__(self)

    _FastLoader = _CBoundedLoader


def _line_column(text: str, position: int) -> tuple[int, int]:
    line = text.count("\n", 0, position) + 1
    return line, position - (text.rfind("\n", 0, position) + 1) + 1


def _construct(loader: yaml.SafeLoader, node: yaml.Node, path: PathKey, source: SourceMap,
               budget: list[int]) -> Any:
    """Build plain Python data from a node tree, recording each value's position.

    An alias makes two places share one node, so the tree is walked once per place it
    appears: `budget` counts what is left of MAX_VALUES, which ends any alias bomb early.
    """
    budget[0] -= 1
    if budget[0] < 0:
        raise _located(source, node, path, f"more than {MAX_VALUES:,} values once aliases (*name) are expanded; "
                                           "write the values out, or use fewer aliases")
    source.positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise _located(source, key_node, path, "a mapping key must be text or a number, not a list or mapping")
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise _located(source, key_node, path, f"a mapping key must be text or a number, got {key!r}")
            if key in result:
                raise _located(source, key_node, path + (key,), f"duplicate key {key!r}")
            result[key] = _construct(loader, value_node, path + (key,), source, budget)
            source.positions[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if isinstance(value_node, yaml.ScalarNode):
                # Scalars are reported at the value itself, which is where the mistake is.
                source.positions[path + (key,)] = (
                    value_node.start_mark.line + 1,
                    value_node.start_mark.column + 1,
                )
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_construct(loader, item, path + (i,), source, budget) for i, item in enumerate(node.value)]
    if node.tag == "tag:yaml.org,2002:int" and len(node.value) > MAX_DIGITS:
        raise _located(source, node, path, f"a whole number of {len(node.value):,} characters; "
                                           f"at most {MAX_DIGITS} digits")
    value = loader.construct_object(node, deep=True)
    problem = text_problem(value)
    if problem:
        raise _located(source, node, path, problem)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_DIGITS * 4:
        raise _located(source, node, path, f"a whole number far too large; at most {MAX_DIGITS} digits")
    return value


def text_problem(value: Any) -> str | None:
    """Why a text value cannot be printed (far too long, a control character, a lone surrogate), or None.

    Card faces and the rulebook are XML: only the characters XML 1.0 allows can reach them."""
    if not isinstance(value, str):
        return None
    if len(value) > MAX_TEXT_CHARS:
        return (f"a text of {len(value):,} characters; at most {MAX_TEXT_CHARS:,} (more than a card or a table "
                "cell can print)")
    found = _UNPRINTABLE.search(value)
    if found is None:
        return None
    code = ord(found.group())
    kind = "a lone surrogate" if 0xD800 <= code <= 0xDFFF else "a control character"
    return f"character {found.start() + 1} of the text is U+{code:04X}, {kind}, which cannot be printed; remove it"


def _located(source: SourceMap, node: yaml.Node, path: PathKey, message: str) -> DataError:
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    return DataError(Location(source.file, line, column, format_path(path) or None), message)
