"""Edits: new values for knobs, written into the text of the data files and nothing else.

An edit replaces the characters of one number at the span its knob recorded, so comments, key
order, quoting, flow style and blank lines stay as the designer wrote them. A candidate is
played from a copy of the game folder with its edits applied; `--apply` writes them in place.
"""

from __future__ import annotations

import shutil
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dragon_pnp.errors import NotationError
from dragon_pnp.tune.knobs import Knob

# What a copy leaves out: outputs, version control and caches are not the game.
_NOT_COPIED = shutil.ignore_patterns("output", ".git", "__pycache__", "*.pyc", ".dragon-pnp")


@dataclass(frozen=True)
class Edit:
    """One knob set to a new value."""

    knob: Knob
    value: float

    @property
    def text(self) -> str:
        return self.knob.format(self.value)

    @property
    def size(self) -> float:
        """How big the change is, as a fraction of the knob's range (or of its value)."""
        span = self.knob.high - self.knob.low
        scale = span if 0 < span < float("inf") else max(1.0, abs(self.knob.value))
        return abs(self.value - self.knob.value) / scale

    def describe(self) -> str:
        return f"{self.knob.file}:{self.knob.line} {self.knob.name}: {self.knob.text} -> {self.text}"

    def to_json(self) -> dict[str, object]:
        return {"file": self.knob.file, "line": self.knob.line, "column": self.knob.column, "path": self.knob.name,
                "old": self.knob.text, "new": self.text}


def edited_text(text: str, edits: Sequence[Edit], file: str) -> str:
    """`text` with each edit's span replaced, checked against the text the knob was read from."""
    for edit in sorted(edits, key=lambda e: e.knob.start, reverse=True):
        knob = edit.knob
        if text[knob.start:knob.end] != knob.text:
            raise NotationError(f"{file}:{knob.line}:{knob.column}: {knob.name} no longer reads {knob.text!r} "
                                "(the file changed since the search read it); run the search again")
        text = text[:knob.start] + edit.text + text[knob.end:]
    return text


def write_edits(root: Path, edits: Sequence[Edit]) -> list[Path]:
    """Write the edits into the files under `root`; the files written."""
    by_file: dict[str, list[Edit]] = defaultdict(list)
    for edit in edits:
        by_file[edit.knob.file].append(edit)
    written = []
    for file, group in by_file.items():
        path = root / file
        with path.open(encoding="utf-8", newline="") as stream:
            text = stream.read()
        with path.open("w", encoding="utf-8", newline="") as stream:
            stream.write(edited_text(text, group, file))
        written.append(path)
    return written


def candidate_folder(root: Path, edits: Sequence[Edit], into: Path) -> Path:
    """A copy of the game folder under `into` (named by the edits) with the edits applied."""
    folder = into / root.name
    shutil.copytree(root, folder, ignore=_NOT_COPIED)
    write_edits(folder, edits)
    return folder


def apply_saved(root: Path, edits: Sequence[dict[str, object]]) -> list[Path]:
    """Write a saved proposal's edits (file, line, column, old, new) into the folder: each old
    text must still stand at its line and column, else nothing is written."""
    by_file: dict[str, list[tuple[int, str, str]]] = defaultdict(list)
    texts: dict[str, str] = {}
    for edit in edits:
        file, line, column = str(edit["file"]), int(str(edit["line"])), int(str(edit["column"]))
        old, new = str(edit["old"]), str(edit["new"])
        if file not in texts:
            with (root / file).open(encoding="utf-8", newline="") as stream:
                texts[file] = stream.read()
        text = texts[file]
        lines = text.splitlines(keepends=True)
        if not 1 <= line <= len(lines):
            raise NotationError(f"{file}:{line}: the file has no such line any more; run the search again")
        start = sum(len(x) for x in lines[:line - 1]) + column - 1
        after = text[start + len(old):start + len(old) + 1]
        if text[start:start + len(old)] != old or after[:1].isalnum() or after == ".":
            raise NotationError(f"{file}:{line}:{column}: {edit.get('path')} no longer reads {old!r} (the file changed "
                                "since the search); run the search again")
        by_file[file].append((start, old, new))
    written = []
    for file, group in by_file.items():
        text = texts[file]
        for start, old, new in sorted(group, reverse=True):
            text = text[:start] + new + text[start + len(old):]
        with (root / file).open("w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        written.append(root / file)
    return written
