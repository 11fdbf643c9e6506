"""Exact Destiny-deck maths: how long a shuffled deck makes the game last, and whether it ends."""

from generator.destiny.analysis import DeckAnalysis, DrawStats, analyse_deck
from generator.destiny.presets import analyse_presets, parse_deck_spec

__all__ = ["DeckAnalysis", "DrawStats", "analyse_deck", "analyse_presets", "parse_deck_spec"]
