"""Turn the game records of one configuration into the figures the report prints, for any game.

Generic figures: how games ended, length in rounds and estimated minutes, wins and draws per
seat (Wilson intervals, exact binomial tests) and of whoever moved first, hazards with
reproducing seeds, errors. A game's own metrics are summarised by the shape of their values:
numbers get mean, median, p90 and totals; true/false a count and share; a per-seat list totals
per seat; a dict by key (card id, hand result) totals per key, and when its values are per-seat
lists, how often the seats that used a key went on to win. Pure data in, JSON-ready dicts out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from dragon_pnp.report.plan import Config
from dragon_pnp.report.record import CUT_OFF, ERROR, GameRecord
from dragon_pnp.stats import seat_tests, summarise, two_proportion_p, wilson_interval

SEEDS_KEPT = 10  # reproducing seeds the JSON keeps per hazard and end reason


def aggregate(config: Config, records: Sequence[GameRecord], reasons: Iterable[str] = (),
              hazards: Iterable[str] = (), seat_names: Sequence[str] | None = None) -> dict[str, object]:
    """All figures for one configuration. `reasons` and `hazards` list the kinds the game
    declares, so each has a row even when no game hit it; `seat_names` (roles) group the seats."""
    games = len(records)
    finished = [r for r in records if r.reason not in (ERROR, CUT_OFF)]
    return {
        "config": config.to_json(),
        "games": games,
        "completion": _completion(records, reasons),
        "length": {
            "rounds": summarise([r.rounds for r in finished]).to_json(),
            "minutes": (summarise([r.minutes for r in finished if r.minutes is not None]).to_json()
                        if any(r.minutes is not None for r in finished) else None),
        },
        "fairness": _fairness(config.players, records, seat_names),
        "metrics": {name: summarise_metric(values, records)
                    for name, values in _metric_values(records).items()},
        "hazards": _hazards(records, hazards),
        "errors": {**_share(sum(r.reason == ERROR for r in records), games),
                   "cases": [{"seed": r.seed, "message": r.error} for r in records if r.reason == ERROR]},
        "policies": _policies(config, records) if config.rotation else None,
    }


def _share(count: int, total: int) -> dict[str, float | int]:
    return {"count": count, "share": count / total if total else 0.0}


def _completion(records: Sequence[GameRecord], declared: Iterable[str]) -> dict[str, dict[str, object]]:
    """Share of games per end reason: the declared ones in order, any others seen, then the driver's."""
    seen = Counter(r.reason for r in records)
    order = list(dict.fromkeys([*declared, *sorted(k for k in seen if k not in (ERROR, CUT_OFF))]))
    if seen[CUT_OFF]:
        order.append(CUT_OFF)
    order.append(ERROR)
    return {reason: {**_share(seen[reason], len(records)),
                     "seeds": [r.seed for r in records if r.reason == reason][:SEEDS_KEPT]}
            for reason in order}


def _fairness(players: int, records: Sequence[GameRecord], seat_names: Sequence[str] | None = None) -> dict[str, object]:
    """Win rate per seat, per role (seats sharing a name), and of whoever moved first, among games
    that had a winner; draws; and points per seat where the game scores them."""
    decided = [r for r in records if r.winners]
    draws = sum(1 for r in records if not r.winners and r.reason not in (ERROR, CUT_OFF))
    wins = [0] * players
    for r in decided:
        for seat in r.winners:
            wins[seat] += 1
    seats = seat_tests(wins, len(decided))
    known_first = [r for r in decided if r.first is not None]
    first_wins = sum(r.first in r.winners for r in known_first)
    first = wilson_interval(first_wins, len(known_first))
    # First player against the rest: compare the first player's rate with other players' rate
    # per player-game, which is 1/N under no advantage.
    others = len(known_first) * (players - 1)
    first_p = two_proportion_p(first_wins, len(known_first), len(known_first) - first_wins, others)
    first_seats = Counter(r.first for r in known_first)
    names = list(seat_names or [])[:players]
    names += [f"seat {n}" for n in range(len(names) + 1, players + 1)]
    roles: dict[str, dict[str, float | int]] = {}
    for name in dict.fromkeys(names):
        members = [s for s, n in enumerate(names) if n == name]
        won = sum(wins[s] for s in members)
        roles[name] = wilson_interval(won, len(decided) * len(members)).to_json()
    scored = [r.scores for r in records if r.scores is not None]
    return {
        "decided": len(decided),
        "draws": _share(draws, len(records)),
        "expected": 1 / players,
        "seats": [t.to_json() for t in seats],
        "flagged": [t.seat for t in seats if t.flagged],
        "first_player": {**first.to_json(), "expected": 1 / players, "p_value": first_p,
                         "advantage": first.rate - 1 / players},
        "first_seat_counts": [first_seats[s] for s in range(players)],
        "roles": roles,
        "scores": [summarise([r[s] for r in scored if s < len(r)]).to_json() for s in range(players)] if scored
        else None,
    }


def _metric_values(records: Sequence[GameRecord]) -> dict[str, list[tuple[GameRecord, Any]]]:
    """Each metric's values with their record, in record order, missing and None values left out."""
    values: dict[str, list[tuple[GameRecord, Any]]] = {}
    for r in records:
        for name, value in r.metrics.items():
            entry = values.setdefault(name, [])
            if value is not None:
                entry.append((r, value))
    return values


def summarise_metric(values: Sequence[tuple[GameRecord, Any]], records: Sequence[GameRecord]) -> dict[str, object]:
    """A metric's figures over one configuration, by the shape of its values (see the module doc)."""
    games = len(records)
    sample = values[0][1] if values else 0
    if isinstance(sample, bool):
        count = sum(1 for _, v in values if v)
        return {"kind": "flag", **_share(count, games)}
    if isinstance(sample, (int, float)):
        return {"kind": "number", **_numbers([v for _, v in values], games)}
    if isinstance(sample, (list, tuple)):
        width = max(len(v) for _, v in values)
        totals = [sum(v[i] for _, v in values if i < len(v)) for i in range(width)]
        return {"kind": "per_seat", "seats": totals, "total": sum(totals),
                "per_game": sum(totals) / games if games else 0.0}
    if isinstance(sample, Mapping):
        return _by_key(values, games)
    raise TypeError(f"metric value {sample!r}: expected a number, true/false, a per-seat list or a dict")


def _numbers(numbers: Sequence[float], games: int) -> dict[str, object]:
    hit = sum(1 for v in numbers if v)
    total = sum(numbers)
    return {**summarise(numbers).to_json(), "total": total, "per_game": total / games if games else 0.0,
            "games": hit, "share": hit / games if games else 0.0}


def _key_order(key: str) -> tuple[Any, ...]:
    """Whole-number keys (a draw count, a score) in number order, before other keys in text order."""
    text = str(key)
    return (0, int(text), "") if text.lstrip("-").isdigit() else (1, 0, text)


def _by_key(values: Sequence[tuple[GameRecord, Any]], games: int) -> dict[str, object]:
    """Dicts by key: totals per key; per-seat lists also give the users' win rate per key."""
    keys = sorted({k for _, v in values for k in v}, key=_key_order)
    per_seat = any(isinstance(x, (list, tuple)) for _, v in values for x in v.values())
    rows: dict[str, dict[str, object]] = {}
    for key in keys:
        used = [(r, v[key]) for r, v in values if v.get(key)]
        if per_seat:
            width = max(len(x) for _, x in used) if used else 0
            seats = [sum(x[i] for _, x in used if i < len(x)) for i in range(width)]
            users = user_wins = 0
            for r, x in used:
                for seat, n in enumerate(x):
                    if n:
                        users += 1
                        user_wins += seat in r.winners
            total = sum(seats)
            rows[str(key)] = {"total": total, "per_game": total / games if games else 0.0, "games": len(used),
                              "seats": seats, "users": users, "user_win": wilson_interval(user_wins, users).to_json()}
        else:
            total = sum(x for _, x in used)
            rows[str(key)] = {"total": total, "per_game": total / games if games else 0.0, "games": len(used),
                              "share": len(used) / games if games else 0.0}
    total = sum(row["total"] for row in rows.values())
    return {"kind": "per_seat_counts" if per_seat else "counts", "keys": rows, "total": total,
            "per_game": total / games if games else 0.0}


def _hazards(records: Sequence[GameRecord], declared: Iterable[str]) -> dict[str, object]:
    """How often each hazard came up, with reproducing seeds."""
    kinds = list(dict.fromkeys([*declared, *sorted({k for r in records for k in r.hazards})]))
    rows: dict[str, object] = {}
    for kind in kinds:
        counts = [r.hazards.get(kind, 0) for r in records]
        seeds = [r.seed for r, n in zip(records, counts) if n]
        hit = len(seeds)
        rows[kind] = {"total": sum(counts), "per_game": sum(counts) / len(records) if records else 0.0,
                      "games": hit, "share": hit / len(records) if records else 0.0,
                      "example_seed": seeds[0] if seeds else None, "seeds": seeds[:SEEDS_KEPT]}
    return rows


def _policies(config: Config, records: Sequence[GameRecord]) -> dict[str, object]:
    """Mixed games: each policy's win rate per seat it played, against the other's."""
    seat_games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for r in records:
        if not r.winners:
            continue
        for seat, policy in enumerate(r.seat_policies):
            seat_games[policy] += 1
            wins[policy] += seat in r.winners
    rates = {p: wilson_interval(wins[p], seat_games[p]).to_json() for p in sorted(seat_games)}
    ahead, behind = (config.rotation + config.rotation)[:2]
    p_value = two_proportion_p(wins[ahead], seat_games[ahead], wins[behind], seat_games[behind])
    lead = rates.get(ahead, {}).get("rate", 0.0)
    trail = rates.get(behind, {}).get("rate", 0.0)
    return {"rates": rates, "rotation": list(config.rotation), "p_value": p_value, "margin": lead - trail,
            "ratio": lead / trail if trail else None}
