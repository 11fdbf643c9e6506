"""Played games kept between checks, so a version checked before is not played again.

A check is a list of batches, each a run of games of one configuration from one seed
(`dragon_pnp.report.plan`); a batch's records are a pure function of the game's files, the
code (the generator and the rules module's source, `dragon_pnp.code_digest`), the rules options,
the decision cap and the batch itself (configuration, index, games, seed). Those make the key.
A second `diff` against the same OLD finds OLD's batches here and plays only NEW's.

Entries live in the render cache's folder under its size limit and least-recently-used
trimming (`dragon_pnp.kit.render_cache`), as JSON. A batch is stored only when every record
reads back equal to itself (plain JSON values) and none is an error record (its text may name
the folder it was played in); an entry that cannot be read is played again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.file_digest import folder_digest
from dragon_pnp.games.api import GameModule
from dragon_pnp.kit.render_cache import RenderCache
from dragon_pnp.report.executor import ExecutorName, run_tasks
from dragon_pnp.report.plan import Batch
from dragon_pnp.report.record import GameRecord
from dragon_pnp.report.simulate import Job, play_batch

FORMAT = "check-batch-1"


@dataclass
class Played:
    """Each batch's records, in batch order, and how many batches had to be played."""

    results: list[list[GameRecord]]
    played: int


def inputs_key(game: GameData, module: GameModule, job: Job) -> str:
    """What every batch of this check shares: format, code, game files, module, options, cap."""
    from dragon_pnp.code_digest import code_digest

    text = "|".join([FORMAT, code_digest(module), folder_digest(game.root), job.rules_module,
                     repr(tuple(job.options)), str(job.decision_cap)])
    return hashlib.sha256(text.encode()).hexdigest()


def batch_key(inputs: str, batch: Batch) -> str:
    return hashlib.sha256(f"{inputs}|{batch!r}".encode()).hexdigest()


def play_batches(game: GameData, module: GameModule, job: Job, batches: Sequence[Batch], *,
                 executor: ExecutorName = "local", jobs: int | None = None, scheduler: str | None = None,
                 dask_processes: bool = True, done: Callable[[int], None] = lambda index: None,
                 cache: RenderCache | None = None) -> Played:
    """Every batch's records: from the cache where this check's inputs were played before,
    the rest played on the executor (and stored)."""
    cache = cache if cache is not None else RenderCache.from_environment()
    inputs = inputs_key(game, module, job)
    keys = [batch_key(inputs, batch) for batch in batches]
    results: list[list[GameRecord] | None] = [load_batch(cache, key) for key in keys]
    missing = [index for index, found in enumerate(results) if found is None]
    for index, found in enumerate(results):
        if found is not None:
            done(index)
    if missing:
        played = run_tasks(partial(play_batch, job), [batches[i] for i in missing], executor=executor, jobs=jobs,
                           scheduler=scheduler, dask_processes=dask_processes,
                           done=lambda position: done(missing[position]))
        for index, records in zip(missing, played):
            results[index] = records
            store_batch(cache, keys[index], records)
    return Played([found or [] for found in results], len(missing))


def record_from_json(data: dict[str, Any]) -> GameRecord:
    scores = data.get("scores")
    return GameRecord(seed=int(data["seed"]), players=int(data["players"]),
                      seat_policies=tuple(data["seat_policies"]), winners=tuple(data["winners"]),
                      reason=str(data["reason"]), rounds=int(data["rounds"]), first=data.get("first"),
                      minutes=data.get("minutes"), scores=None if scores is None else tuple(scores),
                      metrics=dict(data.get("metrics") or {}), hazards=dict(data.get("hazards") or {}),
                      error=data.get("error"))


def load_batch(cache: RenderCache, key: str) -> list[GameRecord] | None:
    data = cache.get(key)
    if data is None:
        return None
    try:
        entry = json.loads(data)
        if entry.get("format") != FORMAT:
            return None
        return [record_from_json(item) for item in entry["records"]]
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def store_batch(cache: RenderCache, key: str, records: list[GameRecord]) -> None:
    """Store the batch if it reads back exactly as played (else leave it to be played again)."""
    if any(record.error is not None for record in records):
        return
    try:
        items = [record.to_json() for record in records]
        text = json.dumps({"format": FORMAT, "records": items}, sort_keys=True, allow_nan=False)
        if [record_from_json(item) for item in json.loads(text)["records"]] != list(records):
            return
    except (TypeError, ValueError):
        return
    cache.put(key, text.encode())
