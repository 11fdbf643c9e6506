"""Balance old v new: both versions play the same configurations with the same seeds, paired.

Game i of a configuration has the same seed in both versions, so each figure's difference is
a mean of per-game differences (new minus old) and its 95 % interval comes from the spread of
those paired differences (normal approximation): much tighter than comparing two independent
checks, and exactly zero when nothing that the games use changed. A difference is "beyond
chance" when its interval excludes zero. Findings (the rules check's sentences) are compared
by title: those that appeared or disappeared are named first.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.games.api import GameModule
from dragon_pnp.players import policies_of
from dragon_pnp.report.check import CheckSettings, Execution, build_report, plan, require_module, resolve
from dragon_pnp.report.check_cache import inputs_key, play_batches
from dragon_pnp.report.plan import MIXED, Config, plan_batches
from dragon_pnp.report.record import CUT_OFF, ERROR, GameRecord
from dragon_pnp.report.simulate import Job

Z95 = 1.959963984540054


def common_settings(old: GameData, new: GameData, settings: CheckSettings) -> CheckSettings:
    """The new version's defaults, kept to the player counts and setups both versions take."""
    old_module, new_module = require_module(old), require_module(new)
    resolved = resolve(new, settings, new_module)
    players = tuple(n for n in resolved.players if n in old_module.player_counts(old))
    setups = tuple(s for s in resolved.setups if s in old_module.setups(old))
    policies = tuple(p for p in resolved.policies if p == MIXED or p in policies_of(old_module))
    return replace(resolved, players=players, setups=setups, policies=policies)


def play(game: GameData, module: GameModule, settings: CheckSettings,
         execution: Execution) -> tuple[dict[Config, list[GameRecord]], list[Config], list[Config], int]:
    """Every planned game's record by configuration (as `run_check` plays them), from the check
    cache where the same inputs were played before; also how many batches were played now."""
    main, duels = plan(game, settings, module)
    batches = plan_batches(main, settings.main_games(), settings.seed, settings.batch_games)
    batches += plan_batches(duels, settings.duel_count() or settings.main_games(), settings.seed, settings.batch_games)
    job = Job(str(game.root.resolve()), module.slug, settings.options, settings.decision_cap)
    job = replace(job, inputs=inputs_key(game, module, job))   # an edited folder is loaded again
    found = play_batches(game, module, job, batches, executor=execution.executor, jobs=execution.jobs,
                         scheduler=execution.scheduler, dask_processes=execution.dask_processes)
    records: dict[Config, list[GameRecord]] = {}
    for batch, games in zip(batches, found.results):
        records.setdefault(batch.config, []).extend(games)
    return records, main, duels, found.played


def compare_balance(old: GameData, new: GameData, settings: CheckSettings, execution: Execution | None = None,
                    same_inputs: bool = False, progress: Callable[[str], None] = lambda text: None) -> dict[str, Any]:
    """The Balance section: settings, findings that appeared/disappeared, paired figures."""
    execution = execution or Execution()
    settings = common_settings(old, new, settings)
    old_module, new_module = require_module(old), require_module(new)
    progress("playing the old version")
    old_records, main, duels, played = play(old, old_module, settings, execution)
    if not played:
        progress("the old version's games were played before: taken from the check cache")
    if same_inputs:   # identical data: the games are the same games; play them once
        new_records = old_records
    else:
        progress("playing the new version")
        new_records, _, _, played = play(new, new_module, settings, execution)
        if not played:
            progress("the new version's games were played before: taken from the check cache")
    old_report = build_report(old, settings, old_records, main, duels, old_module)
    new_report = build_report(new, settings, new_records, main, duels, new_module)
    figures = []
    differing = 0
    total = 0
    for config in [*main, *duels]:
        a, b = old_records.get(config, []), new_records.get(config, [])
        seats = new_module.seat_names(new, config.players)
        figures += config_figures(config, a, b, seats)
        differing += sum(_outcome(x) != _outcome(y) for x, y in zip(a, b))
        total += min(len(a), len(b))
    appeared, disappeared, changed = compare_findings(_unrooted(old_report["findings"], old),
                                                      _unrooted(new_report["findings"], new))
    return {
        "settings": {"games": settings.main_games(), "duel_games": settings.duel_count(), "seed": settings.seed,
                     "players": list(settings.players), "setups": list(settings.setups),
                     "policies": list(settings.policies)},
        "games_paired": total,
        "games_differing": differing,
        "appeared": appeared,
        "disappeared": disappeared,
        "findings_changed": changed,
        "figures": figures,
        "beyond_chance": sum(1 for f in figures if f["beyond_chance"]),
    }


def _outcome(record: GameRecord) -> tuple[Any, ...]:
    return record.winners, record.reason, record.rounds, record.scores


def config_figures(config: Config, old: Sequence[GameRecord], new: Sequence[GameRecord],
                   seat_names: Sequence[str]) -> list[dict[str, Any]]:
    """Every paired figure of one configuration."""
    pairs = list(zip(old, new))
    if not pairs:
        return []
    label = config.key
    found: list[dict[str, Any]] = []

    def add(name: str, value: Callable[[GameRecord], float | None], unit: str = "share") -> None:
        figure = paired(pairs, value)
        if figure is not None:
            found.append({"config": label, "figure": name, "unit": unit, **figure})

    if config.rotation:
        for policy in config.rotation:
            add(f"{policy} wins", partial(_policy_won, policy=policy))
    else:
        names = list(seat_names)
        for seat in range(config.players):
            name = names[seat] if seat < len(names) else f"seat {seat + 1}"
            add(f"{name} (seat {seat + 1}) wins", partial(_seat_won, seat=seat))
        add("first player wins", lambda r: None if r.first is None or not r.winners else float(r.first in r.winners))
    add("draws", lambda r: float(not r.winners and r.reason not in (ERROR, CUT_OFF)))
    add("rounds", lambda r: float(r.rounds) if r.reason not in (ERROR, CUT_OFF) else None, "mean")
    add("minutes", lambda r: r.minutes if r.reason not in (ERROR, CUT_OFF) else None, "mean")
    reasons = sorted({r.reason for pair in pairs for r in pair})
    for reason in reasons:
        add(f"ended: {reason}", partial(_ended, reason=reason))
    hazards = sorted({h for pair in pairs for r in pair for h in r.hazards})
    for hazard in hazards:
        add(f"hazard: {hazard}", partial(_hit, hazard=hazard))
    return found


def _policy_won(record: GameRecord, policy: str) -> float:
    return float(any(record.seat_policies[s] == policy for s in record.winners))


def _seat_won(record: GameRecord, seat: int) -> float:
    return float(seat in record.winners)


def _ended(record: GameRecord, reason: str) -> float:
    return float(record.reason == reason)


def _hit(record: GameRecord, hazard: str) -> float:
    return float(record.hazards.get(hazard, 0) > 0)


def paired(pairs: Sequence[tuple[GameRecord, GameRecord]],
           value: Callable[[GameRecord], float | None]) -> dict[str, Any] | None:
    """Old and new means over the games where both versions have a value, and the mean paired
    difference with its 95 % interval."""
    values = [(value(a), value(b)) for a, b in pairs]
    both = [(x, y) for x, y in values if x is not None and y is not None]
    if not both:
        return None
    n = len(both)
    old_mean = sum(x for x, _ in both) / n
    new_mean = sum(y for _, y in both) / n
    diffs = [y - x for x, y in both]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = Z95 * spread / math.sqrt(n) if n > 1 else 0.0
    low, high = mean - half, mean + half
    return {"n": n, "old": old_mean, "new": new_mean, "difference": mean, "low": low, "high": high,
            "beyond_chance": n > 1 and spread > 0 and (low > 0 or high < 0)}


def _unrooted(findings: list[dict[str, Any]], game: GameData) -> list[dict[str, Any]]:
    """Findings with the game folder's path taken out of their text (a revision is read into a
    temporary folder; the report names files relative to the game)."""
    prefixes = sorted({f"{game.root}/", f"{game.root.resolve()}/"}, key=len, reverse=True)
    cleaned = []
    for finding in findings:
        text = str(finding.get("text", ""))
        for prefix in prefixes:
            text = text.replace(prefix, "")
        cleaned.append({**finding, "text": text})
    return cleaned


def _finding_key(finding: dict[str, Any]) -> str:
    """A finding's topic and text with its numbers taken out, so a moved figure is a change,
    not a new finding."""
    numbers = re.compile(r"[-+]?\d[\d.,]*\s*%?")
    return numbers.sub("#", str(finding.get("topic", ""))) + "|" + numbers.sub("#", str(finding.get("text", "")))


def compare_findings(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """(appeared, disappeared, changed wording or figures) between two reports' findings."""
    old_by = {_finding_key(f): f for f in old}
    new_by = {_finding_key(f): f for f in new}
    appeared = [_short(f) for k, f in new_by.items() if k not in old_by]
    disappeared = [_short(f) for k, f in old_by.items() if k not in new_by]
    changed = [{"old": _short(old_by[k]), "new": _short(f)} for k, f in new_by.items()
               if k in old_by and old_by[k].get("text") != f.get("text")]
    return appeared, disappeared, changed


def _short(finding: dict[str, Any]) -> dict[str, Any]:
    return {"severity": finding.get("severity"), "topic": finding.get("topic"), "text": finding.get("text")}
