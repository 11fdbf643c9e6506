"""A deck's card rows from YAML (a `cards:` list of mappings) or CSV (a header row), located.

Designers keep card lists in spreadsheets, so CSV is as good as YAML here: every row becomes a
plain mapping, cells that look like whole or decimal numbers become numbers, and a `SourceMap`
keyed by `(row index, field)` (or `("cards", row index, field)`, the path in a YAML card
file) points errors at the CSV line and column, or the YAML value. A YAML card file may hold
more than `cards:` (Dragon Pants' destiny.yaml also holds presets its rules module reads).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from dragon_pnp.data.located_yaml import MAX_DIGITS, SourceMap, load_yaml, text_problem
from dragon_pnp.data.reading import read_bounded
from dragon_pnp.errors import DataError, Location

# A leading "+" keeps a cell text ("+2" is how a card shows a bonus); leading zeros too ("007").
_INT = re.compile(r"^-?(0|[1-9][0-9]*)$")
_FLOAT = re.compile(r"^-?(0|[1-9][0-9]*)?\.[0-9]+$")
_FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
MAX_ROWS = 5000
MAX_COUNT = 1000


def load_rows(path: Path, count_field: str = "count",
              parsed: tuple[Any, SourceMap] | None = None) -> tuple[list[dict[str, Any]], SourceMap]:
    """The rows of a card file, each with a whole-number `count_field`, and where each value sits.
    `parsed`: the YAML file already read (a rules module's data file that is also a deck), so it is
    not parsed twice."""
    path = Path(path)
    if path.suffix.lower() == ".csv":
        rows, source = _csv_rows(path, count_field)
    else:
        rows, source = _yaml_rows(path, parsed)
    if len(rows) > MAX_ROWS:
        raise DataError(source.locate((MAX_ROWS,)), f"more than {MAX_ROWS} rows; split the deck")
    for index, row in enumerate(rows):
        _check_count(row, index, count_field, source)
    return rows, source


def _check_count(row: dict[str, Any], index: int, count_field: str, source: SourceMap) -> None:
    if count_field not in row:
        raise DataError(source.locate((index,)), f"row {index + 1} has no {count_field!r}; say how many copies print")
    count = row[count_field]
    if isinstance(count, bool) or not isinstance(count, int):
        raise DataError(source.locate((index, count_field)),
                        f"expected a whole number of copies (0 to {MAX_COUNT}); got {count!r}")
    if not 0 <= count <= MAX_COUNT:
        raise DataError(source.locate((index, count_field)), f"expected 0 to {MAX_COUNT} copies; got {count}")


# --- YAML -------------------------------------------------------------------------------------


def _yaml_rows(path: Path, parsed: tuple[Any, SourceMap] | None = None) -> tuple[list[dict[str, Any]], SourceMap]:
    raw, yaml_source = parsed if parsed is not None else load_yaml(path)
    if not isinstance(raw, dict) or "cards" not in raw:
        raise DataError(yaml_source.locate(()), "expected a mapping with a `cards:` list of cards")
    cards = raw["cards"]
    if not isinstance(cards, list) or not cards:
        raise DataError(yaml_source.locate(("cards",)), "expected a list of cards (mappings of fields), at least one")
    # ('cards', i, field) also as (i, field): a row is located the same way in YAML and CSV.
    source = yaml_source
    for key, position in list(yaml_source.positions.items()):
        if key[:1] == ("cards",) and len(key) > 1:
            source.positions[key[1:]] = position
    for index, card in enumerate(cards):
        if not isinstance(card, dict):
            raise DataError(source.locate((index,)), f"card {index + 1} should be a mapping of fields")
        for name in card:
            if not isinstance(name, str) or not _FIELD.match(name):
                raise DataError(source.locate((index, name)),
                                f"field name {name!r} should be letters, digits and _ (a template reads card.{name})")
    return cards, source


# --- CSV --------------------------------------------------------------------------------------


def _csv_rows(path: Path, count_field: str) -> tuple[list[dict[str, Any]], SourceMap]:
    text = _read_text(path)
    source = SourceMap(path, {(): (1, 1), ("cards",): (2, 1)})
    records = list(_records(text, path))
    if not records:
        raise DataError(Location(path, 1, 1), "the file is empty; expected a header row and card rows")
    (header_line, header_starts, header), *body = records
    names = [cell.strip() for cell in header]
    for column, name in enumerate(names):
        offset, start = header_starts[column] if column < len(header_starts) else (0, None)
        where = Location(path, header_line + offset, start, name or None)
        if not name:
            raise DataError(where, f"header column {column + 1} has no name")
        if not _FIELD.match(name):
            raise DataError(where, f"column name {name!r} should be letters, digits and _ (a template reads card.{name})")
        if names.index(name) != column:
            raise DataError(where, f"column {name!r} appears twice in the header")
    if count_field not in names:
        raise DataError(Location(path, header_line, 1, count_field),
                        f"no {count_field!r} column; add one saying how many copies of each card print")
    rows: list[dict[str, Any]] = []
    for line, starts, cells in body:
        if not any(cell.strip() for cell in cells):
            continue  # a blank line between groups of cards
        index = len(rows)
        if len(cells) != len(names):
            raise DataError(Location(path, line, 1),
                            f"row has {len(cells)} cells but the header has {len(names)} columns "
                            f"({', '.join(names)}); quote cells that hold commas")
        source.positions[(index,)] = source.positions[("cards", index)] = (line, 1)
        for name, (offset, column) in zip(names, starts):
            source.positions[(index, name)] = source.positions[("cards", index, name)] = (line + offset, column)
        for name, (offset, column), cell in zip(names, starts, cells):
            problem = text_problem(cell) or (f"a whole number of {len(cell.strip()):,} digits; at most {MAX_DIGITS}"
                                             if _INT.match(cell.strip()) and len(cell.strip()) > MAX_DIGITS else None)
            if problem:
                raise DataError(Location(path, line + offset, column, name), problem)
        rows.append({name: _value(cell) for name, cell in zip(names, cells)})
    if not rows:
        raise DataError(Location(path, header_line + 1, 1), "no card rows under the header")
    return rows, source


def _read_text(path: Path) -> str:
    raw = read_bounded(path)
    try:
        return raw.decode("utf-8-sig")  # spreadsheets often start UTF-8 files with a byte-order mark
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError(Location(path, line), "not valid UTF-8; save the spreadsheet as CSV UTF-8") from None


def _records(text: str, path: Path) -> Iterator[tuple[int, list[tuple[int, int]], list[str]]]:
    """(first line, start column of each cell, cells) for every CSV record, quotes honoured."""
    delimiter = ";" if _first_line(text).count(";") > _first_line(text).count(",") else ","
    lines = io.StringIO(text, newline="").readlines()  # split exactly as the reader splits
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    consumed = 0  # physical lines the reader has used so far
    while True:
        first = consumed + 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            hint = "; a quote opened in this row is never closed" if "end of data" in str(exc) else ""
            raise DataError(Location(path, first), f"CSV syntax error: {exc}{hint}") from None
        raw = "".join(lines[consumed:reader.line_num])
        consumed = reader.line_num
        yield first, _cell_columns(raw, delimiter), cells


def _first_line(text: str) -> str:
    return text.split("\n", 1)[0]


def _cell_columns(raw: str, delimiter: str) -> list[tuple[int, int]]:
    """Where each cell of a record starts: (lines after the record's first, 1-based column)."""
    starts, quoted, line, column = [(0, 1)], False, 0, 0
    for char in raw:
        column += 1
        if char == '"':
            quoted = not quoted
        elif char == delimiter and not quoted:
            starts.append((line, column + 1))
        elif char == "\n":
            if not quoted:
                break
            line, column = line + 1, 0
    return starts


def _value(cell: str) -> Any:
    """A cell as text, or as a number when written as a plain one: '12', '-1', '0.5' (not '+2', '007', '1e3')."""
    text = cell.strip()
    if _INT.match(text):
        return int(text)
    if _FLOAT.match(text):
        return float(text)
    return text
