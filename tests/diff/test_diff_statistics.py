"""The diff's balance statistics are honest: a change that changes nothing flags nothing beyond
chance once the many figures are corrected for (and says so), a series known by several names is
tested once, a shift every game shares is certain, a scoring change shows the mean scores move,
and what could not be compared is said rather than called unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dragon_pnp.diff.balance import looks
from dragon_pnp.diff.compare import DiffOptions, run_diff
from dragon_pnp.report.check import CheckSettings, Execution
from tests.conftest import ROOT


def reordered_cards(tmp_path: Path, slug: str, file: str) -> Path:
    """A copy of the game with the cards of `file` listed in reverse order: the same game."""
    folder = tmp_path / slug
    shutil.copytree(ROOT / "data" / slug, folder)
    text = (folder / file).read_text()
    head, marker, body = text.partition("\ncards:\n")
    assert marker
    cards = ["  - id:" + block for block in body.split("  - id:")[1:]]
    assert len(cards) > 3
    (folder / file).write_text(head + marker + "".join(c if c.endswith("\n") else c + "\n" for c in reversed(cards)))
    return folder


def balance_of(old: Path, new: Path, settings: CheckSettings) -> tuple[dict, str]:
    report = run_diff(str(old), str(new), DiffOptions(pages=False, check=settings, execution=Execution(jobs=2))).report
    return report["balance"], report["summary"]


@pytest.mark.parametrize("slug, file, settings", [
    # 30 games of random and greedy at 2 and 3 players on every preset: 78 figures tested; when
    # measured, 2 of them reached p < 0.05 on their own (each figure's own 95 % interval would
    # have flagged them), as some of that many must when nothing moved
    ("dragon_pants", "power_cards.yaml",
     CheckSettings(games=30, duel_games=0, seed=1, players=(2, 3), policies=("random", "greedy"))),
    ("dragon_dance", "knight_cards.yaml",
     CheckSettings(games=40, duel_games=0, seed=1, players=(2,), policies=("random", "greedy"))),
])
def test_the_same_game_with_its_cards_reordered_moves_nothing_beyond_chance(tmp_path, slug, file, settings):
    balance, summary = balance_of(ROOT / "data" / slug, reordered_cards(tmp_path, slug, file), settings)
    assert balance["games_differing"] > 0          # the order changes the deals: the games differ
    figures = balance["figures"]
    tested = [f for f in figures if f["tested"]]
    assert balance["method"]["tested"] == len(tested) > 5
    assert not [f["figure"] for f in figures if f["beyond_chance"]]
    assert "no balance figure moved beyond chance" in summary
    assert f"Holm correction over {len(tested)} figures tested" in summary
    for figure in tested:        # each says what it could have seen, at the corrected level
        assert figure["adjusted_p"] >= figure["p_value"] and figure["detectable"] > 0
    # one series, one figure: in a two-player game seat 2's share mirrors seat 1's
    two = [f for f in figures if f["config"].startswith("2p") and "(seat 1) wins" in f["figure"]]
    assert two and all("(seat 2) wins" in f["figure"] and f["mirrored"] == [False, True] for f in two)
    assert not any(f["names"][0].endswith("(seat 2) wins") for f in figures if f["config"].startswith("2p"))


def test_a_shift_in_every_game_is_certain(tmp_path):
    """setup_minutes 2 -> 3 adds exactly one minute to every game: no spread, so no chance."""
    folder = tmp_path / "dragon_dance"
    shutil.copytree(ROOT / "data" / "dragon_dance", folder)
    manifest = folder / "game.yaml"
    assert "  setup_minutes: 2\n" in manifest.read_text()
    manifest.write_text(manifest.read_text().replace("  setup_minutes: 2\n", "  setup_minutes: 3\n"))
    settings = CheckSettings(games=12, duel_games=0, seed=2, players=(2,), policies=("random",))
    balance, summary = balance_of(ROOT / "data" / "dragon_dance", folder, settings)
    minutes = [f for f in balance["figures"] if "minutes" in f["names"]]
    assert len(minutes) == 1
    figure = minutes[0]
    assert figure["difference"] == pytest.approx(1.0) and figure["low"] == figure["high"] == pytest.approx(1.0)
    assert figure["certain"] and figure["beyond_chance"] and figure["verdict"] == "certain"
    assert balance["games_differing"] == 0     # the games themselves are the same games
    assert "minutes (2p-random) from" in summary and "certain: +1.0 in every game" in summary


def test_a_scoring_change_shows_the_mean_scores_move(tmp_path):
    """Goofspiel with every prize worth one point less: each seat's mean score falls by the
    prizes it took, which the diff shows per seat."""
    folder = tmp_path / "goofspiel"
    shutil.copytree(ROOT / "examples" / "goofspiel", folder, ignore=shutil.ignore_patterns("__pycache__"))
    source = folder / "rules" / "game.py"
    before = "        return [sum(w) for w in self.won]\n"
    assert before in source.read_text()
    source.write_text(source.read_text().replace(before, "        return [sum(w) - len(w) for w in self.won]\n"))
    settings = CheckSettings(games=30, duel_games=0, seed=1, players=(2,), policies=("random",))
    balance, summary = balance_of(ROOT / "examples" / "goofspiel", folder, settings)
    scores = {f["names"][0]: f for f in balance["figures"] if f["names"][0].endswith("mean score")}
    assert set(scores) == {"Blue (seat 1) mean score", "Red (seat 2) mean score"}
    for figure in scores.values():
        # 13 prizes of 1..13 shared out: at most 13 points fewer between them, and fewer for each
        assert -13 < figure["difference"] < 0 and figure["new"] < figure["old"]
        assert figure["beyond_chance"]
    assert "mean score" in summary


def test_what_could_not_be_compared_is_said(tmp_path):
    """The old version takes 2-6 players, the new only 2-3: the 4-6 player games are named as not
    compared; and with no player count in common nothing is paired, which is said, not 'held'."""
    folder = tmp_path / "dragon_pants"
    shutil.copytree(ROOT / "data" / "dragon_pants", folder)
    settings = CheckSettings(games=4, duel_games=0, seed=1, players=(3,), policies=("random",))
    manifest = folder / "game.yaml"
    text = manifest.read_text()
    assert "players: {min: 2, max: 6" in text
    manifest.write_text(text.replace("players: {min: 2, max: 6", "players: {min: 4, max: 6", 1))
    balance, summary = balance_of(folder, ROOT / "data" / "dragon_pants", settings)
    assert balance["games_paired"] == 0
    assert "Balance was not compared: no games were paired" in summary
    assert "3 players (only the new version takes it)" in summary
    assert "within chance" not in summary and "held" not in summary


def test_looks_double_up_to_the_most_games():
    assert looks(200, 50) == [50, 100, 200]
    assert looks(120, 50) == [50, 100, 120]
    assert looks(16, 50) == [16] and looks(200, None) == [200]


def _goofspiel_edited(tmp_path: Path, before: str, after: str) -> Path:
    folder = tmp_path / "goofspiel"
    shutil.copytree(ROOT / "examples" / "goofspiel", folder, ignore=shutil.ignore_patterns("__pycache__"))
    source = folder / "rules" / "game.py"
    assert before in source.read_text()
    source.write_text(source.read_text().replace(before, after))
    return folder


def _sequential(old: Path, new: Path, games: int, first_look: int) -> tuple[dict, str]:
    settings = CheckSettings(games=games, duel_games=0, seed=1, players=(2,), policies=("random",))
    report = run_diff(str(old), str(new), DiffOptions(pages=False, check=settings, first_look=first_look,
                                                      execution=Execution(jobs=2))).report
    return report["balance"], report["summary"]


def test_a_sequential_diff_stops_at_the_first_look_that_is_clear(tmp_path):
    """A scoring change is plain after 10 games: the diff stops there instead of playing 40."""
    folder = _goofspiel_edited(tmp_path, "        return [sum(w) for w in self.won]\n",
                               "        return [sum(w) - len(w) for w in self.won]\n")
    balance, summary = _sequential(ROOT / "examples" / "goofspiel", folder, 40, 10)
    sequential = balance["method"]["sequential"]
    assert sequential["planned"] == [10, 20, 40] and sequential["played"] == 10
    assert sequential["stopped"] == "a figure moved beyond chance"
    assert balance["games_paired"] == 10 and balance["method"]["alpha"] == pytest.approx(0.05 / 3)
    assert "stopped at 10: a figure moved beyond chance" in summary


def test_a_sequential_diff_of_a_change_that_changes_nothing_plays_every_look(tmp_path):
    """The random player sees its bids in the other order: other games, the same game."""
    folder = _goofspiel_edited(tmp_path, "return [Bid(v) for v in self.hands[seat]] if",
                               "return [Bid(v) for v in reversed(self.hands[seat])] if")
    balance, summary = _sequential(ROOT / "examples" / "goofspiel", folder, 40, 10)
    assert balance["games_differing"] > 0 and balance["games_paired"] == 40
    assert balance["method"]["sequential"]["stopped"] == "the last look"
    assert not any(f["beyond_chance"] for f in balance["figures"])
    assert "no balance figure moved beyond chance" in summary and "stopped at 40: the last look" in summary


def test_two_different_rules_modules_are_not_called_unchanged():
    settings = CheckSettings(games=4, duel_games=0, seed=1)
    balance, summary = balance_of(ROOT / "examples" / "goofspiel", ROOT / "data" / "dragon_line", settings)
    assert balance["games_paired"] == 0 and balance["figures"] == []
    assert "Balance was not compared: no games were paired" in summary
    assert "different rules modules" in summary and "within chance" not in summary
