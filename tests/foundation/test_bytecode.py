"""The suite's bytecode (issue 30, the fresh clone): `run.py` byte-compiles the checkout's modules
once per run, and tests/conftest.py keeps pytest's rewritten test modules while it collects,
then gives the tests the environment's own setting back (PYTHONDONTWRITEBYTECODE, if set)."""

from __future__ import annotations

import importlib.util
import struct
import sys
from pathlib import Path

from tests.run_py import load_run_py

ROOT = Path(__file__).resolve().parents[2]


def _fresh_bytecode(source: Path) -> bool:
    """Whether the plain .pyc beside `source` is one Python would load for it as it is now."""
    cached = Path(importlib.util.cache_from_source(str(source)))
    if not cached.is_file():
        return False
    flags, mtime, size = struct.unpack("<III", cached.read_bytes()[4:16])
    stat = source.stat()
    return flags == 0 and mtime == int(stat.st_mtime) & 0xFFFFFFFF and size == stat.st_size & 0xFFFFFFFF


def test_run_py_compiles_the_checkout_and_leaves_the_test_modules_to_pytest():
    load_run_py().compile_bytecode(Path(sys.executable))
    for source in (ROOT / "dragon_pnp" / "kit" / "kit.py", ROOT / "dragon_pnp" / "cli" / "build.py",
                   ROOT / "examples" / "goofspiel" / "rules" / "__init__.py", ROOT / "tests" / "cpu_times.py"):
        assert _fresh_bytecode(source), source
    for source in (Path(__file__), ROOT / "tests" / "conftest.py"):
        assert not Path(importlib.util.cache_from_source(str(source))).exists(), source


def test_collecting_kept_this_module_rewritten_and_the_tests_run_with_the_environments_setting():
    assert sys.dont_write_bytecode == bool(sys.flags.dont_write_bytecode)
    rewritten = list((Path(__file__).parent / "__pycache__").glob(f"{Path(__file__).stem}.*-pytest-*.pyc"))
    assert rewritten, "pytest did not keep this module's rewritten bytecode"
