"""`dragon-pnp check [GAME]`: simulate many games and report balance, length and rule hazards.

Works for any game with a rules module: player counts, setups and policies default to what
the module offers, and the report carries the game's own figures.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from dragon_pnp.cli.app import GAME_HELP, app, console, error_console
from dragon_pnp.cli.game_choice import chosen_game
from dragon_pnp.cli.game_words import ALLOW_GAME_WORDS, game_and_words, setup_from_words
from dragon_pnp.data import GameData
from dragon_pnp.errors import NotationError, RuleCheckError
from dragon_pnp.games.api import GameModule
from dragon_pnp.games.parts import ReportPart, Vocabulary
from dragon_pnp.games.registry import load_game
from dragon_pnp.report.check import (
    CheckSettings,
    Execution,
    NoRulesModule,
    parse_policies,
    plan,
    require_module,
    resolve,
    run_check,
)
from dragon_pnp.report.executor import EXECUTORS, ExecutorName, default_jobs
from dragon_pnp.report.findings import engine_failure
from dragon_pnp.report.plan import parse_games_per_players, parse_list, parse_players
from dragon_pnp.resources import output_root

if TYPE_CHECKING:
    from collections.abc import Iterable

    from dragon_pnp.data.loader import GameData
    from dragon_pnp.games.api import GameModule


@app.command(context_settings=ALLOW_GAME_WORDS)
def check(
    ctx: typer.Context,
    game: str | None = typer.Argument(None, help=GAME_HELP, show_default=False),
    out: Path | None = typer.Option(None, "--out", help="Output folder (default: output/<game>/)."),
    games: int | None = typer.Option(None, "--games", min=1, help="Games per configuration (default: 1,000, or the game's own number where its reference player needs the time)."),
    players: str = typer.Option("", "--players", help='Player counts, a list or range such as "2-6" or "3,4" (default: all the game allows).'),
    setup: str = typer.Option("", "--setup", help="Setups, comma-separated (default: every one); the game's own word for a setup works as the flag too."),
    policy: str = typer.Option("", "--policy", help="Policies, comma-separated: random, lookahead, search (search:400 names a strength), the game's own, mixed (default: random, the game's best and its reference)."),
    search_games: str | None = typer.Option(None, "--search-games", help="Games per configuration of a search player: a number, or per player count like 2=200,3-6=100 (default: the game's reference games per player count, or its share of a --games given, else --games; 0 leaves the reference out)."),
    duel_games: int = typer.Option(200, "--duel-games", min=0, help="Mixed games (the game's best player against random) per player count on the default setup (0 skips them)."),
    ladder_games: int | None = typer.Option(None, "--ladder-games", min=0, help="Games per pairing of the skill ladder (random, the game's own players and search (its reference, else search:20), each against each on mirrored deals; default 20 or the number the game's reference names, at most --games, none with --search-games 0; 0 skips it)."),
    seed: int = typer.Option(1, "--seed", help="Root seed; the same seed gives the same report."),
    jobs: int | None = typer.Option(None, "--jobs", min=1, help="Worker processes (default: all cores)."),
    executor: str | None = typer.Option(None, "--executor", help="local (forked worker processes) or dask (default: local, or dask with --scheduler)."),
    scheduler: str | None = typer.Option(None, "--scheduler", help="Play on the Dask cluster at this scheduler address (with --executor dask alone: a local Dask cluster)."),
    option: list[str] = typer.Option([], "--option", help="Rules variant NAME=on|off (repeatable); see game.yaml rules_options."),
) -> int:
    """Play thousands of seeded games per configuration and write rules-check.html, .pdf and .json."""
    data = load_game(chosen_game(game_and_words(ctx, game), "check"))
    try:
        module = require_module(data)
    except NoRulesModule as exc:
        raise NotationError(str(exc)) from None
    spec = module.part(ReportPart).report_spec(data)
    given = setup_from_words(ctx, module, setup or None) or ""
    flag = "--setup" if given == setup else f"--{module.part(Vocabulary).setup_noun}"
    setup = given
    searched, search_per_players = _search_games(search_games, module, data)
    settings = CheckSettings(
        games=games,
        players=tuple(_players(players, module, data)),
        setups=tuple(_named(setup, module.setups(data), spec.setup_noun, flag)) if setup else (),
        policies=tuple(_policies(policy, module)) if policy else (),
        search_games=searched,
        search_per_players=search_per_players,
        duel_games=duel_games,
        ladder_games=ladder_games,
        seed=seed,
        options=_options(option, data),
    )
    executor = executor or ("dask" if scheduler else "local")   # a scheduler given means its cluster plays
    if executor not in EXECUTORS:
        raise NotationError(f"--executor {executor}: expected one of {', '.join(EXECUTORS)}")
    if scheduler and executor != "dask":
        raise NotationError(f"--scheduler goes with --executor dask, not --executor {executor}")
    main, duels = plan(data, settings, module)
    settings = resolve(data, settings, module)
    total = sum(settings.games_for(c.policy, c.players) for c in main) + (settings.duel_count() or settings.main_games()) * len(duels)
    total += _ladder_games(data, module, settings)
    chosen: ExecutorName = "dask" if executor == "dask" else "local"   # one of EXECUTORS, checked above
    execution = Execution(executor=chosen, jobs=jobs or default_jobs(), scheduler=scheduler)
    target = out if out is not None else output_root() / data.slug
    console.print(f"{data.slug}: {len(main) + len(duels)} configurations, {total:,} games, "
                  f"{execution.jobs} {'job' if execution.jobs == 1 else 'jobs'} on {executor}")
    started = time.perf_counter()
    with Progress(TextColumn("[bold]Simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("batches"),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=error_console, transient=True,
                  disable=not error_console.is_terminal) as progress:
        task = progress.add_task("games", total=None)

        def advance(done: int, of: int) -> None:
            progress.update(task, completed=done, total=of)

        execution.progress = advance
        report = run_check(data, settings, execution, module)
    elapsed = time.perf_counter() - started
    from dragon_pnp.report.writers import write_report  # reportlab and svgwrite: only when writing

    paths = write_report(report, target, data.print_profile.paper)
    _summary(report, elapsed, paths)
    failure = engine_failure(report)
    if failure is not None:   # the report is written to help find the bug, but it is not a result
        raise RuleCheckError(f"{data.slug}: {failure}")
    return 0


def _ladder_games(data: GameData, module: GameModule, settings: CheckSettings) -> int:
    """Games the skill ladder plays: its pairings times the games of each (whole deals)."""
    from dragon_pnp.report.check import ladder_search
    from dragon_pnp.report.ladder import ladder_policies

    if not settings.ladder_games:
        return 0
    count = len(ladder_policies(module, ladder_search(module, data)))
    seats = 2 if 2 in module.player_counts(data) else min(module.player_counts(data))
    return count * (count - 1) // 2 * -(-settings.ladder_games // seats) * seats


def _search_games(text: str | None, module: GameModule, data: GameData) -> tuple[int | None, tuple[tuple[int, int], ...]]:
    """--search-games: one count for every player count, or counts per player count."""
    if text is None:
        return None, ()
    counts = module.player_counts(data)
    try:
        return parse_games_per_players(text, min(counts), max(counts))
    except ValueError as exc:
        raise NotationError(f"--search-games {text}: {exc}") from None


def _policies(text: str, module: GameModule) -> list[str]:
    try:
        return parse_policies(text, module)
    except ValueError as exc:
        raise NotationError(f"--policy {text}: {exc}") from None


def _players(text: str, module: GameModule, data: GameData) -> list[int]:
    counts = module.player_counts(data)
    low, high = min(counts), max(counts)
    try:
        return parse_players(text or f"{low}-{high}", low, high, counts)
    except ValueError as exc:
        raise NotationError(f"--players {text}: {exc}") from None


def _named(text: str, allowed: Iterable[str], what: str, flag: str) -> list[str]:
    try:
        return parse_list(text, allowed, what)
    except ValueError as exc:
        raise NotationError(f"{flag} {text}: {exc}") from None


def _options(items: list[str], data: GameData) -> tuple[tuple[str, bool], ...]:
    known = data.game.rules_options or {}
    chosen: dict[str, bool] = {}
    for item in items:
        name, _, value = item.partition("=")
        if name not in known:
            listed = ", ".join(known) or "none (the game has no rules options)"
            raise NotationError(f"--option {item}: unknown rules option {name!r}; expected one of {listed}")
        if value.lower() not in ("on", "off", "true", "false", "yes", "no"):
            raise NotationError(f"--option {item}: expected NAME=on or NAME=off")
        chosen[name] = value.lower() in ("on", "true", "yes")
    return tuple(sorted(chosen.items()))


def _summary(report: dict[str, Any], elapsed: float, paths: dict[str, Path]) -> None:
    games = report["total_games"]
    console.print(f"{games:,} games in {elapsed:.1f} s ({games / elapsed:,.0f} games/s)")
    attention = [f for f in report["findings"] if f["severity"] == "attention"]
    notes = [f for f in report["findings"] if f["severity"] == "note"]
    if attention:
        console.print("[bold red]Needs your attention[/]")
        for number, finding in enumerate(attention, 1):
            console.print(f" {number}. {escape(finding['text'])}", soft_wrap=False)
    if notes:
        console.print("[bold]Worth knowing[/]")
        for finding in notes:
            console.print(f" - {escape(finding['text'])}")
    for role in ("html", "pdf", "json"):
        console.print(f"wrote {_shown(paths[role])}")


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
