"""The skill ladder: Holm's correction by hand, who is called strong, and the words a report
uses for strong play following the ladder, never the player's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_pnp.games.registry import load_game
from dragon_pnp.report.duel import DuelResult
from dragon_pnp.report.ladder import holm, judge, play_ladder
from dragon_pnp.report.strong_play import _said

HIGH_CARD = Path(__file__).parent / "fixtures" / "high_card"


def test_holm_steps_down_until_the_first_p_value_that_fails():
    # sorted: 0.001 <= 0.05/4, 0.011 <= 0.05/3 = 0.0167, then 0.03 > 0.05/2 = 0.025 stops (0.04 too)
    assert holm([0.03, 0.001, 0.011, 0.04]) == [False, True, True, False]
    assert holm([0.03, 0.001, 0.011, 0.02]) == [True, True, True, True]   # 0.02 <= 0.025, 0.03 <= 0.05
    # 0.02 > 0.05/3 stops at once, though 0.02 alone would pass at 5 %
    assert holm([0.02, 0.04, 0.03]) == [False, False, False]
    assert holm([]) == []


def _duel(a: str, b: str, share: float, games: int = 100) -> DuelResult:
    wins = round(share * games)
    return DuelResult(a, b, games, wins, games - wins, 0, wins / games, (0.0, 1.0), {a: 1.0, b: 1.0},
                      deal_shares=tuple([wins / games] * (games // 2)))


def test_a_player_that_beats_every_other_beyond_chance_is_strong():
    ladder = judge([_duel("random", "greedy", 0.1), _duel("random", "search", 0.05), _duel("greedy", "search", 0.2)],
                   ["random", "greedy", "search"], 100, 2, 1)
    assert ladder.strong == "search" and ladder.best == "search"
    assert ladder.share("search", "greedy") == pytest.approx(0.8)
    assert "search is the verified strong player" in ladder.verdict()
    assert "Holm over 3 pairings of 100 mirrored games" in ladder.verdict()


def test_one_pairing_within_chance_leaves_no_verified_strong_player():
    # search beats random clearly but greedy only 55-45 over 100 games: p = 0.32, within chance
    ladder = judge([_duel("random", "greedy", 0.1), _duel("random", "search", 0.05), _duel("greedy", "search", 0.45)],
                   ["random", "greedy", "search"], 100, 2, 1)
    assert ladder.strong is None and ladder.best == "search"
    assert ladder.verdict().startswith("No verified strong player exists for this game")
    assert "Best so far: search" in ladder.verdict()


def test_the_toy_ladder_finds_its_strong_player():
    game = load_game(HIGH_CARD)
    # high beats low and random every game they differ; 3 pairings of 20 games
    ladder = play_ladder(game, game.module, ["random", "low", "high"], 20, 1, jobs=1)
    assert ladder.strong == "high"
    assert [p.duel.games for p in ladder.pairings] == [20, 20, 20]
    assert ladder.to_json()["pairings"][0].keys() >= {"a", "b", "share", "ci", "p_value", "beyond_chance"}
    assert "ms_per_decision" not in ladder.to_json()["pairings"][0]   # a report holds no times


@pytest.mark.parametrize("ladder, words", [
    ({"strong": "search:20"}, "held under stronger play (search:20 is the ladder's verified strong player)"),
    ({"strong": "greedy"}, "held between these players (the ladder verified greedy as strong, not search:20)"),
    ({"strong": None}, "held between these players (the ladder verified none of them as strong)"),
    (None, "held between these players (no ladder was played"),
])
def test_strong_play_is_claimed_only_where_the_ladder_verified_it(ladder, words):
    report = {"settings": {"reference": "search:20"}, "ladder": ladder}
    assert words in _said("held", report)


def test_the_check_plays_the_ladder_and_its_report_says_the_verdict():
    from dragon_pnp.report.check import CheckSettings, Execution, run_check

    game = load_game(HIGH_CARD)
    report = run_check(game, CheckSettings(games=4, duel_games=2, ladder_games=10, search_games=2),
                       Execution(jobs=1))
    ladder = report["ladder"]
    assert ladder["policies"] == ["random", "high", "low", "search:20"] and ladder["tests"] == 6
    (high_low,) = [p for p in ladder["pairings"] if {p["a"], p["b"]} == {"high", "low"}]
    assert high_low["share"] == (1.0 if high_low["a"] == "high" else 0.0) and high_low["games"] == 10
    assert report["settings"]["ladder_games"] == 10
    assert any(f["topic"] == "ladder" and f["text"] == ladder["verdict"] for f in report["findings"])
    # the same seed plays the same ladder (the seed games' byte-for-byte check tests skip their
    # ladders, whose search pairings cost minutes in Dragon Line)
    again = run_check(game, CheckSettings(games=4, duel_games=2, ladder_games=10, search_games=2), Execution(jobs=2))
    assert again["ladder"] == ladder
