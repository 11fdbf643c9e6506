"""The game's only chance: dice rolled from a SplitMix64 generator with a one-integer state.

One integer (rather than `random.Random`'s 625 words) lets a position file carry the
generator, so a loaded position rolls exactly the dice the saved game would have rolled.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The generator state for a user's seed (any int, negative ones included)."""
    return (seed * GOLDEN + 0x2545F4914F6CDD1D) & MASK64


def roll(count: int, state: int) -> tuple[tuple[int, ...], int]:
    """`count` dice, sorted, and the generator's next state."""
    faces = []
    for _ in range(count):
        state = (state + GOLDEN) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        faces.append(z % 6 + 1)   # 64 random bits: the modulo bias is below 1e-18
    faces.sort()
    return tuple(faces), state
