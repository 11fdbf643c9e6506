"""`dragon-pnp games [--dir DIR]`: the games in a folder, with players and rules module."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.markup import escape
from rich.table import Table

from dragon_pnp.cli.app import app, console
from dragon_pnp.cli.game_list import game_summaries
from dragon_pnp.resources import default_games_folder

DATA_ONLY = "data only"


@app.command()
def games(
    folder: Path | None = typer.Option(None, "--dir", help="Folder of game folders (default: the project's data/)."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list."),
) -> int:
    """List the games: folder name, title, players, and rules module (or data only)."""
    root = folder if folder is not None else default_games_folder()
    found = game_summaries(root)
    if as_json:
        console.print_json(json.dumps(found))
        return 0
    table = Table(title=f"Games in {root}", title_justify="left")
    for column in ("Game", "Name", "Players", "Rules"):
        table.add_column(column)
    for game in found:
        players = f"{game['players_min']}-{game['players_max']}" if game["players_min"] is not None else "?"
        if game["players_min"] == game["players_max"] and game["players_min"] is not None:
            players = str(game["players_min"])
        rules = game["rules_module"] or DATA_ONLY
        table.add_row(game["game"], escape(game["name"]), players, escape(rules if not game["error"] else game["error"]))
    console.print(table)
    if not found:
        console.print(f"no games in {root}; make one with: dragon-pnp new NAME --dir {root}")
    return 0
