"""Compiled copies of the hot modules in a development checkout, used only while their sources are unchanged.

An installed wheel carries its mypyc extensions beside the sources (setup.py) and is never edited.
A checkout is: an extension beside `state.py` would shadow every later edit of it. So run.py
compiles the checkout's hot modules into `<venv>/dragon_pnp_compiled/` with a manifest of the
SHA-256 of each source it compiled, and `use_compiled` (called when `dragon_pnp` is imported)
puts them in front of the sources only when every listed source still has that digest and the
manifest was made for this package folder and this Python. One edited file turns the whole set
off (the compiled modules call each other directly, so they stand or fall together) and the
sources run as they are until run.py compiles them again. DRAGON_PNP_PURE=1 turns it off too.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType

FOLDER = "dragon_pnp_compiled"
MANIFEST = "manifest.json"
# Objects of earlier versions of the modules kept in the cache beside the current set's.
KEPT_UNUSED = 24


def source_digest(path: Path) -> str:
    """The SHA-256 of a source file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def module_source(package_dir: Path, module: str) -> Path:
    """The .py file of a module of the package at `package_dir` (`dragon_pnp.search.tree` -> search/tree.py)."""
    return package_dir.parent.joinpath(*module.split(".")).with_suffix(".py")


def current_extensions(folder: Path, package_dir: Path) -> dict[str, Path] | None:
    """Module name -> extension file of the compiled set in `folder`, or None when it is missing,
    made for another package folder or Python, or any of its sources has changed since."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    if manifest.get("package") != str(package_dir) or manifest.get("python") != sys.implementation.cache_tag:
        return None
    sources: Mapping[str, str] = manifest.get("sources", {})
    for module, digest in sources.items():
        try:
            if source_digest(module_source(package_dir, module)) != digest:
                return None
        except OSError:
            return None
    files = {name: folder / file for name, file in manifest.get("files", {}).items()}
    if not sources or set(sources) - set(files) or not all(path.is_file() for path in files.values()):
        return None
    return files


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the listed modules as the compiled extensions, ahead of the path's sources."""

    def __init__(self, files: Mapping[str, Path]) -> None:
        self.files = dict(files)

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def use_compiled(package_dir: Path, folder: Path | None = None) -> bool:
    """Put the checkout's compiled set in front of the sources when it is current; whether it was."""
    if os.environ.get("DRAGON_PNP_PURE") or any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return False
    files = current_extensions(folder or Path(sys.prefix) / FOLDER, package_dir)
    if files is None or any(name in sys.modules for name in files):
        return False
    sys.meta_path.insert(0, CompiledFinder(files))
    return True


def build(root: Path, folder: Path) -> bool:
    """Compile the modules pyproject.toml names (setup.py's mypyc extensions, built outside the
    tree) into `folder` with their manifest; whether a complete set was made. The digests are
    taken before compiling, so a source edited meanwhile leaves the set unused, not stale.

    The C files and objects are kept in `<folder>.cache/`, objects by their inputs (setup.py's ParallelBuildExt):
    after an edit of one module only its C file is compiled again; objects this build did not
    use are removed but for the KEPT_UNUSED newest (an edit undone compiles nothing again)."""
    modules: list[str] = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["dragon_pnp"]["compile"]["modules"]
    package_dir = (root / "dragon_pnp").resolve()
    digests = {module: source_digest(module_source(package_dir, module)) for module in modules}
    cache = folder.with_name(folder.name + ".cache")
    started = time.time()
    with tempfile.TemporaryDirectory() as scratch:
        staging = Path(scratch) / "lib"
        command = [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(staging),
                   "--build-temp", str(Path(scratch) / "objects")]
        # The C files stay in the cache folder too: the compiler's include path names their
        # folder, and an object is reused only for the same command.
        environment = {**os.environ, "DRAGON_PNP_MYPYC_TARGET": str(cache / "c"),
                       "DRAGON_PNP_MYPYC_CACHE": str(cache)}
        done = subprocess.run(command, cwd=root, env=environment, capture_output=True, text=True)
        if done.returncode != 0:
            sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
            return False
        files: dict[str, str] = {}
        for path in staging.rglob("*"):
            suffix = next((s for s in importlib.machinery.EXTENSION_SUFFIXES if path.name.endswith(s)), None)
            if suffix is not None:
                relative = path.relative_to(staging)
                files[".".join((*relative.parent.parts, relative.name[: -len(suffix)]))] = relative.as_posix()
        if set(modules) - set(files):
            sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
            return False           # no compiler, or one module failed: the sources run
        if folder.exists():
            shutil.rmtree(folder)
        shutil.copytree(staging, folder)
    unused = sorted((stored for stored in cache.glob("*.o") if stored.stat().st_mtime < started - 1),
                    key=lambda stored: stored.stat().st_mtime, reverse=True)
    for stored in unused[KEPT_UNUSED:]:
        stored.unlink()            # objects of older versions of some modules
    manifest = {"package": str(package_dir), "python": sys.implementation.cache_tag, "sources": digests,
                "files": files}
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return True


def main(root: str) -> int:
    """What run.py calls before a test run, a kit or a bench: compile the checkout at `root` into
    this Python's prefix when its set is missing or stale, and print one line saying which code
    the run will use. 0 unless compiling failed (then the sources run, same games)."""
    package_dir = (Path(root) / "dragon_pnp").resolve()
    folder = Path(sys.prefix) / FOLDER
    if os.environ.get("DRAGON_PNP_PURE"):
        print("hot modules: the Python sources (DRAGON_PNP_PURE=1)")
        return 0
    if current_extensions(folder, package_dir) is not None:
        print(f"hot modules: compiled (mypyc, {folder})")
        return 0
    print("hot modules: compiling with mypyc (~100 CPU s the first time, 40-60 after an edit; "
          "DRAGON_PNP_PURE=1 skips it) ...", flush=True)
    started, cpu = time.monotonic(), _children_cpu()
    made = build(Path(root).resolve(), folder)
    spent = f"{time.monotonic() - started:.0f} s, {_children_cpu() - cpu:.0f} CPU s"
    print(f"hot modules: compiled in {spent}" if made else
          f"hot modules: not compiled ({spent}; no C compiler?): the Python sources run, same games")
    return 0 if made else 1


def _children_cpu() -> float:
    """CPU seconds spent so far by this process's finished children (the compiler's processes)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
