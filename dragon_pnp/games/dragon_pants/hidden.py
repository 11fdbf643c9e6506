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
    shuffle(deck, rng)
    world.deck = deck
    destiny = sorted(world.destiny)
    shuffle(destiny, rng)
    world.destiny = destiny
    world.rng = rng.getrandbits(64)
    return world


def shuffle(items: list[int], rng: random.Random) -> None:
    """`rng.shuffle(items)`, the same draws and the same order (Fisher-Yates over `getrandbits`,
    as the standard library does it), compiled with the engine: the search redraws both decks
    at every iteration, and the library's shuffle runs as Python."""
    draw = rng.getrandbits   # looked up once: a method lookup per card cost a third of the shuffle
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = draw(bits)
        while j >= n:
            j = draw(bits)
        items[i], items[j] = items[j], items[i]
