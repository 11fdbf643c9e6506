"""`dragon-pnp check` on the command line: results, the summary, and located errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _check(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "check", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_check_writes_the_report_and_prints_findings(tmp_path):
    run = _check("--games", "3", "--players", "3", "--preset", "standard", "--duel-games", "3", "--jobs", "1",
                 "--seed", "5", "--out", str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert "games in" in run.stdout and "wrote" in run.stdout
    report = json.loads((tmp_path / "rules-check.json").read_text())
    assert report["settings"]["seed"] == 5 and report["total_games"] == 3 * 2 + 3
    assert (tmp_path / "rules-check.html").is_file() and (tmp_path / "rules-check.pdf").is_file()


@pytest.mark.parametrize("args, message", [
    (["--players", "1-3"], "--players 1-3: 1 players: this game takes 2-6"),
    (["--preset", "quick"], "--preset quick: unknown preset quick"),
    (["--policy", "clever"], "--policy clever: unknown policy clever"),
    (["--option", "banish_any_range=maybe"], "expected NAME=on or NAME=off"),
    (["--executor", "spark"], "--executor spark: expected one of local, dask"),
    (["--scheduler", "tcp://x:8786"], "--scheduler goes with --executor dask"),
])
def test_bad_options_are_located_errors(args, message, tmp_path):
    run = _check(*args, "--out", str(tmp_path))
    assert run.returncode == 2
    assert message in run.stderr and "Traceback" not in run.stderr
    assert not any(tmp_path.iterdir())
