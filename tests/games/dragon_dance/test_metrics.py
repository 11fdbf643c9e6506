"""Report hooks: per-game figures add up to what happened, hazards, playtime and findings."""

from __future__ import annotations

import random

from generator.games.api import PlayTrace
from generator.games.dragon_dance import GAME
from generator.games.dragon_dance.metrics import merge_metrics
from generator.games.dragon_dance.state import new_game

from .helpers import DATA, act, dance_data, round_, rules, state


def _game(seed: int, policy: str = "random"):
    r = rules()
    player = GAME.policies()[policy](r)
    s = new_game(r, seed)
    rng = random.Random(seed)
    trace = PlayTrace()
    while s.result is None:
        joint = {seat: player.choose(s, seat, rng) for seat in s.to_move()}
        for seat, action in joint.items():
            trace.add(seat, s.decision(seat), action)
        s.apply(joint)
    return s, trace


def test_game_metrics_add_up_to_the_game():
    for seed in range(10):
        s, trace = _game(seed)
        m = GAME.game_metrics(s, trace)
        rounds = s.result.rounds
        assert m["rounds"] == rounds
        for role, seat in (("knight", 0), ("dragon", 1)):
            assert sum(c["chosen"] for c in m["dice"][role].values()) == rounds
            lost = s.rules.life0[seat] - s.life[seat]
            # Every point of life lost was dealt by a card of the other side (combos included).
            other = "dragon" if role == "knight" else "knight"
            assert sum(c["dealt"] for c in m["dice"][other].values()) == lost
        plays = sum(c["chosen"] for role in m["cards"] for c in m["cards"][role].values())
        assert plays == 2 * rounds
        assert m["combos"]["played"] == s.counts.get("combo", 0)
        assert m["recuperates"]["knight"] == s.counts.get("recuperate_knight", 0)
        assert m["rounds_at"]["long"] + m["rounds_at"]["short"] == rounds
        assert m["winner"] in ("knight", "dragon", None)


def test_a_recorded_combo_shows_in_the_metrics():
    s = round_(state(knight={"dice": [6, 6]}, dragon={"life": 3}), "die 6", "hack", "no die", "advance")
    act(s, knight="combo slash die 6")
    m = GAME.game_metrics(s, PlayTrace())
    assert m["combos"]["played"] == 1 and m["combos"]["damage"] == dance_data().card("knight", "slash").value(6)
    assert m["cards"]["knight"]["slash"]["combo"] == 1 and m["winner"] == "knight"


def test_playtime_follows_the_settings():
    s, trace = _game(3)
    settings = dance_data().settings
    expected = settings.setup_minutes + s.result.rounds * settings.seconds_per_round / 60
    assert GAME.playtime_minutes(DATA, s, trace) == expected


def test_hazards_name_the_round_cap_and_long_lulls():
    s, trace = _game(1)
    assert GAME.hazards(s, trace) in ({}, {"lull": 1})
    quiet = state()
    for _ in range(10):
        round_(quiet, "no die", "parry", "no die", "flap")
        round_(quiet, "no die", "recuperate", "no die", "recuperate")
    assert GAME.hazards(quiet, PlayTrace()) == {"lull": 1}


def test_findings_flag_imbalance_long_games_and_idle_cards():
    games = [GAME.game_metrics(*_game(seed)) for seed in range(20)]
    summary = {"policies": {"random": {"wins": {"knight": 3, "dragon": 17}, "minutes": {"mean": 45.0},
                                       "metrics": merge_metrics(games)}}}
    findings = GAME.findings(DATA, summary)
    titles = [f.title for f in findings]
    assert any("the dragon wins 85%" in t for t in titles)
    assert any("45 minutes" in t for t in titles)
    assert all(f.level in ("info", "warning", "problem") for f in findings)
    assert GAME.findings(DATA, {}) == []


def test_seat_names_are_the_roles():
    assert GAME.seat_names(DATA, 2) == ["knight", "dragon"]
    assert GAME.player_counts(dance_data()) == [2]
    assert GAME.setups(dance_data()) == [""]
