"""When enough redrawn worlds have been searched: the sampling stops once it has settled.

A lookahead over one redrawn world gives one sample of every value the seat compares (a payoff
matrix's cells, a lone chooser's actions). Where nothing hidden or random lies within the
lookahead, every world gives the same values and a few worlds are as good as many; where a
re-roll or an unseen card matters, the values scatter and a handful of worlds decides by luck.
So the search keeps drawing worlds (up to its budget) until the standard error of every mean is
a small share of the spread between the means: the comparison the seat makes is then settled.
"""

from __future__ import annotations

import math


def settled(samples: list[list[float]], tolerance: float) -> bool:
    """Whether every column's standard error over `samples` (one row per world) is within
    `tolerance` of the spread of the column means; identical worlds are settled at once."""
    n = len(samples)
    if n < 2:
        return False
    width = len(samples[0])
    means = [sum(row[k] for row in samples) / n for k in range(width)]
    spread = max(means) - min(means) if means else 0.0
    worst = 0.0
    for k in range(width):
        mean = means[k]
        variance = sum((row[k] - mean) ** 2 for row in samples) / (n - 1)
        worst = max(worst, math.sqrt(variance / n))
    if worst <= 1e-12:
        return True
    return worst <= tolerance * spread
