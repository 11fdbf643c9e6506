"""The one source of chance every game draws from: a seeded SplitMix64 generator.

Its whole state is one 64-bit integer (not `random.Random`'s 625 words), so a position file
carries the generator and a loaded position continues exactly as the saved game would have:
the same shuffles, the same dice. A game keeps the state in its position and threads it through
these functions, each of which returns the next state.
"""

from __future__ import annotations

from typing import Any

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a user's seed (any int, negative ones included)."""
    return (seed * GOLDEN + 0x2545F4914F6CDD1D) & MASK64


def draw(state: int) -> tuple[int, int]:
    """64 random bits and the next state."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31), state


def substream(seed: int, index: int) -> int:
    """An independent state for part `index` of a seeded game (a hand, a round), so each part
    replays alone from the seed and its number."""
    bits, _ = draw(seed_state(seed) ^ (index * 0xD1B54A32D192ED03 & MASK64))
    return bits


def shuffle(items: list[Any], state: int) -> int:
    """Shuffle `items` in place (Fisher-Yates) and return the next state."""
    for i in range(len(items) - 1, 0, -1):
        bits, state = draw(state)
        # 64 random bits for at most a few hundred items: the modulo bias is below 1e-16.
        j = bits % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def roll(count: int, state: int, sides: int = 6) -> tuple[tuple[int, ...], int]:
    """`count` dice of `sides` faces, sorted, and the next state."""
    faces = []
    for _ in range(count):
        bits, state = draw(state)
        faces.append(bits % sides + 1)   # 64 random bits: the modulo bias is below 1e-18
    faces.sort()
    return tuple(faces), state
