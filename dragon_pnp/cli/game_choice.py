"""Which game a command works on when GAME is left out: no game's name is written in the code.

In order: the `DRAGON_PNP_GAME` environment variable, the game folder the command runs in (a
`game.yaml` in the current folder), the only game under the project's data folder. With none of
these the command stops (exit 2) and lists the games to choose from. Every command taking GAME
asks `chosen_game`, so they all pick the same game.
"""

from __future__ import annotations

import os
from pathlib import Path

from dragon_pnp.errors import GameNotFoundError
from dragon_pnp.resources import default_games_folder

GAME_VARIABLE = "DRAGON_PNP_GAME"
MANIFEST = "game.yaml"


def game_folders(root: Path) -> list[Path]:
    """The game folders directly inside `root` (those holding a game.yaml), by name."""
    if not root.is_dir():
        return []
    return sorted(path for path in root.iterdir() if (path / MANIFEST).is_file())


_RESOLVED: dict[tuple[str | None, str, str], Path] = {}


def game_folder(given: str | None, command: str = "build") -> Path:
    """The game folder GAME (or its absence) means, resolved once per process: the fast lane and
    the Typer command that takes over from it ask the same question and get the one answer."""
    from dragon_pnp.data.game_dir import resolve_game_dir

    named = os.environ.get(GAME_VARIABLE, "").strip()
    key = (given, named, str(Path.cwd()))
    found = _RESOLVED.get(key)
    if found is None:
        found = _RESOLVED[key] = _named_by_variable(named) if named and not given else \
            resolve_game_dir(chosen_game(given, command))
    return found


def chosen_game(given: str | None, command: str = "build") -> str:
    """GAME as given, else the game the environment, the current folder or the data folder implies.

    `command` only words the error: "name one: dragon-pnp build GAME".
    """
    if given:
        return given
    named = os.environ.get(GAME_VARIABLE, "").strip()
    if named:
        _named_by_variable(named)
        return named
    here = Path.cwd()
    if (here / MANIFEST).is_file():
        return str(here)
    data = default_games_folder()
    found = game_folders(data)
    if len(found) == 1:
        return found[0].name
    listed = ", ".join(path.name for path in found)
    games = f"the games in {data} are {listed} (see dragon-pnp games)" if found else \
        f"there is no game in {data}; make one with: dragon-pnp new NAME"
    raise GameNotFoundError(f"no GAME given and none implied: {games}; name one (dragon-pnp {command} GAME, "
                            f"a name under data/ or a game folder), set {GAME_VARIABLE}=GAME, or run the "
                            f"command inside a game folder")


def _named_by_variable(named: str) -> Path:
    """The folder DRAGON_PNP_GAME names, or an error that says the variable named it."""
    from dragon_pnp.data.game_dir import resolve_game_dir

    try:
        return resolve_game_dir(named)
    except GameNotFoundError as exc:
        raise GameNotFoundError(f"{GAME_VARIABLE}={named}: {_after_name(str(exc), named)}") from None


def _after_name(message: str, name: str) -> str:
    """resolve_game_dir's message without the name it starts with (the caller names it)."""
    prefix = f"{name}: "
    return message[len(prefix):] if message.startswith(prefix) else message
