"""Report hooks and players: metrics add up, findings read any summary shape, policies play sensibly."""

from __future__ import annotations

import random

from dragon_pnp.games.dragon_line import GAME
from dragon_pnp.games.dragon_line.learning import play_hand, ridge
from dragon_pnp.games.dragon_line.metrics import findings, playtime_minutes, summarise
from dragon_pnp.games.dragon_line.policies import StrongPolicy
from dragon_pnp.games.parts import ReportPart
from dragon_pnp.players import policies_of

from .helpers import battle_position, load, made_rules, shipped_data, shipped_rules


def random_match(seed: int):
    rules = shipped_rules()
    state = GAME.new_game(rules, seed)
    rng = random.Random(seed)
    while state.result is None:
        state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_move()})
    return state


def test_game_metrics_add_up_over_a_match():
    state = random_match(21)
    m = GAME.part(ReportPart).game_metrics(state, None)
    assert m["hands"] == 3 and sum(m["hand_wins"]) + m["hand_ties"] == 3 and sum(m["hand_reasons"].values()) == 3
    assert m["rounds"] == state.result.rounds and m["points"] == [int(x) for x in state.result.scores]
    assert sum(m["card_drafted"].values()) == 3 * 2 * 6 == sum(m["suit_drafted"].values())
    winners_fielded = sum(len(h["fielded"][w]) for h in state.hands_log for w in h["winners"])
    assert sum(m["suit_winning_line"].values()) == winners_fielded
    assert sum(m["card_fielded_won"].values()) == winners_fielded
    assert m["fallback_rounds"] == state.counts["fallback"]
    assert 0 <= m["fallback_share"] <= 1


def test_playtime_comes_from_the_data():
    state = random_match(22)
    settings = shipped_data().settings
    t = settings.playtime
    expected = (3 * (t.setup_seconds + 6 * t.draft_pick_seconds + 4 * t.line_card_seconds)
                + state.result.rounds * t.round_seconds + 2 * t.between_hands_seconds) / 60
    assert abs(GAME.part(ReportPart).playtime_minutes(None, state, None) - expected) < 1e-9
    assert playtime_minutes(state) == GAME.part(ReportPart).playtime_minutes(None, state, None)


def test_summarise_sums_and_the_suit_balance():
    per_game = [GAME.part(ReportPart).game_metrics(random_match(s), None) for s in (1, 2, 3)]
    total = summarise(per_game)
    assert total["hands"] == 9 and total["hand_wins"] == [sum(m["hand_wins"][i] for m in per_game) for i in (0, 1)]
    shares = [b["winning_share"] for b in total["suit_balance"].values()]
    assert abs(sum(shares) - 1) < 1e-9 and set(total["suit_balance"]) <= {"air", "earth", "fire", "ice", "spirit"}


def _counts(values: dict[str, int]) -> dict:
    """A counts metric as the report's aggregation writes it."""
    return {"kind": "counts", "keys": {k: {"total": v} for k, v in values.items()}, "total": sum(values.values())}


def test_findings_read_the_reference_policys_configuration_of_the_report():
    even = {"air": 200, "earth": 200, "fire": 200, "ice": 200, "spirit": 200}
    skewed = {"air": 400, "earth": 150, "fire": 150, "ice": 150, "spirit": 150}

    def config(policy: str, winning: dict) -> dict:
        return {"config": {"key": f"2p-match-{policy}", "policy": policy},
                "metrics": {"suit_winning_line": _counts(winning), "suit_losing_line": _counts(even),
                            "fallback_rounds": {"kind": "number", "total": 30}, "rounds": {"kind": "number", "total": 300},
                            "hand_ties": {"kind": "number", "total": 1}, "hands": {"kind": "number", "total": 100}},
                "hazards": {"round_cap": {"total": 0}}}

    report = {"settings": {"reference": "strong"}, "configs": [config("random", even), config("strong", skewed)]}
    found = {f.title: f for f in findings(None, report)}
    assert found["Suit balance"].level == "warning" and "In 2p-match-strong, air makes up 40%" in found["Suit balance"].detail
    assert "10% of rounds" in found["Front-dragon fallback"].detail
    assert found["Tied hands"].level == "info" and "Round cap" not in found
    report["settings"]["reference"] = "random"
    assert {f.title: f for f in findings(None, report)}["Suit balance"].level == "info"
    assert findings(None, {"configs": []}) == []


def test_a_real_check_reports_suit_balance_fallback_and_ties():
    """The findings read what the check driver really writes (a test on made-up shapes once hid
    that they found nothing)."""
    from dragon_pnp.games.registry import load_game
    from dragon_pnp.report.check import CheckSettings, Execution, run_check

    game = load_game("dragon_line")
    report = run_check(game, CheckSettings(games=4, policies=("random", "greedy"), duel_games=0, seed=5),
                       Execution(jobs=1))
    titles = [f["text"] for f in report["findings"]]
    assert any("of the cards in winning lines" in t for t in titles)
    assert any("destroyed by the fallback" in t for t in titles)
    assert any("of hands were tied" in t for t in titles)
    assert any("printed Health on the table decided the hand" in t for t in titles)


def test_never_drafted_cards_are_named():
    from dragon_pnp.games.registry import load_game

    game = load_game("dragon_line")
    drafted = {c.id: 5 for c in game.dragons.cards[1:]}
    report = {"settings": {"reference": "strong"}, "configs": [
        {"config": {"key": "2p-match-strong", "policy": "strong"},
         "metrics": {"card_drafted": _counts(drafted),
                     "hand_reasons": _counts({"line_short": 90, "health": 8, "tie": 2})}}]}
    found = {f.title: f for f in GAME.part(ReportPart).findings(game, report)}
    assert found["Cards never drafted"].detail.endswith(f"1 of 35 cards were never drafted: {game.dragons.cards[0].name}")
    assert "in 10% of hands" in found["Both lines short"].detail


def test_strong_activates_a_dragon_that_wins_the_round_outright():
    rules = made_rules({"earth1": {"damage": 9}})
    for seed in range(5):
        state = load(rules, battle_position(rules, ["earth1", "earth5", "earth6", "earth7"],
                                            ["earth4", "ice5", "ice6", "ice7"], hand1=["fire1"], hand2=["fire2"]))
        for name in ("strong", "greedy"):
            action = policies_of(GAME)[name](rules).choose(state, 0, random.Random(seed))
            assert action.mask & 1, (name, str(action))


def test_strong_drafts_by_the_learned_values():
    rules = shipped_rules()
    state = GAME.new_game(rules, 4, setup="hand")
    policy = StrongPolicy(rules)
    pick = policy.choose(state, 0, random.Random(0))
    assert rules.card_value[pick.index] == max(rules.card_value[c] for c in state.stacks[0])


def test_strong_beats_random_and_hands_replay_from_the_seed():
    rules = shipped_rules()
    factories = policies_of(GAME)
    wins = 0
    for seed in range(12):
        names = ("strong", "random") if seed % 2 == 0 else ("random", "strong")
        state = play_hand(rules, [factories[n](rules) for n in names], seed)
        wins += state.result.winners == ((0,) if seed % 2 == 0 else (1,))
    assert wins >= 11
    a = play_hand(rules, [factories["strong"](rules), factories["greedy"](rules)], 7)
    b = play_hand(rules, [factories["strong"](rules), factories["greedy"](rules)], 7)
    assert a.to_dict() == b.to_dict()


def test_ridge_recovers_known_card_values():
    rng = random.Random(1)
    true = [0.3, -0.2, 0.0, 0.1]
    samples = []
    for _ in range(4000):
        x = [rng.choice((-1, 0, 1)) for _ in true]
        samples.append((x, sum(a * b for a, b in zip(x, true)) + rng.gauss(0, 0.1)))
    assert all(abs(a - b) < 0.01 for a, b in zip(ridge(samples, 4, penalty=1.0), true))
