"""`dragon-pnp new NAME [--dir data] [--rules | --from GAME]`: a game folder that validates and
builds at once: a small data-only game, the same with a rules module, or a copy of a game.

The folder holds a deck drawn from a CSV with a shared back, a sheet of tokens, a print
profile and a rulebook; its YAML files point editors at the JSON Schemas copied into its own
`.schemas/` folder, so editor checking survives moving the folder. The files
are copied from `templates/new_game/` with the name filled in.
"""

from __future__ import annotations

import re
import shutil
import stat
from pathlib import Path
from string import Template

import typer

from dragon_pnp.cli.app import app, console
from dragon_pnp.data.game_dir import resolve_game_dir
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
    source: str | None = typer.Option(None, "--from", help="Start from a copy of this game (a seed game's name or a game folder): its data, templates, art and rules text. A rules module game.yaml names is used by reference; one inside the folder is copied.", show_default=False),
) -> int:
    """Start a new game: a deck from a CSV, a back, a token sheet, print.yaml and rules.md; or a copy of a game (--from)."""
    where = folder if folder is not None else default_games_folder()
    if source is not None:
        if rules:
            raise DataError(Location("--from"), "--from copies a game with its own rules; leave out --rules")
        target = copy_game(name, resolve_game_dir(source), where)
        console.print(f"made {target}/ as a copy of {source}")
        console.print(f"next: edit its files, then run: dragon-pnp build {build_argument(target)}")
        return 0
    target = make_game(name, where, with_rules=rules)
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


def new_target(name: str, folder: Path) -> Path:
    """Where the game `name` goes inside `folder`: a valid name, and nothing there yet."""
    if not NAME.match(name):
        raise DataError(Location(name), "a game name is lower case letters, digits, _ or - (starting with a letter)")
    target = folder / name
    if target.exists():
        raise DataError(Location(target), "already exists; choose another name (nothing was changed)")
    return target


def make_game(name: str, folder: Path, with_rules: bool = False) -> Path:
    """Write the new game's files (and a rules module with `with_rules`); never touches an existing folder."""
    target = new_target(name, folder)
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


# Made by tools, not written by the designer: left out of a copy (the schemas are written afresh).
NOT_COPIED = frozenset({"output", ".git", "__pycache__", LOCAL_FOLDER, ".DS_Store"})


def copy_game(name: str, source: Path, folder: Path) -> Path:
    """A copy of the game folder `source` named `name`: every file the designer wrote (data,
    templates, art, icons, rules text, a rules module inside the folder), regular files only.

    A rules module game.yaml names (an installed one, like the seed games') stays named, so the
    copy plays by the same rules until its designer writes their own. A link or special file in
    the source is refused before anything is written."""
    target = new_target(name, folder)
    files = _files_to_copy(source)
    try:
        for relative in files:
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            (target / relative).write_bytes((source / relative).read_bytes())
        from dragon_pnp.games.registry import load_game  # the copy's own schemas, its data files pointing at them

        write_game_schemas(load_game(target))
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    return target


def _files_to_copy(source: Path) -> list[Path]:
    """The copy's files relative to `source`, refusing links and anything not a regular file."""
    found: list[Path] = []
    pending = [source]
    while pending:
        here = pending.pop()
        for entry in sorted(here.iterdir()):
            if entry.name in NOT_COPIED or entry.suffix == ".pyc":
                continue
            mode = entry.lstat().st_mode
            if stat.S_ISDIR(mode):
                pending.append(entry)
            elif stat.S_ISREG(mode):
                found.append(entry.relative_to(source))
            else:
                kind = "a link" if stat.S_ISLNK(mode) else "not a regular file"
                raise DataError(Location(entry), f"{kind}; a game copied with --from holds only its own files (nothing was written)")
    return sorted(found)
