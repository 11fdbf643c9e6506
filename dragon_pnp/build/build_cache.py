"""A whole build remembered: a rebuild whose every input is unchanged writes the kit it made last time.

A build is a pure function of its inputs: the game folder, the generator's own code and
templates, the installed libraries, the options, and where it runs (the working folder and the
game's path, which located warnings print). `build_key` digests all of them before anything
heavy is imported; when the render cache (`dragon_pnp/kit/render_cache.py`, same folder, same
bound, `DRAGON_PNP_CACHE=off` turns this off too) holds a build under that key, `build` copies
its files into a staging folder and swaps it in exactly as a full build does, and prints the
same summary and warnings, without loading the game, typesetting the rulebook or starting a
render worker. The bytes are the ones the earlier build wrote, so the kit is byte-identical.

What is remembered is only a plain build that succeeded: no rules check ran (it plays games),
no PDF/X (Ghostscript is outside the digest) and no service uploads (their JSON names the output
folder). A rules module that lives outside the generator and the game folder (an installed
game) is digested after the build and checked again before the entry is used. Anything unread,
damaged or evicted from the cache is a miss: the build then runs in full.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dragon_pnp.build.atomic import atomic_folder
from dragon_pnp.build.kept_outputs import Carried, is_kept_report
from dragon_pnp.build.output_folder import MARKER, check_output_folder, mark_kit, write_failure
from dragon_pnp.code_digest import generator_digest, generator_folder
from dragon_pnp.errors import OutputFolderError
from dragon_pnp.file_digest import files_under, folder_digest
from dragon_pnp.kit.render_cache import RenderCache

if TYPE_CHECKING:
    from dragon_pnp.data import GameData

BUILD_CACHE_VERSION = "1"   # bump when what a build writes depends on something new outside the digest


@dataclass(frozen=True)
class CachedKit:
    """A remembered build: its game slug and paper, files (relative path, bytes, mode), artifact roles, warnings."""

    slug: str
    paper: str
    files: list[tuple[str, bytes, int]]
    artifacts: dict[str, str]
    warnings: list[str]


def build_key(game_root: Path, target: Path, options: dict[str, object]) -> str:
    """The digest of everything a plain build reads: the same key means the same kit, byte for byte."""
    digest = hashlib.sha256()
    for part in (BUILD_CACHE_VERSION, generator_digest(), sys.platform, sys.executable,
                 os.getcwd(), str(game_root.resolve()), json.dumps(options, sort_keys=True)):
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    digest.update(folder_digest(game_root.resolve(), _kit_paths(target)).encode())
    return digest.hexdigest()


def _kit_paths(target: Path) -> frozenset[Path]:
    """The output folder and its staging and retired siblings: never an input of the build."""
    try:
        where = target.parent.resolve()
        siblings = {where / entry for entry in os.listdir(where) if entry.startswith(f".{target.name}.")}
    except OSError:
        return frozenset()
    return frozenset({where / target.name, *siblings})


def lookup(cache: RenderCache, key: str) -> CachedKit | None:
    """The build remembered under `key`, or None when there is none or any part of it is missing or damaged."""
    if cache.folder is None:
        return None
    raw = cache.get(_entry_key(key))
    if raw is None:
        return None
    try:
        entry = json.loads(raw)
        for folder, expected in entry["depends"]:
            if folder_digest(Path(folder)) != expected:
                return None
        files = []
        for relative, body_key, mode in entry["files"]:
            body = cache.get(body_key)
            if body is None:
                return None
            files.append((relative, body, int(mode)))
        return CachedKit(entry["slug"], entry["paper"], files, dict(entry["artifacts"]), list(entry["warnings"]))
    except (ValueError, KeyError, TypeError):
        return None


def remember(cache: RenderCache, key: str, slug: str, paper: str, kit: Path, artifacts: dict[str, Path],
             warnings: list[str], rules_code: Path | None) -> None:
    """Store a finished build's files under `key` (each file once, by its contents)."""
    if cache.folder is None:
        return
    files = []
    for path in files_under(kit):
        relative = path.relative_to(kit).as_posix()
        if relative == MARKER or is_kept_report(relative):   # a report another command wrote: not the build's
            continue
        info = path.lstat()
        if not stat.S_ISREG(info.st_mode):
            return   # a build writes only regular files; anything else is not ours to replay
        body = path.read_bytes()
        body_key = hashlib.sha256(b"dragon-pnp kit file\0" + body).hexdigest()
        if cache.get(body_key) is None:
            cache.put(body_key, body)
        files.append((relative, body_key, stat.S_IMODE(info.st_mode)))
    depends = [(str(rules_code), folder_digest(rules_code))] if rules_code is not None else []
    entry = {"slug": slug, "paper": paper, "files": files, "warnings": warnings, "depends": depends,
             "artifacts": {role: path.relative_to(kit).as_posix() for role, path in artifacts.items()}}
    cache.put(_entry_key(key), json.dumps(entry, sort_keys=True).encode())


def write_kit(cached: CachedKit, target: Path, game_root: Path, carried: Carried | None = None) -> dict[str, Path]:
    """Write a remembered kit into a staging folder and swap it in, as a full build does (the old
    kit's reports kept, in `carried` with what is gone); the artifacts. A folder or disk that
    cannot be written is the same one-line error a build gives."""
    staging: Path | None = None
    carried = carried if carried is not None else Carried()

    def before_swap(folder: Path) -> None:
        check_output_folder(folder, game_root)
        assert staging is not None
        carried.take(folder, staging)

    try:
        with atomic_folder(target, before_swap=before_swap) as staging:
            for relative, body, mode in cached.files:
                path = staging / relative
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(body)
                path.chmod(mode)
            mark_kit(staging, cached.slug)
    except OSError as exc:
        raise OutputFolderError(write_failure(exc, target, staging)) from None
    return {role: target / relative for role, relative in cached.artifacts.items()}


def rules_code(game: GameData) -> tuple[bool, Path | None]:
    """Whether a build of `game` may be remembered, and the folder of its rules code to digest with
    it (an installed game's package; None when the generator or the game folder holds the code).
    A module registered at run time (a test's toy game) is not in a file: never remembered."""
    from dragon_pnp.games.registry import installed_code, is_folder_module, rules_module_name

    name = rules_module_name(game)
    if name is None or is_folder_module(name):
        return True, None
    found = installed_code(name)
    if found is None:
        return False, None
    return True, outside_code(found, generator_folder(), game.root.resolve())


def outside_code(module_file: str | None, *inside: Path) -> Path | None:
    """The folder of a rules module's code when it lies outside every folder in `inside`
    (an installed game's package), so it is digested with the build; None when it is covered."""
    if not module_file:
        return None
    path = Path(module_file).resolve()
    if any(folder == path or folder in path.parents for folder in inside):
        return None
    return path.parent if path.name == "__init__.py" else path


def _entry_key(key: str) -> str:
    return hashlib.sha256(f"dragon-pnp build\0{key}".encode()).hexdigest()
