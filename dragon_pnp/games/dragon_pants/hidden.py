"""What a dragon cannot see in Dragon Pants, redrawn for the search player (`sample_hidden`).

Hands lie face up and the discard piles are open, so the only hidden things are the order of the
face-down Power and Destiny decks (their contents follow from everything on view) and the
engine's generator, which draws every later reshuffle. A redrawn world sorts each deck (so the
true order cannot leak) and shuffles it with the caller's generator, and reseeds the engine.
"""

from __future__ import annotations

import random

from dragon_pnp.games.dragon_pants.engine import PantsState


def sample_hidden(state: PantsState, rng: random.Random) -> PantsState:
    """A copy with both decks reshuffled and the engine's generator reseeded from `rng`."""
    world = state.clone()
    deck = sorted(world.deck)
    rng.shuffle(deck)
    world.deck = deck
    destiny = sorted(world.destiny)
    rng.shuffle(destiny)
    world.destiny = destiny
    world.rng = rng.getrandbits(64)
    return world
