"""Commands a game's rules module brings (its `CommandsPart`): found through the registry,
given GAME by the command line, refused for a game whose module lacks them, loaded only when needed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from dragon_pnp.cli import main
from dragon_pnp.cli.game_commands import game_command
from dragon_pnp.cli.new import make_game
from dragon_pnp.data.loader import project_root
from dragon_pnp.errors import NotationError
from dragon_pnp.games import registry
from dragon_pnp.games.api import GameModule
from dragon_pnp.games.parts import CommandsPart

ROOT = project_root()


def greet(data, times: int = typer.Option(1, "--times", help="How many greetings.")) -> int:
    """Say the game's name."""
    print(" ".join([f"hello {data.slug}"] * times))
    return 0


class GreeterCommands(CommandsPart):
    def commands(self) -> dict:
        return {"greet": greet}


class Greeter(GameModule):
    """A rules module with one command of its own and no rules (enough for the command line)."""

    slug = "toy_greeter"
    parts = (GreeterCommands,)


@pytest.fixture(scope="module")
def greeter_game(tmp_path_factory) -> Path:
    registry.register(Greeter())
    folder = make_game("greeted", tmp_path_factory.mktemp("games"))
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text() + "rules_module: toy_greeter\n")
    return folder


def _app() -> typer.Typer:
    app = typer.Typer()
    app.callback()(lambda: None)   # a group, so the command keeps its name
    app.command("greet")(game_command("greet", {"toy_greeter": greet}))
    return app


def test_the_registry_offers_dragon_pants_decks():
    commands = registry.game_commands()
    assert list(commands["decks"]) == ["dragon_pants"]   # and no other shipped game has a command
    assert set(commands) - {"decks"} <= {"greet"}          # (the toy below, once registered)
    assert commands["decks"]["dragon_pants"].__module__ == "dragon_pnp.games.dragon_pants.cli_decks"


def test_a_game_command_gets_game_and_its_options(greeter_game):
    result = CliRunner().invoke(_app(), ["greet", str(greeter_game), "--times", "2"])
    assert result.exit_code == 0, result.output
    assert result.output == "hello greeted hello greeted\n"
    shown = CliRunner().invoke(_app(), ["greet", "--help"], env={"COLUMNS": "120"}).output
    assert "Say the game's name." in shown and "--times" in shown and "DRAGON_PNP_GAME" in shown


def test_a_game_whose_module_lacks_the_command_is_refused(greeter_game, tmp_path):
    result = CliRunner().invoke(_app(), ["greet", "dragon_line"])
    assert isinstance(result.exception, NotationError) and result.exception.exit_code == 2
    assert str(result.exception) == ("dragon_line has no 'greet' command: 'greet' comes with the toy_greeter rules "
                                     "module, and dragon_line is played by the dragon_line rules module")
    plain = make_game("plain", tmp_path)
    result = CliRunner().invoke(_app(), ["greet", str(plain)])
    assert str(result.exception).endswith("and plain has no rules module")


def test_decks_of_a_game_without_it_exits_2(capsys):
    with pytest.raises(SystemExit) as done:
        main(["decks", "dragon_line"])
    err = capsys.readouterr().err
    assert done.value.code == 2 and "Traceback" not in err
    assert "error: dragon_line has no 'decks' command: 'decks' comes with the dragon_pants rules module" in err


def test_decks_follows_the_chosen_game(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("DRAGON_PNP_GAME", "dragon_pants")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as done:
        main(["decks", "--json"])
    assert done.value.code == 0
    assert [p["preset"] for p in json.loads(capsys.readouterr().out)] == ["standard", "volatile", "long"]


def _games_loaded_by(argv: list[str]) -> tuple[list[str], str]:
    code = ("import sys\nfrom dragon_pnp.cli import main\n"
            f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
            "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('dragon_pnp.games.dragon_')}), "
            "file=sys.stderr)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env={"PATH": "/usr/bin:/bin", "COLUMNS": "120"})
    return json.loads(run.stderr.strip().splitlines()[-1].replace("'", '"')), run.stdout


def test_help_lists_the_games_commands_and_the_cli_own_commands_load_no_game():
    loaded, shown = _games_loaded_by(["--help"])
    assert loaded == ["dragon_dance", "dragon_line", "dragon_pants"]
    assert "decks" in shown and "Exact Destiny maths" in shown
    loaded, shown = _games_loaded_by(["games", "--json"])
    assert loaded == [] and "dragon_line" in shown
