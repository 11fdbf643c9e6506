"""What `dragon-pnp games` lists, read straight from each game folder's game.yaml.

Light on purpose (no Typer, Rich or pydantic): the fast lane (`dragon_pnp.cli.fast`) answers
`games --json` from here alone, and the `games` command prints the same summaries as a table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dragon_pnp.cli.game_choice import game_folders
from dragon_pnp.data.located_yaml import load_yaml
from dragon_pnp.errors import DataError
from dragon_pnp.resources import shipped


def game_summaries(root: Path) -> list[dict[str, Any]]:
    """One summary per game folder directly inside `root`, by folder name; each says whether it
    is one of the seed games shipped with dragon-pnp."""
    seeds = _seed_folder()
    return [game_summary(path, seed=path.parent.resolve() == seeds) for path in game_folders(root)]


def listed_games(root: Path, with_seeds: bool) -> list[dict[str, Any]]:
    """`root`'s games, then (with `with_seeds`) each shipped seed game not already listed by name,
    so a designer in an empty folder still sees what can be built or copied with `new --from`."""
    found = game_summaries(root)
    if with_seeds:
        named = {game["game"] for game in found}
        found += [game for game in game_summaries(_seed_folder()) if game["game"] not in named]
    return found


def _seed_folder() -> Path:
    return shipped("games").resolve()


def game_summary(folder: Path, seed: bool = False) -> dict[str, Any]:
    """What `games` shows for one folder, read straight from its game.yaml (a broken file is shown, not fatal)."""
    summary: dict[str, Any] = {"game": folder.name, "name": folder.name, "players_min": None, "players_max": None,
                               "rules_module": None, "error": None, "seed": seed}
    try:
        raw, _ = load_yaml(folder / "game.yaml")
    except DataError as exc:
        summary["error"] = f"unreadable game.yaml: {exc.message}"
        return summary
    if not isinstance(raw, dict):
        summary["error"] = "game.yaml is not a mapping"
        return summary
    found = raw.get("players")
    players: dict[str, Any] = found if isinstance(found, dict) else {}
    summary.update(name=str(raw.get("name", folder.name)), players_min=players.get("min"),
                   players_max=players.get("max"), rules_module=raw.get("rules_module"))
    return summary
