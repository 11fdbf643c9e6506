"""Replace rules-check.json, .html and .pdf as one set: a killed check never mixes two reports.

The three new files are written in full beside the old ones (`.rules-check.<role>.new`), then a
journal (`.rules-check.swap`, written atomically) says the set is complete, and only then are
they renamed over the old ones, with SIGINT and SIGTERM held back meanwhile. So a check stopped
before the journal exists leaves the old set whole, and one killed outright (SIGKILL) during
the renames leaves a journal that the next check or build into the folder finishes before
anything else, as the kit's swap does (`build/atomic.py`). Temporaries of runs that died
before their journal (`.rules-check.*`) are removed by that next run too.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

JOURNAL = ".rules-check.swap"
TEMPORARY_PREFIX = ".rules-check."


def replace_report_set(folder: Path, files: dict[str, bytes]) -> dict[str, Path]:
    """Write `files` (final name -> bytes) into `folder` so that they replace the old set as one."""
    folder.mkdir(parents=True, exist_ok=True)
    recover_report_set(folder)
    staged: dict[str, str] = {}
    try:
        for name, data in files.items():
            temporary = folder / f".{name.removeprefix('.')}.new"
            _write_durably(temporary, data)
            staged[name] = temporary.name
        _write_durably(folder / f"{JOURNAL}.new", json.dumps(staged).encode("utf-8"))
        os.replace(folder / f"{JOURNAL}.new", folder / JOURNAL)
    except BaseException:
        for staged_name in staged.values():
            (folder / staged_name).unlink(missing_ok=True)
        raise
    with _signals_held():
        _finish(folder, staged)
    return {name: folder / name for name in files}


def recover_report_set(folder: Path) -> None:
    """Finish a swap a killed run left half done, and remove the temporaries of runs that died sooner."""
    journal = folder / JOURNAL
    try:
        staged = json.loads(journal.read_text(encoding="utf-8"))
    except FileNotFoundError:
        staged = None
    except (OSError, ValueError):
        staged = {}
    if isinstance(staged, dict):
        _finish(folder, {str(k): str(v) for k, v in staged.items() if "/" not in str(v) and "/" not in str(k)})
    try:
        leftovers = [p for p in folder.iterdir() if p.name.startswith(TEMPORARY_PREFIX)]
    except OSError:
        return
    for path in leftovers:
        with contextlib.suppress(OSError):
            path.unlink()


def _finish(folder: Path, staged: dict[str, str]) -> None:
    for name, temporary in staged.items():
        source = folder / temporary
        if source.exists():
            os.replace(source, folder / name)
    (folder / JOURNAL).unlink(missing_ok=True)
    _sync_folder(folder)


def _write_durably(path: Path, data: bytes) -> None:
    with open(path, "wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    os.chmod(path, 0o644)


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the renames are done (main thread only; elsewhere a no-op)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
