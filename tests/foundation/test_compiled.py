"""A checkout's compiled hot modules are used only while every source is the one compiled.

`dragon_pnp.compiled` is checked on a small package of its own (fake extension files: what is
checked is which files would be imported, not the compiler): an edit, a missing file, another
package folder or another Python turns the whole set off. When this checkout's own set is in
use, a search game played by the compiled code is the game the sources play.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dragon_pnp.compiled import CompiledFinder, current_extensions, use_compiled

ROOT = Path(__file__).resolve().parents[2]
TAG = sys.implementation.cache_tag


def _package(tmp_path: Path) -> tuple[Path, Path]:
    """A package `pkg` with two modules and a compiled-set folder recording their digests."""
    package = tmp_path / "src" / "pkg"
    package.mkdir(parents=True)
    sources = {"pkg.alpha": package / "alpha.py", "pkg.beta": package / "beta.py"}
    for name, path in sources.items():
        path.write_text(f"NAME = {name!r}\n")
    folder = tmp_path / "compiled"
    (folder / "pkg").mkdir(parents=True)
    files = {"pkg.alpha": "pkg/alpha.so", "pkg.beta": "pkg/beta.so", "abc__mypyc": "abc__mypyc.so"}
    for file in files.values():
        (folder / file).write_bytes(b"\x7fELF")
    digests = {name: hashlib.sha256(path.read_bytes()).hexdigest() for name, path in sources.items()}
    manifest = {"package": str(package), "python": TAG, "sources": digests, "files": files}
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return package, folder


def test_an_unchanged_set_is_found_with_its_shared_library(tmp_path):
    package, folder = _package(tmp_path)
    assert current_extensions(folder, package) == {
        "pkg.alpha": folder / "pkg/alpha.so", "pkg.beta": folder / "pkg/beta.so", "abc__mypyc": folder / "abc__mypyc.so"}


def test_one_edited_source_turns_the_whole_set_off(tmp_path):
    package, folder = _package(tmp_path)
    (package / "beta.py").write_text("NAME = 'edited'\n")
    assert current_extensions(folder, package) is None


def test_a_whitespace_edit_counts_too(tmp_path):
    package, folder = _package(tmp_path)
    (package / "alpha.py").write_text((package / "alpha.py").read_text() + "\n")
    assert current_extensions(folder, package) is None


@pytest.mark.parametrize("change", ["package", "python", "missing file", "deleted source", "no manifest"])
def test_a_set_made_for_something_else_is_not_used(tmp_path, change):
    package, folder = _package(tmp_path)
    manifest = json.loads((folder / "manifest.json").read_text())
    if change == "package":
        manifest["package"] = str(tmp_path / "other" / "pkg")
    elif change == "python":
        manifest["python"] = "cpython-27"
    elif change == "missing file":
        (folder / "pkg" / "beta.so").unlink()
    elif change == "deleted source":
        (package / "alpha.py").unlink()
    (folder / "manifest.json").write_text(json.dumps(manifest))
    if change == "no manifest":
        (folder / "manifest.json").unlink()
    assert current_extensions(folder, package) is None


def test_the_finder_answers_for_the_listed_modules_only(tmp_path):
    package, folder = _package(tmp_path)
    finder = CompiledFinder(current_extensions(folder, package) or {})
    spec = finder.find_spec("pkg.alpha", None)
    assert spec is not None and spec.origin == str(folder / "pkg/alpha.so")
    assert finder.find_spec("pkg.gamma", None) is None


def test_a_stale_set_is_not_put_on_the_import_path(tmp_path, monkeypatch):
    package, folder = _package(tmp_path)
    (package / "alpha.py").write_text("NAME = 'edited'\n")
    before = list(sys.meta_path)
    assert not use_compiled(package, folder)
    assert sys.meta_path == before


def _state_module_file() -> str:
    import dragon_pnp.games.dragon_pants.engine.state as state

    return str(state.__file__)


GAME = """
import hashlib, sys
from dragon_pnp.games.dragon_pants import GAME
from dragon_pnp.games.registry import load_game
from dragon_pnp.report.plan import Config
from dragon_pnp.report.simulate import Table, play_game
import dragon_pnp.games.dragon_pants.engine.state as state
game = load_game("dragon_pants")
table = Table(GAME, game, GAME.make_rules(game))
records = [play_game(table, Config(players, "standard", "search:4", ()), 4100 + players, 0) for players in (2, 4)]
print(state.__file__.endswith(".py"), hashlib.sha256(repr(records).encode()).hexdigest())
"""


def test_compiled_and_pure_play_the_same_search_games():
    """The check's reference player (a search over the Pants engine and greedy playouts) plays
    identical games compiled and from the sources: each run in its own process."""
    if _state_module_file().endswith(".py"):
        pytest.skip("this checkout's compiled modules are not in use (run.py compiles them)")
    environment = {k: v for k, v in os.environ.items() if k != "DRAGON_PNP_PURE"}
    runs = [subprocess.run([sys.executable, "-c", GAME], capture_output=True, text=True, timeout=120, cwd=ROOT,
                           env={**environment, **extra}) for extra in ({}, {"DRAGON_PNP_PURE": "1"})]
    assert all(run.returncode == 0 for run in runs), [run.stderr for run in runs]
    (compiled_pure, compiled_hash), (pure_pure, pure_hash) = (run.stdout.split() for run in runs)
    assert (compiled_pure, pure_pure) == ("False", "True")
    assert compiled_hash == pure_hash


@pytest.mark.parametrize("state", ["pure", "current", "stale", "failed"])
def test_run_py_compiles_only_a_stale_set_and_says_what_runs(state, monkeypatch, capsys):
    """run.py's step (compiled.main): DRAGON_PNP_PURE=1 and a current set build nothing; a stale
    set is built; one line says which code the run uses."""
    import dragon_pnp.compiled as compiled

    built: list[Path] = []
    monkeypatch.setattr(compiled, "build", lambda root, folder: built.append(folder) or state == "stale")
    monkeypatch.setattr(compiled, "current_extensions",
                        lambda folder, package: {"pkg.alpha": folder / "a.so"} if state == "current" else None)
    monkeypatch.delenv("DRAGON_PNP_PURE", raising=False)
    if state == "pure":
        monkeypatch.setenv("DRAGON_PNP_PURE", "1")
    code = compiled.main(str(ROOT))
    last = capsys.readouterr().out.splitlines()[-1]
    assert (code, len(built)) == {"pure": (0, 0), "current": (0, 0), "stale": (0, 1), "failed": (1, 1)}[state]
    assert last.startswith({"pure": "hot modules: the Python sources", "current": "hot modules: compiled (",
                            "stale": "hot modules: compiled in", "failed": "hot modules: not compiled"}[state])
    assert not built or built == [Path(sys.prefix) / compiled.FOLDER]
