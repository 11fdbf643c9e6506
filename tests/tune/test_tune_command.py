"""`dragon-pnp tune` as a user runs it: located errors with exit 2, the JSON on stdout, and
--apply writing the proposal into the folder, after which `validate` still passes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from dragon_pnp.cli import main
from tests.in_process import run_cli

ROOT = Path(__file__).resolve().parents[2]
COIN = Path(__file__).parent / "fixtures" / "coin"


def run(*args: str) -> subprocess.CompletedProcess:
    """`dragon-pnp ARGS` through `main` in this process, the render cache off: its stdout, files and
    exit code are the point, and a child imported the package again (~1 CPU s a command)."""
    return run_cli(*args, cwd=ROOT, env={"DRAGON_PNP_CACHE": "off"})


def in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """`dragon-pnp tune ARGS` through `main`, as the console command calls it: exit code, stderr.
    The errors are the same words in any process; a child per case cost ~1 CPU s of imports."""
    with pytest.raises(SystemExit) as done:
        main(["tune", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return int(done.value.code or 0), err


def test_a_bad_target_or_path_is_a_located_error_with_exit_2(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("DRAGON_PNP_CACHE", "off")
    code, err = in_process(capsys, str(COIN), "--target", "heads wins=0.5", "--out", str(tmp_path))
    assert code == 2
    assert "--target 'heads wins=0.5': expected FIGURE=VALUE±TOL" in err
    code, err = in_process(capsys, str(COIN), "--target", "heads wins=0.5±0.05", "--vary",
                           "game.yaml:settings.heads=1..3", "--out", str(tmp_path))
    assert code == 2
    assert "matches no number in game.yaml (its numbers are named like players.min" in err


def test_the_answer_as_json_and_apply_then_validate(tmp_path, monkeypatch):
    folder = tmp_path / "coin"
    shutil.copytree(COIN, folder)
    monkeypatch.delenv("DRAGON_PNP_RULES_NOTE", raising=False)
    done = run("tune", str(folder), "--target", "heads wins=0.50±0.05", "--json", "--jobs", "1", "--budget", "60",
               "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    # The tune quiets the candidates' first-use notes only while it runs (it once left them off
    # for the rest of the process: a studio's, a test worker's).
    assert "DRAGON_PNP_RULES_NOTE" not in os.environ
    answer = json.loads(done.stdout)
    assert answer["proposals"][0]["edits"][0]["new"] == "10" and answer["met"]
    assert json.loads((tmp_path / "out" / "tune.json").read_text()) == answer
    done = run("tune", str(folder), "--apply", "1", "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert f"dragon-pnp diff {tmp_path / 'out' / 'tune-before'} {folder}" in done.stdout
    assert "heads_in_20: 10     # seat 1's chances" in (folder / "game.yaml").read_text()
    assert "heads_in_20: 6     # seat 1's chances" in (tmp_path / "out" / "tune-before" / "game.yaml").read_text()
    checked = run("validate", str(folder))
    assert checked.returncode == 0, checked.stdout + checked.stderr
