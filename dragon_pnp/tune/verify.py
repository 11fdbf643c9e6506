"""Verification: the best proposals and the current version played again on fresh seeds.

The search's estimates were chosen because they looked good on the search's seeds, so they are
optimistic; only games the search never saw say where a proposal really lands. Each proposal is
played once more on seeds the search never played, as many games as its 95 % interval needs to
fit inside the band if the search's estimate were one standard error worse (with a margin
besides: a winner picked from many looks better than it is), or more where the budget has time
to spare (planned before any game is seen, so more games only narrow the intervals); the
current version plays the first third of those seeds (at least VERIFY_FEWEST), and the other
figures are compared with it on those common seeds exactly as the diff compares two versions
(paired tests, Holm's correction over every figure tested, each verdict with the smallest change
its sample could see). A target's interval needs only the proposal's own games, so the time the
current version no longer plays on every seed goes to the proposal: 1.5 times the games of a
fully paired verification for one proposal, for intervals about a fifth narrower. A proposal is
"met" when every target's 95 % interval lies inside its band, "missed" when one lies wholly
outside, else "unsettled".
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from dragon_pnp.diff.balance import ALPHA, judge
from dragon_pnp.diff.series import config_series
from dragon_pnp.report.plan import Batch
from dragon_pnp.report.record import GameRecord
from dragon_pnp.report.simulate import Job
from dragon_pnp.stats import student_t_quantile
from dragon_pnp.tune.figures import BATCH, Table, figure_values, job_for, play_many, values_of
from dragon_pnp.tune.search import Candidate
from dragon_pnp.tune.targets import Target

LEVEL = 0.95
VERIFY_FEWEST = 400
VERIFY_MOST = 6400
MARGIN = 1.5        # games planned beyond the bare need: the search's estimate is optimistic
WAVES = 10          # verification plays in this many steps, checking the deadline between them
CURRENT_PART = 3    # the current version plays this fraction (1 / CURRENT_PART) of the most games a proposal plays
SPEND = 0.7         # of the time left that verification may plan to use
FRESH = 1_000_003   # the verifying seed is the search's seed times this plus one: seeds the search never played


@dataclass
class Interval:
    value: float
    low: float
    high: float


@dataclass
class Verified:
    """One proposal after verification: its target intervals, verdict and the figures that moved."""

    candidate: Candidate
    games: int = 0
    intervals: dict[str, Interval] = field(default_factory=dict)
    verdict: str = "not verified"      # "met", "missed", "unsettled"; "not verified" where the budget ran out
    planned: int = 0                   # fresh games planned; fewer were played where the budget ran out first
    moved: list[dict[str, Any]] = field(default_factory=list)
    level: float = LEVEL


def planned_games(candidate: Candidate, targets: Sequence[Target], spreads: dict[str, float]) -> int:
    """Fresh games for the candidate's 95 % intervals to fit in their bands around its estimates."""
    need = VERIFY_FEWEST
    for target in targets:
        estimate = candidate.estimates.get(target.figure)
        # the estimate one standard error the wrong way: it was picked for looking good
        room = target.tolerance - (abs(estimate.value - target.value) + estimate.error if estimate else 0.0)
        spread = spreads.get(target.figure, 0.5)
        if room <= 0 or not math.isfinite(room):
            return VERIFY_MOST
        need = max(need, math.ceil(MARGIN * (1.96 * spread / room) ** 2))
    return min(VERIFY_MOST, -(-need // BATCH) * BATCH)


def current_games(plans: Sequence[int]) -> int:
    """Fresh games of the current version beside proposals planned at `plans` games: a third of
    the most (at least VERIFY_FEWEST, never more than the most), in whole batches. Its games serve
    only the other figures' paired comparison; the targets' intervals are the proposals' own."""
    most = max(plans, default=0)
    wanted = max(VERIFY_FEWEST, math.ceil(most / CURRENT_PART))
    return min(most, -(-wanted // BATCH) * BATCH)


def verify(current: Candidate, proposals: Sequence[Candidate], targets: Sequence[Target], table: Table,
           seats: Sequence[str], deadline: float, seconds_per_game: float,
           progress: Callable[[str, int, int, str], None] = lambda stage, done, total, best: None
           ) -> tuple[list[Verified], int]:
    """Each proposal verified against the current version on fresh seeds, as far as the time
    left allows (proposals later in the list first left out); also the games played."""
    spreads = _spreads(current, targets, table, seats)
    plans = [planned_games(p, targets, spreads) for p in proposals]
    left = max(0.0, deadline - time.monotonic())
    kept = len(proposals)
    while kept > 1 and (current_games(plans[:kept]) + sum(plans[:kept])) * seconds_per_game > left:
        kept -= 1
    if kept and (current_games(plans[:1]) + plans[0]) * seconds_per_game > left:   # even one does not fit: as many as do
        share = 1 + 1 / CURRENT_PART
        plans[0] = max(BATCH, int(left / max(seconds_per_game, 1e-9) / share) // BATCH * BATCH)
    cost = (current_games(plans[:kept]) + sum(plans[:kept])) * max(seconds_per_game, 1e-9) if kept else 0.0
    if kept and cost < SPEND * left:   # time to spare: more games, planned before any is seen, only narrow the intervals
        grow = min(SPEND * left / cost, VERIFY_MOST / max(plans[:kept]))
        plans[:kept] = [min(VERIFY_MOST, int(n * grow) // BATCH * BATCH) for n in plans[:kept]]
    results = [Verified(p) for p in proposals]
    if not kept:
        return results, 0
    seed = table.seed * FRESH + 1
    sides = [current, *proposals[:kept]]
    own = [n for p, n in zip(proposals[:kept], plans[:kept]) if p is current]   # no change as a proposal
    sizes = [max([current_games(plans[:kept]), *own]), *plans[:kept]]
    queues: list[list[tuple[Job, Batch]]] = []
    for index, (side, games) in enumerate(zip(sides, sizes)):
        assert side.folder is not None
        # the current version as the proposal: its games are played once
        batches = [] if index and side is current else table.batches(0, games, seed)
        job = job_for(side.folder, table)
        queues.append([(job, batch) for batch in batches])
    for verified, games in zip(results, sizes[1:]):
        verified.planned = games
    played: list[list[GameRecord]] = [[] for _ in sides]
    everything = sum(len(q) for q in queues)
    finished = 0

    def done(_: int) -> None:
        nonlocal finished
        finished += 1
        progress(f"verifying {kept} on fresh seeds", finished, everything, "")

    # In waves, each side advancing by the same fraction of its plan, so that the budget is kept:
    # a wave starts only if the last one's pace says it ends in time (the plan's seconds a game
    # came from the search's games, and a proposal's games may cost more).
    wave_time = 0.0
    for wave in range(WAVES):
        if wave and time.monotonic() + wave_time > deadline:
            break
        tasks, owners = [], []
        for index, queue in enumerate(queues):
            start, stop = (len(queue) * wave) // WAVES, (len(queue) * (wave + 1)) // WAVES
            tasks.extend(queue[start:stop])
            owners.extend([index] * (stop - start))
        started = time.monotonic()
        for owner, games_found in zip(owners, play_many(table, tasks, done)):
            played[owner].extend(games_found)
        wave_time = time.monotonic() - started
    total = sum(len(p) for p in played)
    for index, side in enumerate(sides):
        if index and side is current:
            played[index] = played[0]
    base_records = played[0]
    for verified, mine in zip(results, played[1:]):
        verified.games = len(mine)
        figures = figure_values(table.config, mine, seats)
        verdicts = []
        for target in targets:
            values = [v for v in values_of(target.figure, figures, len(mine)) if v is not None]
            interval = _interval(values, LEVEL)
            verified.intervals[target.figure] = interval
            verdicts.append("met" if target.low <= interval.low and interval.high <= target.high
                            else "missed" if interval.high < target.low or interval.low > target.high else "open")
        common = min(len(base_records), len(mine))   # the seeds both played
        moved = judge(config_series(table.config, base_records[:common], mine[:common], seats), ALPHA)
        verified.moved = [_moved(row) for row in moved if row["beyond_chance"]]
        verified.verdict = "missed" if "missed" in verdicts else "met" if all(v == "met" for v in verdicts) \
            else "unsettled"
    return results, total


def _spreads(current: Candidate, targets: Sequence[Target], table: Table, seats: Sequence[str]) -> dict[str, float]:
    """Each target figure's game-to-game spread in the current version's games."""
    figures = figure_values(table.config, current.records, seats)
    found = {}
    for target in targets:
        values = [v for v in values_of(target.figure, figures, len(current.records)) if v is not None]
        if len(values) > 1:
            mean = math.fsum(values) / len(values)
            found[target.figure] = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1))
    return found


def _interval(values: Sequence[float], level: float) -> Interval:
    """The mean and its t interval at `level`."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, -math.inf, math.inf)
    spread = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = student_t_quantile(0.5 + level / 2, n - 1) * spread / math.sqrt(n)
    return Interval(mean, mean - half, mean + half)


def _moved(row: dict[str, Any]) -> dict[str, Any]:
    return {"figure": row["figure"], "old": row["old"], "new": row["new"], "difference": row["difference"],
            "low": row["low"], "high": row["high"], "adjusted_p": row["adjusted_p"], "verdict": row["verdict"]}
