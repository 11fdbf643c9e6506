"""dragon-pnp: print-and-play kits and rules checks generated from plain game data."""

from pathlib import Path

from dragon_pnp.compiled import use_compiled

__version__ = "0.1.0"

# In a checkout, run.py's compiled copies of the hot modules, while their sources are unchanged.
use_compiled(Path(__file__).resolve().parent)
