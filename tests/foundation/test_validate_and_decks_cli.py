"""The validate and decks commands as a user runs them: exit codes, tables, JSON.

The tables, JSON and messages are read from `main` in the test process (`in_process`); a child
process each, importing the package again (~0.8 CPU s), is kept where the process is the point:
its exit code on usage errors and an unknown game, and the console script (issue 30)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.in_process import run_cli

ENV = {"COLUMNS": "120", "PATH": "/usr/bin:/bin"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dragon_pnp", *args], capture_output=True, text=True, env=ENV)


def in_process(*args: str) -> subprocess.CompletedProcess[str]:
    """`dragon-pnp ARGS` through `main` in this process, on the same terminal width as `run`."""
    return run_cli(*args, env={"COLUMNS": ENV["COLUMNS"]})


@pytest.fixture(scope="module")
def validate_in_process() -> Iterator[Callable[..., tuple[int, str]]]:
    """`dragon-pnp validate ARGS` through `main`, as the console command calls it: (exit code,
    stdout). The in-memory layout of a game (5 of the 6 CPU s of validating Dragon Pants) is done
    once here and handed to both calls: the table and the JSON are two views of the same checks
    (the process itself is tested below: exit 2, usage errors, the console script)."""
    from dragon_pnp.cli import main, validate

    laid_out: dict[str, list[Any]] = {}
    real = validate.rehearse

    def rehearse_once(data: Any) -> list[Any]:
        key = str(data.root)
        if key not in laid_out:
            laid_out[key] = list(real(data))
        return laid_out[key]

    def call(*args: str) -> tuple[int, str]:
        code = 0
        with pytest.MonkeyPatch.context() as patch, validate.console.capture() as out:
            patch.setattr(validate, "rehearse", rehearse_once)
            patch.setenv("COLUMNS", "120")   # as the user's terminal in `run` above
            try:
                main(list(args))
            except SystemExit as exc:
                code = int(exc.code or 0)
        return code, out.get()

    yield call


def test_validate_passes_on_the_canonical_data(validate_in_process) -> None:
    code, out = validate_in_process("validate", "dragon_pants")
    assert code == 0, out
    assert "dragon_pants: valid" in out
    assert "Every preset ends (R2)" in out


def test_validate_json_lists_every_check(validate_in_process) -> None:
    code, out = validate_in_process("validate", "dragon_pants", "--json")
    payload = json.loads(out)
    assert code == 0 and payload["valid"] is True and payload["exit_code"] == 0
    assert {c["name"] for c in payload["checks"]} >= {"ids", "box", "board", "seats", "presets", "deck_rules", "layout"}


def test_validate_json_reports_schema_errors(game_copy: Path) -> None:
    game_file = game_copy / "game.yaml"
    game_file.write_text(game_file.read_text().replace("hand_limit: 3", "hand_limit: -3"))
    result = in_process("validate", str(game_copy), "--json")
    assert result.returncode == 2
    error = json.loads(result.stdout)["errors"][0]
    assert error["field"] == "settings.hand_limit" and error["line"] is not None


def test_unknown_game_is_a_clear_error() -> None:
    result = run("validate", "no_such_game")
    assert result.returncode == 2
    assert "no_such_game: no such game folder" in result.stderr
    assert "Traceback" not in result.stderr


def test_decks_table_shows_all_presets() -> None:
    result = in_process("decks", "dragon_pants")
    assert result.returncode == 0
    for name in ("standard", "volatile", "long"):
        assert name in result.stdout


def test_decks_json_for_presets_and_custom_deck() -> None:
    presets = json.loads(in_process("decks", "dragon_pants", "--json").stdout)
    assert [p["preset"] for p in presets] == ["standard", "volatile", "long"]
    assert [p["length"] for p in presets] == [10, 10, 20]
    custom = json.loads(in_process("decks", "dragon_pants", "--deck", "-1x13,-2x1,+1x3,+2x1", "--length", "10",
                                   "--json").stdout)
    assert custom[0]["draws"] == presets[0]["draws"]
    assert custom[0]["p_last_card"] == presets[0]["p_last_card"]


def test_decks_rejects_a_malformed_deck() -> None:
    result = in_process("decks", "dragon_pants", "--deck", "-1x13,+1y3")
    assert result.returncode == 2
    assert "--deck item 2 '+1y3'" in result.stderr


def test_python_dash_m_and_console_script_agree() -> None:
    script = Path(sys.executable).with_name("dragon-pnp")
    if not script.exists():
        return  # running outside the project's virtual environment
    direct = subprocess.run([str(script), "decks", "dragon_pants", "--json"], capture_output=True, text=True, env=ENV)
    assert direct.stdout == run("decks", "dragon_pants", "--json").stdout


def test_usage_errors_exit_2_without_a_traceback() -> None:
    for arguments in (["decks", "dragon_pants", "--length"], ["validate", "--no-such-flag"], ["no-such-command"]):
        result = run(*arguments)
        assert result.returncode == 2, arguments
        assert "Traceback" not in result.stderr and result.stderr.strip(), arguments
