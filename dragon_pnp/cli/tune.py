"""`dragon-pnp tune GAME --target FIGURE=VALUE±TOL`: the smallest data change that meets a balance target.

Searches the numbers named by `--vary` (or the game's `tunable:` list) by paired simulation, verifies
the best few proposals on fresh seeds, prints them (or `--json`), keeps the answer in
output/<game>/tune.json, and with `--apply N` writes proposal N into the data files (comments and
layout kept) and prints the diff command that shows it. Exit 2 for a bad target, path or range.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from dragon_pnp.cli.app import GAME_HELP, app, console, error_console
from dragon_pnp.cli.game_choice import chosen_game
from dragon_pnp.errors import NotationError
from dragon_pnp.games.registry import load_game
from dragon_pnp.resources import output_root

if TYPE_CHECKING:
    from dragon_pnp.data import GameData
    from dragon_pnp.tune.runner import TuneRequest


@app.command()
def tune(
    game: str | None = typer.Argument(None, help=GAME_HELP, show_default=False),
    target: list[str] = typer.Option([], "--target", help='A figure held to a band: "north (seat 1) wins=0.50±0.03", "first player wins=50±5%", "rounds=12±2" (repeatable; the seat may be left out where unambiguous).'),
    vary: list[str] = typer.Option([], "--vary", help='Numbers that may change: FILE:PATH[=LO..HI], * one segment, ** any, list items by id: "cards.yaml:*.table", "game.yaml:settings.hand_limit=2..5" (repeatable; default: game.yaml tunable:).'),
    players: int | None = typer.Option(None, "--players", min=1, help="Player count (default: the fewest the game takes)."),
    policy: str | None = typer.Option(None, "--policy", help="The player at every seat (default: the game's best own player short of search)."),
    budget: float = typer.Option(600.0, "--budget", min=5.0, help="Wall seconds for the search and its verification."),
    seed: int = typer.Option(1, "--seed", help="Root seed of the search; verification plays seeds derived from it that the search never played."),
    as_json: bool = typer.Option(False, "--json", help="Print the answer as one JSON object."),
    apply: int | None = typer.Option(None, "--apply", min=1, help="Write proposal N into the data files (of this run, or with no --target of the last saved run) and print the diff command."),
    list_figures: bool = typer.Option(False, "--list-figures", help="List the figures a target may name, and stop."),
    out: Path | None = typer.Option(None, "--out", help="Folder for tune.json and the folder as it was before --apply (default: output/<game>/)."),
    jobs: int | None = typer.Option(None, "--jobs", min=1, help="Worker processes (default: all cores)."),
    scheduler: str | None = typer.Option(None, "--scheduler", help="A Dask scheduler address: candidates are played on that cluster (which must see the same files)."),
) -> int:
    """Propose the smallest change to the game's numbers that meets a balance target."""
    from dragon_pnp.report.executor import default_jobs
    from dragon_pnp.tune import runner

    data = load_game(chosen_game(game, "tune"))
    request = runner.TuneRequest(targets=target, vary=vary, players=players, policy=policy, budget=budget, seed=seed,
                                 executor="dask" if scheduler else "local", jobs=jobs or default_jobs(),
                                 scheduler=scheduler)
    saved = (out / "tune.json") if out is not None else runner.saved_path(output_root(), data.slug)
    if list_figures:
        names = runner.list_figures(data, request)
        if as_json:
            print(json.dumps(names))
        else:
            config = runner.table_for(data, request).config
            console.print(f"{data.slug}: figures of {config.players} players, {config.policy} at every seat")
            for name in names:
                console.print(f"  {escape(name)}")
        return 0
    if apply is not None and not target:
        return _apply(data.root, saved, apply, as_json)
    report = _search(data, request)
    saved.parent.mkdir(parents=True, exist_ok=True)
    saved.write_text(json.dumps(report, indent=1), encoding="utf-8")
    if as_json:
        print(json.dumps(report))
    else:
        from dragon_pnp.tune.writers import text_report

        for line in text_report(report):
            console.print(escape(line), soft_wrap=True)
        console.print(f"kept in {saved}; dragon-pnp tune {data.root} --apply N writes proposal N", soft_wrap=True)
    if apply is not None:
        return _apply(data.root, saved, apply, as_json)
    return 0


def _search(data: GameData, request: TuneRequest) -> dict[str, Any]:
    from dragon_pnp.tune.runner import prepare, run_tune

    prepared = prepare(data, request)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("batches"),
                  TimeElapsedColumn(), TextColumn("best: {task.fields[best]}"), console=error_console,
                  transient=True, disable=not error_console.is_terminal) as progress:
        task = progress.add_task("searching", total=None, best="-")

        def show(stage: str, done: int, total: int, best: str) -> None:
            progress.update(task, description=stage, completed=done, total=total, best=escape(best[:70] or "-"))

        return run_tune(data, request, show, prepared)


def _apply(root: Path, saved: Path, number: int, as_json: bool = False) -> int:
    """Write proposal `number` of the saved answer into the folder, keeping the old folder beside
    the output for the diff (what it did on stderr when stdout carries the JSON)."""
    say = error_console if as_json else console
    from dragon_pnp.tune.edits import apply_saved

    if not saved.is_file():
        raise NotationError(f"--apply {number}: no saved tune for this game ({saved}); run dragon-pnp tune with "
                            "--target first")
    report = json.loads(saved.read_text(encoding="utf-8"))
    if Path(report["game"]["folder"]).resolve() != root.resolve():
        raise NotationError(f"--apply {number}: the saved tune ({saved}) is of {report['game']['folder']}, not {root}")
    proposals = {p["rank"]: p for p in report["proposals"]}
    if number not in proposals:
        raise NotationError(f"--apply {number}: the saved tune has proposals 1-{len(proposals)}"
                            if proposals else f"--apply {number}: the saved tune has no proposals")
    if not proposals[number]["edits"]:
        say.print(f"proposal {number} is the data as it is: nothing to write")
        return 0
    before = saved.parent / "tune-before"
    if before.exists():
        shutil.rmtree(before)
    shutil.copytree(root, before, ignore=shutil.ignore_patterns("output", ".git", "__pycache__"))
    written = apply_saved(root, proposals[number]["edits"])
    for path in written:
        say.print(f"wrote {path}", soft_wrap=True)
    say.print(f"the folder as it was is kept in {before}; to see the change:", soft_wrap=True)
    say.print(f"  dragon-pnp diff {before} {root}", soft_wrap=True)
    return 0
