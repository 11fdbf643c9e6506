"""Fixtures of the fault tests: a render cache of their own for the builds they run."""

from __future__ import annotations

from pathlib import Path

import pytest
from fault_helpers import Harness


@pytest.fixture(scope="session")
def fault_cache(private_render_cache) -> Path:
    """The render cache of the fault tests' builds: the run's private one (tests/conftest.py), never
    the user's. Shared with the other folders' builds, so a seed game's pages rendered once for
    any test are not rendered again here (the fault tests break the data, not the renderer)."""
    return Path(private_render_cache)


@pytest.fixture
def cache_env(fault_cache) -> dict[str, str]:
    return {"DRAGON_PNP_CACHE": str(fault_cache)}


def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Stop the fuzz harness the fault tests' commands run under (fault_helpers.Harness) when the
    next test is not a fault test: one harness serves every fault test a process runs in a row
    (under xdist, each worker's share), and its CPU, the commands it forked, is counted by
    --cpu-times in this folder's last test instead of whichever test of another folder a worker
    happens to run last."""
    if nextitem is None or Path(str(nextitem.path)).parent != Path(str(item.path)).parent:
        Harness.stop()
