"""Balance old v new: both versions play the same configurations with the same seeds, paired.

Game i of a configuration has the same seed in both versions, so each figure's difference is
a mean of per-game differences (new minus old), tested by a paired t-test: much tighter than
comparing two independent checks, and exactly zero when nothing that the games use changed. A
shift every game shares (no spread) is certain, not chance. A figure known by several names is
tested once (`series.py`), and the figures tested together are held to one family-wise error
rate by Holm's correction: "beyond chance" means beyond chance among all of them, and the
report names the correction and the number of figures tested. Each figure also says the
smallest change its games could have seen at 80 % power at the corrected level, so "within
chance" is never read as "held" where the games were too few to tell. Findings (the rules
check's sentences) are compared by title: those that appeared or disappeared are named first.
"""

from __future__ import annotations

import math
import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.diff.series import Series, config_series
from dragon_pnp.games.api import GameModule
from dragon_pnp.players import policies_of
from dragon_pnp.report.check import CheckSettings, Execution, build_report, plan, require_module, resolve
from dragon_pnp.report.check_cache import inputs_key, play_batches
from dragon_pnp.report.plan import MIXED, Config, plan_batches
from dragon_pnp.report.record import ERROR, GameRecord
from dragon_pnp.report.simulate import Job
from dragon_pnp.stats import POWER, PairedTest, detectable_difference, holm, paired_test, pairs_needed

ALPHA = 0.05           # family-wise error rate over every figure tested
CORRECTION = "Holm"
SHARE_CHANGE = 0.05    # the change in a share the sample-size advice is quoted for (5 points)
FIRST_LOOK = 50        # games per configuration at a sequential diff's first look


def common_settings(old: GameData, new: GameData, settings: CheckSettings) -> tuple[CheckSettings, list[str]]:
    """The new version's defaults, kept to the player counts, setups and policies both versions
    take; and, in words, what only one version has and so could not be compared."""
    old_module, new_module = require_module(old), require_module(new)
    resolved = resolve(new, settings, new_module)
    old_counts, old_setups, old_policies = old_module.player_counts(old), old_module.setups(old), policies_of(old_module)
    players = tuple(n for n in resolved.players if n in old_counts)
    setups = tuple(s for s in resolved.setups if s in old_setups)
    policies = tuple(p for p in resolved.policies if p == MIXED or p in old_policies)
    missing = []
    if old_module.slug != new_module.slug:
        missing.append(f"the versions have different rules modules ({old_module.slug}, {new_module.slug}), "
                       "so their games from one seed are not the same game")
    only_new = [str(n) for n in resolved.players if n not in old_counts]
    if only_new:
        missing.append(f"{_listed(only_new)} players (only the new version takes "
                       f"{'it' if len(only_new) == 1 else 'them'})")
    asked_players = settings.players or tuple(old_counts)
    only_old = [str(n) for n in asked_players if n in old_counts and n not in new_module.player_counts(new)]
    if only_old:
        missing.append(f"{_listed(only_old)} players (only the old version takes "
                       f"{'it' if len(only_old) == 1 else 'them'})")
    dropped_setups = [s for s in resolved.setups if s not in setups]
    if dropped_setups:
        missing.append(f"setups only the new version has: {', '.join(dropped_setups)}")
    dropped_policies = [p for p in resolved.policies if p not in policies]
    if dropped_policies:
        missing.append(f"players only the new version has: {', '.join(dropped_policies)}")
    return replace(resolved, players=players, setups=setups, policies=policies), missing


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


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


def looks(games: int, first: int | None = FIRST_LOOK) -> list[int]:
    """Games per configuration at which a sequential diff looks: doubling from `first` up to
    `games` (one look, `games`, when `first` is None or not below it)."""
    found: list[int] = []
    size = first or games
    while size < games:
        found.append(size)
        size *= 2
    return [*found, games]


def compare_balance(old: GameData, new: GameData, settings: CheckSettings, execution: Execution | None = None,
                    same_inputs: bool = False, progress: Callable[[str], None] = lambda text: None,
                    first_look: int | None = None) -> dict[str, Any]:
    """The Balance section: settings, findings that appeared/disappeared, paired figures.

    With `first_look`, the games are played in looks (`looks`) and the comparison stops at the
    first look where the answer is clear: a figure moved beyond chance, every game ended the same,
    or every win share could have seen a SHARE_CHANGE move. The family-wise ALPHA is split evenly
    over the planned looks (a Bonferroni group-sequential bound), so stopping early costs no
    honesty; the check cache keeps the games of earlier looks for the later ones."""
    execution = execution or Execution()
    settings, not_compared = common_settings(old, new, settings)
    if not (settings.players and settings.setups and settings.policies):   # nothing both versions take
        return _balance({}, {}, [], settings, not_compared, [], [], [], new, ALPHA)
    planned = looks(settings.main_games(), first_look)
    alpha = ALPHA / len(planned)
    result: dict[str, Any] = {}
    for number, games in enumerate(planned, 1):
        look = settings if games == settings.main_games() else \
            replace(settings, games=games, duel_games=min(settings.duel_count(), games))
        if len(planned) > 1:
            progress(f"look {number} of {len(planned)}: {games} games per configuration")
        result = _look(old, new, look, execution, same_inputs, progress, list(not_compared), alpha)
        stop = _clear(result)
        if stop or number == len(planned):
            result["method"]["sequential"] = {"planned": planned, "played": games, "alpha_per_look": alpha,
                                              "stopped": stop or "the last look"}
            break
    return result


def _clear(balance: dict[str, Any]) -> str:
    """Why a sequential diff may stop after this look, or "" to play on."""
    if balance["beyond_chance"]:
        return "a figure moved beyond chance"
    if not balance["games_differing"]:
        return "every game ended the same in both versions"
    shares = [f for f in balance["figures"] if f["tested"] and f["unit"] == "share"]
    if shares and all(f["detectable"] <= SHARE_CHANGE for f in shares):
        return f"every share could have seen a {100 * SHARE_CHANGE:.0f}-point move"
    return ""


def _look(old: GameData, new: GameData, settings: CheckSettings, execution: Execution, same_inputs: bool,
          progress: Callable[[str], None], not_compared: list[str], alpha: float) -> dict[str, Any]:
    """Both versions' games at one sample size, compared."""
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
    findings = compare_findings(_unrooted(old_report["findings"], old), _unrooted(new_report["findings"], new))
    return _balance(old_records, new_records, [*main, *duels], settings, not_compared, *findings, new, alpha)


def _balance(old_records: dict[Config, list[GameRecord]], new_records: dict[Config, list[GameRecord]],
             configs: Sequence[Config], settings: CheckSettings, not_compared: list[str], appeared: list[dict[str, Any]],
             disappeared: list[dict[str, Any]], changed: list[dict[str, Any]], new: GameData,
             alpha: float) -> dict[str, Any]:
    """The Balance section from both versions' games (none when nothing could be played by both)."""
    new_module = require_module(new)
    found: list[Series] = []
    differing = 0
    total = 0
    for config in configs:
        a, b = old_records.get(config, []), new_records.get(config, [])
        seats = new_module.seat_names(new, config.players)
        found += config_series(config, a, b, seats)
        differing += sum(_outcome(x) != _outcome(y) for x, y in zip(a, b))
        total += min(len(a), len(b))
    if not total and not not_compared:
        not_compared.append("no configuration was played by both versions")
    figures = judge(found, alpha)
    tested = sum(1 for f in figures if f["tested"])
    return {
        "settings": {"games": settings.main_games(), "duel_games": settings.duel_count(), "seed": settings.seed,
                     "players": list(settings.players), "setups": list(settings.setups),
                     "policies": list(settings.policies)},
        "games_paired": total,
        "games_differing": differing,
        "crashed": {"old": _crashes(old_records), "new": _crashes(new_records)},
        "not_compared": not_compared,
        "appeared": appeared,
        "disappeared": disappeared,
        "findings_changed": changed,
        "figures": figures,
        "method": {"correction": CORRECTION, "family_alpha": ALPHA, "alpha": alpha, "tested": tested, "power": POWER,
                   "level": alpha / tested if tested else alpha, "share_change": SHARE_CHANGE,
                   "games_for_share_change": games_for_share_change(figures, alpha), "sequential": None},
        "beyond_chance": sum(1 for f in figures if f["beyond_chance"]),
        "certain": sum(1 for f in figures if f["certain"]),
    }


def _outcome(record: GameRecord) -> tuple[Any, ...]:
    return record.winners, record.reason, record.rounds, record.scores


def _crashes(records: dict[Config, list[GameRecord]]) -> dict[str, Any]:
    """How many games stopped with an engine error, and the first (seed, configuration, message)."""
    crashed = [(config, r) for config, games in records.items() for r in games if r.reason == ERROR]
    first = None
    if crashed:
        config, record = crashed[0]
        first = {"config": config.key, "seed": record.seed, "message": record.error}
    return {"games": len(crashed), "first": first}


def judge(series: Sequence[Series], alpha: float = ALPHA) -> list[dict[str, Any]]:
    """Every series as a figure with its verdict: "certain" (a shift every game shares),
    "beyond chance" (Holm-adjusted p below `alpha` over every figure tested), "within chance",
    "unchanged" (no game moved it), or "not compared" (no game has it in both versions)."""
    rows: list[dict[str, Any]] = []
    for item in series:
        pairs = item.pairs()
        row: dict[str, Any] = {"config": item.config, "figure": " = ".join(item.names), "names": list(item.names),
                               "mirrored": list(item.mirrored), "unit": item.unit, "n": len(pairs)}
        if not pairs and all(v is None for v in (*item.old, *item.new)):
            continue   # neither version has the figure (who moved first, in a game of simultaneous choices)
        if not pairs:
            rows.append({**row, "old": None, "new": None, "difference": None, "low": None, "high": None,
                         "p_value": None, "adjusted_p": None, "tested": False, "certain": False,
                         "beyond_chance": False, "spread": None, "verdict": "not compared"})
            continue
        test = paired_test([y - x for x, y in pairs])
        old_mean = math.fsum(x for x, _ in pairs) / len(pairs)
        new_mean = math.fsum(y for _, y in pairs) / len(pairs)
        tested = test.spread > 0
        verdict = "certain" if test.exact else "within chance" if tested else "unchanged"
        rows.append({**row, "old": old_mean, "new": new_mean, "difference": test.mean, "low": test.low,
                     "high": test.high, "p_value": test.p_value, "adjusted_p": None, "tested": tested,
                     "certain": test.exact, "beyond_chance": test.exact, "spread": _planning_spread(item, pairs, test),
                     "verdict": verdict})
    tested_rows = [r for r in rows if r["tested"]]
    level = alpha / len(tested_rows) if tested_rows else alpha
    for row, adjusted in zip(tested_rows, holm([r["p_value"] for r in tested_rows])):
        row["adjusted_p"] = adjusted
        if adjusted < alpha:
            row["beyond_chance"], row["verdict"] = True, "beyond chance"
    for row in rows:
        row["detectable"] = None if row["spread"] is None else detectable_difference(row["spread"], row["n"], level)
    return rows


def _planning_spread(item: Series, pairs: Sequence[tuple[float, float]], test: PairedTest) -> float:
    """The spread of paired differences the detectable change is worked from: the observed one;
    where no game moved, the spread of the values themselves (as if the versions were unpaired);
    for a share that never varied, the widest a share's difference spreads (sqrt 1/2)."""
    if test.spread > 0:
        return test.spread
    if len(pairs) > 1:
        unpaired = math.sqrt(statistics.variance([x for x, _ in pairs]) + statistics.variance([y for _, y in pairs]))
        if unpaired > 0:
            return unpaired
    return math.sqrt(0.5) if item.unit == "share" else 0.0


def games_for_share_change(figures: Sequence[dict[str, Any]], alpha: float = ALPHA) -> int | None:
    """Paired games per configuration that would see a SHARE_CHANGE move in the widest-spread win
    share at the corrected level, so the next run can be sized to the question, not a habit."""
    tested = sum(1 for f in figures if f["tested"]) or 1
    spreads = [f["spread"] for f in figures if f["unit"] == "share" and f["spread"] and "wins" in f["names"][0]]
    return pairs_needed(SHARE_CHANGE, max(spreads), alpha / tested) if spreads else None


def _unrooted(findings: Any, game: GameData) -> list[dict[str, Any]]:
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


def compare_findings(old: list[dict[str, Any]], new: list[dict[str, Any]]
                     ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
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
