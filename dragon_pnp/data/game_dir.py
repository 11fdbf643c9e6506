"""Which folder GAME names: kept apart from the loader so a command can find a game without
importing the loader's pydantic models (a remembered build never loads the game at all)."""

from __future__ import annotations

from pathlib import Path

from dragon_pnp.errors import GameNotFoundError


def resolve_game_dir(game: str | Path) -> Path:
    """GAME is a path to a game folder, or a game's name in the workspace's data/ or among the
    shipped games (`dragon_pnp.resources.game_search_path`)."""
    from dragon_pnp.resources import game_search_path

    candidate = Path(game)
    if candidate.is_dir():
        return candidate
    places = game_search_path()
    if "/" not in str(game) and "\\" not in str(game):
        for place in places:
            named = place / str(game)
            if named.is_dir():
                return named
    known = sorted({p.name for place in places if place.is_dir() for p in place.iterdir() if p.is_dir()})
    raise GameNotFoundError(
        f"{game}: no such game folder; expected a path or one of: {', '.join(known) or 'none'}"
    )
