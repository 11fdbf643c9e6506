"""The balance figures of one configuration, game by game, for both versions of a diff.

A figure is a series: one value per paired game in each version (None where it has none). The
same series can go by several names (a game whose only way to draw is a stall reports the same
games as "draws", "ended: stall" and "hazard: stall"; in a two-player game seat 2's share is one
minus seat 1's), so series that are the same up to a linear map are reported once, under all
their names: testing them apart would count one fluctuation several times.

Shares count a draw as an equal split (a half in a two-player game), and a game that crashed or
was cut off has no value in any figure but the end reason: findings never come from crashed games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from dragon_pnp.report.plan import Config
from dragon_pnp.report.record import CUT_OFF, ERROR, GameRecord

Value = Callable[[GameRecord], float | None]


@dataclass
class Series:
    """One figure of one configuration: its names (the first is shown), and the paired values."""

    config: str
    names: list[str]
    unit: str             # "share" (0..1) or "mean"
    old: list[float | None]
    new: list[float | None]
    mirrored: list[bool] = field(default_factory=list)   # per name: the series read upside down

    @property
    def name(self) -> str:
        return self.names[0]

    def pairs(self) -> list[tuple[float, float]]:
        return [(x, y) for x, y in zip(self.old, self.new) if x is not None and y is not None]


def finished(record: GameRecord) -> bool:
    """A game that ended by its rules (not crashed, not cut off)."""
    return record.reason not in (ERROR, CUT_OFF)


def seat_share(record: GameRecord, seat: int) -> float | None:
    """The seat's share of one game: a win 1 (split among joint winners), a draw an equal split."""
    if not finished(record):
        return None
    if not record.winners:
        return 1.0 / record.players
    return 1.0 / len(record.winners) if seat in record.winners else 0.0


def config_series(config: Config, old: Sequence[GameRecord], new: Sequence[GameRecord],
                  seat_names: Sequence[str]) -> list[Series]:
    """Every figure of one configuration, identical series merged."""
    pairs = list(zip(old, new))
    if not pairs:
        return []
    found: list[Series] = []

    def add(name: str, value: Value, unit: str = "share") -> None:
        found.append(Series(config.key, [name], unit, [value(a) for a, _ in pairs], [value(b) for _, b in pairs],
                            [False]))

    names = list(seat_names)
    if config.rotation:
        for policy in config.rotation:
            add(f"{policy} wins", partial(_policy_share, policy=policy))
    else:
        for seat in range(config.players):
            add(f"{_seat(names, seat)} wins", partial(seat_share, seat=seat))
        add("first player wins", _first_share)
    add("draws", _drawn)
    add("rounds", _rounds, "mean")
    add("minutes", _minutes, "mean")
    if any(r.scores is not None for pair in pairs for r in pair):
        if config.rotation:
            for policy in config.rotation:
                add(f"{policy} mean score", partial(_policy_score, policy=policy), "mean")
        else:
            for seat in range(config.players):
                add(f"{_seat(names, seat)} mean score", partial(_score, seat=seat), "mean")
    for reason in sorted({r.reason for pair in pairs for r in pair} - {ERROR}):
        add(f"ended: {reason}", partial(_ended, reason=reason))
    for hazard in sorted({h for pair in pairs for r in pair for h in r.hazards}):
        add(f"hazard: {hazard}", partial(_hazard, hazard=hazard))
    return merge_identical(found)


def _first_share(record: GameRecord) -> float | None:
    return None if record.first is None else seat_share(record, record.first)


def _drawn(record: GameRecord) -> float | None:
    return float(not record.winners) if finished(record) else None


def _rounds(record: GameRecord) -> float | None:
    return float(record.rounds) if finished(record) else None


def _minutes(record: GameRecord) -> float | None:
    return record.minutes if finished(record) else None


def _score(record: GameRecord, seat: int) -> float | None:
    return record.scores[seat] if finished(record) and record.scores is not None else None


def _ended(record: GameRecord, reason: str) -> float | None:
    return float(record.reason == reason) if record.reason != ERROR else None


def _hazard(record: GameRecord, hazard: str) -> float | None:
    return float(record.hazards.get(hazard, 0) > 0) if record.reason != ERROR else None


def _seat(names: Sequence[str], seat: int) -> str:
    name = names[seat] if seat < len(names) else f"seat {seat + 1}"
    return f"{name} (seat {seat + 1})"


def _policy_share(record: GameRecord, policy: str) -> float | None:
    seats = [s for s, p in enumerate(record.seat_policies) if p == policy]
    shares = [seat_share(record, s) for s in seats]
    return None if not seats or shares[0] is None else math.fsum(s for s in shares if s is not None)


def _policy_score(record: GameRecord, policy: str) -> float | None:
    seats = [s for s, p in enumerate(record.seat_policies) if p == policy]
    if not seats or not finished(record) or record.scores is None:
        return None
    return math.fsum(record.scores[s] for s in seats) / len(seats)


def merge_identical(series: list[Series]) -> list[Series]:
    """Series equal up to a linear map (x -> a + b x over both versions' values, games missing in
    the same places) as one figure under every name, in first-seen order."""
    kept: list[Series] = []
    by_shape: dict[tuple[float | None, ...], tuple[Series, bool]] = {}
    for item in series:
        shape = _shape(item)
        if shape is None:
            kept.append(item)
            continue
        key, flipped = shape
        if key in by_shape:
            first, first_flipped = by_shape[key]
            first.names.append(item.names[0])
            first.mirrored.append(flipped != first_flipped)
            continue
        by_shape[key] = (item, flipped)
        kept.append(item)
    return kept


def _shape(item: Series) -> tuple[tuple[float | None, ...], bool] | None:
    """The series standardised (mean 0, spread 1, first non-zero value positive), with whether it
    was turned over to get there; None for a series with no spread (kept apart: a constant says
    nothing about which other figure it is)."""
    values = [v for v in (*item.old, *item.new) if v is not None]
    if len(values) < 2:
        return None
    mean = math.fsum(values) / len(values)
    spread = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / len(values))
    if spread <= 1e-12:
        return None
    z = [None if v is None else round((v - mean) / spread, 9) + 0.0 for v in (*item.old, *item.new)]
    first = next(v for v in z if v is not None and v != 0)
    flipped = first < 0
    if flipped:
        z = [None if v is None else -v + 0.0 for v in z]
    return tuple(z), flipped
