"""Read a designer's or user's text file with bounds, so no file can hang or swamp a command.

Game data, rules text and positions are small (tens of kilobytes). A file that is a folder,
a pipe, a device such as /dev/zero, a symbolic link that loops, or far larger than any real
data file is refused with a located `DataError` instead of being read. A game folder, once
loaded, is *confined* (`confine`): a file inside it that is a link leading out of it (to
/etc/passwd, say) is refused too, so nothing outside the folder reaches a page or a kit.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from dragon_pnp.errors import DataError, Location

MAX_FILE_BYTES = 2 * 1024 * 1024  # a hundred times the largest data file any game has

_confined: set[Path] = set()  # game folders whose files must not lead out of them


def confine(folder: Path) -> None:
    """From now on, a file read inside `folder` must really be inside it (no link out)."""
    try:
        _confined.add(Path(folder).resolve())
    except (OSError, RuntimeError):
        return


def leaves_folder(file: Path, folder: Path) -> bool:
    """Whether `file`, named inside `folder`, is (through links) somewhere else, or a link loop."""
    try:
        return not Path(file).resolve(strict=False).is_relative_to(Path(folder).resolve())
    except (OSError, RuntimeError):  # a link loop
        return True


def _check_confined(file: Path) -> None:
    if not _confined:
        return
    absolute = Path(os.path.abspath(file))
    for folder in _confined:
        if absolute.is_relative_to(folder) and leaves_folder(absolute, folder):
            raise DataError(Location(file), f"the file is a link leading out of the game folder {folder}; "
                                            "copy the file into the folder instead")


def read_bounded(file: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; a located DataError otherwise."""
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer that never comes.
        handle = os.open(file, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise DataError(Location(file), f"cannot read file: {exc.strerror or exc}") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise DataError(Location(file), f"expected a regular file, found {_kind(info.st_mode)}")
        _check_confined(file)
        if info.st_size > limit:
            raise DataError(Location(file), f"the file is {_size(info.st_size)}; a data file may be at most {_size(limit)}")
        chunks, total = [], 0
        while True:
            chunk = os.read(handle, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew while we read it
                raise DataError(Location(file), f"the file is larger than {_size(limit)}, the most a data file may be")
        return b"".join(chunks)
    except OSError as exc:
        raise DataError(Location(file), f"cannot read file: {exc.strerror or exc}") from None
    finally:
        os.close(handle)


def decode_utf8(raw: bytes, file: Path) -> str:
    """UTF-8 text, or a DataError at the line and column of the first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError(
            Location(file, line, column),
            f"not valid UTF-8 (byte 0x{raw[exc.start]:02x}); save the file as UTF-8",
        ) from None


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "something else"


def _size(count: int) -> str:
    return f"{count / (1024 * 1024):.1f} MB" if count >= 1024 * 1024 else f"{count:,} bytes"
