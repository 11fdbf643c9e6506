"""Run a whole rules check: plan the games, play them on the chosen executor, merge, aggregate.

The result is one JSON-ready dict (the report), from which the HTML, PDF, JSON and terminal
summary are all written. It holds no wall-clock times or paths, so a seed reproduces it byte
for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Callable

from generator.data import GameData
from generator.destiny import analyse_presets
from generator.report.aggregate import CardInfo, aggregate
from generator.report.executor import run_tasks
from generator.report.findings import find
from generator.report.plan import Config, configurations, plan_batches
from generator.report.record import GameRecord
from generator.report.simulate import Job, play_batch
from generator.validation import validate_game

REPORT_VERSION = 1


@dataclass(frozen=True)
class CheckSettings:
    """Everything that decides which games are played (and so every number in the report)."""

    games: int = 1000
    players: tuple[int, ...] = (2, 3, 4, 5, 6)
    presets: tuple[str, ...] = ()  # empty: every preset of the game
    policies: tuple[str, ...] = ("random", "greedy")
    # Mixed greedy-against-random games per player count (default preset). A few hundred pin the
    # margin to a few points, which is all the report needs from them; None: as many as `games`.
    duel_games: int | None = 200
    seed: int = 1
    options: tuple[tuple[str, bool], ...] = ()  # rules variants
    batch_games: int = 50

    def to_json(self, presets: list[str], default_preset: str) -> dict[str, object]:
        return {"games": self.games, "players": list(self.players), "presets": presets,
                "policies": list(self.policies), "duel_games": self.duel_count(), "duel_preset": default_preset,
                "seed": self.seed, "options": dict(self.options), "batch_games": self.batch_games}

    def duel_count(self) -> int:
        return self.games if self.duel_games is None else self.duel_games


@dataclass
class Execution:
    """How the games are run; changes speed only, never the results."""

    executor: str = "local"
    jobs: int | None = None
    scheduler: str | None = None
    dask_processes: bool = True
    progress: Callable[[int, int], None] = field(default=lambda done, total: None)


def plan(game: GameData, settings: CheckSettings) -> tuple[list[Config], list[Config]]:
    """The main configurations and the greedy-against-random duels (default preset only)."""
    presets = list(settings.presets) or list(game.destiny.presets)
    main = configurations(settings.players, presets, [p for p in settings.policies if p != "mixed"])
    duel_players = settings.players if settings.duel_count() > 0 or "mixed" in settings.policies else ()
    duels = configurations(duel_players, [game.settings.default_preset], ["mixed"])
    return main, duels


def run_check(game: GameData, settings: CheckSettings, execution: Execution | None = None) -> dict[str, object]:
    """Play every planned game and build the report."""
    execution = execution or Execution()
    main, duels = plan(game, settings)
    batches = plan_batches(main, settings.games, settings.seed, settings.batch_games)
    batches += plan_batches(duels, settings.duel_count() or settings.games, settings.seed, settings.batch_games)
    job = Job(str(game.root.resolve()), settings.options)
    finished = 0

    def done(_: int) -> None:
        nonlocal finished
        finished += 1
        execution.progress(finished, len(batches))

    results = run_tasks(partial(play_batch, job), batches, executor=execution.executor, jobs=execution.jobs,
                        scheduler=execution.scheduler, done=done, dask_processes=execution.dask_processes)
    records: dict[Config, list[GameRecord]] = {}
    for batch, games in zip(batches, results):  # batch order: the merge never depends on timing
        records.setdefault(batch.config, []).extend(games)
    return build_report(game, settings, records, main, duels)


def build_report(game: GameData, settings: CheckSettings, records: dict[Config, list[GameRecord]],
                 main: list[Config], duels: list[Config]) -> dict[str, object]:
    cards = [CardInfo(c.id, c.name, c.target == "reaction", c.target != "none") for c in game.power.cards]
    playtime = game.playtime
    destiny = [analysis.to_json() for analysis in analyse_presets(game)]
    report: dict[str, object] = {
        "version": REPORT_VERSION,
        "game": {"name": game.game.name, "slug": game.slug, "playtime_minutes": game.game.playtime_minutes,
                 "turn_cap": game.settings.turn_cap, "default_preset": game.settings.default_preset,
                 "presets": {k: p.name for k, p in game.destiny.presets.items()},
                 "dens": {str(n): list(ids) for n, ids in game.board.seats.items()}},
        "settings": settings.to_json(list(dict.fromkeys(c.preset for c in main)), game.settings.default_preset),
        "playtime": playtime.model_dump() if playtime else None,
        "total_games": sum(len(r) for r in records.values()),
        "configs": [aggregate(c, records.get(c, []), cards, playtime) for c in main],
        "duels": [aggregate(c, records.get(c, []), cards, playtime) for c in duels],
        "destiny": destiny,
        "validation": [f.to_json() | {"severity": f.severity} for f in validate_game(game)],
    }
    report["findings"] = [f.to_json() for f in find(report)]
    return report
