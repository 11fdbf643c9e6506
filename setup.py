"""Build hook: the wheel carries the shipped templates, schemas and seed games inside the package.

In the source tree they live at the top (`templates/`, `schemas/`, `data/`), where designers and
tests edit them; `dragon_pnp.resources` finds them there in a checkout and under
`dragon_pnp/bundled/` in an installed wheel, where this step copies them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

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


setup(cmdclass={"build_py": BuildWithShippedFiles})
