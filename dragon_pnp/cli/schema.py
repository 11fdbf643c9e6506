"""`dragon-pnp schema [--out DIR] [--game GAME]`: JSON Schemas for every kind of data file, for editors.

With `--game`, the game folder gets its own copy in `.schemas/` (its rules module's schemas
included, settings and all) and every YAML data file's first line points there, so editor
checking keeps working wherever the folder is moved or copied.
"""

from __future__ import annotations

from pathlib import Path

import typer

from dragon_pnp.cli.app import app, console
from dragon_pnp.schemas import write_game_schemas, write_schemas


@app.command()
def schema(
    out: Path = typer.Option(Path("schemas"), "--out", help="Folder to write the schema files into."),
    game: str | None = typer.Option(None, "--game", help="Write the schemas into this game folder's .schemas/ and point its YAML files at them."),
) -> int:
    """Write a JSON Schema per data file kind (game.yaml, print.yaml, card files, each component kind)."""
    if game is not None:
        from dragon_pnp.games.registry import load_game

        data = load_game(game)
        written = write_game_schemas(data)
        console.print(f"{data.slug}: {len(written)} schemas in {Path(data.root) / '.schemas'}; its YAML files point there")
        return 0
    written = write_schemas(out)
    for path in written:
        console.print(f"wrote {path}")
    console.print(f"{len(written)} schemas; start a YAML file with "
                  f"'# yaml-language-server: $schema=<path to {out}>/game.schema.json' to use one")
    return 0
