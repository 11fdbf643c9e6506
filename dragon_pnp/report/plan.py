"""What a rules check plays: configurations, and the batches of seeded games they split into.

Every batch draws its seed from the root seed, the configuration and the batch number alone,
so a batch plays the same games whichever worker runs it and whenever. Batch sizes depend only
on the number of games, never on the number of jobs: that is what makes the merged results
identical for any job count or executor.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

MIXED = "mixed"  # the policy name of games whose seats take turns between two policies
BATCH_GAMES = 50


@dataclass(frozen=True, order=True)
class Config:
    """One cell of the report: a player count, a setup (the game's setup axis, e.g. a Destiny
    preset; "" for none) and who is playing: one policy at every seat, or for `mixed` a rotation."""

    players: int
    setup: str
    policy: str
    rotation: tuple[str, ...] = ()  # mixed games: seat s of game g plays rotation[(s + g) % len]

    @property
    def key(self) -> str:
        return f"{self.players}p-{self.setup}-{self.policy}" if self.setup else f"{self.players}p-{self.policy}"

    def seat_policies(self, game_index: int) -> tuple[str, ...]:
        """Policy per seat. A rotation shifts by one seat each game, so every seat plays each
        policy equally often."""
        if not self.rotation:
            return (self.policy,) * self.players
        size = len(self.rotation)
        return tuple(self.rotation[(seat + game_index) % size] for seat in range(self.players))

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"key": self.key, "players": self.players, "setup": self.setup,
                                   "policy": self.policy}
        if self.rotation:
            data["rotation"] = list(self.rotation)
        return data


@dataclass(frozen=True)
class Batch:
    """A run of consecutive games of one configuration, with the seed that fixes all of them."""

    config: Config
    index: int
    first_game: int
    games: int
    seed: int

    def game_seeds(self) -> list[int]:
        """One seed per game, drawn in order from the batch seed."""
        draw = random.Random(self.seed)
        return [draw.getrandbits(63) for _ in range(self.games)]


def batch_seed(root: int, config: Config, index: int) -> int:
    """The seed of batch `index` of `config`: a string-seeded Random is stable across runs and
    platforms (unlike hash()), and needs no numpy."""
    return random.Random(f"{root}:{config.key}:{index}").getrandbits(63)


def configurations(players: Iterable[int], setups: Iterable[str], policies: Iterable[str],
                   rotation: tuple[str, ...] = ()) -> list[Config]:
    """Every combination, in report order: player count, then setup, then policy. `rotation`
    is what a `mixed` policy alternates between."""
    setups, policies = list(setups), list(policies)
    return [Config(n, setup, policy, rotation if policy == MIXED else ())
            for n in players for setup in setups for policy in policies]


def plan_batches(configs: Iterable[Config], games: int, root: int,
                 batch_games: int = BATCH_GAMES) -> list[Batch]:
    """Split each configuration's games into batches of at most `batch_games`, in report order."""
    return list(_batches(configs, games, root, batch_games))


def _batches(configs: Iterable[Config], games: int, root: int, batch_games: int) -> Iterator[Batch]:
    if batch_games < 1:
        raise ValueError(f"batch size must be at least 1, got {batch_games}")
    for config in configs:
        for index, start in enumerate(range(0, games, batch_games)):
            size = min(batch_games, games - start)
            yield Batch(config, index, start, size, batch_seed(root, config, index))


def parse_players(text: str, low: int, high: int, allowed: Iterable[int] | None = None) -> list[int]:
    """Parse "2-6", "3,4" or "2-3,6" into sorted player counts, each within the game's range
    (and among `allowed`, when the game takes only some counts in it)."""
    counts: set[int] = set()
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        bounds = part.split("-")
        if len(bounds) > 2 or not all(b.strip().isdigit() for b in bounds):
            raise ValueError(f"{part!r} is not a player count or range like 2-6")
        first, last = int(bounds[0]), int(bounds[-1])
        if first > last:
            raise ValueError(f"{part!r} runs backwards")
        counts.update(range(first, last + 1))
    if not counts:
        raise ValueError("no player counts given")
    outside = sorted(n for n in counts if not low <= n <= high)
    if outside:
        raise ValueError(f"{', '.join(map(str, outside))} players: this game takes {low}-{high}")
    if allowed is not None:
        known = set(allowed)
        missing = sorted(counts - known)
        if missing:
            raise ValueError(f"{', '.join(map(str, missing))} players: this game takes "
                             f"{', '.join(map(str, sorted(known)))}")
    return sorted(counts)


def parse_games_per_players(text: str, low: int, high: int) -> tuple[int | None, tuple[tuple[int, int], ...]]:
    """Parse "200" (every player count) or "2=200,3-6=100" (per count; a bare number among them
    is the count for the rest) into (games for the rest or None, sorted (players, games) pairs)."""
    rest: int | None = None
    named: dict[int, int] = {}
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        counts, _, games = part.rpartition("=")
        if not games.strip().isdigit():
            raise ValueError(f"{part!r}: expected a number of games, or player counts = games like 2=200")
        if not counts:
            rest = int(games)
            continue
        for players in parse_players(counts, low, high):
            named[players] = int(games)
    if rest is None and not named:
        raise ValueError("no number of games given")
    return rest, tuple(sorted(named.items()))


def parse_list(text: str, allowed: Iterable[str], what: str) -> list[str]:
    """Parse a comma-separated list of names, keeping the order given and refusing unknown ones."""
    known = list(allowed)
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise ValueError(f"no {what} given")
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(f"unknown {what} {', '.join(unknown)}; expected one of {', '.join(known)}")
    return list(dict.fromkeys(names))
