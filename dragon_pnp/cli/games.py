"""`dragon-pnp games [--dir DIR]`: the games in a folder, with players and rules module; without
`--dir`, the seed games that ship with dragon-pnp too, marked as such."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.markup import escape
from rich.table import Table

from dragon_pnp.cli.app import app, console
from dragon_pnp.cli.game_list import listed_games
from dragon_pnp.resources import default_games_folder

DATA_ONLY = "data only"
SEED = "seed game"


@app.command()
def games(
    folder: Path | None = typer.Option(None, "--dir", help="Folder of game folders (default: the project's data/)."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list."),
) -> int:
    """List the games: folder name, title, players, and rules module (or data only)."""
    root = folder if folder is not None else default_games_folder()
    found = listed_games(root, with_seeds=folder is None)
    if as_json:
        console.print_json(json.dumps(found))
        return 0
    table = Table(title="Games", title_justify="left")
    for column in ("Game", "Name", "Players", "Rules", "From"):
        table.add_column(column)
    for game in found:
        players = f"{game['players_min']}-{game['players_max']}" if game["players_min"] is not None else "?"
        if game["players_min"] == game["players_max"] and game["players_min"] is not None:
            players = str(game["players_min"])
        rules = game["rules_module"] or DATA_ONLY
        table.add_row(game["game"], escape(game["name"]), players, escape(rules if not game["error"] else game["error"]),
                      SEED if game["seed"] else escape(str(root)))
    console.print(table)
    if any(game["seed"] for game in found):
        console.print("Seed games ship with dragon-pnp: build one by name, or start your own from one with "
                      "dragon-pnp new NAME --from GAME", soft_wrap=True)
    if not found:
        console.print(f"no games in {root}; make one with: dragon-pnp new NAME --dir {root}")
    return 0
