"""Aggregation and findings on hand-made game records, where every figure is known."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from dragon_pnp.games.dragon_pants import GAME
from dragon_pnp.games.parts import ReportPart
from dragon_pnp.report.aggregate import aggregate, summarise_metric
from dragon_pnp.report.findings import find
from dragon_pnp.report.plan import Config
from dragon_pnp.report.record import GameRecord

REASONS = ("time", "destiny_exhausted", "stall")
HAZARDS = ("den_shared", "stall_den_lock", "stall")


def record(seed, winner, first=0, reason="time", turns=10, hazards=None, **metrics) -> GameRecord:
    """A two-player Dragon Pants-like record: winner None is a game nobody won."""
    won = winner is not None
    figures = {"turns": turns, "destiny_draws": 5, "actions": 2 * turns, "last_card": False, "pants_changes": 2,
                   "winner_without_pants": 3 / turns if won else None, "since_last_change": 4 if won else None,
                   "plays": {}, "reactions": {}}
    figures.update(metrics)
    return GameRecord(seed=seed, players=2, seat_policies=("greedy", "greedy"), winners=(winner,) if won else (),
                      reason=reason, rounds=-(-turns // 2), first=first, metrics=figures, hazards=hazards or {})


def test_aggregate_counts_what_happened():
    records = [
        record(1, 0, plays={"tongue": [1, 0]}, reactions={"shield": [0, 1]}),
        record(2, 0, first=1, plays={"tongue": [2, 1]}),
        record(3, 1, turns=20, last_card=True),
        record(4, None, reason="stall", turns=400, hazards={"stall_den_lock": 1, "den_shared": 2, "stall": 1}),
    ]
    result = aggregate(Config(2, "standard", "greedy"), records, REASONS, HAZARDS)
    assert result["completion"]["time"]["count"] == 3 and result["completion"]["time"]["share"] == 0.75
    assert result["completion"]["stall"]["count"] == 1 and result["completion"]["stall"]["seeds"] == [4]
    assert list(result["completion"]) == [*REASONS, "error"]
    metrics = result["metrics"]
    assert metrics["turns"]["median"] == 15.0 and metrics["turns"]["max"] == 400
    assert result["length"]["minutes"] is None and result["length"]["rounds"]["max"] == 200
    fair = result["fairness"]
    assert fair["decided"] == 3 and [s["wins"] for s in fair["seats"]] == [2, 1]
    assert fair["draws"] == {"count": 1, "share": 0.25}
    assert fair["first_player"]["wins"] == 1 and fair["first_player"]["games"] == 3  # only game 1
    tongue = metrics["plays"]["keys"]["tongue"]
    assert tongue["total"] == 4 and tongue["users"] == 3 and tongue["user_win"]["wins"] == 2
    assert tongue["seats"] == [3, 1] and tongue["games"] == 2
    assert metrics["reactions"]["keys"]["shield"]["total"] == 1
    hazards = result["hazards"]
    assert hazards["stall"]["seeds"] == [4] and hazards["stall_den_lock"]["example_seed"] == 4
    assert hazards["den_shared"]["total"] == 2 and hazards["den_shared"]["games"] == 1
    assert metrics["last_card"] == {"kind": "flag", "count": 1, "share": 0.25}
    assert metrics["winner_without_pants"]["mean"] == pytest.approx((0.3 + 0.3 + 0.15) / 3)
    assert metrics["winner_without_pants"]["count"] == 3  # undecided games carry None: left out


def test_metrics_are_summarised_by_the_shape_of_their_values():
    records = [record(s, 0) for s in range(4)]
    numbers = summarise_metric([(r, v) for r, v in zip(records, [1, 0, 3, 0])], records)
    assert numbers["kind"] == "number" and numbers["total"] == 4 and numbers["games"] == 2
    assert numbers["per_game"] == 1.0 and numbers["share"] == 0.5 and numbers["median"] == 0.5
    seats = summarise_metric([(r, [1, 2]) for r in records], records)
    assert seats == {"kind": "per_seat", "seats": [4, 8], "total": 12, "per_game": 3.0}
    counts = summarise_metric([(records[0], {"12": 1}), (records[1], {"9": 1}), (records[2], {"12": 1})], records)
    assert counts["kind"] == "counts" and list(counts["keys"]) == ["9", "12"]  # whole numbers in number order
    assert counts["keys"]["12"] == {"total": 2, "per_game": 0.5, "games": 2, "share": 0.5}
    with pytest.raises(TypeError, match="expected a number"):
        summarise_metric([(records[0], "many")], records)


def _report(game, configs: list[dict]) -> dict:
    """The smallest report the findings read: the configurations plus the game's labels."""
    return {"configs": configs, "duels": [], "validation": [],
            "extras": {"turn_cap": 400, "destiny": []},
            "game": {"playtime_minutes": 30, "seat_names": {"2": ["S", "N"]}},
            "labels": GAME.part(ReportPart).report_spec(game).to_json(),
            "settings": {"reference": "greedy", "mixed": ["greedy", "random"], "decision_cap": 100_000}}


def test_findings_put_attention_first_and_name_a_seed(game):
    records = [record(s, s % 2) for s in range(40)]
    records.append(record(99, None, reason="stall", turns=400, hazards={"stall_den_lock": 1, "stall": 1}))
    spec = GAME.part(ReportPart).report_spec(game)
    result = aggregate(Config(2, "standard", "greedy"), records, spec.reasons, spec.hazards)
    report = _report(game, [result])
    findings = find(report, GAME.part(ReportPart).findings(game, report))
    severities = [f.severity for f in findings]
    assert severities == sorted(severities, key=lambda s: s != "attention")
    texts = " ".join(f.text for f in findings if f.severity == "attention")
    assert "1 of 41 games" in texts and "seed 99 of 2p-standard-greedy" in texts
    assert "shut in its den" in texts


def test_generic_findings_name_seats_and_hazards_in_the_games_words(game):
    records = [record(s, 0, hazards={"stuck": 1} if s == 7 else {}) for s in range(60)]
    spec = GAME.part(ReportPart).report_spec(game)
    result = aggregate(Config(2, "standard", "greedy"), records, spec.reasons, spec.hazards)
    texts = [f.text for f in find(_report(game, [result]))]
    assert any("seat 1 (den S) in 2p-standard-greedy wins 100 %" in t for t in texts)
    assert any(t.startswith("In 1.7 % of all games a dragon had no legal way out of its den at least once "
                            "(e.g. seed 7 of 2p-standard-greedy)") for t in texts)


def _timed(game, medians: dict[int, float], policy: str = "greedy") -> list[dict]:
    """One aggregated configuration per player count, its games taking about `medians[players]` minutes."""
    spec = GAME.part(ReportPart).report_spec(game)
    configs = []
    for players, minutes in medians.items():
        records = [replace(record(s, s % 2), players=players, minutes=minutes + (s % 3 - 1) * 0.1) for s in range(30)]
        configs.append(aggregate(Config(players, "standard", policy), records, spec.reasons, spec.hazards))
    return configs


def _length(game, medians: dict[int, float]) -> str:
    return next(f for f in find(_report(game, _timed(game, medians))) if f.topic == "length").text


def test_playing_time_reads_as_one_figure_for_one_configuration_and_a_range_for_several(game):
    one = _length(game, {2: 24.2})
    assert one.startswith("Estimated playing time of greedy games") and "from a median" not in one
    assert "is about 24 minutes (the median of 2p-standard-greedy); the box says 30." in one
    several = _length(game, {2: 15.2, 4: 63.8})
    assert ("runs from a median of 15 minutes (2p-standard-greedy) to 64 minutes (4p-standard-greedy); "
            "the box says 30.") in several
    alike = _length(game, {2: 24.2, 4: 23.8})     # different medians that print as the same figure
    assert "is about 24 minutes (the median) in each of its 2 configurations; the box says 30." in alike


def test_one_configuration_is_not_counted_as_one_of_one(game):
    records = [record(s, 0, first=0) for s in range(40)]  # the first player wins every game
    spec = GAME.part(ReportPart).report_spec(game)
    texts = [f.text for f in find(_report(game, [aggregate(Config(2, "standard", "greedy"), records,
                                                           spec.reasons, spec.hazards)]))]
    first = next(t for t in texts if "chance does not explain" in t)
    assert first.endswith("chance does not explain this.") and "1 of 1" not in first
    fair = [record(s, s % 2, first=s % 2) for s in range(40)]
    texts = [f.text for f in find(_report(game, [aggregate(Config(2, "standard", "greedy"), fair,
                                                           spec.reasons, spec.hazards)]))]
    assert any(t.startswith("No seat wins more or less often than chance explains in 2p-standard-greedy (")
               for t in texts)


def test_a_mixed_game_player_that_never_wins_is_said_in_words_and_the_weight_stays_finite(game):
    records = [GameRecord(seed=s, players=2, seat_policies=("greedy", "random")[::1 - 2 * (s % 2)],
                          winners=(s % 2,), reason="time", rounds=5, first=0,
                          metrics=record(s, 0).metrics, hazards={}) for s in range(30)]
    spec = GAME.part(ReportPart).report_spec(game)
    duel = aggregate(Config(2, "standard", "mixed", ("greedy", "random")), records, spec.reasons, spec.hazards)
    report = {**_report(game, _timed(game, {2: 20.0})), "duels": [duel]}
    players = next(f for f in find(report) if f.topic == "players")
    assert "while a random player wins none of its 30 seats." in players.text and "inf" not in players.text
    json.dumps([f.to_json() for f in find(report)], allow_nan=False)   # strict JSON: no Infinity
