"""The report's Reproduce line is exact: run as written, it plays the very games of the report
(the search player's own game count and the mixed games' included)."""

from __future__ import annotations

import json
import shlex
import subprocess

from dragon_pnp.report.view import build_view
from tests.conftest import ROOT
from tests.in_process import run_cli


def _check(args: list[str]) -> subprocess.CompletedProcess:
    """The command through `main` in this process: the games it plays are the point, and a child
    imported the package again (~1 CPU s a command)."""
    return run_cli(*args, cwd=ROOT)


def test_the_reproduce_line_plays_the_same_games(tmp_path):
    first = tmp_path / "first"
    run = _check(["check", str(ROOT / "examples" / "goofspiel"), "--games", "4", "--search-games", "2",
                  "--policy", "random,search:2", "--duel-games", "3", "--ladder-games", "1", "--seed", "9", "--jobs", "1",
                  "--out", str(first)])
    assert run.returncode == 0, run.stderr
    report = json.loads((first / "rules-check.json").read_text())
    line = build_view(report).reproduce
    # one game a ladder pairing (the default, as many as --games, was a quarter of each run)
    assert "--search-games 2" in line and "--duel-games 3" in line and "--ladder-games 1" in line
    words = shlex.split(line)
    assert words[:2] == ["dragon-pnp", "check"]
    words[2] = str(ROOT / "examples" / "goofspiel")     # the report names the game by its slug
    again = tmp_path / "again"
    rerun = _check([*words[1:], "--jobs", "1", "--out", str(again)])
    assert rerun.returncode == 0, rerun.stderr
    replayed = json.loads((again / "rules-check.json").read_text())
    assert replayed["total_games"] == report["total_games"] == 4 + 2 + 3
    assert replayed["configs"] == report["configs"] and replayed["duels"] == report["duels"]
