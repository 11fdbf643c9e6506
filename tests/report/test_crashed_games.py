"""A run whose games crashed is not a result: `check` and the build's check step fail with the
first engine error located in the rules module (not in the library it called), no balance
finding is drawn from crashed games, and a game that runs past its time limit is stopped and
named. The broken game is a copy of examples/goofspiel whose rules raise."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dragon_pnp.build.context import BuildContext, BuildOptions
from dragon_pnp.errors import RuleCheckError
from dragon_pnp.games.registry import load_game
from dragon_pnp.report.build import build_step
from dragon_pnp.report.check import CheckSettings, Execution, run_check
from dragon_pnp.report.plan import Config
from dragon_pnp.report.simulate import Job, play_batch
from tests.conftest import ROOT

LEGAL = "        return [Bid(v) for v in self.hands[seat]] if seat in self.to_move() else []\n"


def broken_goofspiel(tmp_path: Path, body: str, name: str = "broken") -> tuple[Path, int]:
    """A copy of goofspiel whose `legal_actions` runs `body` instead; returns the folder and the
    line of game.py that now holds it."""
    folder = tmp_path / name / "goofspiel"
    shutil.copytree(ROOT / "examples" / "goofspiel", folder, ignore=shutil.ignore_patterns("__pycache__"))
    source = folder / "rules" / "game.py"
    text = source.read_text()
    assert LEGAL in text
    line = text[: text.index(LEGAL)].count("\n") + 1
    source.write_text(text.replace(LEGAL, f"        {body}\n"))
    return folder, line


def test_check_exits_non_zero_naming_the_line_in_the_rules(tmp_path):
    # random.choice of an empty list raises inside random.py; the error must point at game.py
    folder, line = broken_goofspiel(tmp_path, "import random; return [Bid(random.choice(self.hands[seat][:0]))]")
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, "-m", "dragon_pnp", "check", str(folder), "--games", "6", "--duel-games", "0",
                          "--ladder-games", "0",   # the ladder stops at its own first crash, located alike
                          "--policy", "random", "--jobs", "1", "--out", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stdout + run.stderr
    assert f"rules/game.py:{line}" in run.stderr and "random.py" not in run.stderr
    assert "Traceback" not in run.stderr and "6 simulated games stopped with an engine error" in run.stderr
    report = json.loads((out / "rules-check.json").read_text())
    assert [f["topic"] for f in report["findings"]] == ["engine error"]   # nothing else from crashed games


def test_one_crashed_game_among_good_ones_still_fails_and_draws_no_balance_finding(tmp_path):
    # only games whose deck starts with the 13 face up crash: most games end by the rules
    folder, line = broken_goofspiel(
        tmp_path, "assert self.prize != 13 or len(self.deck) < 12, 'odd prize'; "
                  "return [Bid(v) for v in self.hands[seat]] if seat in self.to_move() else []")
    game = load_game(folder)
    report = run_check(game, CheckSettings(games=40, duel_games=0, policies=("random",), seed=4), Execution(jobs=1))
    errors = report["configs"][0]["errors"]
    assert 0 < errors["count"] < 40
    assert all(f"rules/game.py:{line}" in case["message"] for case in errors["cases"])
    assert {f["topic"] for f in report["findings"]} == {"engine error"}
    with pytest.raises(RuleCheckError, match=f"rules/game.py:{line}"):
        build_step(BuildContext(game, BuildOptions(check_games=20), tmp_path / "kit"))
    assert not (tmp_path / "kit" / "rules-check.json").exists()


def test_a_step_past_the_time_limit_is_stopped_and_named(tmp_path, monkeypatch):
    # a rules loop that swallows every Exception must still be stopped: the rules' per-step time
    # limit (dragon_pnp.games.boundary) raises a BaseException, and the check ends naming the
    # module's method and line, the game's seed and the step it was in
    folder, line = broken_goofspiel(tmp_path, "while True:\n            try: pass\n            except Exception: pass")
    monkeypatch.setenv("DRAGON_PNP_RULES_STEP_LIMIT", "0.5")
    game = load_game(folder)
    job = Job(str(folder.resolve()), game.module.slug)
    config = Config(players=2, setup="", policy="random")
    from dragon_pnp.errors import RulesModuleError
    from dragon_pnp.report.plan import Batch

    with pytest.raises(RulesModuleError) as stopped:
        play_batch(job, Batch(config, 0, 0, 1, 7))
    message = str(stopped.value)
    assert "seed" in message and "seat 1's player (random) chose decision 1" in message
    assert any(f"rules/game.py:{n}" in message for n in (line, line + 1, line + 2)), message


def test_the_default_build_step_passes_a_sound_game(tmp_path):
    game = load_game(ROOT / "examples" / "goofspiel")
    context = BuildContext(game, BuildOptions(check_games=4), tmp_path)
    build_step(context)
    assert "rules-check.json" in context.artifacts


def test_the_studio_balance_check_reports_the_crash_as_its_error(tmp_path):
    folder, line = broken_goofspiel(tmp_path, "import random; return [Bid(random.choice(self.hands[seat][:0]))]")
    out = tmp_path / "report.json"
    run = subprocess.run([sys.executable, "-m", "dragon_pnp.studio.balance_runner", str(folder), str(out),
                          "--games", "3"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    errors = [text for text in run.stdout.splitlines() if text.startswith("error: ")]
    assert len(errors) == 1 and f"rules/game.py:{line}" in errors[0] and "stopped with an engine error" in errors[0]
    assert not out.exists()
