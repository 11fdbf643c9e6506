"""Table timings for the playing-time estimate: read from the game's data, bad values located."""

from __future__ import annotations

import subprocess
import sys

import pytest

from generator.data import load_game
from generator.errors import DataErrors
from generator.report.playtime import table_minutes
from generator.report.record import GameRecord
from tests.conftest import ROOT


def test_minutes_follow_the_data(game_copy):
    timing = load_game(game_copy).playtime
    record = GameRecord(seed=1, players=2, seat_policies=("random", "random"), first=0, reason="time", winner=0,
                        turns=30, rounds=15, destiny_draws=12, actions=50, last_card=False, pants_changes=0,
                        winner_without_pants=0, since_last_change=30)
    expected = timing.setup_minutes + (30 * timing.seconds_per_turn + 50 * timing.seconds_per_action
                                       + 12 * timing.seconds_per_destiny_draw) / 60
    assert table_minutes(timing, record) == pytest.approx(expected)
    (game_copy / "playtime.yaml").unlink()
    assert load_game(game_copy).playtime is None


def test_a_bad_timing_is_a_located_error(game_copy):
    path = game_copy / "playtime.yaml"
    path.write_text(path.read_text().replace("seconds_per_action: 10", "seconds_per_action: -4"))
    with pytest.raises(DataErrors) as caught:
        load_game(game_copy)
    message = str(caught.value.errors[0])
    assert "playtime.yaml:" in message and "seconds_per_action" in message and "greater than or equal to 0" in message
    for arguments in (["check", str(game_copy), "--games", "1"], ["validate", str(game_copy)]):
        run = subprocess.run([sys.executable, "-m", "generator", *arguments], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 2 and "seconds_per_action" in run.stderr and "Traceback" not in run.stderr
