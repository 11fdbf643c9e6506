"""Aggregation and findings on hand-made game records, where every figure is known."""

from __future__ import annotations

from generator.report.aggregate import CardInfo, aggregate
from generator.report.findings import find
from generator.report.plan import Config
from generator.report.record import GameRecord

CARDS = [CardInfo("pants", "The Pants", False, False), CardInfo("tongue", "Tongue", False, True),
         CardInfo("shield", "Shield", True, True)]


def record(seed, winner, first=0, reason="time", turns=10, **extra) -> GameRecord:
    fields = dict(seed=seed, players=2, seat_policies=("greedy", "greedy"), first=first, reason=reason,
                  winner=winner, turns=turns, rounds=-(-turns // 2), destiny_draws=5, actions=2 * turns,
                  last_card=False, pants_changes=2, winner_without_pants=3, since_last_change=4)
    fields.update(extra)
    return GameRecord(**fields)


def test_aggregate_counts_what_happened():
    records = [
        record(1, 0, plays={"tongue": [1, 0]}, reactions={"shield": [0, 1]}),
        record(2, 0, first=1, plays={"tongue": [2, 1]}),
        record(3, 1, turns=20, last_card=True),
        record(4, None, reason="stall", turns=400, hazards={"stall_den_lock": 1, "den_shared": 2}),
    ]
    result = aggregate(Config(2, "standard", "greedy"), records, CARDS, None)
    assert result["completion"]["time"] == {"count": 3, "share": 0.75}
    assert result["completion"]["stall"]["count"] == 1
    assert result["length"]["turns"]["median"] == 15.0 and result["length"]["turns"]["max"] == 400
    assert result["length"]["minutes"] is None
    fair = result["fairness"]
    assert fair["decided"] == 3 and [s["wins"] for s in fair["seats"]] == [2, 1]
    assert fair["first_player"]["wins"] == 1 and fair["first_player"]["games"] == 3  # only game 1
    tongue = next(c for c in result["cards"]["cards"] if c["id"] == "tongue")
    assert tongue["plays"] == 4 and tongue["users"] == 3 and tongue["user_win"]["wins"] == 2
    shield = next(c for c in result["cards"]["cards"] if c["id"] == "shield")
    assert shield["reactions"] == 1
    hazards = result["hazards"]
    assert hazards["stall"]["seeds"] == [4] and hazards["stall_den_lock"]["example_seed"] == 4
    assert hazards["den_shared"]["total"] == 2 and hazards["den_shared"]["games"] == 1
    assert result["last_card"] == {"count": 1, "share": 0.25}
    assert result["tension"]["winner_without_pants"]["mean"] == (0.3 + 0.3 + 0.15) / 3


def test_findings_put_attention_first_and_name_a_seed():
    records = [record(s, s % 2) for s in range(40)]
    records.append(record(99, None, reason="stall", turns=400, hazards={"stall_den_lock": 1}))
    result = aggregate(Config(2, "standard", "greedy"), records, CARDS, None)
    report = {"configs": [result], "duels": [], "validation": [], "destiny": [],
              "game": {"turn_cap": 400, "playtime_minutes": 30, "dens": {"2": ["S", "N"]}}}
    findings = find(report)
    severities = [f.severity for f in findings]
    assert severities == sorted(severities, key=lambda s: s != "attention")
    texts = " ".join(f.text for f in findings if f.severity == "attention")
    assert "1 of 41 games" in texts and "seed 99 of 2p-standard-greedy" in texts
    assert "shut in its den" in texts
