"""The garbage collector around forks and at exit: work a short-lived process need not do.

A build's main process holds a large heap of long-lived objects (modules, pydantic schemas,
the game's data); every full collection walks all of it. Three places pay that for nothing,
and young collections add a fourth cost:

- a forked child (render worker, rulebook child) inherits the heap and would walk it again in
  its own collections: `frozen_for_fork()` freezes it just for the fork (CPython's advice for
  fork without exec), so the child ignores what it inherited and the parent carries on as
  before;
- a one-shot `build` walks it in every full collection while it plans and typesets, and the
  interpreter's last collections walk it once more at exit (about 0.1 s): `frozen_for_good()`
  freezes it once the data is loaded, and the console command calls it again when it is done,
  so teardown only frees memory;
- young collections every 700 allocations walk the same survivors again and again:
  `fewer_collections()` raises that threshold for the console command.

Nothing is collected that would otherwise have been, within the child, except the inherited
objects (alive at the fork; the parent owns them); no output depends on either.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

# Young objects allowed before a collection (CPython's default is 700). The commands allocate
# millions of short-lived objects (SVG trees, layouts, game states) and few cycles: a collection
# every 700 walks the same survivors again and again (0.05-0.07 s of a build), for a few MB saved.
YOUNG_THRESHOLD = 20_000


@contextlib.contextmanager
def frozen_for_fork() -> Iterator[None]:
    """Fork inside this block: children start with the heap frozen, the parent unfreezes it after."""
    frozen_before = gc.get_freeze_count() > 0
    gc.freeze()
    try:
        yield
    finally:
        if not frozen_before:   # a process that froze its heap on purpose keeps it frozen
            gc.unfreeze()


def fewer_collections() -> None:
    """For the console command's process (and so its forked children): collect young objects
    after YOUNG_THRESHOLD allocations instead of 700."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)


def frozen_for_good() -> None:
    """A one-shot command's process, its modules and data loaded, or any process about to exit:
    later collections (the interpreter's last ones too) walk only what is made from now on.
    Not for a long-lived process mid-run (the studio): what is frozen and later dropped in a
    reference cycle is never collected."""
    gc.freeze()
