"""Seat flags in a rules check are corrected once over every seat test of a policy's
configurations (Holm), not seat by seat within each configuration; a two-player game's second
seat mirrors its first and is not tested twice."""

from __future__ import annotations

from dragon_pnp.report.findings import _seats, correct_seat_flags, seat_family


def _config(key: str, players: int, p_values: list[float], policy: str = "random") -> dict:
    seats = [{"seat": s, "p_value": p, "rate": 0.5, "expected": 1 / players, "games": 40, "flagged": p < 0.05 / players}
             for s, p in enumerate(p_values)]
    return {"config": {"key": key, "players": players, "policy": policy},
            "fairness": {"decided": 40, "seats": seats, "flagged": [s["seat"] for s in seats if s["flagged"]]}}


def test_one_correction_over_every_configuration():
    # ten three-player configurations, each with one seat at p = 0.012: under 0.05 / 3, so each was
    # flagged on its own; over 30 tests Holm's smallest step is 0.012 * 30 = 0.36 -> none flagged.
    # One seat at p = 1e-6: 1e-6 * 30 = 3e-5 -> flagged.
    configs = [_config(f"3p-{n}", 3, [0.012, 0.6, 0.7]) for n in range(10)]
    configs.append(_config("3p-odd", 3, [1e-6, 0.5, 0.5]))
    report = {"configs": configs, "settings": {"reference": "random"}}
    correct_seat_flags(report)
    assert [c["fairness"]["flagged"] for c in configs] == [[]] * 10 + [[0]]
    assert configs[-1]["fairness"]["seats"][0]["adjusted_p"] == 1e-6 * 33
    assert all(s["tests"] == 33 for c in configs for s in c["fairness"]["seats"])


def test_a_two_player_game_tests_its_first_seat_only():
    configs = [_config("2p-a", 2, [0.001, 0.001]), _config("2p-b", 2, [0.3, 0.3])]
    report = {"configs": configs, "settings": {"reference": "random"}}
    correct_seat_flags(report)
    # two tests, not four: 0.001 * 2 = 0.002, and seat 2 takes seat 1's verdict
    assert configs[0]["fairness"]["seats"][1]["adjusted_p"] == configs[0]["fairness"]["seats"][0]["adjusted_p"] == 0.002
    assert configs[0]["fairness"]["flagged"] == [0, 1] and configs[1]["fairness"]["flagged"] == []
    assert [(c["config"]["key"], s["seat"]) for c, s in seat_family(report)] == [("2p-a", 0), ("2p-b", 0)]


def test_no_seat_flagged_says_what_could_have_been_seen():
    # three three-player configurations, 40 decided games each: 9 tests, alpha 0.05 / 9 at the
    # strictest step; z(1 - 0.05/18) = 2.7729 plus z(0.8) = 0.8416 -> 3.6145 * sqrt((1/3)(2/3)/40)
    # = 3.6145 * 0.074536 = 0.2694: about 27 points
    configs = [_config(f"3p-{n}", 3, [0.4, 0.6, 0.7]) for n in range(3)]
    report = {"configs": configs, "settings": {"reference": "random"}}
    [finding] = list(_seats(report))
    assert "Holm-corrected exact binomial tests over 9 seats" in finding.text
    assert "about 27 points more or less than its share" in finding.text and "40 in 3p-0" in finding.text
