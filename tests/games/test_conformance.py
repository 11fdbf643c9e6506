"""Every game passes the same conformance suite (dragon_pnp/games/conformance.py), found here
without being named: each game folder with a rules module under data/ and examples/. A broken
copy of a game (a clone that shares a list, a legal action that raises) fails it, naming the seed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from dragon_pnp.cli.selftest import SEARCH_CHECKED
from dragon_pnp.games.conformance import run_conformance
from dragon_pnp.games.registry import load_game
from dragon_pnp.players import policy_factory

ROOT = Path(__file__).resolve().parents[2]


def games_with_rules() -> list[Path]:
    found = []
    for folder in sorted([*(ROOT / "data").iterdir(), *(ROOT / "examples").iterdir()]):
        manifest = folder / "game.yaml"
        if manifest.is_file() and (yaml.safe_load(manifest.read_text(encoding="utf-8")) or {}).get("rules_module"):
            found.append(folder)
    return found


def test_the_suite_finds_every_game_with_rules():
    names = {p.name for p in games_with_rules()}
    assert {"dragon_pants", "dragon_dance", "dragon_line", "goofspiel"} <= names


@pytest.mark.parametrize("folder", games_with_rules(), ids=lambda p: p.name)
def test_every_game_conforms(folder):
    game = load_game(folder)
    players = {SEARCH_CHECKED: policy_factory(game.module, SEARCH_CHECKED)}
    found = run_conformance(game, game.module, playouts=3, seed=11, round_trips=25, players=players)
    assert found.passed, "\n".join(map(str, found.failures))
    assert found.playouts == 3 and found.steps > 0


def _broken_goofspiel(tmp_path: Path, old: str, new: str) -> Path:
    game = tmp_path / "goofspiel"
    shutil.copytree(ROOT / "examples" / "goofspiel", game, ignore=shutil.ignore_patterns("__pycache__"))
    code = game / "rules" / "game.py"
    text = code.read_text(encoding="utf-8")
    assert old in text
    code.write_text(text.replace(old, new), encoding="utf-8")
    return game


@pytest.mark.parametrize("old, new, check", [
    ("other.hands = [list(h) for h in self.hands]", "other.hands = self.hands", "clone"),
    ("            self.hands[seat].remove(value)",
     "            if value == 7:\n                raise RuntimeError('the seven sticks')\n            self.hands[seat].remove(value)",
     "legal actions"),
])
def test_a_broken_copy_fails_naming_the_seed(tmp_path, old, new, check):
    game = _broken_goofspiel(tmp_path, old, new)
    data = load_game(game)
    found = run_conformance(data, data.module, playouts=2, seed=3)
    assert not found.passed and {f.check for f in found.failures} == {check}
    failure = found.failures[0]
    assert failure.seed in (3 * 1_000_003, 3 * 1_000_003 + 1)
    # `selftest` says it in words, names that seed, and replays it alone with --playout.
    env = {**os.environ, "DRAGON_PNP_CACHE": "off"}
    said = subprocess.run([sys.executable, "-m", "dragon_pnp", "selftest", str(game), "--playouts", "2", "--seed", "3"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert said.returncode == 1 and f"seed {failure.seed}" in said.stdout and "Traceback" not in said.stderr
    again = subprocess.run([sys.executable, "-m", "dragon_pnp", "selftest", str(game), "--playout", str(failure.seed)],
                           cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert again.returncode == 1 and check in again.stdout


def test_selftest_passes_on_a_good_game():
    done = subprocess.run([sys.executable, "-m", "dragon_pnp", "selftest", str(ROOT / "examples" / "goofspiel"),
                           "--playouts", "3"], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "DRAGON_PNP_CACHE": "off"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "every check passed" in done.stdout and "steps checked" in done.stdout
