"""How long one decision may think: a number of iterations, or a time per decision.

An iteration budget (`search:400`) gives the same choice for the same seed on any machine, which
reports need. A time budget (`search:100ms`, `search:0.1s`) is measured on the deciding thread's
CPU clock by default, not the wall clock, so a machine busy with other work slows a decision down
but does not weaken it: on a quiet machine the two are the same. The clock is a parameter, so a
test can drive the search with a fake one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]

MAX_ITERATIONS = 1_000_000
MAX_SECONDS = 600.0


@dataclass(frozen=True)
class Budget:
    """Iterations per decision, or seconds per decision when `seconds` is set."""

    iterations: int = 200
    seconds: float | None = None

    @property
    def label(self) -> str:
        """The strength as written after `search:` (`400`, `100ms`, `0.5s`)."""
        if self.seconds is None:
            return str(self.iterations)
        if self.seconds < 1.0 and round(self.seconds * 1000, 6) == round(self.seconds * 1000):
            return f"{round(self.seconds * 1000)}ms"
        return f"{self.seconds:g}s"


def parse_budget(text: str) -> Budget:
    """`400` (iterations), `100ms` or `0.1s` (time per decision); ValueError saying what is expected."""
    text = text.strip()
    try:
        if text.endswith("ms"):
            seconds = float(text[:-2]) / 1000.0
        elif text.endswith("s"):
            seconds = float(text[:-1])
        else:
            iterations = int(text)
            if not 1 <= iterations <= MAX_ITERATIONS:
                raise ValueError
            return Budget(iterations=iterations)
        if not 0.0 < seconds <= MAX_SECONDS:
            raise ValueError
        return Budget(seconds=seconds)
    except ValueError:
        raise ValueError(f"search strength {text!r}: expected iterations per decision (1 to {MAX_ITERATIONS}, "
                         "e.g. search:400) or a time per decision (e.g. search:100ms, search:0.5s)") from None


class Spending:
    """One decision's budget being spent: `more()` says whether another iteration may start."""

    __slots__ = ("_clock", "_deadline", "_left", "done")

    def __init__(self, budget: Budget, clock: Clock):
        self._clock = clock
        self.done = 0
        if budget.seconds is None:
            self._left = budget.iterations
            self._deadline = None
        else:
            self._left = MAX_ITERATIONS
            self._deadline = clock() + budget.seconds

    def left(self) -> int | None:
        """Iterations still to run under an iteration budget; None under a time budget."""
        return None if self._deadline is not None else self._left - self.done

    def more(self) -> bool:
        """Whether to run one more iteration (at least one always runs), counting it if so."""
        if self.done >= self._left:
            return False
        if self._deadline is not None and self.done > 0 and self._clock() >= self._deadline:
            return False
        self.done += 1
        return True


def thinking_clock() -> float:
    """CPU seconds of the calling thread: what a time budget is measured on."""
    return time.thread_time()
