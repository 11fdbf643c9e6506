"""The search on a toy game whose answer is known by hand (`fixtures/coin`: seat 1 wins when a
seeded draw u in 0..1 falls below heads_in_20 / 20, so its share is heads_in_20 / 20), the
answer's JSON shape, schema limits, and targets named as the check names figures."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dragon_pnp.errors import NotationError
from dragon_pnp.games.registry import load_game
from dragon_pnp.tune.runner import TuneRequest, run_tune
from dragon_pnp.tune.search import first_look
from dragon_pnp.tune.targets import Target, parse_target, resolve_figure
from dragon_pnp.tune.writers import text_report

COIN = Path(__file__).parent / "fixtures" / "coin"
FIGURES = ["heads (seat 1) wins", "tails (seat 2) wins", "first player wins", "draws", "rounds", "minutes",
           "ended: flip"]


@pytest.fixture(scope="module")
def half() -> dict:
    """Heads' share 0.30 (6 in 20) tuned to 0.50 ± 0.05: only 10 in 20 sits within GOAL (half a
    tolerance) of it, and 9 and 11 sit on the band's edges."""
    request = TuneRequest(targets=["heads wins=0.50±0.05"], budget=120, jobs=1)
    return run_tune(load_game(COIN), request)


def test_the_search_finds_the_number_known_by_hand_and_verifies_it(half):
    best = half["proposals"][0]
    assert [(e["path"], e["old"], e["new"]) for e in best["edits"]] == [("settings.heads_in_20", "6", "10")]
    assert best["verified"]["verdict"] == "met"
    interval = best["verified"]["figures"]["heads (seat 1) wins"]
    assert 0.45 <= interval["low"] < 0.5 < interval["high"] <= 0.55
    assert half["met"] and not half["already_met"]
    assert half["current"]["heads (seat 1) wins"]["value"] == pytest.approx(0.30, abs=0.06)   # 320 games


def test_the_other_figures_that_moved_are_named_with_the_correction(half):
    moved = half["proposals"][0]["verified"]["moved"]
    assert [m["figure"] for m in moved] == ["heads (seat 1) wins = tails (seat 2) wins = first player wins"]
    assert moved[0]["verdict"] == "beyond chance" and moved[0]["new"] > moved[0]["old"]


def test_the_answer_as_data_has_the_shape_docs_tune_md_names(half):
    assert list(half) == ["version", "game", "config", "targets", "knobs", "current", "already_met", "met",
                          "candidates", "games", "seconds", "stopped", "interrupted", "proposals"]
    assert half["config"] == {"players": 2, "setup": "", "policy": "lookahead", "seed": 1}
    assert half["targets"] == [{"figure": "heads (seat 1) wins", "value": 0.5, "tolerance": 0.05}]
    assert half["knobs"] == ["game.yaml:settings.heads_in_20"]
    proposal = half["proposals"][0]
    assert list(proposal) == ["rank", "edits", "search_games", "search_estimate", "verified"]
    assert proposal["edits"][0] == {"file": "game.yaml", "line": 12, "column": 16, "path": "settings.heads_in_20",
                                    "old": "6", "new": "10"}
    assert list(proposal["verified"]) == ["verdict", "games", "level", "figures", "moved"]
    assert half["games"]["total"] == half["games"]["search"] + half["games"]["verify"]


def test_values_the_schema_refuses_are_skipped_and_counted(tmp_path):
    # 19 in 20 toward 1.0: the step to 21 is inside the given range but the settings allow at most 20
    folder = tmp_path / "coin"
    shutil.copytree(COIN, folder)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("heads_in_20: 6 ", "heads_in_20: 19"))
    # The search stops when 20 meets the target (7 CPU s on idle cores); the budget only has to
    # leave room for round 1 on a loaded machine, where 30 s ended before it (no proposal).
    request = TuneRequest(targets=["heads wins=1.0±0.02"], vary=["game.yaml:settings.heads_in_20=0..30"],
                          budget=120, jobs=1)
    found = run_tune(load_game(folder), request)
    assert found["candidates"]["invalid"] == 1
    assert "settings.heads_in_20: 19 -> 21" in found["candidates"]["invalid_example"]
    assert "less than or equal to 20" in found["candidates"]["invalid_example"]
    assert found["proposals"][0]["edits"][0]["new"] == "20"


def test_a_number_that_changes_nothing_is_no_answer():
    request = TuneRequest(targets=["heads wins=0.50±0.05"], vary=["game.yaml:settings.flips=1..5"], budget=30, jobs=1)
    found = run_tune(load_game(COIN), request)
    assert not found["met"]
    assert all(p["verified"]["verdict"] != "met" for p in found["proposals"])
    lines = text_report(found)
    assert lines[-1] == "The target was not met within the budget: the closest proposals are above."
    assert any(line.startswith("  game.yaml:13 settings.flips: 1 -> 2") for line in lines)


def test_no_change_ranks_above_edits_that_move_away_from_the_target():
    # heads 6 in 20 (0.30) toward 0.50, but only 0..6 allowed: the one step, 5 in 20 (0.25), is
    # farther from the target, so the closest proposal is the data as it is, and the answer says so
    request = TuneRequest(targets=["heads wins=0.50±0.05"], vary=["game.yaml:settings.heads_in_20=0..6"],
                          budget=10, jobs=1)
    found = run_tune(load_game(COIN), request)
    assert not found["met"]
    assert found["proposals"][0]["edits"] == []
    assert [(e["old"], e["new"]) for e in found["proposals"][1]["edits"]] == [("6", "5")]
    assert "no edit tried came closer to the targets than the current version" in found["stopped"]


def test_targets_are_parsed_in_fractions_or_percent():
    assert parse_target("first player wins=0.50±0.05") == Target("first player wins", 0.5, 0.05)
    assert parse_target("first player wins = 50 ± 5%") == Target("first player wins", 0.5, 0.05)
    assert parse_target("rounds=12+-2") == Target("rounds", 12, 2)
    for bad in ("knight wins=0.5", "knight wins", "=0.5±0.1", "rounds=12±0"):
        with pytest.raises(NotationError):
            parse_target(bad)


def test_a_figure_is_named_as_the_check_names_it_or_without_its_seat():
    assert resolve_figure(Target("Heads wins", 0.5, 0.1), FIGURES).figure == "heads (seat 1) wins"
    assert resolve_figure(Target("first player wins", 0.5, 0.1), FIGURES).figure == "first player wins"
    with pytest.raises(NotationError, match="is not a figure this game reports; known figures: heads"):
        resolve_figure(Target("knight wins", 0.5, 0.1), FIGURES)
    with pytest.raises(NotationError, match="is not a share"):
        resolve_figure(Target("draws", 5, 1), FIGURES)


def test_a_race_s_first_look_grows_with_the_time_it_can_buy():
    # By hand: half of 60 s over 3 looks of 10 candidates at 0.03 s a game buys 33 games, in
    # batches of 10: 30; 300 s would buy 166, capped at 160; a cheap game cannot go below 20,
    # and before any game is timed the first look is 20.
    assert first_look(60.0, 10, 0.03) == 30
    assert first_look(300.0, 10, 0.03) == 160
    assert first_look(5.0, 10, 0.03) == 20
    assert first_look(300.0, 10, 0.0) == 20


def test_the_current_version_plays_a_third_of_a_verification():
    """By hand: a third of the most games a proposal plays, at least 400, never more than that
    most, in whole batches of 10."""
    from dragon_pnp.tune.verify import current_games

    assert current_games([3000]) == 1000
    assert current_games([3010, 600]) == 1010      # 1003.3 up to the next batch
    assert current_games([900]) == 400             # the floor
    assert current_games([300]) == 300             # never more than the proposal plays


def test_a_verification_s_target_interval_counts_all_the_proposal_s_games(half):
    """The coin's verification: the proposal played more fresh games than the current version,
    and its interval's width is that of all of them (a share's t interval, by hand)."""
    from dragon_pnp.tune.verify import current_games

    shown = [p for p in half["proposals"] if p["verified"]["games"]]
    edited = [p["verified"]["games"] for p in shown if p["edits"]]
    unchanged = [p["verified"]["games"] for p in shown if not p["edits"]]   # no change: the current version's games
    played_by_current = half["games"]["verify"] - sum(edited)
    assert played_by_current == max([current_games(edited), *unchanged]) < max(edited)
    verified = half["proposals"][0]["verified"]
    games = verified["games"]
    interval = verified["figures"]["heads (seat 1) wins"]
    p = interval["value"]
    assert interval["high"] - interval["low"] == pytest.approx(2 * 1.96 * (p * (1 - p) / games) ** 0.5, rel=0.02)


def test_verification_keeps_the_budget_when_its_games_cost_more_than_planned(monkeypatch):
    """Planned at a millionth of a second a game (6,400 fresh games for the proposal, 2,140 for the
    current version), but each wave of games takes 0.3 s of a clock the test keeps: with 1.0 s
    left, waves start at 0, 0.3 and 0.6 s, and the one at 0.9 s would end past the deadline. So
    three tenths of each side are played (by hand: 3 x 64 batches of the proposal's 640, and the
    current version's 214 batches cut at 21, 42, 64), and the plan is reported beside them."""
    from types import SimpleNamespace

    import dragon_pnp.tune.verify as verifying
    from dragon_pnp.tune.runner import prepare
    from dragon_pnp.tune.search import Candidate

    clock = [0.0]
    real_play = verifying.play_many

    def slow_play(table, tasks, done):
        clock[0] += 0.3
        return real_play(table, tasks, done)

    monkeypatch.setattr(verifying, "play_many", slow_play)
    monkeypatch.setattr(verifying, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    game = load_game(COIN)
    ready = prepare(game, TuneRequest(targets=["heads wins=0.50±0.05"], jobs=1))
    current, proposal = Candidate((), folder=COIN), Candidate((), folder=COIN)
    verified, total = verifying.verify(current, [proposal], ready.targets, ready.table, ready.seats, 1.0, 1e-6)
    assert (verified[0].planned, verified[0].games, total) == (6400, 1920, 1920 + 640)
