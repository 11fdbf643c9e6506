"""Which game a command works on when GAME is left out: the environment, the folder you are in,
the only game there is, or a clear refusal (exit 2) naming the games. No default game in code."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dragon_pnp.cli import game_choice, main
from dragon_pnp.cli.game_choice import GAME_VARIABLE, chosen_game
from dragon_pnp.cli.new import make_game
from dragon_pnp.data.loader import project_root
from dragon_pnp.errors import GameNotFoundError

ROOT = project_root()
GAMES = "dragon_dance, dragon_line, dragon_pants"


@pytest.fixture
def nowhere(tmp_path, monkeypatch) -> Path:
    """A current folder that is no game folder, and no DRAGON_PNP_GAME."""
    monkeypatch.delenv(GAME_VARIABLE, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _data_folder(monkeypatch, tmp_path: Path, games: list[str]) -> Path:
    """A project folder whose data/ holds exactly these games (and a folder that is no game)."""
    data = tmp_path / "project" / "data"
    (data / "notes").mkdir(parents=True)
    for name in games:
        (data / name).mkdir()
        (data / name / "game.yaml").write_text("name: x\n")
    monkeypatch.setattr(game_choice, "default_games_folder", lambda: data)
    return data


def test_a_game_given_is_used_as_given(nowhere, monkeypatch):
    monkeypatch.setenv(GAME_VARIABLE, "dragon_line")
    assert chosen_game("dragon_dance") == "dragon_dance"


def test_the_environment_comes_first(nowhere, monkeypatch):
    (nowhere / "game.yaml").write_text("name: here\n")   # a game folder here loses to the variable
    monkeypatch.setenv(GAME_VARIABLE, "dragon_line")
    assert chosen_game(None) == "dragon_line"


def test_a_wrong_name_in_the_environment_says_where_it_came_from(nowhere, monkeypatch):
    monkeypatch.setenv(GAME_VARIABLE, "no_such_game")
    with pytest.raises(GameNotFoundError, match=rf"{GAME_VARIABLE}=no_such_game: no such game folder; expected a path "
                                                rf"or one of: .*dragon_pants"):
        chosen_game(None)


def test_an_empty_variable_counts_as_unset(nowhere, monkeypatch):
    monkeypatch.setenv(GAME_VARIABLE, "")
    (nowhere / "game.yaml").write_text("name: here\n")
    assert chosen_game(None) == str(nowhere)


def test_the_game_folder_you_are_in_comes_next(nowhere, monkeypatch):
    _data_folder(monkeypatch, nowhere, ["only"])   # would be chosen, but the current folder wins
    (nowhere / "game.yaml").write_text("name: here\n")
    assert chosen_game(None) == str(nowhere)


def test_then_the_only_game_under_data(nowhere, monkeypatch):
    _data_folder(monkeypatch, nowhere, ["only"])
    assert chosen_game(None) == "only"


def test_several_games_and_no_hint_is_refused_naming_them(nowhere, monkeypatch):
    data = _data_folder(monkeypatch, nowhere, ["beta", "alpha"])
    with pytest.raises(GameNotFoundError) as refused:
        chosen_game(None, "check")
    message = str(refused.value)
    assert f"the games in {data} are alpha, beta (see dragon-pnp games)" in message
    assert "dragon-pnp check GAME" in message and f"{GAME_VARIABLE}=GAME" in message
    assert refused.value.exit_code == 2


def test_no_game_at_all_says_how_to_make_one(nowhere, monkeypatch):
    _data_folder(monkeypatch, nowhere, [])
    with pytest.raises(GameNotFoundError, match=r"there is no game in .*; make one with: dragon-pnp new NAME"):
        chosen_game(None)


@pytest.mark.parametrize("argv, command", [
    (["build", "--no-check"], "build"), (["validate"], "validate"), (["check", "--games", "1"], "check"),
    (["export", "tts"], "export tts"), (["export", "service", "tgc"], "export service tgc"),
    (["studio", "--no-browser"], "studio"), (["play", "--new"], "play"), (["decks", "--json"], "decks"),
])
def test_every_command_without_a_game_here_exits_2_naming_the_games(argv, command, nowhere, capsys):
    with pytest.raises(SystemExit) as done:
        main(argv)
    err = capsys.readouterr().err
    assert done.value.code == 2, err
    assert f"no GAME given and none implied: the games in {ROOT / 'data'} are {GAMES}" in err
    assert f"dragon-pnp {command} GAME" in err
    assert "Traceback" not in err and not any(nowhere.iterdir()), "nothing written"


def _cli(*args: str, cwd: Path, game: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != GAME_VARIABLE}
    if game is not None:
        env[GAME_VARIABLE] = game
    return subprocess.run([sys.executable, "-m", "dragon_pnp", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


def test_the_command_line_plays_the_game_the_environment_names(tmp_path):
    run = _cli("play", "--new", "--seed", "3", "--legal", "--json", cwd=tmp_path, game="dragon_dance")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["decision"] == "die"   # Dragon Dance opens with a die choice


def test_the_command_line_validates_the_game_folder_it_runs_in(tmp_path):
    folder = make_game("mygame", tmp_path)
    run = _cli("validate", "--json", cwd=folder)
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads(run.stdout)["game"] == "mygame"


def test_play_takes_the_positions_game_before_the_environment(tmp_path):
    start = _cli("play", "dragon_dance", "--new", "--seed", "3", cwd=tmp_path)
    assert start.returncode == 0, start.stderr
    position = tmp_path / "start.yaml"
    position.write_text(start.stdout)
    run = _cli("play", "--position", str(position), "--legal", cwd=tmp_path, game="dragon_pants")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("# knight decides (die):")


def test_without_a_hint_the_command_line_refuses_without_a_traceback(tmp_path):
    run = _cli("validate", cwd=tmp_path)
    assert run.returncode == 2
    assert f"are {GAMES} (see dragon-pnp games)" in run.stderr and "Traceback" not in run.stderr


def test_a_position_naming_no_game_is_refused_naming_the_file(nowhere, capsys):
    position = ROOT / "tests" / "games" / "dragon_pants" / "positions" / "bite.yaml"   # hand-written, no `game:`
    with pytest.raises(SystemExit) as done:
        main(["play", "--position", str(position), "--legal"])
    err = capsys.readouterr().err
    assert done.value.code == 2 and "Traceback" not in err
    assert f"{position}: the position names no game (a top-level `game:`); no GAME given and none implied" in err


@pytest.mark.parametrize("how", ["given", "variable", "only game"])
def test_a_game_is_resolved_once_per_process(nowhere, monkeypatch, how):
    """The fast lane and the Typer command it hands over to ask game_folder the same question:
    the folder is looked up once, whichever way GAME was named."""
    import dragon_pnp.data.game_dir as game_dir
    import dragon_pnp.resources

    data = _data_folder(monkeypatch, nowhere, ["solo"])
    monkeypatch.setattr(dragon_pnp.resources, "game_search_path", lambda: [data])
    calls: list[str] = []
    real = game_dir.resolve_game_dir

    def counting(game):
        calls.append(str(game))
        return real(game)

    monkeypatch.setattr(game_dir, "resolve_game_dir", counting)
    monkeypatch.setattr(game_choice, "_RESOLVED", {})
    given = str(data / "solo") if how == "given" else None
    if how == "variable":
        monkeypatch.setenv(GAME_VARIABLE, str(data / "solo"))
    first, second = game_choice.game_folder(given), game_choice.game_folder(given, "studio")
    assert first == second and first.name == "solo"
    assert len(calls) == 1, calls
