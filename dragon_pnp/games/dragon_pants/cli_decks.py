"""`dragon-pnp decks [GAME]`: exact Destiny analysis of each preset or of a custom deck.

A command only Dragon Pants has: `DragonPants.cli_commands()` offers it and the command line adds
the GAME argument, so this module receives the loaded game and never imports the CLI.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from dragon_pnp.data import GameData
from dragon_pnp.data.components import time_track
from dragon_pnp.errors import NotationError
from dragon_pnp.games.dragon_pants.data import signed
from dragon_pnp.games.dragon_pants.destiny import DeckAnalysis, analyse_deck, analyse_presets, parse_deck_spec


def decks(
    data: GameData,
    deck: str | None = typer.Option(None, "--deck", help='A custom deck, e.g. "-1x13,-2x1,+1x3,+2x1".'),
    length: int | None = typer.Option(None, "--length", help="Game length for --deck (default: the default preset's)."),
    preset: str | None = typer.Option(None, "--preset", help="Analyse only this preset."),
    pmf: bool = typer.Option(False, "--pmf", help="Also print the full distribution of draws."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list of results."),
) -> int:
    """Exact Destiny maths, no sampling: chance to end, draws at the end, track capacity."""
    console = Console(highlight=False)   # as the command line's own console
    track_last = time_track(data).last
    if deck is not None:
        composition = parse_deck_spec(deck)
        game_length = length if length is not None else data.destiny.presets[data.settings.default_preset].length
        if game_length < 1:
            raise NotationError(f"--length {game_length}: expected a whole number of at least 1")
        results = [analyse_deck(composition, game_length, preset="custom", track_last=track_last)]
    else:
        if length is not None:
            raise NotationError("--length goes with --deck; a preset has its own length in destiny.yaml")
        results = analyse_presets(data)
        if preset is not None:
            if preset not in data.destiny.presets:
                raise NotationError(f"--preset {preset!r}: expected one of {', '.join(data.destiny.presets)}")
            results = [r for r in results if r.preset == preset]
    if as_json:
        console.print_json(json.dumps([r.to_json() for r in results]))
        return 0
    console.print(_summary_table(data.game.name, results))
    if pmf or deck is not None or preset is not None:
        for result in results:
            console.print(_pmf_table(result))
    return 0


def _summary_table(name: str, results: list[DeckAnalysis]) -> Table:
    """One column per deck and one row per measure, so three presets fit an 80-column terminal."""
    table = Table(title=f"{name}: Deck of Destiny, exact", title_justify="left")
    table.add_column("Measure")
    for r in results:
        table.add_column(r.preset or "custom", justify="right")

    def row(label: str, cell: Callable[[Any], str]) -> None:
        table.add_row(label, *(cell(r) for r in results))

    row("Game length", lambda r: str(r.length))
    row("Cards", lambda r: str(r.size))
    row("Composition", lambda r: " ".join(f"{signed(v)}x{c}" for v, c in sorted(r.composition.items())))
    row("Sum", lambda r: str(r.sum))
    row("Ends for sure (R2)", lambda r: "[green]yes[/]" if r.guaranteed else "[red]no[/]")
    row("P(time reaches 0)", lambda r: f"{float(r.p_end):.4f}")
    row("P(ends on last card)", lambda r: f"{float(r.p_last_card):.4f}")
    row("P(deck runs out)", lambda r: f"{float(r.p_exhausted):.4f}")
    row("Draws: min", lambda r: str(r.draws.min))
    row("Draws: mean", lambda r: f"{float(r.draws.mean):.2f}")
    row("Draws: median", lambda r: str(r.draws.median))
    row("Draws: p90", lambda r: str(r.draws.p90))
    row("Draws: max", lambda r: str(r.draws.max))
    row("Highest time", lambda r: str(r.max_time) if r.fits_track in (None, True) else f"[red]{r.max_time}[/]")
    row("Track holds it (R4)", lambda r: "-" if r.fits_track is None else ("[green]yes[/]" if r.fits_track else f"[red]no, last box {r.track_last}[/]"))
    return table


def _pmf_table(result: DeckAnalysis) -> Table:
    table = Table(title=f"{result.preset or 'custom'}: draws when the game ends", title_justify="left")
    table.add_column("Draws", justify="right")
    table.add_column("P", justify="right")
    table.add_column("Cumulative", justify="right")
    table.add_column("")
    cumulative = 0.0
    peak = max(result.draws.pmf.values())
    for k, p in result.draws.pmf.items():
        if not p:
            continue
        cumulative += float(p)
        table.add_row(str(k), f"{float(p):.4f}", f"{cumulative:.4f}", "#" * round(30 * p / peak))
    return table
