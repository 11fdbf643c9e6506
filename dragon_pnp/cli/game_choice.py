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


def chosen_game(given: str | None, command: str = "build") -> str:
    """GAME as given, else the game the environment, the current folder or the data folder implies.

    `command` only words the error: "name one: dragon-pnp build GAME".
    """
    if given:
        return given
    named = os.environ.get(GAME_VARIABLE, "").strip()
    if named:
        from dragon_pnp.data.game_dir import resolve_game_dir

        try:
            resolve_game_dir(named)
        except GameNotFoundError as exc:
            raise GameNotFoundError(f"{GAME_VARIABLE}={named}: {_after_name(str(exc), named)}") from None
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


def _after_name(message: str, name: str) -> str:
    """resolve_game_dir's message without the name it starts with (the caller names it)."""
    prefix = f"{name}: "
    return message[len(prefix):] if message.startswith(prefix) else message
