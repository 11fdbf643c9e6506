"""`dragon-pnp build` with a broken rules.md: one located line, exit 2, the previous kit untouched."""

from __future__ import annotations

import pytest

from dragon_pnp.build import pipeline
from dragon_pnp.cli import main


@pytest.fixture
def rulebook_only(monkeypatch):
    """Run just the rulebook step, so the test does not wait for the whole print kit."""
    monkeypatch.setattr(pipeline, "STEPS", [pipeline.Step("Rulebook", "dragon_pnp.rulebook.build:build_step")])


def test_build_writes_the_rulebook(game_copy, tmp_path, rulebook_only, capsys):
    out = tmp_path / "kit"
    with pytest.raises(SystemExit) as exit_info:
        main(["build", str(game_copy), "--out", str(out), "--no-check", "--paper", "a4"])
    assert exit_info.value.code == 0
    assert (out / "rulebook.pdf").read_bytes().startswith(b"%PDF")
    assert (out / "player-aid.pdf").is_file()


def test_broken_rules_text_fails_cleanly_and_keeps_the_old_kit(game_copy, tmp_path, rulebook_only, capsys):
    out = tmp_path / "kit"
    out.mkdir()
    (out / "rulebook.pdf").write_bytes(b"previous build")
    rules = game_copy / "rules.md"
    lines = rules.read_text().splitlines()
    lines.insert(20, "There are {{ game.players.maximum }} seats.")
    rules.write_text("\n".join(lines) + "\n")
    with pytest.raises(SystemExit) as exit_info:
        main(["build", str(game_copy), "--out", str(out), "--no-check"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "rules.md:21:" in err and "maximum" in err and "Traceback" not in err
    assert (out / "rulebook.pdf").read_bytes() == b"previous build"
