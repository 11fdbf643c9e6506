"""A generic search player (`search`, `search:400`) every game with rules gets: `player.py`."""

from dragon_pnp.search.player import SearchFactory, SearchPolicy, SearchSettings, parse_strength

__all__ = ["SearchFactory", "SearchPolicy", "SearchSettings", "parse_strength"]
