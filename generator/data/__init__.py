"""Reading and validating a game's data files."""

from generator.data.loader import GameData, load_game, resolve_game_dir

__all__ = ["GameData", "load_game", "resolve_game_dir"]
