"""`dragon-pnp tune` as a user runs it: located errors with exit 2, the JSON on stdout, and
--apply writing the proposal into the folder, after which `validate` still passes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COIN = Path(__file__).parent / "fixtures" / "coin"


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DRAGON_PNP_CACHE": "off"}
    return subprocess.run([sys.executable, "-m", "dragon_pnp", "tune", *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT, env=env)


def test_a_bad_target_or_path_is_a_located_error_with_exit_2(tmp_path):
    done = run(str(COIN), "--target", "heads wins=0.5", "--out", str(tmp_path))
    assert done.returncode == 2
    assert "--target 'heads wins=0.5': expected FIGURE=VALUE±TOL" in done.stderr and "Traceback" not in done.stderr
    done = run(str(COIN), "--target", "heads wins=0.5±0.05", "--vary", "game.yaml:settings.heads=1..3",
               "--out", str(tmp_path))
    assert done.returncode == 2
    assert "matches no number in game.yaml (its numbers are named like players.min" in done.stderr


def test_the_answer_as_json_and_apply_then_validate(tmp_path):
    folder = tmp_path / "coin"
    shutil.copytree(COIN, folder)
    done = run(str(folder), "--target", "heads wins=0.50±0.05", "--json", "--jobs", "1", "--budget", "60",
               "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["proposals"][0]["edits"][0]["new"] == "10" and answer["met"]
    assert json.loads((tmp_path / "out" / "tune.json").read_text()) == answer
    done = run(str(folder), "--apply", "1", "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert f"dragon-pnp diff {tmp_path / 'out' / 'tune-before'} {folder}" in done.stdout
    assert "heads_in_20: 10     # seat 1's chances" in (folder / "game.yaml").read_text()
    assert "heads_in_20: 6     # seat 1's chances" in (tmp_path / "out" / "tune-before" / "game.yaml").read_text()
    checked = subprocess.run([sys.executable, "-m", "dragon_pnp", "validate", str(folder)], capture_output=True,
                             text=True, timeout=120, cwd=ROOT, env={**os.environ, "DRAGON_PNP_CACHE": "off"})
    assert checked.returncode == 0, checked.stdout + checked.stderr
