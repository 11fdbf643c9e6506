"""Build hooks: the wheel carries the shipped templates, schemas and seed games inside the package,
and the hot game modules compiled with mypyc when a C compiler is there.

In the source tree the shipped files live at the top (`templates/`, `schemas/`, `data/`), where
designers and tests edit them; `dragon_pnp.resources` finds them there in a checkout and under
`dragon_pnp/bundled/` in an installed wheel, where this step copies them.

The modules named in pyproject.toml's `[tool.dragon_pnp.compile]` (where a rules check spends its
time) are compiled to C extensions beside their sources in a wheel; with no C compiler, with
DRAGON_PNP_PURE=1, or when compiling fails, the wheel is pure Python and plays the same games, only
slower. An editable install never compiles in place (an extension would shadow the edited .py);
run.py compiles the checkout's copies outside the tree instead (`dragon_pnp/compiled.py`).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import sysconfig
import tomllib
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
# Source folder -> folder inside dragon_pnp/bundled/ (names as dragon_pnp.resources.SHIPPED).
BUNDLED = {"templates": "templates", "schemas": "schemas", "data": "games"}
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", ".DS_Store")


class BuildWithShippedFiles(build_py):
    """The usual build, then the shipped folders copied into dragon_pnp/bundled/."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:   # an editable install reads the checkout's folders directly
            return
        target = Path(self.build_lib) / "dragon_pnp" / "bundled"
        for source, name in BUNDLED.items():
            destination = target / name
            if destination.exists():
                shutil.rmtree(destination)
            shutil.copytree(ROOT / source, destination, ignore=SKIPPED)


def compiled_modules() -> list[str]:
    """The source files pyproject.toml names for compiling, relative to the project root."""
    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["dragon_pnp"]["compile"]
    return [module.replace(".", "/") + ".py" for module in table["modules"]]


def has_c_compiler() -> bool:
    """Whether the compiler Python was built with (or $CC) is on PATH, and Python's headers are there."""
    command = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return bool(command) and shutil.which(command[0]) is not None and headers.is_file()


# gcc's optimisation level for the compiled modules (mypyc's default; docs/rules-check.md: -O2
# compiled in no fewer CPU seconds and played ~4 % slower). DRAGON_PNP_MYPYC_OPT overrides it.
OPT_LEVEL = "3"


def hot_extensions() -> list[Any]:
    """mypyc's extensions for the hot modules, or none: pure Python when compiling is not possible
    or not wanted. Only commands that build binaries compile (not sdist, egg_info or an editable
    install); each extension is optional, so a failing compiler leaves a working pure build."""
    building = {"bdist_wheel", "build", "build_ext", "install"} & set(sys.argv)
    if not building or "editable_wheel" in sys.argv or os.environ.get("DRAGON_PNP_PURE") or not has_c_compiler():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    # Only the compiled modules must pass mypy here: the modules they import are read for their
    # types but not judged (an isolated wheel build has mypy without the runtime libraries, so
    # pydantic's models are Any there). Unused-ignore warnings depend on which libraries are
    # installed; both are mypy's business in the checkout (run.py test), not the build's.
    flags = ["--no-warn-unused-ignores", "--follow-imports=silent"]
    target = os.environ.get("DRAGON_PNP_MYPYC_TARGET", "build")
    opt_level = os.environ.get("DRAGON_PNP_MYPYC_OPT", OPT_LEVEL)
    try:   # one C file per module (multi_file), so build_ext compiles them side by side
        extensions = mypycify([*flags, *compiled_modules()], opt_level=opt_level, multi_file=True, target_dir=target)
    except SystemExit:   # mypy found errors: say so and ship the sources, which play the same games
        print("warning: mypyc could not compile the hot modules; the wheel is pure Python", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True
    return list(extensions)


def object_key(command: list[str], source: Path) -> str:
    """What a compiled object depends on: the compiler command, the C file, the group's headers
    beside it (mypyc rewrites a file only when its text changes), mypy's version (its runtime
    headers) and Python's."""
    from mypy.version import __version__ as mypy_version

    digest = hashlib.sha256("\0".join([*command, mypy_version, sys.version]).encode())
    for path in [source, *sorted(source.parent.glob("*.h"))]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


class ParallelBuildExt(build_ext):
    """build_ext compiling an extension's C files on all cores at once (distutils compiles them
    one after another), reusing an object whose inputs are unchanged when DRAGON_PNP_MYPYC_CACHE
    names a folder to keep them in (run.py's recompile after an edit compiles only that module)."""

    def build_extension(self, ext: Any) -> None:
        compiler = self.compiler
        if not hasattr(compiler, "_compile"):   # not a Unix-style compiler: the usual serial build
            super().build_extension(ext)
            return
        cache = os.environ.get("DRAGON_PNP_MYPYC_CACHE")
        compile_one = compiler._compile

        def compile_cached(obj: str, src: str, *rest: Any) -> None:
            command = [*compiler.compiler_so, *(str(part) for part in rest)]
            stored = Path(cache, object_key(command, Path(src)) + ".o") if cache else None
            if stored is not None and stored.is_file():
                shutil.copyfile(stored, obj)
                os.utime(stored)   # used by this build: kept (dragon_pnp.compiled.build)
                return
            compile_one(obj, src, *rest)
            if stored is not None:
                stored.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(obj, stored)

        serial_compile = compiler.compile

        def compile_side_by_side(*args: Any, **kwargs: Any) -> list[str]:
            pending: list[Future[None]] = []
            with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
                compiler._compile = lambda *one: pending.append(pool.submit(compile_cached, *one))
                try:
                    objects: list[str] = serial_compile(*args, **kwargs)
                finally:
                    del compiler._compile   # the class's own again
            for job in pending:
                job.result()   # a compile error surfaces here, before linking
            return objects

        compiler.compile = compile_side_by_side
        try:
            super().build_extension(ext)
        finally:
            del compiler.compile


setup(cmdclass={"build_py": BuildWithShippedFiles, "build_ext": ParallelBuildExt}, ext_modules=hot_extensions())
