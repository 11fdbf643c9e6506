"""`dragon-pnp new NAME [--dir data]`: a data-only game folder that validates and builds at once.

The folder holds a deck drawn from a CSV with a shared back, a sheet of tokens, a print
profile and a rulebook; its YAML files point editors at the shipped JSON Schemas. The files
are copied from `templates/new_game/` with the name filled in.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from string import Template

import typer

from generator.cli.app import app, console
from generator.data.loader import project_root
from generator.errors import DataError, Location

SKELETON = ("game.yaml", "print.yaml", "cards.csv", "rules.md")
NAME = re.compile(r"^[a-z][a-z0-9_-]{0,40}$")


@app.command()
def new(
    name: str = typer.Argument(..., help="The game's folder name: lower case letters, digits, _ or -."),
    folder: Path = typer.Option(Path("data"), "--dir", help="Where to make the game folder."),
) -> int:
    """Start a new game from data only: a deck from a CSV, a back, a token sheet, print.yaml and rules.md."""
    target = make_game(name, folder)
    console.print(f"made {target}/ ({', '.join(SKELETON)})")
    console.print(f"next: edit {target / 'cards.csv'}, then run: dragon-pnp build {build_argument(target)}")
    return 0


def build_argument(target: Path) -> str:
    """How `dragon-pnp build` names the game: by name under the project's data/, else by path."""
    return target.name if target.parent.resolve() == (project_root() / "data").resolve() else str(target)


def make_game(name: str, folder: Path) -> Path:
    """Write the new game's files; never touches an existing folder."""
    if not NAME.match(name):
        raise DataError(Location(name), "a game name is lower case letters, digits, _ or - (starting with a letter)")
    target = folder / name
    if target.exists():
        raise DataError(Location(target), "already exists; choose another name (nothing was changed)")
    schemas = Path(os.path.relpath(project_root() / "schemas", target.resolve() if target.is_absolute() else
                                   (Path.cwd() / target).resolve()))
    values = {"title": name.replace("_", " ").replace("-", " ").title(), "schemas": schemas.as_posix(),
              "build": build_argument(target)}
    skeleton = project_root() / "templates" / "new_game"
    target.mkdir(parents=True)
    for file in SKELETON:
        text = Template((skeleton / file).read_text(encoding="utf-8")).substitute(values)
        (target / file).write_text(text, encoding="utf-8")
    return target
