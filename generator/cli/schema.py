"""`dragon-pnp schema [--out DIR]`: JSON Schemas for every kind of data file, for editors."""

from __future__ import annotations

from pathlib import Path

import typer

from generator.cli.app import app, console
from generator.schemas import write_schemas


@app.command()
def schema(
    out: Path = typer.Option(Path("schemas"), "--out", help="Folder to write the schema files into."),
) -> int:
    """Write a JSON Schema per data file kind (game.yaml, print.yaml, card files, each component kind)."""
    written = write_schemas(out)
    for path in written:
        console.print(f"wrote {path}")
    console.print(f"{len(written)} schemas; start a YAML file with "
                  f"'# yaml-language-server: $schema=<path to {out}>/game.schema.json' to use one")
    return 0
