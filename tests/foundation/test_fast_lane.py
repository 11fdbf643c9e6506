"""The fast lane (dragon_pnp/cli/fast.py) answers `games --json` without Typer, exactly as the Typer
command does, and leaves every command line it is unsure of to the Typer app."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from dragon_pnp.cli.fast import _parse_build, answer
from dragon_pnp.data.loader import project_root

# Prints, at exit, whether the process imported Typer.
TYPER_SEEN = ("import atexit, sys; atexit.register(lambda: print('typer:', 'typer' in sys.modules, file=sys.stderr)); ")
FAST = TYPER_SEEN + "import dragon_pnp.cli as cli; cli.main(sys.argv[1:])"
TYPER = TYPER_SEEN + "from dragon_pnp.cli.entry import main; main(sys.argv[1:])"


def _run(code: str, *args: str) -> tuple[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120,
                          env={**env, "PYTHONPATH": str(project_root())}, cwd=project_root())
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr.rsplit("typer: ", 1)[-1].strip()


@pytest.mark.parametrize("args", [["games", "--json"], ["games", "--json", "--dir", "examples"],
                                  ["games", "--dir", "examples", "--json"], ["games", "--json", "--dir", "no-such"]])
def test_games_json_is_the_typer_commands_output_without_typer(args: list[str]) -> None:
    fast, fast_typer = _run(FAST, *args)
    slow, slow_typer = _run(TYPER, *args)
    assert fast == slow and fast.startswith("[")
    assert (fast_typer, slow_typer) == ("False", "True")


def test_the_table_and_help_go_to_typer() -> None:
    _, typer_used = _run(FAST, "games")
    assert typer_used == "True"
    assert answer(["games", "--json", "--dir"]) is None
    assert answer(["games", "--help"]) is None
    assert answer(["check", "dragon_pants"]) is None


@pytest.mark.parametrize("args, parsed", [
    (["dragon_pants", "--no-check"], ("dragon_pants", None, False, True, None)),
    (["--paper", "a4", "g", "--out=o", "--no-duplex"], ("g", "a4", True, False, "o")),
    ([], (None, None, False, False, None)),
    (["g", "--pdfx"], None),                 # an option the fast lane leaves to Typer
    (["g", "--service", "tgc"], None),
    (["g", "h"], None),                      # two games: Typer's error
    (["g", "--paper"], None),                # a missing value: Typer's error
    (["g", "--paper", "--no-check"], None),
    (["g", "--no-check", "--no-check"], None),
    (["g", "--help"], None),
    (["g", "--out="], None),
])
def test_build_command_lines_the_fast_lane_reads(args: list[str], parsed) -> None:
    assert _parse_build(args) == parsed


def test_the_build_option_table_is_what_the_typer_command_declares() -> None:
    """One table (dragon_pnp/cli/build_options.py) feeds both parsers: every option Typer's build
    takes is in it with the same flag and kind, and nothing else is."""
    import typer.main

    from dragon_pnp.cli.app import app
    from dragon_pnp.cli.build_options import BUILD_OPTIONS
    from dragon_pnp.cli.entry import load_commands

    load_commands(["build"])
    command = typer.main.get_command(app).commands["build"]  # type: ignore[attr-defined]
    declared = {param.name: (tuple(param.opts), not param.is_flag) for param in command.params
                if param.param_type_name == "option" and param.name != "help"}
    assert declared == {option.name: ((option.flag,), option.takes_value) for option in BUILD_OPTIONS}
