"""How many pieces each component puts in the box, from the manifest and its data alone.

The rulebook's generic components table and anyone else who lists the box use this; the planners
count the same pieces when they impose them (a test keeps the two in step).
"""

from __future__ import annotations

from typing import Any

from dragon_pnp.data.components import (
    AidSpec,
    BoardSpec,
    DeckSpec,
    DiceSpec,
    StandeesSpec,
    TilesSpec,
    TokensSpec,
    TrackSpec,
)


def piece_count(game: Any, spec: Any) -> int:
    """The number of physical pieces `spec` makes (cards, tokens, dice, aids, tiles, boards...)."""
    if isinstance(spec, DeckSpec):
        return sum(row[spec.count_field] for row in game.rows(spec.id))
    if isinstance(spec, TokensSpec):
        return sum(face.count for face in spec.faces)
    if isinstance(spec, DiceSpec):
        return sum(die.count for die in spec.sets)
    if isinstance(spec, AidSpec):
        return len(spec.copies)
    if isinstance(spec, TilesSpec):
        hexmap = game.component_data[spec.id]
        return len(hexmap.tiles) + len(hexmap.homes)
    if isinstance(spec, BoardSpec):
        return 1
    if isinstance(spec, TrackSpec):
        return spec.copies
    if isinstance(spec, StandeesSpec):
        return len(game.component_data[spec.tiles].homes)
    raise TypeError(f"no piece count for component kind {type(spec).__name__}")
