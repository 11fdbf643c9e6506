"""The collector around forks: a child starts with what it inherited frozen, the parent
carries on as it was (frozen or not), and nothing alive is lost."""

from __future__ import annotations

import gc
import os

import pytest

from dragon_pnp.heap import frozen_for_fork


def _child_freeze_count() -> int:
    """Fork inside frozen_for_fork; the child reports how many objects it found frozen."""
    reader, writer = os.pipe()
    with frozen_for_fork():
        pid = os.fork()
        if pid == 0:   # the child: report and leave at once
            os.write(writer, str(gc.get_freeze_count()).encode())
            os._exit(0)
    os.close(writer)
    with os.fdopen(reader) as answer:
        count = int(answer.read())
    os.waitpid(pid, 0)
    return count


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork only")
def test_the_child_starts_frozen_and_the_parent_does_not_stay_frozen() -> None:
    gc.unfreeze()
    kept = {"still": ["here"]}
    assert _child_freeze_count() > 1000   # the modules and objects it inherited
    assert gc.get_freeze_count() == 0
    assert kept == {"still": ["here"]}


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork only")
def test_a_parent_that_froze_its_heap_keeps_it_frozen() -> None:
    gc.freeze()
    try:
        # Counts move a little as frozen objects are freed; unfrozen, the parent's would be 0.
        assert _child_freeze_count() > 1000
        assert gc.get_freeze_count() > 1000
    finally:
        gc.unfreeze()
