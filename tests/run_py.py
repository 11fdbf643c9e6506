"""The checkout's run.py as a module, for the tests of its set-up steps (it is a script, not part
of the package, so it is loaded from its file)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_run_py() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_py", ROOT / "run.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
