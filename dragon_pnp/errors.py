"""Exception classes, one per kind of wrong, each carrying where it happened.

User errors are caught by the CLI and printed as one located line with no traceback:
malformed data exits 2, a failed rules check exits 1, an illegal action exits 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Location:
    """A place in a data file: path, 1-based line and column, and the field path."""

    file: Path | str
    line: int | None = None
    column: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        text = str(self.file)
        if self.line is not None:
            text += f":{self.line}"
            if self.column is not None:
                text += f":{self.column}"
        if self.field:
            text += f": {self.field}"
        return text


class DragonPnpError(Exception):
    """Base of every error the CLI reports to the user without a traceback."""

    exit_code = 2


class DataError(DragonPnpError):
    """Game data that cannot be read or does not match its schema (exit 2)."""

    exit_code = 2

    def __init__(self, location: Location, message: str):
        self.location = location
        self.message = message
        super().__init__(f"{location}: {message}")


class DataErrors(DragonPnpError):
    """Several data errors found in one pass, reported together (exit 2)."""

    exit_code = 2

    def __init__(self, errors: list[DataError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


class GameNotFoundError(DragonPnpError):
    """GAME names neither a game under data/ nor a folder of game data (exit 2)."""

    exit_code = 2


class RuleCheckError(DragonPnpError):
    """The data is well formed but breaks a rule the game needs, e.g. a deck that may not end."""

    exit_code = 1


class IllegalActionError(DragonPnpError):
    """An action that the rules do not allow in the current position (exit 1)."""

    exit_code = 1


class NotationError(DragonPnpError):
    """An action string or position file that cannot be parsed (exit 2)."""

    exit_code = 2


class OutputFolderError(DragonPnpError):
    """An output folder the build may not replace or cannot write, named in the message (exit 2)."""

    exit_code = 2


class LayoutError(DragonPnpError):
    """Content that cannot be laid out as asked, e.g. card text too long for its card (exit 2)."""

    exit_code = 2


class ExternalToolError(DragonPnpError):
    """A program the build calls (Ghostscript) failed or ran past its time limit (exit 1)."""

    exit_code = 1


class RulesModuleError(DragonPnpError):
    """A game's rules module raised, exited or ran past its time limit in one of its methods;
    the message names the module, the method and the position (exit 1)."""

    exit_code = 1
