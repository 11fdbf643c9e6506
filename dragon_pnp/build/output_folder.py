"""Which folder a build may replace: a kit this tool made, never anything else of the user's.

A build replaces its output folder wholesale, so `--out` naming the wrong folder would
delete it. Every kit carries a marker file (`.dragon-pnp-kit`, naming its game); a build
replaces only a folder that is missing, empty, or marked. Kits built before the marker
existed are recognised by their contents: nothing but the files builds wrote (the kit PDFs,
its JSON and rules-check files, and svg/ and png/ holding only SVGs and PNGs), all of which
a build writes again. Anything else, a file, a symbolic link, the game's own data folder, the
working folder, or a folder that holds either, is refused with exit 2 and nothing is touched.
"""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

from dragon_pnp.build.atomic import recover, remove_stale_staging
from dragon_pnp.errors import OutputFolderError

MARKER = ".dragon-pnp-kit"
MARKER_HEADING = "dragon-pnp kit"
# What builds wrote at the top of a kit before the marker: a folder of only these (and the JSON
# analyses a game's own build steps wrote) is a kit.
LEGACY_KIT_FILES = frozenset({
    "cards.pdf", "tiles.pdf", "board.pdf", "extras.pdf", "print-and-play.pdf", "rulebook.pdf",
    "player-aid.pdf", "rules-check.html", "rules-check.pdf", "rules-check.json",
})
LEGACY_ANALYSIS = re.compile(r"^[a-z][a-z0-9_-]*\.json$")
LEGACY_KIT_FOLDERS = {"svg": ".svg", "png": ".png"}
DIFF_FOLDER, DIFF_PAGES = "diff", "diff-pages"   # `dragon-pnp diff`'s default folder in a kit's (diff/writers.py)


def mark_kit(folder: Path, game: str) -> None:
    """Write the marker that lets a later build replace this folder."""
    (folder / MARKER).write_text(f"{MARKER_HEADING}\ngame: {game}\n", encoding="utf-8")


def prepare_output_folder(target: Path, game_root: Path) -> None:
    """Before a build: finish any swap a crash interrupted, refuse a folder that is not a kit,
    and delete the staging folders of killed builds."""
    try:
        recover(target)
    except OSError as exc:
        raise OutputFolderError(f"{target}: cannot restore the previous kit: {exc.strerror or exc}") from None
    check_output_folder(target, game_root)
    remove_stale_staging(target)


def check_output_folder(target: Path, game_root: Path) -> None:
    """Raise OutputFolderError unless `target` is missing, empty, or a kit this tool made."""
    refuse = _refusal(target, game_root)
    if refuse:
        raise OutputFolderError(f"{target}: {refuse}; choose a new or empty folder for the kit (--out)")


def _refusal(target: Path, game_root: Path) -> str:
    try:
        where = target.parent.resolve() / target.name
    except (OSError, RuntimeError) as exc:
        return f"cannot use this path ({exc})"
    guarded = {"the game's data folder": lambda: game_root, "the working folder": Path.cwd,
               "your home folder": Path.home}
    for name, where_is in guarded.items():
        try:
            folder = where_is().resolve()
        except (OSError, RuntimeError, KeyError):
            continue
        if where == folder:
            return f"this is {name}, not a kit folder; replacing it would delete it"
        if where in folder.parents:
            return f"this folder holds {name}; replacing it would delete it"
    if os.path.islink(target):
        return "this is a symbolic link, not a kit folder"
    if not os.path.lexists(target):
        return ""
    if not target.is_dir():
        return "this is a file, not a kit folder; replacing it would delete it"
    try:
        entries = sorted(os.listdir(target))
    except OSError as exc:
        return f"cannot look inside it ({exc.strerror or exc})"
    if not entries or _is_marked(target) or _is_legacy_kit(target, entries):
        return ""
    shown = ", ".join(entries[:3]) + (f" and {len(entries) - 3} more" if len(entries) > 3 else "")
    return f"the folder holds files that are not a kit this tool made ({shown}) and a build would delete them"


def _is_marked(folder: Path) -> bool:
    marker = folder / MARKER
    try:
        if marker.is_symlink() or not marker.is_file() or marker.stat().st_size > 4096:
            return False
        return marker.read_text(encoding="utf-8", errors="replace").startswith(MARKER_HEADING)
    except OSError:
        return False


def _is_legacy_kit(folder: Path, entries: list[str]) -> bool:
    for name in entries:
        path = folder / name
        if path.is_symlink():
            return False
        if (name in LEGACY_KIT_FILES or LEGACY_ANALYSIS.match(name)) and path.is_file():
            continue
        if name == DIFF_FOLDER and _is_diff_report(path):
            continue   # `dragon-pnp diff`'s default report, which a build keeps (kept_outputs.py)
        suffix = LEGACY_KIT_FOLDERS.get(name)
        if suffix is None or not path.is_dir():
            return False
        try:
            inside = list(path.iterdir())
        except OSError:
            return False
        if not all(p.suffix == suffix and p.is_file() and not p.is_symlink() for p in inside):
            return False
    return True


def _is_diff_report(folder: Path) -> bool:
    """A folder holding only what `dragon-pnp diff` writes: diff.html/.pdf/.json and its page PNGs."""
    try:
        if folder.is_symlink() or not folder.is_dir():
            return False
        for entry in folder.iterdir():
            if entry.is_symlink():
                return False
            if entry.name == DIFF_PAGES and entry.is_dir():
                if not all(p.suffix == ".png" and p.is_file() and not p.is_symlink() for p in entry.iterdir()):
                    return False
            elif not (entry.name.startswith(("diff.", ".diff.")) and entry.is_file()):
                return False
    except OSError:
        return False
    return True


def write_failure(exc: OSError, out_dir: Path, staging: Path | None) -> str:
    """One line naming the folder or file and what the system said (disk full, read-only, ...)."""
    reason = {errno.ENOSPC: "no space left on the disk", errno.EROFS: "the file system is read-only",
              errno.EDQUOT: "the disk quota is used up"}.get(exc.errno or 0, exc.strerror or str(exc))
    name = Path(os.fsdecode(exc.filename)) if exc.filename else None
    if name is not None and staging is not None and (name == staging or staging in name.parents):
        name = None  # a file of the kit being written: the folder is what the user knows
    if name is not None and name != out_dir and out_dir not in name.parents and name.parent != out_dir.parent:
        return f"{name}: {reason}; the previous kit is unchanged"
    return f"{out_dir}: cannot write the kit ({reason}); the previous kit is unchanged"
