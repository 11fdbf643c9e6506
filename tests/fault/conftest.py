"""Fixtures of the fault tests: a render cache of their own for the builds they run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def fault_cache(tmp_path_factory) -> Path:
    """One render cache for the fault tests' builds, never the user's."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    return (tmp_path_factory.getbasetemp().parent / f"fault-render-cache-{run}" if run
            else tmp_path_factory.mktemp("fault-render-cache"))


@pytest.fixture
def cache_env(fault_cache) -> dict[str, str]:
    return {"DRAGON_PNP_CACHE": str(fault_cache)}
