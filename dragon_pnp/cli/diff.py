"""`dragon-pnp diff OLD [NEW]`: what a change did to a game's data, pages, rulebook and balance.

OLD and NEW are game folders (or names), or a folder at a git revision (`mygame@HEAD~1`).
With only `folder@rev` given, NEW is the folder as it is now.
"""

from __future__ import annotations

import time
from pathlib import Path

import typer

from dragon_pnp.cli.app import app, console, error_console
from dragon_pnp.errors import NotationError
from dragon_pnp.report.executor import default_jobs
from dragon_pnp.resources import output_root


@app.command()
def diff(
    old: str = typer.Argument(..., help="The old version: a game folder or name, or FOLDER@REVISION (git)."),
    new: str | None = typer.Argument(None, help="The new version (default: OLD's folder as it is now)."),
    out: Path | None = typer.Option(None, "--out", help="Output folder (default: output/<game>/diff/)."),
    balance: bool = typer.Option(True, "--balance/--no-balance", help="Play both versions and compare the balance figures."),
    pages: bool = typer.Option(True, "--pages/--no-pages", help="Compare the printed pages."),
    games: int = typer.Option(200, "--games", min=2, help="Games per configuration, for each version (at most, with --first-look)."),
    first_look: int = typer.Option(50, "--first-look", min=0, help="Play in looks from this many games per configuration, doubling up to --games, and stop once the answer is clear (0: all games at once)."),
    duel_games: int = typer.Option(200, "--duel-games", min=0, help="Mixed games per player count (0 skips them)."),
    seed: int = typer.Option(1, "--seed", help="Root seed; both versions play the same seeds."),
    jobs: int | None = typer.Option(None, "--jobs", min=1, help="Worker processes (default: all cores)."),
    paper: str = typer.Option("letter", "--paper", help="letter or a4, for the pages compared and the PDF."),
) -> int:
    """Compare two versions of a game and write diff.html, diff.pdf and diff.json."""
    from dragon_pnp.diff.compare import DiffOptions, run_diff
    from dragon_pnp.diff.sources import split_spec
    from dragon_pnp.report.check import CheckSettings, Execution

    if paper not in ("letter", "a4"):
        raise NotationError(f"--paper {paper}: expected letter or a4")
    if new is None:
        folder, rev = split_spec(old)
        if rev is None:
            raise NotationError(f"diff {old}: give NEW too, or name a revision as {old}@REV")
        new = folder
    options = DiffOptions(balance=balance, pages=pages, paper=paper, first_look=first_look or None,
                          check=CheckSettings(games=games, duel_games=duel_games, seed=seed),
                          execution=Execution(jobs=jobs or default_jobs()),
                          progress=lambda text: error_console.print(f"[dim]{text}[/]") if error_console.is_terminal else None)
    started = time.perf_counter()
    result = run_diff(old, new, options)
    elapsed = time.perf_counter() - started
    from dragon_pnp.diff.writers import write_diff

    target = out if out is not None else output_root() / result.report["game"]["slug"] / "diff"
    paths = write_diff(result, target, paper)
    console.print(result.report["summary"], soft_wrap=True)
    console.print(f"compared in {elapsed:.1f} s")
    for role in ("html", "pdf", "json"):
        console.print(f"wrote {paths[role]}")
    return 0
