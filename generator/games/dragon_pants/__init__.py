"""Dragon Pants: a hex-board race for one pair of pants, 2-6 players (seeds 000-002)."""

from generator.games.dragon_pants.module import GAME

__all__ = ["GAME"]
