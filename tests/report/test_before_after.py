"""The Dragon Pants rules-check report, held to expectations computed here from the game's data
files (read with a plain YAML reader) and from hand arithmetic, not to a stored earlier report.

Same settings as the report always ran at: seed 7, 30 games per configuration, players 2, 4 and
6, every preset, random and greedy, 30 mixed games per player count. What is checked:

- its shape: 3 x 3 x 2 configurations of 30 games and 3 duels of 30, 630 games in all;
- every configuration's figures agree with each other: outcomes add up to the games played,
  shares are counts over games, summaries are ordered, rounds are turns over players rounded up,
  the Destiny histogram covers the games that ended by the deck, the mean playing time is
  playtime.yaml's formula applied to the mean turns, actions and draws, card figures and win
  intervals are the textbook Wilson interval of their counts;
- the exact Destiny figures are those of an independent count of every order of each preset's deck;
- findings name only configurations that exist, and the stall sentence counts what the
  configurations count;
- the report-wide figures (game, settings, setups, seats, playtime, turn cap, card names) are
  those of game.yaml, destiny.yaml, board.yaml, power_cards.yaml and playtime.yaml.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from dragon_pnp.report.check import CheckSettings, Execution, run_check

DATA = Path(__file__).resolve().parents[2] / "data" / "dragon_pants"
SETTINGS = CheckSettings(games=30, players=(2, 4, 6), policies=("random", "greedy"), duel_games=30, seed=7)
GAMES = 30
REASONS = {"time", "destiny_exhausted", "stall"}
SUMMARY = ("count", "mean", "median", "p90", "min", "max")
HAZARDS = ("den_shared", "pants_discarded", "pants_in_deck", "stuck", "endless_turn",
           "stall_den_lock", "stall_pants_loose", "stall_roaming")


def _yaml(name: str) -> Any:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def report(game) -> dict[str, Any]:
    return run_check(game, SETTINGS, Execution(jobs=1))


def _wilson(wins: int, games: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95 % Wilson score interval, from its textbook formula."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def _check_summary(s: dict[str, Any], games: int) -> None:
    assert set(SUMMARY) <= set(s)
    if s["count"]:
        assert s["min"] <= s["median"] <= s["p90"] <= s["max"] and s["min"] <= s["mean"] <= s["max"]
    assert s["count"] <= games


def test_the_report_has_every_configuration(report):
    presets = list(_yaml("destiny.yaml")["presets"])
    keys = [c["config"]["key"] for c in report["configs"]]
    expected = {f"{p}p-{preset}-{policy}" for p in (2, 4, 6) for preset in presets for policy in ("random", "greedy")}
    assert len(keys) == 18 and set(keys) == expected
    assert [d["config"]["key"] for d in report["duels"]] == [f"{p}p-standard-mixed" for p in (2, 4, 6)]
    assert report["total_games"] == 18 * GAMES + 3 * GAMES == 630
    assert all(c["games"] == GAMES for c in report["configs"] + report["duels"])


def test_every_configuration_adds_up(report):
    timing = _yaml("playtime.yaml")
    presets = _yaml("destiny.yaml")["presets"]
    card_ids = [card["id"] for card in _yaml("power_cards.yaml")["cards"]]
    for c in report["configs"] + report["duels"]:
        key, players, games, m = c["config"]["key"], c["config"]["players"], c["games"], c["metrics"]
        completion = c["completion"]
        assert set(completion) <= REASONS | {"error"}, key
        assert sum(v["count"] for r, v in completion.items() if r != "error") == games, key
        assert all(_close(v["share"], v["count"] / games) for v in completion.values()), key
        assert c["errors"]["count"] == 0, key
        for summary in (m["turns"], m["actions"], m["destiny_draws"], c["length"]["rounds"], c["length"]["minutes"]):
            _check_summary(summary, games)
        # rounds are turns over players rounded up, game by game, so the extremes match
        assert c["length"]["rounds"]["max"] == -(-m["turns"]["max"] // players), key
        assert c["length"]["rounds"]["min"] == -(-m["turns"]["min"] // players), key
        # playtime.yaml: setup plus seconds per turn, action and Destiny draw; linear, so the means match
        minutes = timing["setup_minutes"] + (m["turns"]["mean"] * timing["seconds_per_turn"]
                                             + m["actions"]["mean"] * timing["seconds_per_action"]
                                             + m["destiny_draws"]["mean"] * timing["seconds_per_destiny_draw"]) / 60
        assert math.isclose(c["length"]["minutes"]["mean"], minutes, rel_tol=1e-6), key
        # the histogram of Destiny draws counts the games the deck ended, each at most the deck's size
        ended = games - completion.get("stall", {"count": 0})["count"]
        histogram = {int(k): v["total"] for k, v in m["destiny_draws_at_end"].get("keys", {}).items()}
        assert sum(histogram.values()) == ended, key
        deck = sum(presets[c["config"]["setup"]]["cards"].values())
        assert all(1 <= draws <= deck for draws in histogram), key
        assert m["last_card"]["count"] <= completion.get("time", {"count": 0})["count"], key
        assert _close(m["last_card"]["share"], m["last_card"]["count"] / games), key
        # fairness: wins per seat are at most the games, and each seat's interval is Wilson's
        for seat in c["fairness"]["seats"]:
            low, high = _wilson(seat["wins"], seat["games"])
            assert _close(seat["low"], low) and _close(seat["high"], high), key
        # cards: plays per game are plays over games; played cards are cards of the deck
        plays = m["plays"]["keys"]
        assert set(plays) | set(m["reactions"]["keys"]) <= set(card_ids), key
        for entry in plays.values():
            assert _close(entry["per_game"], entry["total"] / games) and entry["games"] <= games, key
            win = entry.get("user_win")
            if win is not None:
                low, high = _wilson(win["wins"], win["games"])
                assert _close(win["low"], low) and _close(win["high"], high), key
        for name in HAZARDS:
            hazard = c["hazards"][name]
            assert hazard["games"] <= games and _close(hazard["share"], hazard["games"] / games), (key, name)
        assert c["hazards"]["stall"]["games"] == completion.get("stall", {"count": 0})["count"], key


def test_greedy_beats_random_in_every_duel(report):
    """The duels' win rates are Wilson intervals of their counts; greedy wins most 2-player games."""
    for duel in report["duels"]:
        rates = duel["policies"]["rates"]
        assert set(rates) == {"greedy", "random"}
        for rate in rates.values():
            low, high = _wilson(rate["wins"], rate["games"])
            assert _close(rate["low"], low) and _close(rate["high"], high)
    two = report["duels"][0]["policies"]["rates"]
    assert two["greedy"]["wins"] > two["random"]["wins"]


@cache
def _orders(counts: tuple[tuple[int, int], ...], time: int) -> tuple[int, int, Fraction]:
    """Over every distinct order of the remaining Destiny cards from this time: (orders, orders
    in which the time reaches 0 on the last card, summed number of cards drawn), drawing until
    the time reaches 0 or the deck runs out. A count of its own, not the report's maths."""
    left = sum(n for _, n in counts)
    if left == 0:
        return 1, 0, Fraction(0)
    orders = last = 0
    drawn = Fraction(0)
    for i, (value, n) in enumerate(counts):
        if n == 0:
            continue
        rest = tuple((v, k - (j == i)) for j, (v, k) in enumerate(counts))
        after = time + value
        ways = math.factorial(left - 1)
        for _, k in rest:
            ways //= math.factorial(k)
        if after <= 0:   # the game ends here: every order of the rest is one order
            orders += ways
            last += ways if left == 1 else 0
            drawn += ways
        else:
            sub_orders, sub_last, sub_drawn = _orders(rest, after)
            orders += sub_orders
            last += sub_last
            drawn += sub_drawn + sub_orders
    return orders, last, drawn


def test_exact_destiny_figures_match_a_count_of_every_order(report):
    presets = _yaml("destiny.yaml")["presets"]
    by_preset = {entry["preset"]: entry for entry in report["extras"]["destiny"]}
    assert list(by_preset) == list(presets)
    for name, preset in presets.items():
        entry = by_preset[name]
        counts = tuple(sorted((int(v), n) for v, n in preset["cards"].items() if n))
        assert entry["cards"] == sum(n for _, n in counts) and entry["length"] == preset["length"]
        assert entry["sum"] == sum(v * n for v, n in counts)
        orders, last, drawn = _orders(counts, preset["length"])
        assert Fraction(entry["exact"]["p_last_card"]) == Fraction(last, orders), name
        assert Fraction(entry["exact"]["mean_draws"]) == drawn / orders, name
    # by hand: the standard deck sums to -10 against a length of 10, so it always ends by its last card
    assert by_preset["standard"]["sum"] == -10 and by_preset["standard"]["guaranteed"]
    assert by_preset["standard"]["draws"]["max"] == 18


def test_findings_name_real_configurations_and_count_what_they_count(report):
    keys = {c["config"]["key"] for c in report["configs"] + report["duels"]}
    assert report["findings"], "the check always has something to say"
    for finding in report["findings"]:
        assert finding["text"] and set(finding["configs"]) <= keys, finding["text"]
    stalls = sum(c["completion"].get("stall", {"count": 0})["count"] for c in report["configs"] + report["duels"])
    stall_sentences = [f["text"] for f in report["findings"] if f["topic"] == "stalls" and "reached the cap" in f["text"]]
    if stalls:
        assert any(f"{stalls} of {report['total_games']} games" in text for text in stall_sentences)


def test_report_wide_figures_come_from_the_data(report):
    manifest, destiny, board = _yaml("game.yaml"), _yaml("destiny.yaml"), _yaml("board.yaml")
    timing, power = _yaml("playtime.yaml"), _yaml("power_cards.yaml")
    game = report["game"]
    assert (game["name"], game["slug"], game["playtime_minutes"]) == (manifest["name"], "dragon_pants",
                                                                     manifest["playtime_minutes"])
    assert game["default_setup"] == manifest["settings"]["default_preset"]
    assert game["setups"] == {name: preset["name"] for name, preset in destiny["presets"].items()}
    assert game["seat_names"] == {str(n): list(dens) for n, dens in board["seats"].items()}
    assert report["extras"]["turn_cap"] == manifest["settings"]["turn_cap"]
    assert report["extras"]["playtime"] == {k: float(v) for k, v in timing.items()}
    assert report["validation"] == []
    settings = report["settings"]
    assert (settings["games"], settings["players"], settings["policies"], settings["seed"], settings["duel_games"]) == \
        (30, [2, 4, 6], ["random", "greedy"], 7, 30)
    assert settings["setups"] == list(destiny["presets"]) and settings["duel_setup"] == "standard"
    labels = report["labels"]["metrics"]
    playable = {card["id"]: card["name"] for card in power["cards"] if card.get("target", "none") != "none"}
    assert {**labels["plays"]["keys"], **labels["reactions"]["keys"]} == playable
    assert set(labels["reactions"]["keys"]) == {card["id"] for card in power["cards"] if card.get("target") == "reaction"}
