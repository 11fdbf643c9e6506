"""The translated Dragon Dance kits, built once per test run for every test here that reads one."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.in_process import run_cli

DANCE = Path(__file__).resolve().parents[2] / "data" / "dragon_dance"


@pytest.fixture(scope="session")
def dance_languages(once: Callable[[str, Callable[[Path], None]], Path], private_render_cache: Path) -> dict[str, Path]:
    """{code: kit folder} of `dragon-pnp build dragon_dance --lang all --no-check --no-proof`: one
    process writes kit-ar/, kit-de/ and kit-ja/ (German, Arabic and Japanese, every file of
    lang/), where three `--lang CODE` builds paid three start-ups. Built through `main` in the test
    process (`run_cli`): a child imported the package again (~1.3 CPU s) for the same files; the
    command's process is tested in tests/foundation. Shared and read-only."""
    def make(folder: Path) -> None:
        out = folder / "kit"
        done = run_cli("build", str(DANCE), "--lang", "all", "--no-check", "--no-proof", "--out", str(out))
        assert done.returncode == 0, done.stdout + done.stderr
        (folder / "stdout.txt").write_text(done.stdout, encoding="utf-8")

    folder = once("dance-languages", make)
    kits = {path.name.removeprefix("kit-"): path for path in sorted(folder.glob("kit-*"))}
    assert sorted(kits) == sorted(p.stem for p in (DANCE / "lang").glob("*.yaml"))
    assert not (folder / "kit").exists()   # each language has its own folder
    return kits


@pytest.fixture
def cli() -> Callable[..., subprocess.CompletedProcess[str]]:
    """`dragon-pnp ARGS` through `main` in this process (`tests/in_process.run_cli`): a child paid
    ~1-2 CPU s of imports per call for the same code path (issue 30); the process itself (its exit
    codes and console script) is tested in tests/foundation."""
    return run_cli
