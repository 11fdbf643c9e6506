"""Destiny analysis of a game's presets and of custom decks typed on the command line."""

from __future__ import annotations

import re

from dragon_pnp.data import GameData
from dragon_pnp.data.components import time_track
from dragon_pnp.errors import NotationError
from dragon_pnp.games.dragon_pants.destiny.analysis import DeckAnalysis, analyse_deck

DECK_ITEM = re.compile(r"^([+-]?\d{1,2})x(\d{1,3})$")


def analyse_presets(game: GameData) -> list[DeckAnalysis]:
    """One exact analysis per preset in destiny.yaml, in file order."""
    track_last = time_track(game).last
    return [
        analyse_deck(preset.cards, preset.length, preset=name, track_last=track_last)
        for name, preset in game.destiny.presets.items()
    ]


def parse_deck_spec(spec: str) -> dict[int, int]:
    """Parse "-1x13,-2x1,+1x3,+2x1" into {value: count}; a bad item is a located NotationError."""
    composition: dict[int, int] = {}
    items = [item.strip() for item in spec.split(",")]
    for position, item in enumerate(items, start=1):
        match = DECK_ITEM.match(item.replace(" ", ""))
        if not match:
            raise NotationError(
                f"--deck item {position} {item!r}: expected VALUExCOUNT such as -1x13 or +2x1"
            )
        value, count = int(match.group(1)), int(match.group(2))
        if value in composition:
            raise NotationError(f"--deck item {position} {item!r}: value {value:+d} is given twice")
        composition[value] = count
    if sum(composition.values()) == 0:
        raise NotationError("--deck: the deck has no cards")
    return composition
