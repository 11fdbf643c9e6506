"""`dragon-pnp duel`: mirrored deals, the share arithmetic, its JSON and its errors.

Expected figures come from hand reasoning about a toy game (`fixtures/high_card`: the highest
number wins, a tie goes to the lowest seat) and from hand-made game records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_pnp.cli import main
from dragon_pnp.games.registry import load_game
from dragon_pnp.report.duel import DealOutcome, DuelError, a_seat, detectable_difference, play_duel, summarise_duel
from dragon_pnp.report.record import GameRecord

ROOT = Path(__file__).resolve().parents[2]
HIGH_CARD = Path(__file__).parent / "fixtures" / "high_card"
GOOFSPIEL = ROOT / "examples" / "goofspiel"


def record(winners: tuple[int, ...], players: int = 2, reason: str = "end") -> GameRecord:
    return GameRecord(seed=1, players=players, seat_policies=(), winners=winners, reason=reason, rounds=1)


def test_a_deal_puts_a_in_every_seat_once():
    assert [a_seat(g, 2) for g in range(4)] == [0, 1, 0, 1]
    assert sorted(a_seat(g, 3) for g in range(3)) == [0, 1, 2]


def test_share_counts_a_win_one_a_draw_half_and_a_loss_nothing():
    # Deal 1: A (seat 0) wins, then A (seat 1) loses to seat 0. Deal 2: a draw, then A (seat 1) wins.
    games = [record((0,)), record((0,)), record(()), record((1,))]
    outcome = DealOutcome(games, {"x": 0.5, "y": 0.25}, {"x": 100, "y": 50})
    result = summarise_duel("x", "y", 2, 1, [outcome])
    assert (result.games, result.wins, result.losses, result.draws) == (4, 2, 1, 1)
    assert result.share == pytest.approx((1 + 0 + 0.5 + 1) / 4)
    assert result.ms_per_decision == {"x": pytest.approx(5.0), "y": pytest.approx(5.0)}


def test_three_players_share_a_win_and_count_a_draw_as_a_third():
    # A sits at seat 0, then 2, then 1. Game 1: A and seat 1 share the win (1/2); game 2: nobody
    # wins (1/3); game 3: seat 0 wins alone, A at seat 1 loses (0).
    games = [record((0, 1), 3), record((), 3), record((0,), 3)]
    result = summarise_duel("x", "y", 3, 1, [DealOutcome(games, {}, {})])
    assert (result.wins, result.losses, result.draws) == (0, 1, 2)
    assert result.share == pytest.approx((1 / 2 + 1 / 3 + 0) / 3)
    assert result.expected == pytest.approx(1 / 3)


def test_a_crashed_game_is_an_error_not_a_result():
    from dragon_pnp.errors import RuleCheckError

    crashed = GameRecord(7, 2, (), (), "error", 0, error="KeyError: 'x' (rules.py:3)")
    with pytest.raises(RuleCheckError, match=r"seed 7.*rules\.py:3"):
        summarise_duel("x", "y", 2, 1, [DealOutcome([record((0,)), crashed], {}, {})])


def test_the_stronger_policy_wins_from_every_seat():
    result = play_duel(load_game(HIGH_CARD), "high", "low", games=10, seed=3, jobs=1)
    assert (result.games, result.wins, result.losses, result.draws, result.share) == (10, 10, 0, 0, 1.0)
    # Wilson's lower bound for 10 of 10 at 95 %: (1 + z²/20 - z·sqrt(z²/400)) / (1 + z²/10) = 0.7225
    assert result.ci[0] == pytest.approx(0.7225, abs=1e-4) and result.ci[1] == 1.0
    assert result.p_value() < 0.05


def test_mirrored_deals_cancel_the_seat_advantage():
    # low against low: every game is a tie, which seat 1 wins; A holds seat 1 in half the games.
    two = play_duel(load_game(HIGH_CARD), "low", "low", games=9, seed=3, jobs=1)
    assert (two.games, two.wins, two.losses, two.draws, two.share) == (10, 5, 5, 0, 0.5)   # rounded up to 5 deals
    assert two.deal_shares == (0.5,) * 5 and two.p_value() == 1.0
    three = play_duel(load_game(HIGH_CARD), "low", "low", games=9, seed=3, players=3, jobs=1)
    assert (three.games, three.wins, three.losses, three.share) == (9, 3, 6, pytest.approx(1 / 3))


def test_identical_deterministic_bidders_draw_every_goofspiel_game():
    # Both bid the prize's value every round: equal bids leave every prize untaken.
    result = play_duel(load_game(GOOFSPIEL), "match", "match", games=4, seed=1, jobs=1)
    assert (result.wins, result.losses, result.draws, result.share) == (0, 0, 4, 0.5)


def test_unknown_names_are_refused_before_any_game():
    game = load_game(HIGH_CARD)
    with pytest.raises(DuelError, match=r"policy B 'nope'.*expected one of random, lookahead, search, high, low"):
        play_duel(game, "high", "nope", games=2, seed=1)
    with pytest.raises(DuelError, match="--players 5"):
        play_duel(game, "high", "low", games=2, seed=1, players=5)


def test_detectable_difference_shrinks_with_the_root_of_the_games():
    # (1.96 + 0.8416) * sqrt(0.25 / 100) = 0.1401
    assert detectable_difference(100) == pytest.approx(0.1401, abs=1e-4)
    assert detectable_difference(400) == pytest.approx(detectable_difference(100) / 2)


def _run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    """`dragon-pnp ARGS` in this process (`main`, as the console command calls it): exit code, out, err."""
    monkeypatch.setenv("DRAGON_PNP_CACHE", "off")
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


def test_the_command_prints_the_json_keys_the_issue_names(capsys, monkeypatch):
    code, out, err = _run(capsys, monkeypatch, "duel", str(HIGH_CARD), "high", "low", "--games", "4", "--json", "--jobs", "1")
    assert code == 0, err
    found = json.loads(out)
    assert list(found) == ["a", "b", "games", "wins", "losses", "draws", "share", "ci", "ms_per_decision"]
    assert (found["a"], found["b"], found["games"], found["wins"], found["share"]) == ("high", "low", 4, 4, 1.0)
    assert len(found["ci"]) == 2 and set(found["ms_per_decision"]) == {"high", "low"}


def test_the_command_names_an_unknown_policy_and_exits_2(capsys, monkeypatch):
    code, out, err = _run(capsys, monkeypatch, "duel", str(HIGH_CARD), "strongest", "low", "--games", "2")
    assert code == 2
    assert "Traceback" not in out + err
    assert "policy A 'strongest'" in err and "high" in err
