"""Write a folder atomically: build beside it, then swap, so a failed build loses nothing."""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


@contextmanager
def atomic_folder(target: Path) -> Iterator[Path]:
    """Yield an empty temporary folder next to `target`; on success it replaces `target`.

    On any exception (or interrupt) the temporary folder is removed and `target` is untouched.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-", dir=target.parent))
    try:
        yield staging
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    retired = target.parent / f".{target.name}.previous"
    shutil.rmtree(retired, ignore_errors=True)
    if target.exists():
        target.rename(retired)
    staging.chmod(0o755)
    staging.rename(target)
    shutil.rmtree(retired, ignore_errors=True)


def write_file_atomically(target: Path, data: bytes) -> None:
    """Write beside the target and rename over it, so readers never see a partial file."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
