"""`dragon-pnp check` on the command line: results, the summary, and located errors."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from dragon_pnp.cli import main
from tests.conftest import ROOT
from tests.in_process import run_cli


def _check(*args: str) -> subprocess.CompletedProcess:
    """`dragon-pnp check ARGS` through `main` in this process: its exit code, output and files are
    the point, and a child imported the package again (~1 CPU s a command)."""
    return run_cli("check", *args, cwd=ROOT)


def test_check_writes_the_report_and_prints_findings(tmp_path):
    # --ladder-games 1: the ladder is still played and written, one mirrored pair a pairing, not two
    run = _check("dragon_pants", "--games", "3", "--players", "3", "--preset", "standard", "--duel-games", "3",
                 "--ladder-games", "1", "--jobs", "1", "--seed", "5", "--out", str(tmp_path))
    assert run.returncode == 0, run.stderr
    assert "games in" in run.stdout and "wrote" in run.stdout
    report = json.loads((tmp_path / "rules-check.json").read_text())
    # random and greedy play 3 games, the reference search player its share of 3 (at least one), mixed 3
    assert report["settings"]["seed"] == 5 and report["total_games"] == 3 * 2 + 1 + 3
    assert report["settings"]["reference"] == report["settings"]["policies"][-1] and report["settings"]["search_games"] == 1
    assert (tmp_path / "rules-check.html").is_file() and (tmp_path / "rules-check.pdf").is_file()
    assert report["ladder"]["games_per_pairing"] == 2 and report["ladder"]["pairings"]   # one mirrored pair


@pytest.mark.parametrize("args, message", [
    (["--players", "1-3"], "--players 1-3: 1 players: this game takes 2-6"),
    (["--preset", "quick"], "--preset quick: unknown preset quick"),
    (["--policy", "clever"], "--policy clever: unknown policy 'clever'"),
    (["--policy", "search:lots"], "--policy search:lots: search strength 'lots'"),
    (["--policy", "greedy:3"], "--policy greedy:3: policy greedy takes no strength"),
    (["--option", "banish_any_range=maybe"], "expected NAME=on or NAME=off"),
    (["--executor", "spark"], "--executor spark: expected one of local, dask"),
    (["--executor", "local", "--scheduler", "tcp://x:8786"], "--scheduler goes with --executor dask, not --executor local"),
])
def test_bad_options_are_located_errors(args, message, tmp_path, capsys):
    """In-process (`main`, as the console command calls it): an option's error is the same words
    whichever process prints them, and a child process per case cost ~1 CPU s of imports."""
    with pytest.raises(SystemExit) as done:
        main(["check", "dragon_pants", *args, "--out", str(tmp_path)])
    out, err = capsys.readouterr()
    assert done.value.code == 2
    assert message in err and "Traceback" not in out + err
    assert not any(tmp_path.iterdir())


def test_a_game_without_rules_has_nothing_to_check_or_play(tmp_path):
    import shutil

    from tests.conftest import DATA

    plain = tmp_path / "plain_cards"  # Dragon Pants' data without its rules module: a data-only game
    shutil.copytree(DATA, plain)
    manifest = plain / "game.yaml"
    manifest.write_text("".join(line for line in manifest.read_text().splitlines(keepends=True)
                                if not line.startswith("rules_module:")))
    board = plain / "board.yaml"   # its map without Dragon Pants' rules flags, which only its rules module reads
    text = re.sub(r",\s*(blocks_sight|sight_immune|draw_power|holds_one):\s*\w+", "", board.read_text())
    board.write_text(re.sub(r"^dens:", "homes:", text.replace("is_den:", "is_home:"), flags=re.M))   # the generic words
    run = _check(str(plain), "--out", str(tmp_path / "out"))
    assert run.returncode == 2 and "plain_cards has no rules module" in run.stderr and "Traceback" not in run.stderr
    played = run_cli("play", str(plain), "--new", cwd=ROOT)
    assert played.returncode == 2 and "nothing to play" in played.stderr


def test_setup_and_policy_defaults_come_from_the_game(tmp_path):
    run = _check("dragon_pants", "--games", "2", "--players", "2", "--setup", "long", "--policy", "lookahead,mixed", "--duel-games",
                 "2", "--ladder-games", "1", "--jobs", "1", "--seed", "3", "--out", str(tmp_path))
    assert run.returncode == 0, run.stderr
    report = json.loads((tmp_path / "rules-check.json").read_text())
    assert [c["config"]["key"] for c in report["configs"]] == ["2p-long-lookahead"]
    assert [c["config"]["key"] for c in report["duels"]] == ["2p-standard-mixed"]
    assert report["settings"]["mixed"] == ["greedy", "random"] and report["settings"]["reference"] == "lookahead"
    run = _check("dragon_pants", "--setup", "long", "--preset", "long", "--out", str(tmp_path / "x"))
    assert run.returncode == 2 and "--setup or --preset, not both" in run.stderr
