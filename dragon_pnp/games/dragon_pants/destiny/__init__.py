"""Exact Destiny-deck maths: how long a shuffled deck makes the game last, and whether it ends."""

from dragon_pnp.games.dragon_pants.destiny.analysis import DeckAnalysis, DrawStats, analyse_deck
from dragon_pnp.games.dragon_pants.destiny.presets import analyse_presets, parse_deck_spec

__all__ = ["DeckAnalysis", "DrawStats", "analyse_deck", "analyse_presets", "parse_deck_spec"]
