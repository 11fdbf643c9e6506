"""One policy against another on mirrored deals: the measuring stick of the skill ladder.

Every deal (a game seed: the shuffles, dice and the policies' own draws) is played once with A
in each seat and B in all the others, so luck of the deal and of the seat falls on both sides
alike. A's score share counts a win 1, a draw (no winner, or a game cut off at the decision cap)
1/P, and a win shared with k seats 1/k; against B that is 1/2 for a draw at two players, and the
share chance gives is 1/P. Games are played by the check's own loop (`simulate.play_game`) in
parallel processes (`executor.run_tasks`), each deal in one task so a deal's games stay
together; the mean time each policy took per decision comes back with them.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.errors import RuleCheckError
from dragon_pnp.games.api import GameModule, GameState, Policy
from dragon_pnp.games.parts import ReportPart
from dragon_pnp.games.registry import module_for_game
from dragon_pnp.players import policy_factory
from dragon_pnp.report.executor import run_tasks
from dragon_pnp.report.plan import Config
from dragon_pnp.report.record import ERROR, GameRecord
from dragon_pnp.report.simulate import Job, Table, play_game, table_for
from dragon_pnp.stats import Z_95

DEALS_PER_TASK = 4   # deals a worker plays per task: few enough to spread slow players over workers


class DuelError(ValueError):
    """A duel that cannot be played as asked (an unknown policy, a player count the game lacks)."""


@dataclass(frozen=True)
class DuelResult:
    """A's results against B over mirrored deals. `share` is A's mean score share, `ci` its 95 %
    interval, `expected` the share chance gives (1/players); `ms_per_decision` per policy name."""

    a: str
    b: str
    games: int
    wins: int
    losses: int
    draws: int
    share: float
    ci: tuple[float, float]
    ms_per_decision: dict[str, float]
    players: int = 2
    seed: int = 1
    cut_off: int = 0                       # games stopped at the decision cap (counted as draws)
    deal_shares: tuple[float, ...] = field(default=(), repr=False)   # A's mean share per deal

    @property
    def expected(self) -> float:
        return 1.0 / self.players

    def p_value(self) -> float:
        """Two-sided p-value of "A's share is what chance gives": a normal test whose standard
        error is the larger of the binomial one under chance and the one measured between deals."""
        if self.games == 0:
            return 1.0
        spread = max(math.sqrt(self.expected * (1 - self.expected) / self.games), deal_error(self.deal_shares))
        return math.erfc(abs(self.share - self.expected) / spread / math.sqrt(2))

    def to_json(self) -> dict[str, Any]:
        """The keys `dragon-pnp duel --json` prints, exactly."""
        return {"a": self.a, "b": self.b, "games": self.games, "wins": self.wins, "losses": self.losses,
                "draws": self.draws, "share": self.share, "ci": [self.ci[0], self.ci[1]],
                "ms_per_decision": dict(self.ms_per_decision)}


@dataclass(frozen=True)
class DealTask:
    """One worker's share of a duel: consecutive deals, each played from every seat."""

    a: str
    b: str
    players: int
    setup: str
    seeds: tuple[int, ...]


@dataclass
class DealOutcome:
    """What a task sends back: its games in order, and the seconds and decisions per policy."""

    records: list[GameRecord]
    seconds: dict[str, float]
    decisions: dict[str, int]


class TimedPolicy:
    """A policy whose every `choose` is timed on the deciding thread's CPU clock, so a duel reports
    what each side costs, as a search budget counts it, however loaded the machine."""

    def __init__(self, policy: Policy, clock: dict[str, float], count: dict[str, int]):
        self.policy = policy
        self.name = policy.name
        self._clock = clock
        self._count = count

    def choose(self, state: GameState, seat: int, rng: Any) -> Any:
        started = time.thread_time()
        action = self.policy.choose(state, seat, rng)
        self._clock[self.name] = self._clock.get(self.name, 0.0) + time.thread_time() - started
        self._count[self.name] = self._count.get(self.name, 0) + 1
        return action


def seatings(a: str, b: str, players: int, setup: str = "") -> Config:
    """The configuration whose game g seats A at seat (-g mod P) and B elsewhere (`Config.rotation`
    shifts one seat a game): P consecutive games of one deal put A once in every seat."""
    return Config(players, setup, "duel", (a, *([b] * (players - 1))))


def a_seat(game_index: int, players: int) -> int:
    """The seat A holds in game `game_index` of `seatings`."""
    return (-game_index) % players


def play_deals(job: Job, task: DealTask) -> DealOutcome:
    """Every seating of every deal of `task`. Top-level so process workers can pickle it."""
    table = table_for(job)
    seconds: dict[str, float] = {}
    decisions: dict[str, int] = {}
    timed = Table(table.module, table.game, table.rules,
                  {name: TimedPolicy(table.policy(name), seconds, decisions) for name in {task.a, task.b}})
    for name in (task.a, task.b):   # keyed by the names asked for, whatever the policy calls itself
        timed.policies[name].name = name
    config = seatings(task.a, task.b, task.players, task.setup)
    records = [play_game(timed, config, seed, index, job.decision_cap)
               for seed in task.seeds for index in range(task.players)]
    return DealOutcome(records, seconds, decisions)


def game_share(record: GameRecord, seat: int) -> float:
    """A's score from one game: 1 for a sole win, 1/k for a win shared by k seats, 1/P for a game
    nobody won (a draw, or cut off), 0 for a loss."""
    if not record.winners:
        return 1.0 / record.players
    return 1.0 / len(record.winners) if seat in record.winners else 0.0


def deal_seeds(seed: int, deals: int) -> list[int]:
    """One seed per deal, drawn from the root seed (a string-seeded Random is stable everywhere)."""
    import random

    draw = random.Random(f"duel:{seed}")
    return [draw.getrandbits(63) for _ in range(deals)]


def deal_error(deal_shares: tuple[float, ...]) -> float:
    """Standard error of the mean share measured between deals (0 below two deals).

    The games of one deal are not independent: mirrored seats usually make them pull opposite
    ways, which narrows the spread, but some deals may favour one policy in every seat, which
    widens it. The spread of the per-deal means measures whichever happened."""
    deals = len(deal_shares)
    if deals < 2:
        return 0.0
    mean = sum(deal_shares) / deals
    return math.sqrt(sum((s - mean) ** 2 for s in deal_shares) / (deals - 1) / deals)


def share_interval(share: float, deal_shares: tuple[float, ...], games: int,
                   z: float = Z_95) -> tuple[float, float]:
    """95 % interval of A's share: the wider of the Wilson score interval over games (a draw as a
    fractional win) and the normal interval over deals, clipped to [0, 1]."""
    if games == 0:
        return (0.0, 1.0)
    z2 = z * z
    centre = (share + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(share * (1 - share) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    spread = deal_error(deal_shares)
    low = min(centre - half, share - z * spread)
    high = max(centre + half, share + z * spread)
    return (max(0.0, low), min(1.0, high))


def detectable_difference(games: int, alpha: float = 0.05, power: float = 0.8) -> float:
    """The smallest departure of a share from 1/2 that `games` games find beyond chance at level
    `alpha` (two-sided) with probability `power`, at the largest variance a share can have (1/4
    a game). More games, or draws, only make it smaller."""
    if games <= 0:
        return 1.0
    from statistics import NormalDist

    normal = NormalDist()
    z = normal.inv_cdf(1 - alpha / 2) + normal.inv_cdf(power)
    return z * math.sqrt(0.25 / games)


def summarise_duel(a: str, b: str, players: int, seed: int, outcomes: list[DealOutcome]) -> DuelResult:
    """The result from every task's games, in deal order; any crashed game is an error, not a result."""
    wins = losses = draws = cut_off = 0
    deal_shares: list[float] = []
    seconds: dict[str, float] = {}
    decisions: dict[str, int] = {}
    for outcome in outcomes:
        for name, spent in outcome.seconds.items():
            seconds[name] = seconds.get(name, 0.0) + spent
        for name, made in outcome.decisions.items():
            decisions[name] = decisions.get(name, 0) + made
        for start in range(0, len(outcome.records), players):
            deal = outcome.records[start:start + players]
            scores = []
            for index, record in enumerate(deal):
                if record.reason == ERROR:
                    raise RuleCheckError(f"a game of {a} against {b} (seed {record.seed}) stopped with an engine "
                                         f"error: {record.error}")
                seat = a_seat(index, players)
                score = game_share(record, seat)
                scores.append(score)
                cut_off += record.reason == "cut_off"
                if record.winners == (seat,):
                    wins += 1
                elif record.winners and seat not in record.winners:
                    losses += 1
                else:
                    draws += 1
            deal_shares.append(sum(scores) / len(scores))
    games = wins + losses + draws
    share = sum(deal_shares) / len(deal_shares) if deal_shares else 0.0
    ci = share_interval(share, tuple(deal_shares), games)
    per_decision = {name: 1000.0 * seconds.get(name, 0.0) / decisions[name] if decisions.get(name) else 0.0
                    for name in dict.fromkeys((a, b))}
    return DuelResult(a, b, games, wins, losses, draws, share, ci, per_decision, players, seed, cut_off,
                      tuple(deal_shares))


def duel_players(module: GameModule, game: GameData, players: int | None) -> int:
    """The player count asked for, else 2 where the game takes it, else its smallest."""
    counts = module.player_counts(game)
    if players is None:
        return 2 if 2 in counts else min(counts)
    if players not in counts:
        raise DuelError(f"--players {players}: this game is played by {', '.join(map(str, counts))}")
    return players


def check_policy(module: GameModule, name: str, which: str) -> None:
    """Refuse an unknown policy name, saying which argument and what is known."""
    try:
        policy_factory(module, name)
    except ValueError as exc:
        raise DuelError(f"policy {which} {name!r}: {exc}") from None


def play_duel(game_data: GameData, a: str, b: str, games: int, seed: int, players: int | None = None,
              *, jobs: int | None = None, options: tuple[tuple[str, Any], ...] = ()) -> DuelResult:
    """A against B over ceil(games / P) deals, each played with A in every seat (so `games` rounds
    up to a multiple of the player count), on the game's default setup. Raises `DuelError` for an
    unknown policy or player count and `RuleCheckError` when a game crashed."""
    module = module_for_game(game_data)
    if module is None:
        raise DuelError(f"{game_data.slug} has no rules module (game.yaml rules_module): nothing to play")
    check_policy(module, a, "A")
    check_policy(module, b, "B")
    if games < 1:
        raise DuelError(f"--games {games}: play at least one game")
    seats = duel_players(module, game_data, players)
    deals = math.ceil(games / seats)
    setup = module.part(ReportPart).default_setup(game_data)
    seeds = deal_seeds(seed, deals)
    tasks = [DealTask(a, b, seats, setup, tuple(seeds[i:i + DEALS_PER_TASK]))
             for i in range(0, deals, DEALS_PER_TASK)]
    job = Job(str(Path(game_data.root).resolve()), module.slug, options)
    outcomes = run_tasks(partial(play_deals, job), tasks, jobs=jobs)
    return summarise_duel(a, b, seats, seed, outcomes)
