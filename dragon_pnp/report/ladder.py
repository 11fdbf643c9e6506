"""The skill ladder: every policy a game offers against every other, and which one, if any, is
verified strong.

A report may call a player strong only where it beats every other policy beyond chance. Every
pairing is a duel on mirrored deals (`duel.py`); its p-value tests "the share is 1/2", and the
family of all pairings is corrected by Holm's step-down method, so "beyond chance" holds for
the whole ladder at 5 %, not for each pairing alone. A policy is verified strong when it won
every one of its pairings (share above 1/2) and Holm rejects chance for each. Otherwise the
ladder says so and names the best so far: the highest mean share over its pairings. Each
ladder also carries the smallest share difference from 1/2 its sample would find with 80 %
power at the strictest Holm level, so a reader sees what "no verified player" can and cannot mean.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from pathlib import Path
from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.games.api import GameModule
from dragon_pnp.games.parts import ReportPart
from dragon_pnp.report.duel import (
    DealOutcome,
    DealTask,
    DuelResult,
    check_policy,
    deal_seeds,
    detectable_difference,
    duel_players,
    play_deals,
    summarise_duel,
)
from dragon_pnp.report.executor import run_tasks
from dragon_pnp.report.simulate import Job

ALPHA = 0.05
CORRECTION = "Holm"
RANDOM = "random"
SEARCH = "search"
GENERIC = (RANDOM, "lookahead", SEARCH)
DEALS_PER_TASK = 2   # ladder tasks are small so slow pairings spread over the workers


def ladder_policies(module: GameModule, search: str = SEARCH) -> list[str]:
    """random, the game's own policies (the generic look-ahead when it has none), and `search`."""
    own = [name for name in module.policies() if name not in GENERIC]
    return [RANDOM, *(own or ["lookahead"]), search]


@dataclass(frozen=True)
class Pairing:
    """One duel of the ladder with its test: p-value and whether Holm rejects chance."""

    duel: DuelResult
    p_value: float
    beyond_chance: bool

    def to_json(self, timed: bool = False) -> dict[str, Any]:
        """The duel's figures and the test; times per decision only when `timed` (a report keeps
        none, so that a seed reproduces it byte for byte)."""
        found = {**self.duel.to_json(), "p_value": self.p_value, "beyond_chance": self.beyond_chance}
        if not timed:
            del found["ms_per_decision"]
        return found


@dataclass(frozen=True)
class Ladder:
    """Every pairing of `policies`, the verdict, and what the sample could see."""

    policies: tuple[str, ...]
    games_per_pairing: int
    players: int
    seed: int
    pairings: tuple[Pairing, ...]

    @property
    def detectable(self) -> float:
        """The smallest share difference from 1/2 a pairing finds with 80 % power at Holm's
        strictest level (alpha over the number of pairings)."""
        return detectable_difference(self.games_per_pairing, ALPHA / max(1, len(self.pairings)))

    def share(self, policy: str, against: str) -> float | None:
        """`policy`'s share against `against`, from whichever side of the pairing it sat."""
        for pairing in self.pairings:
            if (pairing.duel.a, pairing.duel.b) == (policy, against):
                return pairing.duel.share
            if (pairing.duel.b, pairing.duel.a) == (policy, against):
                return 1.0 - pairing.duel.share
        return None

    def beats(self, policy: str, against: str) -> bool:
        """Whether `policy` beat `against` beyond chance (Holm over the ladder)."""
        for pairing in self.pairings:
            if {pairing.duel.a, pairing.duel.b} == {policy, against} and pairing.beyond_chance:
                return (self.share(policy, against) or 0.0) > 0.5
        return False

    @property
    def strong(self) -> str | None:
        """The policy that beat every other beyond chance, if one did."""
        for policy in self.policies:
            others = [p for p in self.policies if p != policy]
            if others and all(self.beats(policy, other) for other in others):
                return policy
        return None

    @property
    def best(self) -> str:
        """The verified strong policy, else the highest mean share over its pairings."""
        strong = self.strong
        if strong is not None:
            return strong
        return max(self.policies, key=self.mean_share)

    def mean_share(self, policy: str) -> float:
        shares = [s for other in self.policies if other != policy
                  if (s := self.share(policy, other)) is not None]
        return sum(shares) / len(shares) if shares else 0.0

    def verdict(self) -> str:
        """One plain sentence: the verified strong player, or that there is none and the best so far."""
        tests = f"{CORRECTION} over {len(self.pairings)} pairings of {self.games_per_pairing:,} mirrored games"
        sight = (f"a share must differ from 50 % by {100 * self.detectable:.0f} points to be found with 80 % power"
                 if self.detectable < 0.5 else "too few games to find any difference reliably")
        strong = self.strong
        if strong is not None:
            return (f"{strong} is the verified strong player: it beats every other policy beyond chance "
                    f"({tests}; {sight}).")
        best = self.best
        return (f"No verified strong player exists for this game: no policy beat every other beyond chance "
                f"({tests}; {sight}). Best so far: {best}, with a mean share of "
                f"{100 * self.mean_share(best):.0f} % against the others.")

    def to_json(self, timed: bool = False) -> dict[str, Any]:
        return {"policies": list(self.policies), "games_per_pairing": self.games_per_pairing,
                "players": self.players, "seed": self.seed, "correction": CORRECTION, "alpha": ALPHA,
                "tests": len(self.pairings), "detectable": self.detectable, "strong": self.strong,
                "best": self.best, "verdict": self.verdict(),
                "pairings": [p.to_json(timed) for p in self.pairings]}


def holm(p_values: Sequence[float], alpha: float = ALPHA) -> list[bool]:
    """Holm's step-down rejections: the k-th smallest p-value is tested at alpha / (m - k + 1),
    stopping at the first that fails; holds the family-wise error rate at `alpha`."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    rejected = [False] * len(p_values)
    for rank, index in enumerate(order):
        if p_values[index] > alpha / (len(p_values) - rank):
            break
        rejected[index] = True
    return rejected


def judge(results: Sequence[DuelResult], policies: Sequence[str], games: int, players: int,
          seed: int) -> Ladder:
    """The ladder from its duels: each pairing's p-value, Holm over all of them."""
    p_values = [r.p_value() for r in results]
    verdicts = holm(p_values)
    return Ladder(tuple(policies), games, players, seed,
                  tuple(Pairing(r, p, v) for r, p, v in zip(results, p_values, verdicts)))


def play_ladder(game_data: GameData, module: GameModule, policies: Sequence[str], games: int, seed: int,
                players: int | None = None, *, jobs: int | None = None,
                options: tuple[tuple[str, Any], ...] = (), executor: str = "local",
                scheduler: str | None = None) -> Ladder:
    """Every pairing of `policies` over ceil(games / P) mirrored deals each, all in one pool."""
    for name in policies:
        check_policy(module, name, "in the ladder")
    seats = duel_players(module, game_data, players)
    deals = -(-games // seats)
    setup = module.part(ReportPart).default_setup(game_data)
    seeds = deal_seeds(seed, deals)
    pairs = list(combinations(policies, 2))
    tasks = [DealTask(a, b, seats, setup, tuple(seeds[i:i + DEALS_PER_TASK]))
             for a, b in pairs for i in range(0, deals, DEALS_PER_TASK)]
    job = Job(str(Path(game_data.root).resolve()), module.slug, options)
    outcomes: list[DealOutcome] = run_tasks(partial(play_deals, job), tasks, executor=executor,  # type: ignore[arg-type]
                                            jobs=jobs, scheduler=scheduler)
    per_pair = -(-deals // DEALS_PER_TASK)
    results = [summarise_duel(a, b, seats, seed, outcomes[k * per_pair:(k + 1) * per_pair])
               for k, (a, b) in enumerate(pairs)]
    return judge(results, policies, deals * seats, seats, seed)
