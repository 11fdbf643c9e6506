"""Read the aggregated figures and say, in plain sentences, what a designer should look at.

Each finding has a severity ("attention" needs the designer; "note" is worth knowing), a
weight that orders findings of one severity by how much they matter, and the configurations
it comes from. Thresholds are statistical (Bonferroni-corrected tests, Wilson intervals), so
a finding is something chance does not explain, not noise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from generator.report.simulate import DECISIONS_PER_TURN_CAP
from generator.report.stats import wilson_interval

ALPHA = 0.05
STALL_CAUSES = {
    "stall_den_lock": "a Pants holder can be shut in its den for good: another dragon stands on the den's only "
                      "exit and answers every forced bite out with a reaction (Shield, Poison or Mirror) that "
                      "refreshes before the next try, and a holder in its den never draws a Destiny card",
    "stall_pants_loose": "games stall when The Pants lie in the Power deck or discard pile and nobody fetches them",
    "stall_roaming": "some stalled games had the Pants holder out on the board at the cap",
}
PLAYTIME_SLACK = 1.5  # estimated minutes this many times off the box figure is worth a look


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


def find(report: dict) -> list[Finding]:
    """Every finding, attention first, then by weight."""
    found: list[Finding] = []
    for rule in (_validation, _errors, _stalls, _exhausted, _duel, _first_player, _seats, _last_card,
                 _playtime, _tension, _cards, _hazards):
        found.extend(rule(report))
    order = {"attention": 0, "note": 1}
    return sorted(found, key=lambda f: (order[f.severity], -f.weight, f.topic, f.text))


def pct(x: float) -> str:
    """A share as a percentage: whole numbers from 10 % up, one decimal below."""
    return f"{100 * x:.0f} %" if x >= 0.1 or x == 0 else f"{100 * x:.1f} %"


def _configs(report: dict, policy: str | None = None) -> list[dict]:
    return [c for c in report["configs"] if policy is None or c["config"]["policy"] == policy]


def _reference_policy(report: dict) -> str:
    """Findings about balance quote the greedy games when there are any: they play like people."""
    policies = {c["config"]["policy"] for c in report["configs"]}
    return "greedy" if "greedy" in policies else next(iter(sorted(policies)), "random")


def _keys(configs: Iterable[dict]) -> tuple[str, ...]:
    return tuple(c["config"]["key"] for c in configs)


def _all(report: dict) -> list[dict]:
    return report["configs"] + report["duels"]


# --- findings ---------------------------------------------------------------------------------


def _validation(report: dict) -> Iterable[Finding]:
    for item in report["validation"]:
        where = item["file"] + (f":{item['line']}" if item.get("line") else "")
        yield Finding("attention", "validation", 1000, f"Data check failed at {where}: {item['message']}")


def _errors(report: dict) -> Iterable[Finding]:
    broken = [c for c in _all(report) if c["hazards"]["error"]["count"]]
    if broken:
        total = sum(c["hazards"]["error"]["count"] for c in broken)
        first = broken[0]
        case = first["hazards"]["error"]["cases"][0]
        yield Finding("attention", "engine error", 990,
                      f"{total:,} simulated games stopped with an engine error; the first is seed {case['seed']} "
                      f"in {first['config']['key']}: {case['message']}", _keys(broken))


def _stalls(report: dict) -> Iterable[Finding]:
    stalled = [c for c in _all(report) if c["hazards"]["stall"]["count"]]
    if not stalled:
        return
    cap = report["game"]["turn_cap"]
    worst = max(stalled, key=lambda c: c["hazards"]["stall"]["share"])
    total = sum(c["hazards"]["stall"]["count"] for c in stalled)
    games = sum(c["games"] for c in _all(report))
    split = ", ".join(f"{policy} {pct(share)}" for policy, share in _stall_shares(report).items())
    seed = worst["hazards"]["stall"]["seeds"][0]
    yield Finding(
        "attention", "stalls", 900 + 100 * worst["hazards"]["stall"]["share"],
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
        severity = "attention" if kind in ("stall_den_lock", "endless_turn") else "note"
        yield Finding(severity, "stalls", (880 if severity == "attention" else 90) + count / games,
                      f"{words[0].upper()}{words[1:]} ({count:,} stalled games: {who}; seed "
                      f"{example['hazards'][kind]['example_seed']} of {example['config']['key']} reproduces one).",
                      _keys(hit))


def _stall_shares(report: dict) -> dict[str, float]:
    counts: dict[str, list[int]] = {}
    for c in _all(report):
        tally = counts.setdefault(c["config"]["policy"], [0, 0])
        tally[0] += c["hazards"]["stall"]["count"]
        tally[1] += c["games"]
    return {policy: stalls / games for policy, (stalls, games) in sorted(counts.items()) if games}


def _exhausted(report: dict) -> Iterable[Finding]:
    ran_out = [c for c in _all(report) if c["completion"]["destiny_exhausted"]["count"]]
    for c in ran_out:
        share = c["completion"]["destiny_exhausted"]["share"]
        yield Finding("attention", "destiny", 850 + share,
                      f"{pct(share)} of {c['config']['key']} games used up the Destiny deck with no winner.",
                      (c["config"]["key"],))


def _duel(report: dict) -> Iterable[Finding]:
    duels = [d for d in report["duels"] if d["policies"] and d["policies"]["rates"]]
    if not duels:
        return
    wins = {"greedy": [0, 0], "random": [0, 0]}
    for d in duels:
        for policy, rate in d["policies"]["rates"].items():
            wins[policy][0] += rate["wins"]
            wins[policy][1] += rate["games"]
    greedy = wilson_interval(*wins["greedy"])
    random_ = wilson_interval(*wins["random"])
    clear = greedy.low > random_.high
    ratio = greedy.rate / random_.rate if random_.rate else float("inf")
    text = (f"In mixed games a greedy player wins {pct(greedy.rate)} of the seats it plays "
            f"(95 % CI {pct(greedy.low)}-{pct(greedy.high)}) against {pct(random_.rate)} for a random player "
            f"({ratio:.1f} times as often).")
    if clear:
        yield Finding("note", "players", 300 + 10 * ratio, text, _keys(duels))
    else:
        yield Finding("attention", "players", 800, text + " That is not clearly better: balance figures from "
                      "greedy games may not show how people play.", _keys(duels))


def _first_player(report: dict) -> Iterable[Finding]:
    policy = _reference_policy(report)
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
        f"Whoever is dealt The Pants at setup moves first and " + " ".join(parts) + f" in {policy} games; "
        f"chance does not explain this in {len(strong)} of {len(rows)} configurations.", _keys(strong))


def _seats(report: dict) -> Iterable[Finding]:
    policy = _reference_policy(report)
    dens = report["game"]["dens"]
    flagged = []
    for c in _configs(report, policy):
        for seat in c["fairness"]["flagged"]:
            flagged.append((c, c["fairness"]["seats"][seat]))
    if not flagged:
        yield Finding("note", "seats", 200, f"No seat wins more or less often than chance explains in any {policy} "
                      "configuration (Bonferroni-corrected binomial tests at 5 %).", _keys(_configs(report, policy)))
        return
    flagged.sort(key=lambda item: -abs(item[1]["rate"] - item[1]["expected"]) / item[1]["expected"])
    shown = []
    for c, seat in flagged[:4]:
        players = c["config"]["players"]
        den = dens.get(str(players), [])
        name = den[seat["seat"]] if seat["seat"] < len(den) else "?"
        shown.append(f"seat {seat['seat'] + 1} (den {name}) in {c['config']['key']} wins {pct(seat['rate'])} "
                     f"against {pct(seat['expected'])}")
    worst = flagged[0][1]
    yield Finding("attention", "seats", 500 + 100 * abs(worst["rate"] - worst["expected"]) / worst["expected"],
                  f"{len(flagged)} seat(s) win outside what chance explains: " + "; ".join(shown) + ".",
                  tuple(dict.fromkeys(c["config"]["key"] for c, _ in flagged)))


def _last_card(report: dict) -> Iterable[Finding]:
    for analysis in report["destiny"]:
        p = analysis["p_last_card"]
        if p < 0.25:
            continue
        simulated = [c for c in _all(report) if c["config"]["preset"] == analysis["preset"]]
        games = sum(c["games"] for c in simulated)
        last = sum(c["last_card"]["count"] for c in simulated)
        seen = f"; {pct(last / games)} of the simulated games did" if games else ""
        yield Finding(
            "attention" if p >= 0.4 else "note", "destiny", 400 + 100 * p,
            f"The {analysis['preset']} Destiny deck ends the game on its very last card {pct(p)} of the time "
            f"(exact){seen}: players who count the cards drawn know when the end is coming.",
            _keys(simulated))


def _playtime(report: dict) -> Iterable[Finding]:
    box = report["game"]["playtime_minutes"]
    policy = _reference_policy(report)
    rows = [c for c in _configs(report, policy) if c["length"]["minutes"] and c["length"]["minutes"]["count"]]
    if not rows:
        return
    low = min(rows, key=lambda c: c["length"]["minutes"]["median"])
    high = max(rows, key=lambda c: c["length"]["minutes"]["median"])
    lo, hi = low["length"]["minutes"]["median"], high["length"]["minutes"]["median"]
    off = hi > box * PLAYTIME_SLACK or lo < box / PLAYTIME_SLACK
    text = (f"Estimated playing time of {policy} games (table timings from playtime.yaml) runs from a median "
            f"of {lo:.0f} minutes "
            f"({low['config']['key']}) to {hi:.0f} minutes ({high['config']['key']}); the box says {box}.")
    if off:
        yield Finding("attention", "length", 350 + max(hi / box, box / max(lo, 1)), text,
                      (low["config"]["key"], high["config"]["key"]))
    else:
        yield Finding("note", "length", 150, text, (low["config"]["key"], high["config"]["key"]))


def _tension(report: dict) -> Iterable[Finding]:
    policy = _reference_policy(report)
    rows = _configs(report, policy)
    if not rows:
        return
    changes = sum(c["tension"]["pants_changes"]["mean"] * c["tension"]["pants_changes"]["count"] for c in rows)
    games = sum(c["tension"]["pants_changes"]["count"] for c in rows)
    without = sum(c["tension"]["winner_without_pants"]["mean"] * c["tension"]["winner_without_pants"]["count"]
                  for c in rows)
    decided = sum(c["tension"]["winner_without_pants"]["count"] for c in rows)
    since = sum(c["tension"]["since_last_change"]["median"] for c in rows) / len(rows)
    if not games or not decided:
        return
    mean_changes = changes / games
    yield Finding(
        "attention" if mean_changes < 1 else "note", "tension", 250 if mean_changes < 1 else 120,
        f"In {policy} games The Pants change hands {mean_changes:.1f} times a game on average; the eventual winner "
        f"was without them at {pct(without / decided)} of turn ends, and the last change came a median of "
        f"{since:.0f} turns before the end.", _keys(rows))


def _cards(report: dict) -> Iterable[Finding]:
    policy = _reference_policy(report)
    rows = _configs(report, policy)
    if not rows:
        return
    totals: dict[str, dict[str, float]] = {}
    for c in rows:
        for card in c["cards"]["cards"]:
            t = totals.setdefault(card["id"], {"name": card["name"], "plays": 0, "reactions": 0, "users": 0,
                                               "wins": 0, "expected": 0.0, "playable": card["playable"],
                                               "reaction": card["reaction"]})
            t["plays"] += card["plays"]
            t["reactions"] += card["reactions"]
            t["users"] += card["user_win"]["games"]
            t["wins"] += card["user_win"]["wins"]
            t["expected"] += card["user_win"]["games"] / c["config"]["players"]
    unused = [t["name"] for t in totals.values()
              if t["playable"] and t["plays"] == 0 and t["reactions"] == 0]
    if unused:
        yield Finding("attention", "cards", 450, f"Never used in any {policy} game: {', '.join(unused)}.",
                      _keys(rows))
    for cid, t in totals.items():
        if t["users"] < 30 or t["reaction"]:
            continue
        interval = wilson_interval(int(t["wins"]), int(t["users"]))
        expected = t["expected"] / t["users"]
        if interval.low > expected * 1.5:
            yield Finding("note", "cards", 180 + interval.rate / expected,
                          f"Players who play {t['name']} win {pct(interval.rate)} of those games "
                          f"(95 % CI {pct(interval.low)}-{pct(interval.high)}) against {pct(expected)} by chance.",
                          _keys(rows))


def _hazards(report: dict) -> Iterable[Finding]:
    labels = {
        "den_shared": "two dragons shared a den",
        "pants_discarded": "The Pants went to the discard pile",
        "pants_in_deck": "a reshuffle put The Pants back into the Power deck",
        "stuck": "a dragon had no legal way out of its den",
        "endless_turn": (f"a turn went on for more than {DECISIONS_PER_TURN_CAP} decisions (a loop the rules "
                         "allow, such as Boost drawn back from the discard pile again and again) and was cut off"),
    }
    rows = _all(report)
    games = sum(c["games"] for c in rows)
    if not games:
        return
    for kind, label in labels.items():
        hit = sum(c["hazards"][kind]["games"] for c in rows)
        if not hit:
            continue
        example = next((c for c in rows if c["hazards"][kind]["example_seed"] is not None), None)
        where = (f" (e.g. seed {example['hazards'][kind]['example_seed']} of {example['config']['key']})"
                 if example else "")
        severity = "attention" if kind in ("stuck", "endless_turn") else "note"
        yield Finding(severity, "hazards", (700 if severity == "attention" else 100) + hit / games,
                      f"In {pct(hit / games)} of all games {label} at least once{where}.")
