"""How the Dragon Pants rules-check report speaks: labels, the Deck of Destiny section, the
findings only Dragon Pants has (stalls and their causes, the Destiny deck, tension, cards), and
the narration of events for `play`.

Everything reads the report's JSON form (`dragon_pnp.report`), so it works on a saved report too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from dragon_pnp.games.api import Event, Finding
from dragon_pnp.games.dragon_pants.destiny import analyse_presets
from dragon_pnp.games.dragon_pants.engine.state import DECISIONS_PER_TURN_CAP
from dragon_pnp.games.dragon_pants.settings import setting
from dragon_pnp.games.report_parts import (
    BAR,
    SECOND,
    BarChart,
    ColumnChart,
    HazardSpec,
    MetricSpec,
    ReasonSpec,
    ReportSpec,
    Section,
    Table,
    pct,
)
from dragon_pnp.stats import wilson_interval

STALL_CAUSES = {
    "stall_den_lock": "a Pants holder can be shut in its den for good: another dragon stands on the den's only "
                      "exit and answers every forced bite out with a reaction (Shield, Poison or Mirror) that "
                      "refreshes before the next try, and a holder in its den never draws a Destiny card",
    "stall_pants_loose": "games stall when The Pants lie in the Power deck or discard pile and nobody fetches them",
    "stall_roaming": "some stalled games had the Pants holder out on the board at the cap",
}

GREEDY_NOTE = (
    "Greedy players look one action ahead: they chase The Pants (bite or Tongue the holder, take them from the "
    "top of the discard pile, run the Power deck down when they are buried), guard them once worn (keep away "
    "from biting range and from lines of sight of ready cards, prefer mountains and water), and always answer "
    "with a fitting reaction.")


def spec(game: Any) -> ReportSpec:
    """Labels of the Dragon Pants figures, in the order the report lists them."""
    cards = game.power.cards
    played = {c.id: c.name for c in cards if c.target not in ("none", "reaction")}
    reactions = {c.id: c.name for c in cards if c.target == "reaction"}
    method = ["The Destiny analysis is exact, over every order of the deck, not sampled."]
    timing = game.playtime
    if timing is not None:
        method.append(
            f"Playing time estimate (data/{game.slug}/playtime.yaml): {timing.setup_minutes:g} minutes of setup, "
            f"plus {timing.seconds_per_turn:g} s per turn, {timing.seconds_per_action:g} s per action and "
            f"{timing.seconds_per_destiny_draw:g} s per Destiny draw.")
    method.append(f"A game still running after {setting(game, 'turn_cap')} turns (game.yaml turn_cap) is stopped "
                  "and counted as a stall.")
    return ReportSpec(
        setup_label="Destiny presets",
        setup_noun="preset",
        setup_names={key: preset.name for key, preset in game.destiny.presets.items()},
        seat_label="Den",
        first_player="Whoever is dealt The Pants at setup moves first and",
        playtime_source="table timings from playtime.yaml",
        reasons={
            "time": ReasonSpec("time ran out", "Time"),
            "destiny_exhausted": ReasonSpec("Destiny deck used up", "Deck out"),
            "stall": ReasonSpec("stalled (turn cap)", "Stall"),
        },
        hazards={
            "den_shared": HazardSpec("Dragons sharing a den (R10)", "two dragons shared a den"),
            "pants_discarded": HazardSpec("Pants in the discard pile (R15-R16)", "The Pants went to the discard pile"),
            "pants_in_deck": HazardSpec("Pants reshuffled into the deck (R12)",
                                        "a reshuffle put The Pants back into the Power deck"),
            "stuck": HazardSpec("No legal action out of a den (R9)", "a dragon had no legal way out of its den",
                                attention=True),
            "endless_turn": HazardSpec(
                "Endless turn cut off",
                f"a turn went on for more than {DECISIONS_PER_TURN_CAP} decisions (a loop the rules allow, such as "
                "Boost drawn back from the discard pile again and again) and was cut off", attention=True),
            "stall_den_lock": HazardSpec("Stall: Pants holder held in its den"),
            "stall_pants_loose": HazardSpec("Stall: Pants left in deck or discard"),
            "stall_roaming": HazardSpec("Stall: Pants holder on the board"),
            "stall": HazardSpec("Stalls (turn cap)"),
        },
        metrics={
            "turns": MetricSpec("Turns", "Length", overview="Turns"),
            "destiny_draws": MetricSpec("Destiny draws", "Length", overview="Destiny"),
            "actions": MetricSpec("Actions", "Length"),
            "pants_changes": MetricSpec("Pants changes of hands per game", "Tension", overview="Pants moves",
                                        overview_stat="mean"),
            "winner_without_pants": MetricSpec("Share of turns the winner was without The Pants", "Tension",
                                               percent=True),
            "since_last_change": MetricSpec("Turns from the last change of hands to the end", "Tension"),
            "plays": MetricSpec("played", "Cards", keys=played, key_header="Card"),
            "reactions": MetricSpec("reaction", "Cards", keys=reactions, key_header="Card"),
            "reshuffles": MetricSpec("Reshuffles of the Power deck", "Power deck"),
            "hand_limit_discards": MetricSpec("Hand-limit discards", "Power deck"),
            "last_card": MetricSpec("Time ran out on the last Destiny card"),
            "destiny_draws_at_end": MetricSpec("Destiny draws when the game ended (not stalled)"),
        },
        policy_notes={"greedy": GREEDY_NOTE},
        method=tuple(method),
    )


def extras(game: Any) -> dict[str, Any]:
    """Figures that need no simulation: the exact Destiny analysis, the turn cap and the table timings."""
    timing = game.playtime
    return {
        "destiny": [analysis.to_json() for analysis in analyse_presets(game)],
        "turn_cap": setting(game, "turn_cap"),
        "playtime": timing.model_dump() if timing is not None else None,
    }


# --- the Deck of Destiny section ------------------------------------------------------------


def sections(report: Mapping[str, Any]) -> list[Section]:
    analyses = report["extras"].get("destiny") or []
    if not analyses:
        return []
    reference = report["settings"]["reference"]
    return [Section("Deck of Destiny", [_destiny_table(report, analyses)], _destiny_charts(report, analyses, reference))]


def _metric(config: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    return config["metrics"].get(name) or {}


def _destiny_table(report: Mapping[str, Any], analyses: list[dict[str, Any]]) -> Table:
    rows = []
    for a in analyses:
        simulated = [c for c in report["configs"] if c["config"]["setup"] == a["preset"]]
        games = sum(c["games"] for c in simulated)
        last = sum(_metric(c, "last_card").get("count", 0) for c in simulated)
        d = a["draws"]
        rows.append([
            a["preset"], str(a["length"]), " ".join(f"{v}x{n}" for v, n in a["composition"].items()), str(a["sum"]),
            "yes" if a["guaranteed"] else "no", f"{a['p_end']:.4f}",
            f"{d['min']} / {d['mean']:.2f} / {d['median']} / {d['p90']} / {d['max']}",
            f"{a['p_last_card']:.4f}", pct(last / games) if games else "-", str(a["max_time"]),
        ])
    return Table("Deck of Destiny, exact (dragon-pnp decks)",
                 ["Preset", "Length", "Cards", "Sum", "Ends for sure", "P(end)", "Draws min/mean/median/p90/max",
                  "P(last card)", "Simulated last card", "Highest time"], rows,
                 "Exact figures over every order of the deck; 'Simulated last card' is the share of simulated games "
                 "of that preset that ended on the deck's final card (stalled games never reach it).")


def _destiny_charts(report: Mapping[str, Any], analyses: list[dict[str, Any]], policy: str) -> list[BarChart | ColumnChart]:
    """Exact distribution of Destiny draws at the end against what the simulated games drew."""
    charts: list[BarChart | ColumnChart] = []
    for a in analyses:
        pmf = {int(k): v for k, v in a["draws"]["pmf"].items()}
        rows = [c for c in report["configs"] if c["config"]["setup"] == a["preset"] and c["config"]["policy"] == policy]
        hist: dict[int, int] = {}
        total = 0
        for c in rows:
            for k, entry in _metric(c, "destiny_draws_at_end").get("keys", {}).items():
                hist[int(k)] = hist.get(int(k), 0) + entry["total"]
                total += entry["total"]
        top = max(list(pmf) + list(hist) + [1])
        categories = tuple(str(k) for k in range(1, top + 1))
        series = [("exact", BAR, tuple(pmf.get(k, 0.0) for k in range(1, top + 1)))]
        if total:
            series.append((f"simulated ({policy})", SECOND, tuple(hist.get(k, 0) / total for k in range(1, top + 1))))
        charts.append(ColumnChart(f"{a['preset']}: Destiny draws when the game ends", categories, tuple(series),
                                  tick_every=1 if top <= 20 else 2, height_mm=48.0))
    return charts


# --- findings -------------------------------------------------------------------------------


def _finding(attention: bool, topic: str, weight: float, text: str, configs: Iterable[str] = ()) -> Finding:
    return Finding("warning" if attention else "info", topic, text, {"weight": weight, "configs": list(configs)})


def _all(report: Mapping[str, Any]) -> list[dict[str, Any]]:
    return list(report["configs"]) + list(report["duels"])


def _reference(report: Mapping[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    policy = report["settings"]["reference"]
    return policy, [c for c in report["configs"] if c["config"]["policy"] == policy]


def _keys(configs: Iterable[dict[str, Any]]) -> tuple[str, ...]:
    return tuple(c["config"]["key"] for c in configs)


def findings(game: Any, report: Mapping[str, Any]) -> list[Finding]:
    """What only Dragon Pants can say: stalls and their causes, the Destiny deck, tension, cards."""
    found: list[Finding] = []
    for rule in (_stalls, _exhausted, _last_card, _tension):
        found.extend(rule(report))
    found.extend(_cards(game, report))
    return found


def _stalls(report: Mapping[str, Any]) -> Iterable[Finding]:
    stalled = [c for c in _all(report) if c["hazards"]["stall"]["games"]]
    if not stalled:
        return
    cap = report["extras"]["turn_cap"]
    worst = max(stalled, key=lambda c: c["hazards"]["stall"]["share"])
    total = sum(c["hazards"]["stall"]["games"] for c in stalled)
    games = sum(c["games"] for c in _all(report))
    split = ", ".join(f"{policy} {pct(share)}" for policy, share in _stall_shares(report).items())
    seed = worst["hazards"]["stall"]["seeds"][0]
    yield _finding(
        True, "stalls", 900 + 100 * worst["hazards"]["stall"]["share"],
        f"{total:,} of {games:,} games ({pct(total / games)}) reached the cap of {cap} turns without an end "
        f"({split}); the worst is {worst['config']['key']} at {pct(worst['hazards']['stall']['share'])}. "
        f"Seed {seed} of that configuration reproduces one.", _keys(stalled))
    for kind, words in STALL_CAUSES.items():
        hit = [c for c in stalled if c["hazards"][kind]["games"]]
        if not hit:
            continue
        count = sum(c["hazards"][kind]["games"] for c in hit)
        by_policy: dict[str, int] = {}
        for c in hit:
            by_policy[c["config"]["policy"]] = by_policy.get(c["config"]["policy"], 0) + c["hazards"][kind]["games"]
        example = hit[0]
        who = ", ".join(f"{n:,} in {policy} games" for policy, n in sorted(by_policy.items()))
        attention = kind == "stall_den_lock"
        yield _finding(attention, "stalls", (880 if attention else 90) + count / games,
                       f"{words[0].upper()}{words[1:]} ({count:,} stalled games: {who}; seed "
                       f"{example['hazards'][kind]['example_seed']} of {example['config']['key']} reproduces one).",
                       _keys(hit))


def _stall_shares(report: Mapping[str, Any]) -> dict[str, float]:
    counts: dict[str, list[int]] = {}
    for c in _all(report):
        tally = counts.setdefault(c["config"]["policy"], [0, 0])
        tally[0] += c["hazards"]["stall"]["games"]
        tally[1] += c["games"]
    return {policy: stalls / games for policy, (stalls, games) in sorted(counts.items()) if games}


def _exhausted(report: Mapping[str, Any]) -> Iterable[Finding]:
    for c in _all(report):
        ran_out = c["completion"].get("destiny_exhausted")
        if ran_out and ran_out["count"]:
            yield _finding(True, "destiny", 850 + ran_out["share"],
                           f"{pct(ran_out['share'])} of {c['config']['key']} games used up the Destiny deck with no "
                           "winner.", (c["config"]["key"],))


def _last_card(report: Mapping[str, Any]) -> Iterable[Finding]:
    for analysis in report["extras"].get("destiny") or []:
        p = analysis["p_last_card"]
        if p < 0.25:
            continue
        simulated = [c for c in _all(report) if c["config"]["setup"] == analysis["preset"]]
        games = sum(c["games"] for c in simulated)
        last = sum(_metric(c, "last_card").get("count", 0) for c in simulated)
        by_policy = []
        for policy in dict.fromkeys(c["config"]["policy"] for c in simulated):
            mine = [c for c in simulated if c["config"]["policy"] == policy]
            n = sum(c["games"] for c in mine)
            if n:
                hit = sum(_metric(c, "last_card").get("count", 0) for c in mine)
                by_policy.append(f"{policy} {pct(hit / n)} of {n:,}")
        strong = {c["config"]["policy"] for c in simulated} - {"random", "mixed"}
        split = f" ({', '.join(by_policy)})" if len(strong) > 1 else ""
        seen = f"; {pct(last / games)} of the simulated games did{split}" if games else ""
        yield _finding(
            p >= 0.4, "destiny", 400 + 100 * p,
            f"The {analysis['preset']} Destiny deck ends the game on its very last card {pct(p)} of the time "
            f"(exact){seen}: players who count the cards drawn know when the end is coming.",
            _keys(simulated))


def _tension(report: Mapping[str, Any]) -> Iterable[Finding]:
    policy, rows = _reference(report)
    if not rows:
        return
    figures = _tension_figures(rows)
    if figures is None:
        return
    mean_changes, without, since, games = figures
    setups = {c["config"]["setup"] for c in rows}
    beside = []
    for other in sorted({c["config"]["policy"] for c in report["configs"]} - {policy, "random"}):
        same = [c for c in report["configs"] if c["config"]["policy"] == other and c["config"]["setup"] in setups]
        theirs = _tension_figures(same)
        if theirs is not None:
            beside.append(f"{other}: {theirs[0]:.1f} times, {pct(theirs[1])}, {theirs[2]:.0f} turns over "
                          f"{theirs[3]:,} games")
    if beside:
        beside.insert(0, f"{games:,} {policy} games")
    yield _finding(
        mean_changes < 1, "tension", 250 if mean_changes < 1 else 120,
        f"In {policy} games The Pants change hands {mean_changes:.1f} times a game on average; the "
        f"eventual winner was without them at {pct(without)} of turn ends, and the last change came a median of "
        f"{since:.0f} turns before the end" + (f" ({'; '.join(beside)})." if beside else "."), _keys(rows))


def _tension_figures(rows: list[dict[str, Any]]) -> tuple[float, float, float, int] | None:
    """Mean changes of hands, share of turn ends the winner was without The Pants, median turns
    since the last change (mean over configurations) and games, over `rows`."""
    changes_of = [_metric(c, "pants_changes") for c in rows]
    without_of = [_metric(c, "winner_without_pants") for c in rows]
    changes = sum(m.get("mean", 0.0) * m.get("count", 0) for m in changes_of)
    games = sum(m.get("count", 0) for m in changes_of)
    without = sum(m.get("mean", 0.0) * m.get("count", 0) for m in without_of)
    decided = sum(m.get("count", 0) for m in without_of)
    if not games or not decided or not rows:
        return None
    since = sum(_metric(c, "since_last_change").get("median", 0.0) for c in rows) / len(rows)
    return changes / games, without / decided, since, games


def _cards(game: Any, report: Mapping[str, Any]) -> Iterable[Finding]:
    """Cards nobody used, and cards whose users win far more often than chance."""
    policy, rows = _reference(report)
    if not rows:
        return
    totals: dict[str, dict[str, Any]] = {}
    for card in game.power.cards:
        t = totals[card.id] = {"name": card.name, "plays": 0, "reactions": 0, "users": 0, "wins": 0,
                               "expected": 0.0, "playable": card.target != "none",
                               "reaction": card.target == "reaction"}
        for c in rows:
            for metric in ("plays", "reactions"):
                used = _metric(c, metric).get("keys", {}).get(card.id)
                if not used:
                    continue
                t[metric] += used["total"]
                t["users"] += used["user_win"]["games"]
                t["wins"] += used["user_win"]["wins"]
                t["expected"] += used["user_win"]["games"] / c["config"]["players"]
    unused = [t["name"] for t in totals.values() if t["playable"] and t["plays"] == 0 and t["reactions"] == 0]
    if unused:
        yield _finding(True, "cards", 450, f"Never used in any {policy} game: {', '.join(unused)}.", _keys(rows))
    for t in totals.values():
        if t["users"] < 30 or t["reaction"]:
            continue
        interval = wilson_interval(int(t["wins"]), int(t["users"]))
        expected = t["expected"] / t["users"]
        if interval.low > expected * 1.5:
            yield _finding(False, "cards", 180 + interval.rate / expected,
                           f"Players who play {t['name']} win {pct(interval.rate)} of those games "
                           f"(95 % CI {pct(interval.low)}-{pct(interval.high)}) against {pct(expected)} by chance.",
                           _keys(rows))


# --- play -----------------------------------------------------------------------------------


def describe_event(event: Event) -> str:
    """One line per event, dragons numbered from 1: 'bite: dragon 1 (dragon 2)' (an event's
    detail already numbers seats from 1)."""
    who = "nobody" if event.seat is None else f"dragon {event.seat + 1}"
    detail = event.detail
    kind = event.kind
    if kind in ("bite", "swap", "target") and isinstance(detail, int):
        detail = f"dragon {detail}"
    elif kind == "steal":
        detail = f"{detail[0]} from dragon {detail[1]}"
    elif kind == "pants":
        detail = "from " + ("nobody" if detail is None else f"dragon {detail}")
    elif kind == "draw":
        detail = f"{detail[1]} from the {detail[0]}"
    elif isinstance(detail, list):
        detail = "(" + ", ".join(map(str, detail)) + ")"
    return f"{kind}: {who}" + ("" if detail is None else f" ({detail})")
