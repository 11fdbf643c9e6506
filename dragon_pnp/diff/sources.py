"""The two versions a diff compares: a game folder, or a git revision of one (`folder@rev`).

A revision is read with `git archive` into a temporary folder, so the working tree, the index
and the checked-out branch are never touched. The temporary folder keeps the game folder's
name (its slug) and is removed when the `Version` context closes.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from dragon_pnp.data.game_dir import resolve_game_dir
from dragon_pnp.errors import DragonPnpError


class VersionError(DragonPnpError):
    """OLD or NEW names no folder, or a revision git cannot read (exit 2)."""

    exit_code = 2


@dataclass(frozen=True)
class Version:
    """One side of a diff: the folder to read and how to name it to a person."""

    folder: Path
    label: str          # "data/dragon_pants", or "data/dragon_pants@HEAD~1 (3f2a91c)"
    revision: str | None = None


def split_spec(spec: str) -> tuple[str, str | None]:
    """`path@rev` into (path, rev); a plain path (even one holding no '@') gives (path, None).
    `path@` (the revision left out) is refused with how to name one."""
    if "@" in spec and not Path(spec).exists():
        path, _, rev = spec.rpartition("@")
        if path and not rev:
            raise VersionError(f"{spec}: no revision after the @; name one, e.g. {path}@HEAD or {path}@HEAD~1")
        if path and rev:
            return path, rev
    return spec, None


@contextmanager
def open_version(spec: str) -> Iterator[Version]:
    """The folder for `spec`, checked out into a temporary folder for a git revision. An error
    raised while the version is open that names a file of the temporary folder names it as
    `FOLDER@REV:file` instead (the temporary folder is gone by the time anyone reads it)."""
    path, rev = split_spec(spec)
    folder = resolve_game_dir(path)
    if rev is None:
        yield Version(folder, spec)
        return
    with tempfile.TemporaryDirectory(prefix="dragon-pnp-diff-") as temporary:
        copy = Path(temporary) / folder.resolve().name
        commit = extract_revision(folder, rev, copy, f"{path}@{rev}")
        try:
            yield Version(copy, f"{spec} ({commit[:7]})", rev)
        except DragonPnpError as exc:
            text = str(exc)
            renamed = text.replace(f"{copy}/", f"{path}@{rev}:").replace(str(copy), f"{path}@{rev}")
            if renamed == text:
                raise
            relocated = VersionError(renamed)
            relocated.exit_code = exc.exit_code
            raise relocated from None


def extract_revision(folder: Path, rev: str, target: Path, name: str | None = None) -> str:
    """Write the game folder as it was at `rev` into `target`; returns the full commit id.
    `name`: how the user named it (FOLDER@REV), for errors."""
    name = name or f"{folder}@{rev}"
    folder = folder.resolve()
    top = Path(_git(folder, "rev-parse", "--show-toplevel",
                    what=f"{name}: {folder} is not inside a git repository, so it has no revision {rev}; "
                         "compare two folders instead (dragon-pnp diff OLD NEW)").decode().strip())
    prefix = folder.relative_to(top.resolve()).as_posix()
    commit = _git(folder, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}",
                  what=f"{rev}: no such git revision in {top}").decode().strip()
    tree = f"{commit}:{prefix}" if prefix != "." else commit
    archive = _git(top, "archive", "--format=tar", tree,
                   what=f"{folder}@{rev}: the game folder did not exist at that revision")
    target.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        try:
            tar.extractall(target, filter="data")
        except tarfile.FilterError as exc:   # a link out of the folder, an absolute link, a device
            member = getattr(exc, "tarinfo", None)
            where = f"{name}:{member.name}" if member is not None else name
            link = f" to {member.linkname}" if member is not None and member.linkname else ""
            raise VersionError(f"{where}: a {'link' if link else 'special file'}{link} that leads "
                               "out of the game folder; a game folder's files are its own regular files") from None
        except (tarfile.TarError, OSError) as exc:
            raise VersionError(f"{name}: could not read the revision's files: {exc}") from None
    if not (target / "game.yaml").is_file():
        raise VersionError(f"{folder}@{rev}: no game.yaml at that revision")
    return commit


def _git(folder: Path, *args: str, what: str | None = None) -> bytes:
    try:
        done = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, check=False)
    except FileNotFoundError as exc:
        raise VersionError("git is not installed; it is needed to read a revision (OLD@REV)") from exc
    if done.returncode != 0:
        message = what or done.stderr.decode(errors="replace").strip() or f"git {' '.join(args)} failed"
        raise VersionError(message if what else f"{folder}: {message}")
    return done.stdout
