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

import os
import shutil
import sys
import sysconfig
import tomllib
from pathlib import Path
from typing import Any

from setuptools import setup
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
    # Unused-ignore warnings depend on which libraries the build environment has; they are
    # mypy's business in the checkout (run.py test), not the build's.
    target = os.environ.get("DRAGON_PNP_MYPYC_TARGET", "build")
    extensions = mypycify(["--no-warn-unused-ignores", *compiled_modules()], opt_level="3", target_dir=target)
    for extension in extensions:
        extension.optional = True
    return list(extensions)


setup(cmdclass={"build_py": BuildWithShippedFiles}, ext_modules=hot_extensions())
