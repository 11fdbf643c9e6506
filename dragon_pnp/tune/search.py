"""The search: single edits first, then edits added one at a time, raced on common seeds.

Every candidate plays the same seeded games as the current version (common random numbers), so a
candidate's figure is estimated as the current version's mean over all its games plus the mean
paired difference over the candidate's games: most games of a one-number change end as they did,
and the difference is known far sooner than the level. Candidates are raced by successive
halving: all play a few games, the better half (and any the uncertainty cannot yet rule out, up to
a third) play twice as many, and so on. A candidate is scored by how far its estimate lies from each
target in tolerances; among those comfortably inside (within GOAL of a tolerance), fewer and
smaller edits win. Edits are added one at a time to the best candidates until one meets the
targets (near it, and known well enough that two standard errors either way stay in the band),
the edits run out or the budget does.
"""

from __future__ import annotations

import math
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from dragon_pnp.checks import load_checked
from dragon_pnp.data import GameData
from dragon_pnp.errors import DragonPnpError
from dragon_pnp.report.record import GameRecord
from dragon_pnp.tune.edits import Edit, candidate_folder
from dragon_pnp.tune.figures import BATCH, Table, Values, figure_values, job_for, play_many, values_of
from dragon_pnp.tune.knobs import Knob
from dragon_pnp.tune.targets import Target

GOAL = 0.5          # an estimate within half a tolerance of the target leaves room for the verifying interval
FIRST = 20          # games per candidate at the first look of a race, at least
FIRST_MOST = 160    # ...and at most, where the time left buys more (`_first_look`)
RACE_SHARE = 0.5    # of the search's time left, what a race plans to spend when sizing its first look
MOST = 640          # games per candidate at most while searching
BASE_GAMES = 1280   # games of the current version: the level every candidate's paired shift is added to
BASE_FIRST = 160    # ...played first, to time a game: where 1280 would cost more than BASE_SHARE, fewer
BASE_SHARE = 0.15   # of the search's time the current version's level may take before any candidate plays
KEEP = 3            # a race ends when this few are left
MAX_EDITS = 4       # edits in one proposal at most
PAIRS = 200         # pairs tried at most when no single edit is valid
ROUNDS = 6          # rounds of adding one more edit (or one more step of an edited number)
LEADERS = 4         # candidates extended by one more edit at each level
HELPERS = 8         # the best single edits offered to them
EDIT_COST = 0.15    # in tolerances: one more edit is worth this much more distance from the target
SIZE_COST = 0.1     # a change across the whole range is worth this much

Progress = Callable[[str, int, int, str], None]   # (stage, done, total, best so far)


@dataclass
class Estimate:
    """A figure's estimate for one candidate: value and standard error."""

    value: float
    error: float


@dataclass
class Candidate:
    """A set of edits and the games played with them so far (on the common seeds, in order)."""

    edits: tuple[Edit, ...]
    folder: Path | None = None
    records: list[GameRecord] = field(default_factory=list)
    invalid: str | None = None
    estimates: dict[str, Estimate] = field(default_factory=dict)
    distance: float = math.inf      # max over targets of |estimate - target| / tolerance
    hopeful: float = math.inf       # the same, two standard errors in the candidate's favour
    doubtful: float = math.inf      # the same, two standard errors against it
    cautious: float = math.inf      # the same, one standard error against it: how proposals are ranked
    # Its figures' per-game values and how many games they cover: records only grow, so they are
    # worked out again only after more games (the baseline was worked out again at every score).
    figured: tuple[int, dict[str, Values]] | None = field(default=None, repr=False, compare=False)

    @property
    def key(self) -> tuple[tuple[str, float], ...]:
        return tuple(sorted((e.knob.label, e.value) for e in self.edits))

    @property
    def size(self) -> float:
        return math.fsum(e.size for e in self.edits)

    def objective(self, distance: float | None = None) -> float:
        """Lower is better: distance beyond GOAL, plus what the edits cost."""
        d = self.distance if distance is None else distance
        return max(d, GOAL) + EDIT_COST * max(0, len(self.edits) - 1) + SIZE_COST * self.size

    @property
    def meets(self) -> bool:
        """Near the target and known well enough: two standard errors either way stay in the band."""
        return self.distance <= GOAL and self.doubtful <= 1

    def describe(self) -> str:
        return "; ".join(e.describe() for e in self.edits) or "no change"


@dataclass
class SearchResult:
    baseline: Candidate
    ranked: list[Candidate]
    tried: int
    invalid: int
    invalid_example: str | None
    games: int
    stopped: str
    interrupted: bool


class OutOfTime(Exception):
    """The search's share of the budget is spent."""


@contextmanager
def quiet_rules_note() -> Iterator[None]:
    """No first-use note for the candidates' rules modules (copies of a module already named, so
    the note says nothing new), put back afterwards for whatever else runs in this process (the
    studio's tune panel, a test)."""
    note = os.environ.get("DRAGON_PNP_RULES_NOTE")
    os.environ["DRAGON_PNP_RULES_NOTE"] = "off"
    try:
        yield
    finally:
        if note is None:
            os.environ.pop("DRAGON_PNP_RULES_NOTE", None)
        else:
            os.environ["DRAGON_PNP_RULES_NOTE"] = note


class Search:
    """One tune's search over `knobs` toward `targets` on `table`'s configuration."""

    def __init__(self, game: GameData, knobs: Sequence[Knob], targets: Sequence[Target], table: Table,
                 seconds: float, progress: Progress = lambda stage, done, total, best: None):
        self.game, self.root = game, game.root
        self.knobs, self.targets, self.table = list(knobs), list(targets), table
        self.deadline = time.monotonic() + seconds
        self.progress = progress
        self.seats = (game.module.seat_names(game, table.config.players) if game.module is not None else [])
        self.baseline = Candidate((), folder=self.root)
        self.seen: dict[tuple[tuple[str, float], ...], Candidate] = {}
        self.invalid = 0
        self.invalid_example: str | None = None
        self.games = 0
        self.seconds_per_game = 0.0
        self.workdir = Path(tempfile.mkdtemp(prefix="dragon-pnp-tune-"))

    def run(self) -> SearchResult:
        stopped, interrupted = "the edits ran out", False
        try:
            self._play([self.baseline], BASE_FIRST, "the current version")
            games = self._affordable_baseline()
            self._play([self.baseline], games, "the current version")
            self._score(self.baseline)
            while self.baseline.distance <= GOAL and not self.baseline.meets and games < 4 * BASE_GAMES:
                games *= 2   # near the target already: more games of it say whether any edit is needed
                self._play([self.baseline], games, "the current version")
                self._score(self.baseline)
            if self.baseline.meets:
                stopped = "the current version already meets the targets"
            else:
                level = self._prepare_all([(Edit(k, v),) for k in self.knobs for v in k.steps()])
                if level and all(c.invalid is not None for c in level):
                    level = self._pairs(level)   # numbers that must move together (counts with their total)
                for step in range(1, ROUNDS + 1):
                    fresh = [c for c in level if c.invalid is None]
                    if not fresh:
                        break
                    self._race(fresh, f"round {step}: {len(fresh)} candidates")
                    if any(c.meets for c in self._valid()):
                        stopped = "a candidate met the targets"
                        break
                    level = self._extend()
        except OutOfTime:
            stopped = "the search's share of the budget ran out"
        except KeyboardInterrupt:
            stopped, interrupted = "interrupted (Ctrl-C): the best found so far", True
        # No change is a proposal too, and ranks above every edit not estimated closer to the
        # targets: a Dragon Pants tune once proposed a Destiny length whose first player won 58 %
        # against the current version's 55 % (target 50 +- 5), for want of a better edit.
        ranked = sorted([self.baseline, *self._valid()], key=lambda c: (c.objective(c.cautious), -len(c.records)))
        if ranked and ranked[0] is self.baseline and not self.baseline.meets and len(ranked) > 1:
            stopped += "; no edit tried came closer to the targets than the current version"
        return SearchResult(self.baseline, ranked, len(self.seen), self.invalid, self.invalid_example, self.games,
                            stopped, interrupted)

    def _affordable_baseline(self) -> int:
        """Games of the current version before any candidate: BASE_GAMES where they cost at most
        BASE_SHARE of the search's time (a greedy player's game costs milliseconds), else as many
        as that share buys, never fewer than BASE_FIRST. A costly policy (a search player) would
        otherwise spend half a ten-minute budget on the level alone; the race plays the current
        version on as many seeds as its candidates (`_play`), so the level still firms up where it
        matters, and the verification replays it on fresh seeds anyway."""
        left = max(0.0, self.deadline - time.monotonic())
        if not self.seconds_per_game:
            return BASE_GAMES
        buys = int(BASE_SHARE * left / self.seconds_per_game) // BATCH * BATCH
        return max(BASE_FIRST, min(BASE_GAMES, buys))

    def _first_look(self, count: int) -> int:
        return first_look(max(0.0, self.deadline - time.monotonic()), count, self.seconds_per_game)

    def _valid(self) -> list[Candidate]:
        return [c for c in self.seen.values() if c.invalid is None and c.records]

    def best(self) -> Candidate | None:
        found = self._valid()
        return min(found, key=lambda c: c.objective()) if found else None

    def _prepare_all(self, edit_sets: Sequence[tuple[Edit, ...]]) -> list[Candidate]:
        """Candidates for the edit sets, in order, while half the time left allows: each is a
        folder copy checked as `validate` checks, which costs a load of the game."""
        until = time.monotonic() + (self.deadline - time.monotonic()) / 2
        made: list[Candidate] = []
        for edits in edit_sets:
            if made and time.monotonic() > until:
                break
            made.append(self._prepare(edits))
        return made

    def _prepare(self, edits: tuple[Edit, ...]) -> Candidate:
        """A candidate with its folder written and checked as `validate` would (invalid ones counted)."""
        candidate = Candidate(tuple(sorted(edits, key=lambda e: e.knob.label)))
        if candidate.key in self.seen:
            return self.seen[candidate.key]
        self.seen[candidate.key] = candidate
        folder = candidate_folder(self.root, candidate.edits, self.workdir / f"c{len(self.seen)}")
        try:
            load_checked(folder)
        except DragonPnpError as exc:
            candidate.invalid = str(exc).splitlines()[0]
            self.invalid += 1
            self.invalid_example = self.invalid_example or f"{candidate.describe()}: {candidate.invalid}"
            return candidate
        candidate.folder = folder
        return candidate

    def _race(self, candidates: list[Candidate], stage: str) -> None:
        """Successive halving: play all to n games, keep the better half, double n."""
        alive, games = candidates, self._first_look(len(candidates))
        while True:
            self._play(alive, games, stage)
            for candidate in [self.baseline, *alive]:
                self._score(candidate)
            alive.sort(key=lambda c: c.objective())
            leader = alive[0]
            if games >= MOST or (len(alive) <= KEEP and (leader.meets or leader.hopeful > 1)):
                return   # the leader is known to meet the targets, or known not to: more games decide nothing
            best = alive[0].objective()
            kept = [c for i, c in enumerate(alive) if i < KEEP or c.objective(c.hopeful) <= best]
            alive = kept[:max(KEEP, math.ceil(len(alive) / 3))] if len(alive) > KEEP else alive
            games *= 2

    def _extend(self) -> list[Candidate]:
        """The next round: each of the best candidates so far with one of the best single edits
        added (a step of a knob it already edits moves that knob further: still one edit)."""
        valid = sorted(self._valid(), key=lambda c: c.objective())
        singles = [c for c in valid if len(c.edits) == 1][:HELPERS]
        wanted: dict[tuple[tuple[str, float], ...], tuple[Edit, ...]] = {}
        for leader in valid[:LEADERS]:
            for single in singles:
                edit, knob = single.edits[0], single.edits[0].knob
                values = {e.knob.label: e for e in leader.edits}
                if knob.label in values:
                    moved = knob.rounded(values[knob.label].value + edit.value - knob.value)
                    if not knob.low <= moved <= knob.high or moved == knob.value:
                        continue
                    values[knob.label] = Edit(knob, moved)
                else:
                    values[knob.label] = edit
                key = tuple(sorted((e.knob.label, e.value) for e in values.values()))
                if len(values) <= MAX_EDITS and key not in self.seen and key not in wanted:
                    wanted[key] = tuple(values.values())
        return self._prepare_all(list(wanted.values()))

    def _pairs(self, singles: list[Candidate]) -> list[Candidate]:
        """Pairs of single edits none of which the game accepts alone (a card count and the box
        total that must match it), of two different numbers, at most PAIRS of them."""
        pairs = [(first.edits[0], second.edits[0]) for i, first in enumerate(singles) for second in singles[i + 1:]
                 if first.edits[0].knob.label != second.edits[0].knob.label]
        return self._prepare_all(pairs[:PAIRS])

    def _play(self, candidates: Sequence[Candidate], games: int, stage: str) -> None:
        """Bring every candidate to `games` games on the common seeds (and the current version with
        them: a candidate's paired shift needs the current version's game on each of its seeds)."""
        if all(c is not self.baseline for c in candidates) and len(self.baseline.records) < games:
            candidates = [self.baseline, *candidates]
        tasks, owners = [], []
        for candidate in candidates:
            assert candidate.folder is not None
            job = job_for(candidate.folder, self.table)
            for batch in self.table.batches(len(candidate.records), games):
                tasks.append((job, batch))
                owners.append(candidate)
        if not tasks:
            return
        needed = len(tasks) * BATCH
        first = not any(c.records for c in self.seen.values())   # the first look plays whatever the clock says
        if not first and self.seconds_per_game and time.monotonic() + needed * self.seconds_per_game > self.deadline:
            raise OutOfTime
        finished = 0
        best = self.best()
        label = best.describe() if best is not None else "-"

        def done(_: int) -> None:
            nonlocal finished
            finished += 1
            self.progress(stage, finished, len(tasks), label)

        self.progress(stage, 0, len(tasks), label)
        started = time.monotonic()
        results = play_many(self.table, tasks, done)
        spent = time.monotonic() - started
        played = sum(len(r) for r in results)
        self.games += played
        self.seconds_per_game = spent / max(1, played)
        for owner, records in zip(owners, results):
            owner.records.extend(records)

    def _score(self, candidate: Candidate) -> None:
        """Each target's estimate from the paired games, and the candidate's distances."""
        base_figures = self._figures(self.baseline)
        mine = base_figures if candidate is self.baseline else self._figures(candidate)
        distance = hopeful = doubtful = cautious = 0.0
        for target in self.targets:
            base = values_of(target.figure, base_figures, len(self.baseline.records))
            estimate = paired_estimate(base, values_of(target.figure, mine, len(candidate.records)),
                                       candidate is self.baseline)
            candidate.estimates[target.figure] = estimate
            off = abs(estimate.value - target.value)
            distance = max(distance, off / target.tolerance)
            hopeful = max(hopeful, max(0.0, off - 2 * estimate.error) / target.tolerance)
            doubtful = max(doubtful, (off + 2 * estimate.error) / target.tolerance)
            cautious = max(cautious, (off + estimate.error) / target.tolerance)
        candidate.distance, candidate.hopeful, candidate.doubtful = distance, hopeful, doubtful
        candidate.cautious = cautious

    def _figures(self, candidate: Candidate) -> dict[str, Values]:
        count = len(candidate.records)
        if candidate.figured is None or candidate.figured[0] != count:
            candidate.figured = (count, figure_values(self.table.config, candidate.records, self.seats))
        return candidate.figured[1]


def first_look(left: float, count: int, seconds_per_game: float) -> int:
    """Games per candidate at a race's first look: FIRST, or as many as RACE_SHARE of the `left`
    seconds buys for a race of `count` candidates (which costs about three first looks each: a
    third go on at twice the games, and so on), in whole batches, at most FIRST_MOST. With a
    search player, whose single edits move a share by a few points, 20 games (a standard error
    of about 11 points) drop the best edit about as often as they keep it: a ten-minute Dragon
    Pants run under search:10 dropped the hand limit at its first look (docs/tune.md)."""
    if seconds_per_game <= 0:
        return FIRST
    buys = int(RACE_SHARE * left / (3 * max(1, count) * seconds_per_game)) // BATCH * BATCH
    return max(FIRST, min(FIRST_MOST, buys))


def paired_estimate(base: Values, mine: Values, same: bool) -> Estimate:
    """The candidate's mean as the current version's mean over all its games plus the mean paired
    difference over the candidate's games (a control variate; for the current version, its mean)."""
    known = [v for v in base if v is not None]
    if not known:
        return Estimate(math.nan, math.inf)
    level = math.fsum(known) / len(known)
    level_error = statistics.stdev(known) / math.sqrt(len(known)) if len(known) > 1 else math.inf
    if same:
        return Estimate(level, level_error)
    differences = [y - x for x, y in zip(base, mine) if x is not None and y is not None]
    if not differences:
        return Estimate(math.nan, math.inf)
    shift = math.fsum(differences) / len(differences)
    spread = statistics.stdev(differences) if len(differences) > 1 else 0.0
    return Estimate(level + shift, math.sqrt(level_error ** 2 + spread ** 2 / len(differences)))
