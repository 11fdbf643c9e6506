"""Table timings for the playing-time estimate: read from the game's data, bad values located."""

from __future__ import annotations

import pytest

from dragon_pnp.cli import main
from dragon_pnp.errors import DataErrors
from dragon_pnp.games.dragon_pants import GAME
from dragon_pnp.games.registry import load_game
from dragon_pnp.report.plan import Config
from dragon_pnp.report.simulate import Table, play_game


def test_minutes_follow_the_data(game_copy):
    game = load_game(game_copy)
    timing = game.playtime
    record = play_game(Table(GAME, game, GAME.make_rules(game)), Config(3, "standard", "greedy"), seed=21)
    m = record.metrics
    assert m["turns"] > 10 and m["actions"] > m["turns"] and m["destiny_draws"] > 0
    expected = timing.setup_minutes + (m["turns"] * timing.seconds_per_turn + m["actions"] * timing.seconds_per_action
                                       + m["destiny_draws"] * timing.seconds_per_destiny_draw) / 60
    assert record.minutes == pytest.approx(expected)
    (game_copy / "playtime.yaml").unlink()
    game = load_game(game_copy)
    assert game.playtime is None
    assert play_game(Table(GAME, game, GAME.make_rules(game)), Config(3, "standard", "greedy"), seed=21).minutes is None


def test_a_bad_timing_is_a_located_error(game_copy, capsys):
    path = game_copy / "playtime.yaml"
    path.write_text(path.read_text().replace("seconds_per_action: 10", "seconds_per_action: -4"))
    with pytest.raises(DataErrors) as caught:
        load_game(game_copy)
    message = str(caught.value.errors[0])
    assert "playtime.yaml:" in message and "seconds_per_action" in message and "greater than or equal to 0" in message
    for arguments in (["check", str(game_copy), "--games", "1"], ["validate", str(game_copy)]):
        with pytest.raises(SystemExit) as done:   # in-process: the same words, no child's imports
            main(arguments)
        out, err = capsys.readouterr()
        assert done.value.code == 2 and "seconds_per_action" in err and "Traceback" not in out + err
