"""Fixtures for the diff tests: a private render cache, and the studio's headless browser."""

from __future__ import annotations

import pytest

from tests.studio.conftest import browser  # noqa: F401  (the shared headless chromium)


@pytest.fixture(autouse=True)
def _private_cache(private_render_cache):
    """Diffs render pages: into this run's cache, never the user's."""
    yield
