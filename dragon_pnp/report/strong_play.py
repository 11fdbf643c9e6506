"""Findings re-examined under the reference player: does a balance figure hold across players?

A check may play a cheap player on many games and a costly one (the search player) on few. The
balance findings quote the reference player; this module sets each of them beside the same
figure under every other non-random player on the same player counts and setups, and says
whether it held (the other player's rate lies inside the reference's 95 % interval) or changed.
Few games make wide intervals: every figure carries its game count and interval, so a reader
sees what the small sample costs.

Whether that is "stronger play" is the skill ladder's to say (`ladder.py`, the report's
`ladder`): only when the ladder verified the reference as the strong player do the words
speak of strong play; otherwise they say the figure held (or changed) between players, none of
them verified stronger.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from dragon_pnp.games.report_parts import pct
from dragon_pnp.stats import wilson_interval

RANDOM = "random"


def comparisons(report: Mapping) -> list[tuple[str, str, str, float, tuple[str, ...]]]:
    """(topic, text, verdict, weight, configs) per figure: first player and the most uneven seat
    per player count, and the median length, under the reference beside the other players."""
    reference = report["settings"]["reference"]
    rows = [c for c in report["configs"] if c["config"]["policy"] == reference]
    others = sorted({c["config"]["policy"] for c in report["configs"]} - {reference, RANDOM})
    if not rows or not others:
        return []
    setups = {c["config"]["setup"] for c in rows}
    out = []
    for players in sorted({c["config"]["players"] for c in rows}):
        mine = [c for c in rows if c["config"]["players"] == players]
        beside = {p: [c for c in report["configs"] if c["config"]["policy"] == p
                      and c["config"]["players"] == players and c["config"]["setup"] in setups] for p in others}
        out.extend(_first_player(report, reference, players, mine, beside))
        out.extend(_seat(report, reference, players, mine, beside))
    return out


def _said(verdict: str, report: Mapping[str, Any]) -> str:
    """The verdict in words that claim strong play only where the ladder measured it."""
    ladder = report.get("ladder") or {}
    reference = report["settings"]["reference"]
    if ladder.get("strong") == reference:
        between = f"under stronger play ({reference} is the ladder's verified strong player)"
    elif ladder.get("strong"):
        between = (f"between these players (the ladder verified {ladder['strong']} as strong, not {reference})")
    elif ladder:
        between = "between these players (the ladder verified none of them as strong)"
    else:
        between = "between these players (no ladder was played, so none is known to be stronger)"
    if verdict == "held":
        return f"the other figure lies inside that interval, so it held {between}"
    return f"the other figure lies outside that interval: it changed {between}"


def _rate(configs: Iterable[Mapping], pick) -> tuple[int, int]:
    wins = games = 0
    for c in configs:
        w, g = pick(c)
        wins, games = wins + w, games + g
    return wins, games


def _verdict(wins: int, games: int, other: list[tuple[str, int, int]]) -> tuple[str, str]:
    """'held' when every other player's rate lies inside the reference's interval, else 'changed';
    and the figures: the reference's rate, games and interval, then the others'."""
    ci = wilson_interval(wins, games)
    held = all(ci.low <= (w / g) <= ci.high for _, w, g in other if g)
    beside = "; ".join(f"{p} {pct(w / g)} of {g:,} games" for p, w, g in other if g)
    return ("held" if held else "changed"), (f"{pct(ci.rate)} of {games:,} games (95 % CI {pct(ci.low)}-{pct(ci.high)}; "
                                              f"{beside})")


def _first_player(report, reference, players, mine, beside):
    pick = lambda c: (c["fairness"]["first_player"]["wins"], c["fairness"]["first_player"]["games"])  # noqa: E731
    wins, games = _rate(mine, pick)
    if not games:
        return []
    other = [(p, *_rate(rows, pick)) for p, rows in beside.items()]
    verdict, figures = _verdict(wins, games, other)
    label = report["labels"].get("first_player") or "The first player"
    text = (f"{label} wins {figures} in {players}-player {reference} games (chance {pct(1 / players)}): "
            f"{_said(verdict, report)}.")
    return [("first player", text, verdict, 1.0, tuple(c["config"]["key"] for c in mine))]


def _seat(report, reference, players, mine, beside):
    """The seat furthest from an equal share under the reference, and the same seat under the others."""
    seats = players
    totals = [[0, 0] for _ in range(seats)]
    for c in mine:
        for s in c["fairness"]["seats"]:
            totals[s["seat"]][0] += s["wins"]
            totals[s["seat"]][1] += s["games"]
    if not any(g for _, g in totals):
        return []
    worst = max(range(seats), key=lambda s: abs(totals[s][0] / totals[s][1] - 1 / players) if totals[s][1] else -1.0)
    pick = lambda c: next(((s["wins"], s["games"]) for s in c["fairness"]["seats"] if s["seat"] == worst), (0, 0))  # noqa: E731
    other = [(p, *_rate(rows, pick)) for p, rows in beside.items()]
    verdict, figures = _verdict(*totals[worst], other)
    names = report["game"]["seat_names"].get(str(players), [])
    label = report["labels"].get("seat_label") or ""
    seat = f"seat {worst + 1}" + (f" ({label.lower()} {names[worst]})" if label and worst < len(names) else "")
    text = (f"The most uneven seat of {players}-player {reference} games, {seat}, wins {figures} "
            f"(chance {pct(1 / players)}): {_said(verdict, report)}.")
    return [("seats", text, verdict, 0.5, tuple(c["config"]["key"] for c in mine))]
