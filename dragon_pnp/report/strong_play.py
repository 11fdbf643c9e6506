"""Findings re-examined under the reference player: does a balance figure hold across players?

A check may play a cheap player on many games and a costly one (the search player) on few. The
balance findings quote the reference player; this module sets each of them beside the same
figure under every other non-random player on the same player counts and setups, and says
whether it changed: a two-proportion test of the reference's rate against each other player's,
the whole family of those tests corrected by Holm's method (the report names it and the number
of tests), so "changed" holds at 5 % family-wise however many figures a check compares. A figure
that did not change beyond chance is said to have held, with the smallest difference its games
could have found (80 % power at the strictest Holm step), so a reader sees what a small sample costs.

Whether that is "stronger play" is the skill ladder's to say (`ladder.py`, the report's
`ladder`): only when the ladder verified the reference as the strong player do the words
speak of strong play; otherwise they say the figure held (or changed) between players, none of
them verified stronger.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from dragon_pnp.games.report_parts import pct
from dragon_pnp.stats import POWER, holm, normal_quantile, two_proportion_p, wilson_interval

RANDOM = "random"
ALPHA = 0.05
CORRECTION = "Holm"


def comparisons(report: Mapping[str, Any]) -> list[tuple[str, str, str, float, tuple[str, ...]]]:
    """(topic, text, verdict, weight, configs) per figure: first player and the most uneven seat
    per player count, and the median length, under the reference beside the other players."""
    reference = report["settings"]["reference"]
    rows = [c for c in report["configs"] if c["config"]["policy"] == reference]
    others = sorted({c["config"]["policy"] for c in report["configs"]} - {reference, RANDOM})
    if not rows or not others:
        return []
    setups = {c["config"]["setup"] for c in rows}
    figures: list[Figure] = []
    for players in sorted({c["config"]["players"] for c in rows}):
        mine = [c for c in rows if c["config"]["players"] == players]
        beside = {p: [c for c in report["configs"] if c["config"]["policy"] == p
                      and c["config"]["players"] == players and c["config"]["setup"] in setups] for p in others}
        figures.extend(_first_player(report, reference, players, mine, beside))
        figures.extend(_seat(report, reference, players, mine, beside))
    return _judged(report, figures)


def _judged(report: Mapping[str, Any], figures: list[Figure]) -> list[Comparison]:
    """Every figure's tests (the reference's rate against each other player's) corrected together
    by Holm; a figure changed when any of its tests is beyond chance after the correction."""
    tests = [(k, two_proportion_p(wins, games, w, g)) for k, (_, _, _, wins, games, other, _, _) in enumerate(figures)
             for _, w, g in other if g and games]
    adjusted = holm([p for _, p in tests])
    changed = {k for (k, _), q in zip(tests, adjusted) if q < ALPHA}
    count = len(tests)
    strictest = normal_quantile(1 - ALPHA / max(1, count) / 2) + normal_quantile(POWER)
    out: list[Comparison] = []
    for k, (topic, head, tail, wins, games, other, weight, keys) in enumerate(figures):
        verdict = "changed" if k in changed else "held"
        fewest = min((g for _, _, g in other if g), default=0)
        rate = wins / games
        sight = strictest * (rate * (1 - rate) * (1 / games + 1 / fewest)) ** 0.5 if fewest and 0 < rate < 1 else None
        method = (f"two-proportion tests, {CORRECTION}-corrected over {count} comparison{'s' if count != 1 else ''} "
                  f"of the reference with another player at {100 * ALPHA:.0f} % family-wise"
                  + (f"; a difference of {100 * sight:.0f} points would be found with {100 * POWER:.0f} % power"
                     if sight is not None and sight < 1 else ""))
        out.append((topic, f"{head}{tail}: {_said(verdict, report)} ({method}).", verdict, weight, keys))
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
        return f"no difference beyond chance, so it held {between}"
    return f"the difference is beyond chance: it changed {between}"


Rows = list[Mapping[str, Any]]
Pick = Callable[[Mapping[str, Any]], tuple[int, int]]
Comparison = tuple[str, str, str, float, tuple[str, ...]]
# A figure before its test: topic, text before and after the figures, the reference's wins and
# games, each other player's (name, wins, games), weight and configuration keys.
Figure = tuple[str, str, str, int, int, list[tuple[str, int, int]], float, tuple[str, ...]]


def _rate(configs: Iterable[Mapping[str, Any]], pick: Pick) -> tuple[int, int]:
    wins = games = 0
    for c in configs:
        w, g = pick(c)
        wins, games = wins + w, games + g
    return wins, games


def _figures(wins: int, games: int, other: list[tuple[str, int, int]]) -> str:
    """The reference's rate, games and interval, then the others'."""
    ci = wilson_interval(wins, games)
    beside = "; ".join(f"{p} {pct(w / g)} of {g:,} games" for p, w, g in other if g)
    return f"{pct(ci.rate)} of {games:,} games (95 % CI {pct(ci.low)}-{pct(ci.high)}; {beside})"


def _first_player(report: Mapping[str, Any], reference: str, players: int, mine: Rows,
                  beside: Mapping[str, Rows]) -> list[Figure]:
    def pick(c: Mapping[str, Any]) -> tuple[int, int]:
        return c["fairness"]["first_player"]["wins"], c["fairness"]["first_player"]["games"]

    wins, games = _rate(mine, pick)
    if not games:
        return []
    other = [(p, *_rate(rows, pick)) for p, rows in beside.items()]
    label = report["labels"].get("first_player") or "The first player"
    head = f"{label} wins {_figures(wins, games, other)}"
    tail = f" in {players}-player {reference} games (chance {pct(1 / players)})"
    return [("first player", head, tail, wins, games, other, 1.0, tuple(c["config"]["key"] for c in mine))]


def _seat(report: Mapping[str, Any], reference: str, players: int, mine: Rows,
          beside: Mapping[str, Rows]) -> list[Figure]:
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
    def pick(c: Mapping[str, Any]) -> tuple[int, int]:
        return next(((s["wins"], s["games"]) for s in c["fairness"]["seats"] if s["seat"] == worst), (0, 0))

    other = [(p, *_rate(rows, pick)) for p, rows in beside.items()]
    wins, games = totals[worst]
    names = report["game"]["seat_names"].get(str(players), [])
    label = report["labels"].get("seat_label") or ""
    seat = f"seat {worst + 1}" + (f" ({label.lower()} {names[worst]})" if label and worst < len(names) else "")
    head = f"The most uneven seat of {players}-player {reference} games, {seat}, wins {_figures(wins, games, other)}"
    return [("seats", head, f" (chance {pct(1 / players)})", wins, games, other, 0.5,
             tuple(c["config"]["key"] for c in mine))]
