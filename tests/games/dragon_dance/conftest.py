"""Dragon Dance tests: throw-away copies of the game folder to break or tweak."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from .helpers import DATA


@pytest.fixture
def dance_copy(tmp_path: Path) -> Path:
    """A private copy of data/dragon_dance that a test may edit."""
    target = tmp_path / "dragon_dance"
    shutil.copytree(DATA, target)
    return target
