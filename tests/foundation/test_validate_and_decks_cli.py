"""The validate and decks commands as a user runs them: exit codes, tables, JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ENV = {"COLUMNS": "120", "PATH": "/usr/bin:/bin"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dragon_pnp", *args], capture_output=True, text=True, env=ENV)


def test_validate_passes_on_the_canonical_data() -> None:
    result = run("validate", "dragon_pants")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "dragon_pants: valid" in result.stdout
    assert "Every preset ends (R2)" in result.stdout


def test_validate_json_lists_every_check() -> None:
    result = run("validate", "dragon_pants", "--json")
    payload = json.loads(result.stdout)
    assert payload["valid"] is True and payload["exit_code"] == 0
    assert {c["name"] for c in payload["checks"]} >= {"ids", "box", "board", "seats", "presets", "deck_rules"}


def test_validate_json_reports_schema_errors(game_copy: Path) -> None:
    game_file = game_copy / "game.yaml"
    game_file.write_text(game_file.read_text().replace("hand_limit: 3", "hand_limit: -3"))
    result = run("validate", str(game_copy), "--json")
    assert result.returncode == 2
    error = json.loads(result.stdout)["errors"][0]
    assert error["field"] == "settings.hand_limit" and error["line"] is not None


def test_unknown_game_is_a_clear_error() -> None:
    result = run("validate", "no_such_game")
    assert result.returncode == 2
    assert "no_such_game: no such game folder" in result.stderr
    assert "Traceback" not in result.stderr


def test_decks_table_shows_all_presets() -> None:
    result = run("decks", "dragon_pants")
    assert result.returncode == 0
    for name in ("standard", "volatile", "long"):
        assert name in result.stdout


def test_decks_json_for_presets_and_custom_deck() -> None:
    presets = json.loads(run("decks", "dragon_pants", "--json").stdout)
    assert [p["preset"] for p in presets] == ["standard", "volatile", "long"]
    assert [p["length"] for p in presets] == [10, 10, 20]
    custom = json.loads(run("decks", "dragon_pants", "--deck", "-1x13,-2x1,+1x3,+2x1", "--length", "10", "--json").stdout)
    assert custom[0]["draws"] == presets[0]["draws"]
    assert custom[0]["p_last_card"] == presets[0]["p_last_card"]


def test_decks_rejects_a_malformed_deck() -> None:
    result = run("decks", "dragon_pants", "--deck", "-1x13,+1y3")
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
