"""A designer starts from a seed game: `games` lists the seed games beside their own, marked as
such, and `new NAME --from GAME` copies one into a folder they own, whose kit is the seed's kit.

(From an installed wheel, in an empty folder: tests/foundation/test_wheel.py.)"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dragon_pnp.cli import main
from dragon_pnp.cli.new import make_game

ROOT = Path(__file__).resolve().parents[2]
SEED_GAMES = {"dragon_pants", "dragon_dance", "dragon_line"}


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "DRAGON_PNP_GAME"}
    return subprocess.run([sys.executable, "-m", "dragon_pnp", *args], capture_output=True, text=True, cwd=cwd,
                          env={**environment, "COLUMNS": "160"}, timeout=300)


def kit_digests(folder: Path) -> dict[str, str]:
    """Every file of a built kit by its path inside the kit, less the folder's own ownership mark."""
    return {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file() and path.name != ".dragon-pnp-kit"}


def test_games_lists_the_seed_games_marked_as_such(tmp_path):
    listed = run("games", "--json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    seeds = {game["game"] for game in json.loads(listed.stdout) if game["seed"]}
    assert seeds == SEED_GAMES
    table = run("games", cwd=tmp_path)
    assert "seed game" in table.stdout and "--from" in table.stdout


def test_games_in_a_folder_of_ones_own_marks_none_as_seed(tmp_path):
    assert run("new", "alpha", "--dir", str(tmp_path), cwd=tmp_path).returncode == 0
    listed = json.loads(run("games", "--dir", str(tmp_path), "--json", cwd=tmp_path).stdout)
    assert [(game["game"], game["seed"]) for game in listed] == [("alpha", False)]


def test_a_copy_of_a_seed_game_builds_the_seed_kit(tmp_path, private_render_cache, seed_kit):
    made = run("new", "mypants", "--from", "dragon_pants", "--dir", str(tmp_path / "games"), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    copy = tmp_path / "games" / "mypants"
    assert (copy / "rules.md").read_bytes() == (ROOT / "data" / "dragon_pants" / "rules.md").read_bytes()
    assert "rules_module: dragon_pants" in (copy / "game.yaml").read_text()   # by reference, not copied
    assert (copy / ".schemas").is_dir() and not (copy / "output").exists()
    built = run("build", str(copy), "--no-check", "--out", str(tmp_path / "copy"), cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    # the seed's own kit: `dragon-pnp build dragon_pants --no-check`, built once per test run
    seed, copied = kit_digests(seed_kit("dragon_pants")), kit_digests(tmp_path / "copy")
    assert len(seed) > 20 and copied == seed


@pytest.mark.parametrize("problem", ["link", "exists", "rules"])
def test_new_from_refuses_with_a_located_error(tmp_path, problem, capsys):
    source = tmp_path / "source"
    assert make_game("source", tmp_path) == source
    args = ["new", "copy", "--from", str(source), "--dir", str(tmp_path)]
    if problem == "link":
        (source / "secret.txt").symlink_to("/etc/hostname")
    elif problem == "exists":
        (tmp_path / "copy").mkdir()
    else:
        args.append("--rules")
    with pytest.raises(SystemExit) as done:   # in-process through `main`: the same words, no child's imports
        main(args)
    out, err = capsys.readouterr()
    assert done.value.code == 2 and "Traceback" not in out + err
    expected = {"link": "secret.txt: a link", "exists": "already exists", "rules": "leave out --rules"}[problem]
    assert expected in err
    if problem != "exists":
        assert not (tmp_path / "copy").exists()
