"""Write a folder atomically: build beside it, then swap, so a failed build loses nothing.

The swap must survive a crash at any instant. Where the system can exchange two names in
one step (Linux renameat2 RENAME_EXCHANGE) the new folder and the old one trade places and
there is never a moment without a whole folder under the target's name. Elsewhere the old
folder is first renamed to `.NAME.previous`; a crash between that rename and the next
leaves it there, and `recover` (run before anything else by the next build) puts it back.

A staging folder `.NAME.building-XXXX` is locked (flock on the folder itself) for as long as
its build runs, so `remove_stale_staging` can tell the leftovers of killed builds from
another build still running, and deletes only the former.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

STAGING_INFIX = ".building-"
RETIRED_SUFFIX = ".previous"

# File descriptors of this process's staging locks; a forked child closes its copies, so a
# render worker that outlives its build never keeps a dead build's staging folder locked.
_held_locks: set[int] = set()


def _forget_locks_in_child() -> None:
    for handle in list(_held_locks):
        try:
            os.close(handle)
        except OSError:
            pass
    _held_locks.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_locks_in_child)


@contextmanager
def atomic_folder(target: Path, before_swap: Callable[[Path], None] | None = None) -> Iterator[Path]:
    """Yield an empty, locked staging folder next to `target`; on success it replaces `target`.

    `before_swap(target)` runs just before the swap and may raise to refuse replacing what is
    there. On any exception (or interrupt) the staging folder is removed and `target` is
    untouched.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    with _folder_locked(target.parent):  # so no cleaner sees it before it is locked
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}{STAGING_INFIX}", dir=target.parent))
        lock = _lock_folder(staging)
    try:
        try:
            yield staging
            if before_swap is not None:
                before_swap(target)
            staging.chmod(0o755)
            swap_in(staging, target)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    finally:
        _unlock(lock)


def swap_in(staging: Path, target: Path) -> None:
    """Put `staging` at `target`'s name, crash-safely, and delete what was there before."""
    with _folder_locked(target.parent):
        recover(target)
        if not os.path.lexists(target):
            os.rename(staging, target)
            return
        if _exchange(staging, target):
            shutil.rmtree(staging, ignore_errors=True)  # the old folder now has the staging name
            return
        retired = retired_path(target)
        target.rename(retired)
        staging.rename(target)
        shutil.rmtree(retired, ignore_errors=True)


def retired_path(target: Path) -> Path:
    return target.parent / f".{target.name}{RETIRED_SUFFIX}"


def recover(target: Path) -> None:
    """Finish a swap that a crash interrupted: bring back `.NAME.previous` if `NAME` is gone.

    If both exist the swap had completed and `.previous` is the old folder, so it goes.
    """
    retired = retired_path(target)
    if not os.path.lexists(retired):
        return
    if os.path.lexists(target):
        shutil.rmtree(retired, ignore_errors=True)
    else:
        retired.rename(target)


def staging_folders(target: Path) -> list[Path]:
    """Every staging folder of `target`, whether its build is running or was killed."""
    prefix = f".{target.name}{STAGING_INFIX}"
    try:
        return sorted(p for p in target.parent.iterdir() if p.name.startswith(prefix))
    except OSError:
        return []


def remove_stale_staging(target: Path) -> list[Path]:
    """Delete the staging folders of killed builds (no process holds their lock); return them."""
    removed: list[Path] = []
    if not target.parent.is_dir():
        return removed
    with _folder_locked(target.parent):
        for folder in staging_folders(target):
            try:
                handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
            except OSError:
                continue
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(handle)  # a build is running in it (or the file system cannot tell)
                continue
            try:
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(folder)
            finally:
                os.close(handle)
    return removed


def _lock_folder(folder: Path) -> int:
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    _flock(handle)
    _held_locks.add(handle)
    return handle


def _flock(handle: int) -> None:
    """Take the lock; a file system without locks (some network mounts) goes unlocked, and
    its staging folders are then never taken for stale ones."""
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
    except OSError as exc:
        if exc.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EINVAL):
            raise


def _unlock(handle: int) -> None:
    _held_locks.discard(handle)
    os.close(handle)


@contextmanager
def _folder_locked(folder: Path) -> Iterator[None]:
    """Serialise swaps and recoveries in one parent folder (two builds into the same target)."""
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        _flock(handle)
        _held_locks.add(handle)
        yield
    finally:
        _held_locks.discard(handle)
        os.close(handle)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
_renameat2: Callable[..., int] | bool | None = False  # False: not looked up yet


def _exchange(first: Path, second: Path) -> bool:
    """Swap two names in one step; False where the system or file system cannot."""
    function = _load_renameat2()
    if function is None:
        return False
    if function(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(second))


def _load_renameat2() -> Callable[..., int] | None:
    global _renameat2
    if _renameat2 is False:
        _renameat2 = None
        try:
            function = ctypes.CDLL(None, use_errno=True).renameat2  # the C library already loaded
        except (OSError, AttributeError, TypeError):
            return None
        function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
        function.restype = ctypes.c_int
        _renameat2 = function
    return _renameat2  # type: ignore[return-value]


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
