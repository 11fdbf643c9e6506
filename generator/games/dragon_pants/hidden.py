"""What a dragon cannot see in Dragon Pants, redrawn for the search player (`sample_hidden`).

Hands lie face up and the discard piles are open, so the only hidden things are the order of the
face-down Power and Destiny decks (their contents follow from everything on view) and the
engine's generator, which draws every later reshuffle. A redrawn world sorts each deck (so the
true order cannot leak) and shuffles it with the caller's generator, and reseeds the engine.
"""

from __future__ import annotations

import random

from generator.games.dragon_pants.state import DragonPantsState


def sample_hidden(state: DragonPantsState, rng: random.Random) -> DragonPantsState:
    """A copy with both decks reshuffled and the engine's generator reseeded from `rng`."""
    world = state.clone()
    engine = world.engine
    deck = sorted(engine.deck)
    rng.shuffle(deck)
    engine.deck = deck
    destiny = sorted(engine.destiny)
    rng.shuffle(destiny)
    engine.destiny = destiny
    engine.rng = rng.getrandbits(64)
    return world
