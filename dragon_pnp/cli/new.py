"""`dragon-pnp new NAME [--dir data]`: a data-only game folder that validates and builds at once.

The folder holds a deck drawn from a CSV with a shared back, a sheet of tokens, a print
profile and a rulebook; its YAML files point editors at the JSON Schemas copied into its own
`.schemas/` folder, so editor checking survives moving the folder. The files
are copied from `templates/new_game/` with the name filled in.
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

import typer

from dragon_pnp.cli.app import app, console
from dragon_pnp.errors import DataError, Location
from dragon_pnp.resources import default_games_folder, game_search_path, templates_dir
from dragon_pnp.schemas import LOCAL_FOLDER, write_game_schemas

SKELETON = ("game.yaml", "print.yaml", "cards.csv", "rules.md")
RULES_SKELETON = ("rules/__init__.py", "rules/game.py", "tests/test_rules.py")
RULES_MANIFEST = """rules_module: ./rules              # your own Python code, in rules/
settings:                          # read by the rules module (rules/game.py Settings)
  deck: cards
  hand_size: 5
"""
NAME = re.compile(r"^[a-z][a-z0-9_-]{0,40}$")


@app.command()
def new(
    name: str = typer.Argument(..., help="The game's folder name: lower case letters, digits, _ or -."),
    rules: bool = typer.Option(False, "--rules", help="Also write a small rules module (rules/) on the game interface, with its tests: play, check, selftest and the studio's playtest work at once."),
    folder: Path | None = typer.Option(None, "--dir", help="Where to make the game folder (default: data/ of a checkout or of the current folder, else the current folder).", show_default=False),
) -> int:
    """Start a new game from data only: a deck from a CSV, a back, a token sheet, print.yaml and rules.md."""
    target = make_game(name, folder if folder is not None else default_games_folder(), with_rules=rules)
    made = [*SKELETON, *RULES_SKELETON] if rules else SKELETON
    console.print(f"made {target}/ ({', '.join(made)})")
    if rules:
        console.print(f"rules/ is your own Python code; check it with: dragon-pnp selftest {build_argument(target)}")
    console.print(f"next: edit {target / 'cards.csv'}, then run: dragon-pnp build {build_argument(target)}")
    return 0


def build_argument(target: Path) -> str:
    """How `dragon-pnp build` names the game: by name where names are looked up, else by path."""
    named = any(target.parent.resolve() == place.resolve() for place in game_search_path())
    return target.name if named else str(target)


def make_game(name: str, folder: Path, with_rules: bool = False) -> Path:
    """Write the new game's files (and a rules module with `with_rules`); never touches an existing folder."""
    if not NAME.match(name):
        raise DataError(Location(name), "a game name is lower case letters, digits, _ or - (starting with a letter)")
    target = folder / name
    if target.exists():
        raise DataError(Location(target), "already exists; choose another name (nothing was changed)")
    values = {"title": name.replace("_", " ").replace("-", " ").title(), "schemas": LOCAL_FOLDER,
              "build": build_argument(target), "module": re.sub(r"[^a-z0-9_]", "_", name)}
    skeleton = templates_dir() / "new_game"
    target.mkdir(parents=True)
    for file in SKELETON:
        text = Template((skeleton / file).read_text(encoding="utf-8")).substitute(values)
        (target / file).write_text(text, encoding="utf-8")
    if with_rules:
        add_rules_module(target, values)
    from dragon_pnp.games.registry import load_game  # the schemas of what was just written, inside the folder

    write_game_schemas(load_game(target))
    return target


def add_rules_module(target: Path, values: dict[str, str]) -> None:
    """The rules scaffold: rules/ and tests/ from templates/new_game_rules, its rules.md, and the
    lines game.yaml needs (two players, `rules_module: ./rules`, the module's settings)."""
    skeleton = templates_dir() / "new_game_rules"
    for file in (*RULES_SKELETON, "rules.md"):
        text = Template((skeleton / file).read_text(encoding="utf-8")).substitute(values)
        (target / file).parent.mkdir(parents=True, exist_ok=True)
        (target / file).write_text(text, encoding="utf-8")
    manifest = target / "game.yaml"
    text = manifest.read_text(encoding="utf-8").replace("players: {min: 2, max: 4}", "players: {min: 2, max: 2}")
    manifest.write_text(text + RULES_MANIFEST, encoding="utf-8")
