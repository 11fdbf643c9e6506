"""The figures a tune aims at: one configuration's balance figures, game by game.

A tune plays one configuration (a player count, the game's default setup, one policy at every
seat) and reads its figures exactly as the diff does (`dragon_pnp.diff.series`): seat and first
player win shares with draws as equal splits, draws, rounds, minutes, mean scores, end reasons
and hazards. The policy defaults to the game's best own player (the last default that is not
the costly search), so hundreds of candidate games fit in minutes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from dragon_pnp.data import GameData
from dragon_pnp.diff.series import config_series
from dragon_pnp.errors import NotationError
from dragon_pnp.games.api import GameModule
from dragon_pnp.games.parts import ReportPart
from dragon_pnp.report.check import default_policies, is_search, require_module
from dragon_pnp.report.executor import ExecutorName, run_tasks
from dragon_pnp.report.plan import Batch, Config, plan_batches
from dragon_pnp.report.record import GameRecord
from dragon_pnp.report.simulate import Job, play_batch

BATCH = 10   # games per batch: the step by which a candidate's games grow, the same seeds for all

Values = list[float | None]


@dataclass(frozen=True)
class Table:
    """What every candidate of one tune is played with: the configuration, seed and executor."""

    config: Config
    rules_module: str
    seed: int = 1
    options: tuple[tuple[str, object], ...] = ()
    executor: ExecutorName = "local"
    jobs: int | None = None
    scheduler: str | None = None

    def batches(self, start: int, stop: int, seed: int | None = None) -> list[Batch]:
        """Games start..stop (multiples of BATCH) of the configuration, from the tune's seed."""
        every = plan_batches([self.config], stop, self.seed if seed is None else seed, BATCH)
        return [b for b in every if b.first_game >= start]


def choose_config(game: GameData, module: GameModule, players: int | None, policy: str | None) -> Config:
    """The configuration a tune plays: `players` (default the fewest the game takes), the game's
    default setup and `policy` (default its best own player short of search)."""
    counts = list(module.player_counts(game))
    if players is None:
        players = counts[0]
    elif players not in counts:
        raise NotationError(f"--players {players}: this game plays {', '.join(map(str, counts))}")
    if policy is None:
        cheap = [p for p in default_policies(module, game) if not is_search(p)]
        policy = cheap[-1]
    return Config(players, module.part(ReportPart).default_setup(game), policy)


def play_task(task: tuple[Job, Batch]) -> list[GameRecord]:
    """One batch of one candidate (top-level, so process and Dask workers can pickle it)."""
    return play_batch(*task)


def play_many(table: Table, tasks: Sequence[tuple[Job, Batch]], done: Callable[[int], None] = lambda i: None
              ) -> list[list[GameRecord]]:
    """Every task's games, in task order, on the tune's executor."""
    if not tasks:
        return []
    return run_tasks(play_task, list(tasks), executor=table.executor, jobs=table.jobs, scheduler=table.scheduler,
                     done=done)


def job_for(folder: Path, table: Table) -> Job:
    return Job(str(folder.resolve()), table.rules_module, table.options, inputs=str(folder.resolve()))


def figure_values(config: Config, records: Sequence[GameRecord], seats: Sequence[str]) -> dict[str, Values]:
    """Every figure's per-game values under every name it goes by."""
    found: dict[str, Values] = {}
    for series in config_series(config, records, records, seats):
        for name in series.names:
            found[name] = list(series.old)
    return found


def values_of(name: str, figures: dict[str, Values], games: int) -> Values:
    """A figure's per-game values; an end reason or hazard no game hit is 0 in every game."""
    if name in figures:
        return figures[name]
    if name.startswith(("ended: ", "hazard: ")):
        return [0.0] * games
    return [None] * games


def figure_names(game: GameData, config: Config, records: Sequence[GameRecord]) -> list[str]:
    """The figures a configuration reports, in the check's order."""
    module = require_module(game)
    return list(figure_values(config, records, module.seat_names(game, config.players)))
