"""A deck's card rows: a YAML file with a `cards:` list of mappings, or a CSV with a header row.

Rows are plain dicts the card templates read; a source map keeps where each value came from, so
an error about card 12's `text` names the file, line and column.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from generator.data.located_yaml import SourceMap, load_yaml
from generator.errors import DataError, Location

MAX_ROWS = 5000
_INT = re.compile(r"^[+-]?\d{1,9}$")
_FLOAT = re.compile(r"^[+-]?\d{1,9}\.\d{1,9}$")


def load_rows(path: Path) -> tuple[list[dict[str, Any]], SourceMap]:
    """The rows of a card file, in file order, with their source map."""
    if path.suffix.lower() == ".csv":
        return _csv_rows(path)
    raw, source = load_yaml(path)
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        raise DataError(source.locate(()), "expected a mapping with a `cards:` list of cards")
    rows = raw["cards"]
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            raise DataError(source.locate(("cards", index)), "expected a card as a mapping of fields")
    if len(rows) > MAX_ROWS:
        raise DataError(source.locate(("cards",)), f"{len(rows)} cards; at most {MAX_ROWS}")
    return rows, source


class _CsvSource(SourceMap):
    """Where each CSV value sits: ("cards", row index, column name) -> line and column, as for YAML."""

    def __init__(self, file: Path, header: list[str], lines: list[int]):
        self.file = file
        self.header = header
        self.lines = lines

    def locate(self, path):  # type: ignore[override]
        path = tuple(p for p in path if p != "cards")
        line = self.lines[path[0]] if path and isinstance(path[0], int) and path[0] < len(self.lines) else 1
        column = None
        field = ".".join(str(p) for p in path)
        if len(path) > 1 and path[1] in self.header:
            column = self.header.index(path[1]) + 1
        return Location(self.file, line, column, field or None)


def _csv_rows(path: Path) -> tuple[list[dict[str, Any]], SourceMap]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(Location(path), f"cannot read the CSV file: {exc}") from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise DataError(Location(path, 1), "empty CSV file; expected a header row naming the columns") from None
    except csv.Error as exc:
        raise DataError(Location(path, 1), f"malformed CSV: {exc}") from None
    header = [h.strip() for h in header]
    for number, name in enumerate(header, start=1):
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise DataError(Location(path, 1, number), f"column name {name!r} must be a plain word (letters, digits, _)")
    rows: list[dict[str, Any]] = []
    lines: list[int] = []
    try:
        for values in reader:
            line = reader.line_num
            if not any(v.strip() for v in values):
                continue
            if len(values) != len(header):
                raise DataError(Location(path, line), f"{len(values)} values; the header names {len(header)} columns")
            rows.append({name: _value(v) for name, v in zip(header, values)})
            lines.append(line)
            if len(rows) > MAX_ROWS:
                raise DataError(Location(path, line), f"more than {MAX_ROWS} cards")
    except csv.Error as exc:
        raise DataError(Location(path, reader.line_num), f"malformed CSV: {exc}") from None
    return rows, _CsvSource(path, header, lines)


def _value(text: str) -> Any:
    """CSV cells are text; whole numbers and decimals become numbers so templates can compute."""
    text = text.strip()
    if _INT.match(text):
        return int(text)
    if _FLOAT.match(text):
        return float(text)
    return text
