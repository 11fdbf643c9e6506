"""One tune from start to answer, for the command line and the studio alike.

Everything a designer typed is checked before a game is played (targets against the figures a
few games report, paths against the files, ranges against the values), so a mistake is a located
error at once; then the search, the verification of the best few on fresh seeds, and one
JSON-ready answer.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.errors import NotationError
from dragon_pnp.report.check import parse_policies, require_module
from dragon_pnp.report.executor import ExecutorName
from dragon_pnp.tune.figures import BATCH, Table, choose_config, figure_names, job_for, play_many
from dragon_pnp.tune.knobs import Knob, VarySpec, declared_specs, parse_vary, resolve_knobs
from dragon_pnp.tune.search import Candidate, Progress, Search, SearchResult, quiet_rules_note
from dragon_pnp.tune.targets import Target, parse_target, resolve_figure
from dragon_pnp.tune.verify import Verified, verify

VERIFY_SHARE = 0.4   # of the budget kept for verifying: the search stops when the rest is spent
PROPOSALS = 3        # proposals verified and shown
TUNE_VERSION = 1


@dataclass
class TuneRequest:
    """What to aim at, what may change, and how to play."""

    targets: Sequence[str]
    vary: Sequence[str] = ()
    players: int | None = None
    policy: str | None = None
    budget: float = 600.0
    seed: int = 1
    proposals: int = PROPOSALS
    executor: ExecutorName = "local"
    jobs: int | None = None
    scheduler: str | None = None
    options: tuple[tuple[str, Any], ...] = field(default_factory=tuple)


@dataclass
class Prepared:
    table: Table
    targets: list[Target]
    knobs: list[Knob]
    seats: list[str]


def table_for(game: GameData, request: TuneRequest) -> Table:
    module = require_module(game)
    if request.policy is not None:
        try:
            parse_policies(request.policy, module)
        except ValueError as exc:
            raise NotationError(f"--policy {request.policy}: {exc}") from None
    config = choose_config(game, module, request.players, request.policy)
    return Table(config, module.slug, request.seed, request.options, request.executor, request.jobs, request.scheduler)


def list_figures(game: GameData, request: TuneRequest) -> list[str]:
    """The figures a few games of the tune's configuration report, in the check's order."""
    table = table_for(game, request)
    records = play_many(table, [(job_for(game.root, table), b) for b in table.batches(0, 2 * BATCH)])
    return figure_names(game, table.config, [r for batch in records for r in batch])


def prepare(game: GameData, request: TuneRequest) -> Prepared:
    """The request checked and resolved: a located error (exit 2) for any bad target, path or range."""
    if not request.targets:
        raise NotationError("tune: give at least one --target FIGURE=VALUE±TOL (see --list-figures)")
    parsed = [parse_target(t) for t in request.targets]
    specs: list[VarySpec] = [parse_vary(v) for v in request.vary] or declared_specs(game.root)
    if not specs:
        raise NotationError("tune: give --vary FILE:PATH, or declare the game's tunable numbers under tunable: in "
                            "game.yaml (docs/tune.md)")
    knobs = resolve_knobs(game.root, specs)
    names = list_figures(game, request)
    targets = [resolve_figure(t, names) for t in parsed]
    table = table_for(game, request)
    module = require_module(game)
    return Prepared(table, targets, knobs, list(module.seat_names(game, table.config.players)))


def run_tune(game: GameData, request: TuneRequest, progress: Progress = lambda stage, done, total, best: None,
             prepared: Prepared | None = None) -> dict[str, Any]:
    """Search, verify and answer (a JSON-ready dict)."""
    started = time.monotonic()
    ready = prepared or prepare(game, request)
    search = Search(game, ready.knobs, ready.targets, ready.table, request.budget * (1 - VERIFY_SHARE), progress)
    verified: list[Verified] = []
    verify_games = 0
    with quiet_rules_note():
        try:
            found = search.run()
            shown = [found.baseline] if found.baseline.meets else found.ranked[:request.proposals]
            if not found.interrupted and shown:
                try:
                    verified, verify_games = verify(found.baseline, shown, ready.targets, ready.table, ready.seats,
                                                    started + request.budget, search.seconds_per_game, progress)
                except KeyboardInterrupt:
                    found.stopped += "; verification interrupted (Ctrl-C)"
                    found.interrupted = True
                short = [v for v in verified if 0 < v.games < v.planned]
                if short:
                    found.stopped += (f"; verification stopped at the budget after {short[0].games} of "
                                      f"{short[0].planned} planned fresh games a proposal")
        finally:
            shutil.rmtree(search.workdir, ignore_errors=True)   # the candidates' folder copies
    return answer(game, request, ready, found, shown, verified, verify_games, time.monotonic() - started)


def answer(game: GameData, request: TuneRequest, ready: Prepared, found: SearchResult, shown: list[Candidate],
           verified: list[Verified], verify_games: int, seconds: float) -> dict[str, Any]:
    """The JSON-ready answer: the proposals `shown` (the current version alone where it already
    meets the targets), each with its verification."""
    by_candidate = {id(v.candidate): v for v in verified}
    proposals = [_proposal(rank, c, by_candidate.get(id(c)), ready.targets) for rank, c in enumerate(shown, 1)]
    proposals.sort(key=lambda p: (p["verified"]["verdict"] != "met", p["rank"]))
    for rank, proposal in enumerate(proposals, 1):
        proposal["rank"] = rank
    met = any(p["verified"]["verdict"] == "met" for p in proposals)
    if found.baseline.meets and not met:   # the search's estimate was not borne out on fresh seeds
        found.stopped += "; verification on fresh seeds did not confirm it: run again with more --budget"

    config = ready.table.config
    return {
        "version": TUNE_VERSION,
        "game": {"name": game.game.name, "slug": game.slug, "folder": str(game.root)},
        "config": {"players": config.players, "setup": config.setup, "policy": config.policy,
                   "seed": request.seed},
        "targets": [t.to_json() for t in ready.targets],
        "knobs": [k.label for k in ready.knobs],
        "current": _estimates(found.baseline, ready.targets),
        "already_met": found.baseline.meets,
        "met": met,
        "candidates": {"tried": found.tried, "invalid": found.invalid, "invalid_example": found.invalid_example},
        "games": {"search": found.games, "verify": verify_games, "total": found.games + verify_games},
        "seconds": round(seconds, 1),
        "stopped": found.stopped,
        "interrupted": found.interrupted,
        "proposals": proposals,
    }


def _estimates(candidate: Candidate, targets: Sequence[Target]) -> dict[str, Any]:
    out = {}
    for target in targets:
        estimate = candidate.estimates.get(target.figure)
        out[target.figure] = None if estimate is None else {"value": estimate.value, "error": estimate.error}
    return out


def _proposal(rank: int, candidate: Candidate, verified: Verified | None, targets: Sequence[Target]) -> dict[str, Any]:
    checked: dict[str, Any] = {"verdict": "not verified", "games": 0, "level": None, "figures": {}, "moved": []}
    if verified is not None:
        checked = {"verdict": verified.verdict, "games": verified.games, "level": verified.level,
                   "figures": {name: {"value": i.value, "low": i.low, "high": i.high}
                               for name, i in verified.intervals.items()},
                   "moved": verified.moved}
    return {"rank": rank, "edits": [e.to_json() for e in candidate.edits], "search_games": len(candidate.records),
            "search_estimate": _estimates(candidate, targets), "verified": checked}


def saved_path(output: Path, slug: str) -> Path:
    return output / slug / "tune.json"
