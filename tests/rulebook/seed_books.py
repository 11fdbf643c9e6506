"""Each seed rulebook typeset once per test process, for the tests that only read it."""

from __future__ import annotations

from pathlib import Path

from dragon_pnp.data import GameData
from dragon_pnp.data.game_dir import resolve_game_dir
from dragon_pnp.games.registry import load_game
from dragon_pnp.rulebook import Rulebook, typeset

_typeset: dict[tuple[Path, str], Rulebook] = {}


def seed_rulebook(game: GameData | str | Path, paper: str) -> Rulebook:
    """An unedited game's rulebook on `paper` (the game loaded, or its name under data/ or
    examples/, or its folder), typeset once per test process: the editorial, page-break,
    page-size and directive tests read the same seed books (Dragon Pants' letter book was
    typeset four times, ~2 CPU s each). A test that edits a game, or checks that typesetting
    again gives the same bytes, calls `typeset` itself. The bytes are immutable; share freely."""
    root = game.root if isinstance(game, GameData) else resolve_game_dir(game)
    key = (Path(root).resolve(), paper)
    if key not in _typeset:
        _typeset[key] = typeset(game if isinstance(game, GameData) else load_game(key[0]), paper)
    return _typeset[key]
