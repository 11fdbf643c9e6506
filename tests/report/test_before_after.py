"""The Dragon Pants report after the move to the generic driver shows every figure it showed before.

`fixtures/dragon_pants_before.json` was written by the rules check as it stood before the game
interface (commit 53ea54c): seed 7, 30 games per configuration, players 2, 4 and 6, every
preset, random and greedy, 30 mixed games per player count. The same settings now run through
`GameModule` and the generic aggregation; every figure of the old JSON is looked up at its new
place and must be equal, findings word for word.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dragon_pnp.report.check import CheckSettings, Execution, run_check
from dragon_pnp.stats import wilson_interval

BEFORE = Path(__file__).parent / "fixtures" / "dragon_pants_before.json"
SETTINGS = CheckSettings(games=30, players=(2, 4, 6), policies=("random", "greedy"), duel_games=30, seed=7)
SUMMARY = ("count", "mean", "median", "p90", "min", "max")
OLD_HAZARDS = ("den_shared", "pants_discarded", "pants_in_deck", "stuck", "endless_turn",
               "stall_den_lock", "stall_pants_loose", "stall_roaming")


@pytest.fixture(scope="module")
def before() -> dict:
    return json.loads(BEFORE.read_text())


@pytest.fixture(scope="module")
def after(game) -> dict:
    return run_check(game, SETTINGS, Execution(jobs=1))


def _unflagged(fairness: dict) -> dict:
    """Seat flags are now Holm-corrected over every configuration (issue 31), not per configuration:
    every other figure of a seat is compared, the flags and their adjusted p-values are not."""
    kept = {k: v for k, v in fairness.items() if k != "flagged"}
    kept["seats"] = [{k: v for k, v in seat.items() if k not in ("flagged", "adjusted_p", "tests")}
                     for seat in fairness["seats"]]
    return kept


def _summary(s: dict) -> dict:
    return {k: s[k] for k in SUMMARY}


def _old_config(c: dict) -> dict[str, Any]:
    """Every figure of one configuration of the old report, by name."""
    cfg = c["config"]
    figures: dict[str, Any] = {
        "config": (cfg["key"], cfg["players"], cfg["preset"], cfg["policy"]),
        "games": c["games"],
        "completion": {r: (v["count"], v["share"]) for r, v in c["completion"].items()},
        "length": {k: _summary(c["length"][k]) for k in ("turns", "rounds", "destiny_draws", "actions", "minutes")},
        "destiny_histogram": c["length"]["destiny_histogram"],
        "fairness": _unflagged(c["fairness"]),
        "tension": {k: _summary(v) for k, v in c["tension"].items()},
        "cards": {row["id"]: {k: row[k] for k in ("plays", "plays_per_game", "games_used", "users", "user_win",
                                                   "reactions")} for row in c["cards"]["cards"]},
        "card_totals": {k: c["cards"][k] for k in ("expected_win", "reactions_per_game", "reshuffles",
                                                    "hand_limit_discards")},
        "hazards": {k: {f: c["hazards"][k][f] for f in ("total", "per_game", "games", "share", "example_seed")}
                    for k in OLD_HAZARDS},
        "stall": (c["hazards"]["stall"]["count"], c["hazards"]["stall"]["share"], c["hazards"]["stall"]["seeds"][:10]),
        "error": c["hazards"]["error"],
        "last_card": c["last_card"],
        "policies": c["policies"],
    }
    return figures


def _new_config(c: dict, card_ids: list[str]) -> dict[str, Any]:
    """The same figures, looked up where the generic report keeps them."""
    cfg = c["config"]
    m = c["metrics"]
    games = c["games"]
    cards = {}
    for cid in card_ids:
        played = m["plays"]["keys"].get(cid, {})
        reacted = m["reactions"]["keys"].get(cid, {})
        used = played or reacted
        cards[cid] = {"plays": played.get("total", 0), "plays_per_game": played.get("total", 0) / games,
                      "games_used": played.get("games", 0) + reacted.get("games", 0),
                      "users": played.get("users", 0) + reacted.get("users", 0),
                      "user_win": used.get("user_win", wilson_interval(0, 0).to_json()),
                      "reactions": reacted.get("total", 0)}
    fairness = _unflagged({k: v for k, v in c["fairness"].items() if k not in ("draws", "roles", "scores")})
    pick = ("total", "per_game", "games", "share")
    policies = c["policies"]
    return {
        "config": (cfg["key"], cfg["players"], cfg["setup"], cfg["policy"]),
        "games": games,
        "completion": {r: (v["count"], v["share"]) for r, v in c["completion"].items()},
        "length": {"turns": _summary(m["turns"]), "rounds": _summary(c["length"]["rounds"]),
                   "destiny_draws": _summary(m["destiny_draws"]), "actions": _summary(m["actions"]),
                   "minutes": _summary(c["length"]["minutes"])},
        "destiny_histogram": {k: v["total"] for k, v in m["destiny_draws_at_end"].get("keys", {}).items()},
        "fairness": fairness,
        "tension": {k: _summary(m[k]) for k in ("pants_changes", "winner_without_pants", "since_last_change")},
        "cards": cards,
        "card_totals": {"expected_win": 1 / cfg["players"], "reactions_per_game": m["reactions"]["per_game"],
                        "reshuffles": {k: m["reshuffles"][k] for k in pick},
                        "hand_limit_discards": {k: m["hand_limit_discards"][k] for k in pick}},
        "hazards": {k: {f: c["hazards"][k][f] for f in ("total", "per_game", "games", "share", "example_seed")}
                    for k in OLD_HAZARDS},
        "stall": (c["hazards"]["stall"]["games"], c["hazards"]["stall"]["share"], c["hazards"]["stall"]["seeds"]),
        "error": {"count": c["errors"]["count"], "share": c["errors"]["share"], "cases": c["errors"]["cases"]},
        "last_card": {k: m["last_card"][k] for k in ("count", "share")},
        "policies": None if policies is None else {k: policies[k] for k in ("rates", "p_value", "margin", "ratio")},
    }


def test_every_configuration_keeps_its_figures(before, after, game):
    card_ids = [card.id for card in game.power.cards]
    assert len(after["configs"]) == len(before["configs"]) and len(after["duels"]) == len(before["duels"])
    for old, new in zip(before["configs"] + before["duels"], after["configs"] + after["duels"]):
        old_figures, new_figures = _old_config(old), _new_config(new, card_ids)
        for name in old_figures:
            assert new_figures[name] == old_figures[name], f"{old['config']['key']}: {name}"


def test_findings_are_the_same_sentences_in_the_same_order(before, after):
    """Word for word, but for the seats finding, which now names its correction (issue 31)."""
    def others(findings: list[dict]) -> list[dict]:
        return [f for f in findings if f["topic"] != "seats"]

    assert others(after["findings"]) == others(before["findings"])
    [seats] = [f for f in after["findings"] if f["topic"] == "seats"]
    assert "Holm-corrected exact binomial tests over" in seats["text"]


def test_report_wide_figures_are_kept(before, after, game):
    assert after["total_games"] == before["total_games"]
    assert after["extras"]["destiny"] == before["destiny"]
    assert after["extras"]["playtime"] == before["playtime"]
    assert after["validation"] == before["validation"]
    old_game, new_game = before["game"], after["game"]
    assert (new_game["name"], new_game["slug"], new_game["playtime_minutes"]) == \
        (old_game["name"], old_game["slug"], old_game["playtime_minutes"])
    assert after["extras"]["turn_cap"] == old_game["turn_cap"]
    assert new_game["default_setup"] == old_game["default_preset"]
    assert new_game["setups"] == old_game["presets"]
    assert new_game["seat_names"] == old_game["dens"]
    old_settings, new_settings = before["settings"], after["settings"]
    renamed = {"presets": "setups", "duel_preset": "duel_setup"}
    for key, value in old_settings.items():
        assert new_settings[renamed.get(key, key)] == value, key
    labels = after["labels"]["metrics"]
    names = {**labels["plays"]["keys"], **labels["reactions"]["keys"]}
    playable = [row for row in before["configs"][0]["cards"]["cards"] if row["playable"]]
    assert names == {row["id"]: row["name"] for row in playable}
    assert set(labels["reactions"]["keys"]) == {row["id"] for row in playable if row["reaction"]}
