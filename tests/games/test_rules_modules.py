"""A designer's own rules without touching dragon-pnp: a Python package in the game folder
(examples/goofspiel), or an installed distribution registering a game under the entry-point
group `dragon_pnp.games` (the seed games use that same group)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.in_process import run_cli

ROOT = Path(__file__).resolve().parents[2]
GOOFSPIEL = ROOT / "examples" / "goofspiel"


def run(*args: str, cwd: Path = ROOT, env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """The command in a child process: for what a fresh process must show (an installed
    distribution found on its path, a note remembered in the cache rather than in memory)."""
    environment = {**os.environ, "DRAGON_PNP_CACHE": "off", **(env or {})}
    return subprocess.run([sys.executable, "-m", "dragon_pnp", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=environment)


def here(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """The command through `main` in this process, the render cache off (issue 30: a child imports
    the package again, about a second of CPU, for the same exit code and messages)."""
    return run_cli(*args, cwd=ROOT, env={"DRAGON_PNP_CACHE": "off", **(env or {})})


def test_the_seed_games_are_registered_through_the_entry_point_group():
    from importlib.metadata import entry_points

    from dragon_pnp.games.registry import ENTRY_POINT_GROUP, known_modules

    named = {point.name for point in entry_points(group=ENTRY_POINT_GROUP)}
    assert {"dragon_pants", "dragon_dance", "dragon_line"} <= named
    assert set(named) <= set(known_modules())


def test_goofspiel_adds_nothing_to_the_generator():
    mentions = [str(p.relative_to(ROOT)) for p in (ROOT / "dragon_pnp").rglob("*") if p.is_file()
                and p.suffix in (".py", ".j2", ".js", ".html", ".yaml") and "goofspiel" in p.read_text(errors="ignore").lower()]
    assert mentions == []


def test_goofspiel_plays_checks_and_exports_from_its_own_folder(tmp_path):
    game = tmp_path / "goofspiel"
    shutil.copytree(GOOFSPIEL, game, ignore=shutil.ignore_patterns("__pycache__"))
    # Two games per ladder pairing: the ladder's search player still plays the folder's module in
    # the workers (20 a pairing, the default here, were four fifths of this test's CPU).
    checked = here("check", str(game), "--games", "40", "--ladder-games", "2", "--jobs", "2", "--seed", "5",
                  "--out", str(tmp_path / "check"))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    report = json.loads((tmp_path / "check" / "rules-check.json").read_text())
    assert report["game"]["rules_module"] == "goofspiel" and report["total_games"] > 0
    assert report["ladder"]["pairings"] and all(p["games"] == 2 for p in report["ladder"]["pairings"])
    assert any("went untaken per game" in f["text"] for f in report["findings"])
    played = here("play", str(game), "--new", "--seed", "3", "--do", "bid 13", "--do", "bid 1", "--json")
    assert played.returncode == 0, played.stderr
    exported = here("export", "tts", str(game), "--out", str(tmp_path / "tts"))
    assert exported.returncode == 0, exported.stdout + exported.stderr


def test_the_first_use_of_a_folder_module_says_it_runs_the_designers_code(tmp_path):
    game = tmp_path / "goofspiel"
    shutil.copytree(GOOFSPIEL, game, ignore=shutil.ignore_patterns("__pycache__"))
    cache = tmp_path / "cache"
    # The note on, whatever ran before in this process (an in-process `tune` turns it off for good).
    env = {"DRAGON_PNP_CACHE": str(cache), "DRAGON_PNP_RULES_NOTE": ""}
    first = here("validate", str(game), env=env)
    # A fresh process: this one keeps the module it imported, and would not ask the cache again.
    again = run("validate", str(game), env=env)
    assert first.returncode == 0 and again.returncode == 0, first.stdout + first.stderr
    assert "own rules module" in first.stderr and "Python code" in first.stderr
    assert "own rules module" not in again.stderr


@pytest.mark.parametrize("edit, expected", [
    (lambda g: (g / "rules" / "game.py").write_text("def broken(:\n"), "rules/game.py:1"),
    (lambda g: (g / "rules" / "__init__.py").write_text("GAME = 3\n"), "defines no GAME"),
    (lambda g: (g / "rules" / "__init__.py").write_text("import not_a_module_anywhere\n"), "ModuleNotFoundError"),
    (lambda g: _rules_module(g, "../outside.py"), "inside the game folder"),
    (lambda g: _rules_module(g, "./missing"), "expected a .py file"),
])
def test_a_broken_rules_module_is_a_located_error(tmp_path, edit, expected):
    game = tmp_path / "goofspiel"
    shutil.copytree(GOOFSPIEL, game, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "outside.py").write_text("GAME = None\n")
    edit(game)
    done = here("validate", str(game))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and expected in done.stdout + done.stderr
    assert "game.yaml" in done.stdout + done.stderr   # located at the rules_module line


def _rules_module(game: Path, value: str) -> None:
    manifest = game / "game.yaml"
    manifest.write_text(manifest.read_text().replace("rules_module: ./rules", f"rules_module: {value}"))


def test_an_installed_distribution_registers_a_game(tmp_path):
    """A designer's package, installed with pip, names its GAME under the entry-point group."""
    source = tmp_path / "src"
    package = source / "goof_rules"
    shutil.copytree(GOOFSPIEL / "rules", package, ignore=shutil.ignore_patterns("__pycache__"))
    (source / "pyproject.toml").write_text(textwrap.dedent("""\
        [build-system]
        requires = ["setuptools>=77"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "goof-rules"
        version = "1.0"

        [tool.setuptools]
        packages = ["goof_rules"]

        [project.entry-points."dragon_pnp.games"]
        goofspiel_installed = "goof_rules:GAME"
        """))
    target = tmp_path / "site"
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation",
                                "--no-index", "--quiet", "--target", str(target), str(source)],
                               capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    game = tmp_path / "goofspiel"
    shutil.copytree(GOOFSPIEL, game, ignore=shutil.ignore_patterns("__pycache__", "rules"))
    _rules_module(game, "goofspiel_installed")
    path = os.pathsep.join([str(target), str(ROOT)])
    done = run("play", str(game), "--new", "--seed", "1", "--legal", env={"PYTHONPATH": path})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "bid 13" in done.stdout


def test_the_readme_smallest_rules_module_works(tmp_path):
    """The README's "Bring your own rules" example, as printed, in a fresh `dragon-pnp new` game."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Bring your own rules"):]
    code = section[section.index("```python") + len("```python"):section.index("```", section.index("```python") + 9)]
    made = here("new", "mygame", "--dir", str(tmp_path))
    assert made.returncode == 0, made.stderr
    game = tmp_path / "mygame"
    (game / "rules.py").write_text(code)
    manifest = game / "game.yaml"
    manifest.write_text(manifest.read_text().replace("players: {min: 2, max: 4}", "players: {min: 2, max: 2}")
                        + "rules_module: rules.py\n")
    rules = game / "rules.md"   # a game with rules ends its rulebook with the player aid
    rules.write_text(rules.read_text() + "\n::: player_aid\n\n# Aid\n\nTake 1 to 3; the last one wins.\n")
    for args in (("validate", str(game)), ("play", str(game), "--new", "--do", "take 3", "--legal"),
                 ("check", str(game), "--games", "20", "--ladder-games", "2", "--jobs", "1", "--out",
                  str(tmp_path / "check"))):
        done = here(*args)
        assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"


def test_new_with_rules_scaffolds_a_module_that_passes_selftest_and_its_own_tests(tmp_path):
    made = here("new", "duel", "--rules", "--dir", str(tmp_path))
    assert made.returncode == 0, made.stdout + made.stderr
    game = tmp_path / "duel"
    assert (game / "rules" / "game.py").is_file() and (game / "tests" / "test_rules.py").is_file()
    tested = here("selftest", str(game), "--playouts", "4")
    assert tested.returncode == 0 and "every check passed" in tested.stdout, tested.stdout + tested.stderr
    checked = here("check", str(game), "--games", "20", "--ladder-games", "2", "--jobs", "1",
                   "--out", str(tmp_path / "check"))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    own = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=game,
                         capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "DRAGON_PNP_CACHE": "off"})
    assert own.returncode == 0, own.stdout + own.stderr


def test_goofspiel_plays_in_the_studio_with_a_hidden_simultaneous_bid():
    from dragon_pnp.games.registry import load_game
    from dragon_pnp.studio.playtest import Playtest

    game = load_game(GOOFSPIEL)
    playtest = Playtest(lambda: game)
    shown = playtest.new_game(seed=2)
    assert shown["to_move"] == [1, 2] and shown["board"].startswith("<svg")
    first = shown["legal"][-1]
    shown = playtest.act(first)
    assert shown["committed"] == [1] and first not in str(shown["log"]) and first not in str(shown["view"])
    second = shown["legal"][0]
    shown = playtest.act(second)
    assert [e["action"] for e in shown["log"]][-2:] == [first, second]   # revealed together
