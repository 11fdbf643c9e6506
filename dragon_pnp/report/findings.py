"""Read the aggregated figures and say, in plain sentences, what a designer should look at.

Each finding has a severity ("attention" needs the designer; "note" is worth knowing), a
weight that orders findings of one severity by how much they matter, and the configurations
it comes from. Thresholds are statistical (Bonferroni-corrected tests, Wilson intervals), so
a finding is something chance does not explain, not noise. The generic findings here speak of
any game (seats, the first player, mixed games, playing time, hazards, errors); the game module
adds its own (`GameModule.findings`), which arrive as `dragon_pnp.games.api.Finding`s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dragon_pnp.games.api import Finding as GameFinding
from dragon_pnp.games.report_parts import pct
from dragon_pnp.report.simulate import DECISION_CAP_HAZARD
from dragon_pnp.report.strong_play import comparisons
from dragon_pnp.stats import wilson_interval

ALPHA = 0.05
PLAYTIME_SLACK = 1.5  # estimated minutes this many times off the box figure is worth a look
MAX_RATIO = 100.0     # a mixed-game win ratio weighs at most this much (and so does "never won")
ATTENTION_LEVELS = ("warning", "problem")

__all__ = ["Finding", "find", "from_game", "pct"]


@dataclass(frozen=True)
class Finding:
    severity: str  # "attention" | "note"
    topic: str
    weight: float
    text: str
    configs: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, object]:
        return {"severity": self.severity, "topic": self.topic, "weight": round(self.weight, 6),
                "text": self.text, "configs": list(self.configs)}


def from_game(found: GameFinding) -> Finding:
    """A game module's finding in the report's terms: warnings and problems need attention."""
    figures = found.figures or {}
    attention = found.level in ATTENTION_LEVELS
    default_weight = 500.0 if found.level == "problem" else 300.0 if attention else 100.0
    return Finding("attention" if attention else "note", found.title, float(figures.get("weight", default_weight)),
                   found.detail or found.title, tuple(figures.get("configs", ())))


def find(report: Mapping, game_findings: Iterable[GameFinding] = ()) -> list[Finding]:
    """Every finding, attention first, then by weight."""
    found: list[Finding] = [from_game(f) for f in game_findings]
    for rule in (_validation, _errors, _cut_off, _duel, _first_player, _seats, _playtime, _hazards, _strong_play,
                 _ladder):
        found.extend(rule(report))
    order = {"attention": 0, "note": 1}
    return sorted(found, key=lambda f: (order[f.severity], -f.weight, f.topic, f.text))


def _configs(report: Mapping, policy: str | None = None) -> list[dict]:
    return [c for c in report["configs"] if policy is None or c["config"]["policy"] == policy]


def _keys(configs: Iterable[dict]) -> tuple[str, ...]:
    return tuple(c["config"]["key"] for c in configs)


def _all(report: Mapping) -> list[dict]:
    return list(report["configs"]) + list(report["duels"])


# --- findings ---------------------------------------------------------------------------------


def _validation(report: Mapping) -> Iterable[Finding]:
    for item in report["validation"]:
        where = item["file"] + (f":{item['line']}" if item.get("line") else "")
        yield Finding("attention", "validation", 1000, f"Data check failed at {where}: {item['message']}")


def _errors(report: Mapping) -> Iterable[Finding]:
    broken = [c for c in _all(report) if c["errors"]["count"]]
    if broken:
        total = sum(c["errors"]["count"] for c in broken)
        first = broken[0]
        case = first["errors"]["cases"][0]
        yield Finding("attention", "engine error", 990,
                      f"{total:,} simulated games stopped with an engine error; the first is seed {case['seed']} "
                      f"in {first['config']['key']}: {case['message']}", _keys(broken))


def _cut_off(report: Mapping) -> Iterable[Finding]:
    hit = [c for c in _all(report) if c["hazards"].get(DECISION_CAP_HAZARD, {}).get("games")]
    if hit:
        total = sum(c["hazards"][DECISION_CAP_HAZARD]["games"] for c in hit)
        first = hit[0]
        yield Finding("attention", "stalls", 950,
                      f"{total:,} simulated games were still running after {report['settings']['decision_cap']:,} "
                      f"decisions and were cut off; seed {first['hazards'][DECISION_CAP_HAZARD]['example_seed']} of "
                      f"{first['config']['key']} reproduces one.", _keys(hit))


def _duel(report: Mapping) -> Iterable[Finding]:
    duels = [d for d in report["duels"] if d["policies"] and d["policies"]["rates"]]
    if not duels:
        return
    ahead, behind = (list(report["settings"]["mixed"]) * 2)[:2]
    wins: dict[str, list[int]] = {ahead: [0, 0], behind: [0, 0]}
    for d in duels:
        for policy, rate in d["policies"]["rates"].items():
            if policy in wins:
                wins[policy][0] += rate["wins"]
                wins[policy][1] += rate["games"]
    lead = wilson_interval(*wins[ahead])
    trail = wilson_interval(*wins[behind])
    clear = lead.low > trail.high
    # A player that never won has no "times as often", and the weight must stay finite for the JSON.
    ratio = min(lead.rate / trail.rate, MAX_RATIO) if trail.rate else MAX_RATIO
    against = (f"against {pct(trail.rate)} for a {behind} player ({lead.rate / trail.rate:.1f} times as often)"
               if trail.rate else f"while a {behind} player wins none of its {wins[behind][1]:,} seats")
    text = (f"In mixed games a {ahead} player wins {pct(lead.rate)} of the seats it plays "
            f"(95 % CI {pct(lead.low)}-{pct(lead.high)}) {against}.")
    if clear:
        yield Finding("note", "players", 300 + 10 * ratio, text, _keys(duels))
    else:
        yield Finding("attention", "players", 800, text + f" That is not clearly better: balance figures from "
                      f"{ahead} games may not show how people play.", _keys(duels))


def _first_player(report: Mapping) -> Iterable[Finding]:
    policy = report["settings"]["reference"]
    rows = _configs(report, policy)
    tests = len(rows) or 1
    strong = []
    for c in rows:
        first = c["fairness"]["first_player"]
        if first["games"] and first["p_value"] < ALPHA / tests and abs(first["advantage"]) >= 0.03:
            strong.append(c)
    if not strong:
        return
    ahead, behind = [], []
    biggest = 0.0
    by_players: dict[int, list[dict]] = {}
    for c in strong:
        by_players.setdefault(c["config"]["players"], []).append(c)
    for players, group in sorted(by_players.items()):
        wins = sum(c["fairness"]["first_player"]["wins"] for c in group)
        games = sum(c["fairness"]["first_player"]["games"] for c in group)
        rate = wins / games
        biggest = max(biggest, abs(rate - 1 / players) * players)
        words = f"{pct(rate)} of {players}-player games (chance {pct(1 / players)})"
        (ahead if rate > 1 / players else behind).append(words)
    parts = []
    if ahead:
        parts.append("wins " + ", ".join(ahead))
    if behind:
        parts.append(("but " if ahead else "") + "wins only " + ", ".join(behind))
    yield Finding(
        "attention", "first player", 600 + 100 * biggest,
        f"{report['labels']['first_player']} " + " ".join(parts) + f" in {policy} games; chance does not explain "
        + ("this." if len(rows) == 1 else f"this in {len(strong)} of {len(rows)} configurations."), _keys(strong))


def seat_words(report: Mapping, players: int, seat: int) -> str:
    """'seat 2', or with the game's seat names 'seat 2 (den N)'."""
    label = report["labels"]["seat_label"]
    names = report["game"]["seat_names"].get(str(players), [])
    if not label or seat >= len(names):
        return f"seat {seat + 1}"
    return f"seat {seat + 1} ({label.lower()} {names[seat]})"


def _seats(report: Mapping) -> Iterable[Finding]:
    policy = report["settings"]["reference"]
    flagged = []
    for c in _configs(report, policy):
        for seat in c["fairness"]["flagged"]:
            flagged.append((c, c["fairness"]["seats"][seat]))
    if not flagged:
        rows = _configs(report, policy)
        where = f"in {rows[0]['config']['key']}" if len(rows) == 1 else f"in any {policy} configuration"
        yield Finding("note", "seats", 200, f"No seat wins more or less often than chance explains {where} "
                      "(Bonferroni-corrected binomial tests at 5 %).", _keys(rows))
        return
    flagged.sort(key=lambda item: -abs(item[1]["rate"] - item[1]["expected"]) / item[1]["expected"])
    shown = []
    for c, seat in flagged[:4]:
        shown.append(f"{seat_words(report, c['config']['players'], seat['seat'])} in {c['config']['key']} wins "
                     f"{pct(seat['rate'])} against {pct(seat['expected'])}")
    worst = flagged[0][1]
    yield Finding("attention", "seats", 500 + 100 * abs(worst["rate"] - worst["expected"]) / worst["expected"],
                  f"{len(flagged)} seat(s) win outside what chance explains: " + "; ".join(shown) + ".",
                  tuple(dict.fromkeys(c["config"]["key"] for c, _ in flagged)))


def _playtime(report: Mapping) -> Iterable[Finding]:
    box = report["game"]["playtime_minutes"]
    policy = report["settings"]["reference"]
    rows = [c for c in _configs(report, policy) if c["length"]["minutes"] and c["length"]["minutes"]["count"]]
    if not rows or not box:
        return
    low = min(rows, key=lambda c: c["length"]["minutes"]["median"])
    high = max(rows, key=lambda c: c["length"]["minutes"]["median"])
    lo, hi = low["length"]["minutes"]["median"], high["length"]["minutes"]["median"]
    off = hi > box * PLAYTIME_SLACK or lo < box / PLAYTIME_SLACK
    source = report["labels"]["playtime_source"]
    subject = f"Estimated playing time of {policy} games{f' ({source})' if source else ''}"
    # A range needs two different figures: one configuration, or medians that print alike, get one.
    if len(rows) == 1:
        text = f"{subject} is about {lo:.0f} minutes (the median of {low['config']['key']}); the box says {box}."
        keys = _keys(rows)
    elif f"{lo:.0f}" == f"{hi:.0f}":
        text = (f"{subject} is about {lo:.0f} minutes (the median) in each of its {len(rows)} configurations; "
                f"the box says {box}.")
        keys = _keys(rows)
    else:
        text = (f"{subject} runs from a median of {lo:.0f} minutes ({low['config']['key']}) "
                f"to {hi:.0f} minutes ({high['config']['key']}); the box says {box}.")
        keys = (low["config"]["key"], high["config"]["key"])
    if off:
        yield Finding("attention", "length", 350 + max(hi / box, box / max(lo, 1)), text, keys)
    else:
        yield Finding("note", "length", 150, text, keys)


def _strong_play(report: Mapping) -> Iterable[Finding]:
    """Each first-player and seat figure of the reference player beside the other players' (`strong_play`)."""
    for topic, text, verdict, weight, keys in comparisons(report):
        yield Finding("note", topic, (140 if verdict == "changed" else 130) + weight, text, keys)


def _ladder(report: Mapping[str, Any]) -> Iterable[Finding]:
    """The skill ladder's verdict: the verified strong player, or plainly that there is none."""
    ladder = report.get("ladder")
    if ladder:
        yield Finding("note", "ladder", 160, ladder["verdict"])


def _hazards(report: Mapping) -> Iterable[Finding]:
    """Every hazard the game gave a sentence to, once it came up in any game."""
    rows = _all(report)
    games = sum(c["games"] for c in rows)
    if not games:
        return
    for kind, label in report["labels"]["hazards"].items():
        if not label.get("sentence"):
            continue
        hit = sum(c["hazards"][kind]["games"] for c in rows if kind in c["hazards"])
        if not hit:
            continue
        example = next((c for c in rows if c["hazards"].get(kind, {}).get("example_seed") is not None), None)
        where = (f" (e.g. seed {example['hazards'][kind]['example_seed']} of {example['config']['key']})"
                 if example else "")
        attention = bool(label.get("attention"))
        yield Finding("attention" if attention else "note", "hazards", (700 if attention else 100) + hit / games,
                      f"In {pct(hit / games)} of all games {label['sentence']} at least once{where}.")
