"""The game's only source of chance: a seeded SplitMix64 generator with a one-integer state.

A one-integer state (rather than `random.Random`'s 625 words) is what lets a position file
carry the generator and continue exactly as the original game would.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a user's seed (any int, negative ones included)."""
    return (seed * GOLDEN + 0x2545F4914F6CDD1D) & MASK64


def shuffle(items: list, state: int) -> int:
    """Shuffle `items` in place (Fisher-Yates) and return the generator's next state."""
    for i in range(len(items) - 1, 0, -1):
        state = (state + GOLDEN) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        # 64 random bits for at most a few dozen cards: the modulo bias is below 1e-17.
        j = z % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state
