"""Write a folder atomically: build beside it, then swap, so a failed build loses nothing."""

from __future__ import annotations

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
