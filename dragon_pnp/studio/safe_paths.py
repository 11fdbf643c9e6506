"""Which file a request may have: only one inside a given folder, named plainly.

The studio serves the build's output folder and its own static folder and nothing else. A
request path is refused (None) if it is absolute, climbs with `..`, names `.` or a hidden
file, has an empty part, a backslash or a NUL, is longer than any real path, or resolves (through a link) outside the
folder. Percent-encoding is undone by the server before this sees the path, so `%2e%2e`
arrives as `..` and is refused like it.
"""

from __future__ import annotations

import re
from pathlib import Path

_DRIVE = re.compile(r"^[A-Za-z]:")
MAX_PATH = 1024  # characters; no file the studio serves has a longer path
MAX_PART = 255   # characters in one name, as most file systems allow


def plain_relative(requested: str) -> bool:
    """Whether a request path is a plain relative path: parts of ordinary names joined by '/'."""
    if not requested or len(requested) > MAX_PATH or "\\" in requested or "\x00" in requested or _DRIVE.match(requested):
        return False
    return all(part and len(part) <= MAX_PART and not part.startswith(".") for part in requested.split("/"))


def file_inside(root: Path, requested: str) -> Path | None:
    """The file `requested` names inside `root`, or None if refused or missing."""
    if not plain_relative(requested):
        return None
    try:
        base = root.resolve()
        candidate = (base / requested).resolve()
        if not candidate.is_relative_to(base) or not candidate.is_file():
            return None
    except (OSError, RuntimeError, ValueError):  # a name too long, a link loop
        return None
    return candidate
