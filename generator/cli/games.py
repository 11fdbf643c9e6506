"""`dragon-pnp games [--dir DIR]`: the games in a folder, with players and rules module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer
from rich.markup import escape
from rich.table import Table

from generator.cli.app import app, console
from generator.cli.game_choice import game_folders
from generator.data.located_yaml import load_yaml
from generator.errors import DataError
from generator.resources import default_games_folder

DATA_ONLY = "data only"


@app.command()
def games(
    folder: Optional[Path] = typer.Option(None, "--dir", help="Folder of game folders (default: the project's data/)."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list."),
) -> int:
    """List the games: folder name, title, players, and rules module (or data only)."""
    root = folder if folder is not None else default_games_folder()
    found = [game_summary(path) for path in game_folders(root)]
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


def game_summary(folder: Path) -> dict[str, Any]:
    """What `games` shows for one folder, read straight from its game.yaml (a broken file is shown, not fatal)."""
    summary: dict[str, Any] = {"game": folder.name, "name": folder.name, "players_min": None, "players_max": None,
                               "rules_module": None, "error": None}
    try:
        raw, _ = load_yaml(folder / "game.yaml")
    except DataError as exc:
        summary["error"] = f"unreadable game.yaml: {exc.message}"
        return summary
    if not isinstance(raw, dict):
        summary["error"] = "game.yaml is not a mapping"
        return summary
    players = raw.get("players") if isinstance(raw.get("players"), dict) else {}
    summary.update(name=str(raw.get("name", folder.name)), players_min=players.get("min"),
                   players_max=players.get("max"), rules_module=raw.get("rules_module"))
    return summary
