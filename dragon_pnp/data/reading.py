"""The one reader of files from a game folder: bounded, regular files only, never out of the folder.

Game data, rules text and positions are small (tens of kilobytes); pictures and profiles are
larger, so each kind has its own bound (`LIMITS`). A file that is a folder, a pipe, a device
such as /dev/zero, a symbolic link that loops, or larger than its kind's bound is refused with
a located `DataError` instead of being read. A game folder, once loaded, is *confined*
(`confine`), and a caller may name the folder a file must stay inside (`inside=`): a file
there that is a link leading out of it (to /etc/passwd, say) is refused too, so nothing
outside the folder reaches a page, a kit or a snapshot. `copy_confined` copies a whole game
folder through this reader (the studio's "Since..." snapshot).
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

from dragon_pnp.errors import DataError, Location

MAX_FILE_BYTES = 2 * 1024 * 1024  # a hundred times the largest data file any game has
MAX_PICTURE_BYTES = 8 * 1024 * 1024   # an SVG icon or art file (the largest shipped is 40 KB)
MAX_RASTER_BYTES = 32 * 1024 * 1024   # a PNG or JPEG (a poker card at 1,200 DPI is about 10 MB)
MAX_PROFILE_BYTES = 8 * 1024 * 1024   # a CMYK ICC profile (the shipped one is 0.6 MB)
MAX_FOLDER_BYTES = 512 * 1024 * 1024  # a whole game folder copied (a snapshot)

# The bound of each kind of file by its suffix; anything else in a game folder is data.
LIMITS = {".svg": MAX_PICTURE_BYTES, ".png": MAX_RASTER_BYTES, ".jpg": MAX_RASTER_BYTES,
          ".jpeg": MAX_RASTER_BYTES, ".icc": MAX_PROFILE_BYTES, ".icm": MAX_PROFILE_BYTES}
KINDS = {MAX_FILE_BYTES: "a data file", MAX_PICTURE_BYTES: "a picture", MAX_RASTER_BYTES: "an image",
         MAX_PROFILE_BYTES: "a colour profile"}


def limit_for(file: Path) -> int:
    """The size bound of a file of this kind (by its suffix)."""
    return LIMITS.get(Path(file).suffix.lower(), MAX_FILE_BYTES)

_confined: set[Path] = set()  # game folders whose files must not lead out of them


def confine(folder: Path) -> None:
    """From now on, a file read inside `folder` must really be inside it (no link out)."""
    try:
        _confined.add(Path(folder).resolve())
    except (OSError, RuntimeError):
        return


def leaves_folder(file: Path, folder: Path) -> bool:
    """Whether `file`, named inside `folder`, is (through links) somewhere else, or a link loop."""
    return bool(confinement_problem(file, folder))


def confinement_problem(file: Path, folder: Path) -> str:
    """Why `file`, named inside `folder`, cannot be read as part of it ("" when it can): a link
    leading out of the folder, or a link loop."""
    try:
        inside = Path(file).resolve(strict=False).is_relative_to(Path(folder).resolve())
    except (OSError, RuntimeError):  # a link loop (RuntimeError before Python 3.13)
        return "the file is a loop of symbolic links (it leads back to itself)"
    if inside:
        return ""
    return (f"the file is a link leading out of the game folder {Path(folder).resolve()}; "
            "copy the file into the folder instead")


def _check_confined(file: Path, inside: Path | None) -> None:
    """Refuse `file` if it leads out of `inside` or out of any confined folder it is named in."""
    absolute = Path(os.path.abspath(file))
    folders = [folder for folder in _confined if absolute.is_relative_to(folder)]
    if inside is not None:
        folders.append(Path(inside))
    for folder in folders:
        problem = confinement_problem(absolute, folder)
        if problem:
            raise DataError(Location(file), problem)


def read_bounded(file: Path, limit: int = MAX_FILE_BYTES, inside: Path | None = None) -> bytes:
    """The bytes of a regular file of at most `limit` bytes (inside the folder `inside`, when
    given, and inside every confined game folder it is named in); a located DataError otherwise."""
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer that never comes.
        handle = os.open(file, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise DataError(Location(file), "cannot read file: it is a loop of symbolic links (Too many levels "
                                            "of symbolic links)") from None
        raise DataError(Location(file), f"cannot read file: {exc.strerror or exc}") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):   # a pipe or a device, opened without blocking, never read
            raise DataError(Location(file), f"expected a regular file, found {_kind(info.st_mode)}")
        if inside is not None or _confined:
            _check_confined(file, inside)
        kind = KINDS.get(limit, "this file")
        if info.st_size > limit:
            raise DataError(Location(file), f"the file is {_size(info.st_size)}; {kind} may be at most {_size(limit)}")
        chunks, total = [], 0
        while True:
            chunk = os.read(handle, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:  # it grew while we read it
                raise DataError(Location(file), f"the file is larger than {_size(limit)}, the most {kind} may be")
        return b"".join(chunks)
    except OSError as exc:
        raise DataError(Location(file), f"cannot read file: {exc.strerror or exc}") from None
    finally:
        os.close(handle)


def copy_confined(source: Path, target: Path, skip: Callable[[str], bool] = lambda name: False) -> int:
    """Copy the folder `source` to `target` (which must not exist) through the bounded reader:
    regular files inside `source` only, each within its kind's bound and all within
    MAX_FOLDER_BYTES; a link leading out, a loop, a pipe or a device is a located DataError and
    nothing is left at `target`. Names `skip` accepts (hidden files, caches) are left out.
    Returns the bytes copied."""
    root = Path(source)
    total = 0
    try:
        target.mkdir(parents=True)
        for directory, folders, names in os.walk(root):
            here = Path(directory)
            for name in sorted(folders):
                if skip(name):
                    folders.remove(name)
                elif os.path.islink(here / name):
                    raise DataError(Location(here / name), "a symbolic link to a folder; copy the folder into "
                                                           "the game folder instead")
            for name in sorted(names):
                if skip(name):
                    continue
                file = here / name
                data = read_bounded(file, limit_for(file), inside=root)
                total += len(data)
                if total > MAX_FOLDER_BYTES:
                    raise DataError(Location(root), f"the folder holds more than {_size(MAX_FOLDER_BYTES)}")
                copy = target / file.relative_to(root)
                copy.parent.mkdir(parents=True, exist_ok=True)
                copy.write_bytes(data)
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    return total


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
