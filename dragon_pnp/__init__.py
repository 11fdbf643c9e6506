"""dragon-pnp: print-and-play kits and rules checks generated from plain game data."""

__version__ = "0.1.0"
