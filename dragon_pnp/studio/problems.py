"""What went wrong with the data, as the page shows it: file, line, column, field, message.

Every error the build would print as one located line becomes a `Problem`, with the offending
line of the file beside it so the designer sees the mistake without opening an editor.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from dragon_pnp.data.reading import leaves_folder, read_bounded
from dragon_pnp.errors import DataError, DataErrors, DragonPnpError, Location


@dataclass(frozen=True)
class Problem:
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    field: str | None = None
    kind: str = "data"          # data, rule or layout: what `build` would call it
    excerpt: str | None = None  # the file's line at `line`, as written

    @property
    def text(self) -> str:
        """The same one line the command line prints."""
        if self.file is None:
            return self.message
        return f"{Location(self.file, self.line, self.column, self.field)}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"text": self.text}


def located(location: Location, message: str, kind: str = "data", root: Path | None = None) -> Problem:
    return Problem(message, str(location.file), location.line, location.column, location.field, kind,
                   _excerpt(location, root))


def problems_from(error: DragonPnpError, root: Path | None = None) -> list[Problem]:
    """One Problem per located error; other user errors keep their one-line message."""
    if isinstance(error, DataErrors):
        # The loader may meet one broken file twice (read for two purposes): show it once.
        problems = [located(e.location, e.message, root=root) for e in error.errors]
        return [p for i, p in enumerate(problems) if p.text not in {q.text for q in problems[:i]}]
    if isinstance(error, DataError):
        return [located(error.location, error.message, root=root)]
    kind = type(error).__name__.removesuffix("Error").lower()
    return [Problem(str(error), kind=kind)]


def located_fault(error: BaseException) -> Problem | None:
    """A template the designer broke (Jinja2 names the file and line of a syntax error), else None."""
    filename, line = getattr(error, "filename", None), getattr(error, "lineno", None)
    if not isinstance(filename, str) or not isinstance(line, int):
        return None
    message = getattr(error, "message", None) or str(error)
    return located(Location(filename, line), f"template error: {message}", kind="template")


def internal(error: BaseException) -> Problem:
    """A fault of dragon-pnp itself, not of the data: named, never shown as a traceback."""
    return Problem(f"dragon-pnp failed unexpectedly ({type(error).__name__}: {error}); "
                   "the terminal running the studio has the details", kind="internal")


def _excerpt(location: Location, root: Path | None) -> str | None:
    if location.line is None:
        return None
    path = Path(location.file)
    candidates = [path] if path.is_absolute() else [Path.cwd() / path] + ([root / path.name] if root else [])
    for candidate in candidates:
        if root is not None and Path(os.path.abspath(candidate)).is_relative_to(root) and leaves_folder(candidate, root):
            return None  # a link out of the game folder: never show what it points at
        try:
            lines = read_bounded(candidate).decode("utf-8", errors="replace").splitlines()
        except DataError:
            continue
        if 0 < location.line <= len(lines):
            return lines[location.line - 1]
        return None
    return None
