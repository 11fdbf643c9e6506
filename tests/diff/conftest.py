"""Fixtures for the diff tests: a private render cache, and the studio's headless browser."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_cache(private_render_cache):
    """Diffs render pages: into this run's cache, never the user's."""
    yield
