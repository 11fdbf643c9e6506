"""Report hooks: per-game figures add up to what happened, hazards, playtime and findings."""

from __future__ import annotations

import random

from dragon_pnp.games.api import PlayTrace
from dragon_pnp.games.dragon_dance import GAME
from dragon_pnp.games.dragon_dance.state import new_game
from dragon_pnp.games.parts import ReportPart
from dragon_pnp.players import policies_of

from .helpers import DATA, act, dance_data, round_, rules, state


def _game(seed: int, policy: str = "random"):
    r = rules()
    player = policies_of(GAME)[policy](r)
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
        m = GAME.part(ReportPart).game_metrics(s, trace)
        rounds = s.result.rounds
        assert m["rounds"] == rounds
        for seat in (0, 1):
            assert sum(v[seat] for v in m["faces_chosen"].values()) == rounds
            assert sum(v[seat] for v in m["cards_chosen"].values()) == rounds
            # Every point of life lost was dealt by a card of the other side (combos included).
            lost = s.rules.life0[1 - seat] - s.life[1 - seat]
            assert sum(v[seat] for v in m["face_damage"].values()) == lost
            assert sum(v[seat] for v in m["card_damage"].values()) == lost
        assert all(key.startswith(("knight:", "dragon:")) for key in m["cards_chosen"])
        assert m["combos"] == s.counts.get("combo", 0)
        assert m["recuperates"] == [s.counts.get("recuperate_knight", 0), s.counts.get("recuperate_dragon", 0)]
        assert m["rounds_at"]["long"] + m["rounds_at"]["short"] == rounds
        assert m["life_left"] == list(s.life)


def test_a_recorded_combo_shows_in_the_metrics():
    s = round_(state(knight={"dice": [6, 6]}, dragon={"life": 3}), "die 6", "hack", "no die", "advance")
    act(s, knight="combo slash die 6")
    m = GAME.part(ReportPart).game_metrics(s, PlayTrace())
    assert m["combos"] == 1 and m["combo_damage"] == dance_data().card("knight", "slash").value(6)
    assert m["combo_cards"] == {"knight:slash": [1, 0]}


def test_playtime_follows_the_settings():
    s, trace = _game(3)
    settings = dance_data().settings
    expected = settings.setup_minutes + s.result.rounds * settings.seconds_per_round / 60
    assert GAME.part(ReportPart).playtime_minutes(DATA, s, trace) == expected


def test_hazards_name_the_round_cap_and_long_lulls():
    s, trace = _game(1)
    assert GAME.part(ReportPart).hazards(s, trace) in ({}, {"lull": 1})
    quiet = state()
    for _ in range(10):
        round_(quiet, "no die", "parry", "no die", "flap")
        round_(quiet, "no die", "recuperate", "no die", "recuperate")
    assert GAME.part(ReportPart).hazards(quiet, PlayTrace()) == {"lull": 1}


def test_findings_flag_imbalance_long_games_and_idle_cards():
    config = {"config": {"policy": "random"},
              "fairness": {"seats": [{"seat": 0, "wins": 3}, {"seat": 1, "wins": 17}]},
              "length": {"minutes": {"mean": 45.0}},
              "metrics": {"cards_chosen": {"keys": {"knight:hack": {"total": 200}, "knight:charge": {"total": 1},
                                                    "dragon:bite": {"total": 50}}}}}
    findings = GAME.part(ReportPart).findings(DATA, {"configs": [config]})
    titles = [f.title for f in findings]
    assert any("the dragon wins 85%" in t for t in titles)
    assert any("45 minutes" in t for t in titles)
    assert any("the knight hardly plays Charge (0.5%)" in t for t in titles)   # named as printed


def test_findings_hold_the_game_to_the_targets_in_its_settings(tmp_path):
    """The balance and length targets are data (settings.target_win_share, target_minutes)."""
    import shutil

    folder = tmp_path / "dragon_dance"
    shutil.copytree(DATA, folder)
    manifest = folder / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("target_minutes: [10, 30]", "target_minutes: [50, 60]")
                        .replace("target_win_share: 0.55", "target_win_share: 0.9"), encoding="utf-8")
    config = {"config": {"policy": "strong"},
              "fairness": {"seats": [{"seat": 0, "wins": 3}, {"seat": 1, "wins": 17}]},
              "length": {"minutes": {"mean": 45.0}}}
    stock = GAME.part(ReportPart).findings(DATA, {"configs": [config]})
    edited = GAME.part(ReportPart).findings(folder, {"configs": [config]})
    assert [f.level for f in stock if "wins" in f.title] == ["warning"]
    assert [f.level for f in edited if "wins" in f.title] == ["info"]        # 85 % is within 90 %
    assert any("target: at most 90%" in f.detail for f in edited)
    assert any("The target is 50-60 minutes" in f.detail for f in edited)
