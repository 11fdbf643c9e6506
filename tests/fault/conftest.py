"""Fixtures of the fault tests: a render cache of their own for the builds they run."""

from __future__ import annotations

from collections.abc import Iterator
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


@pytest.fixture(scope="module", autouse=True)
def harness() -> Iterator[type[Harness]]:
    """The fuzz harness the fault tests' commands run under, one per test module and process: it is
    stopped when the module ends, so --cpu-times charges its CPU (the commands it forked) to that
    file's last test, not to whichever test of any folder a worker happens to run last."""
    yield Harness
    Harness.stop()
