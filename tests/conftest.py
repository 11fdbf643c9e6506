"""Shared fixtures: the canonical game data, and throw-away copies of it to break or tweak."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.data import GameData, load_game

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data" / "dragon_pants"


@pytest.fixture(scope="session")
def game() -> GameData:
    return load_game(DATA)


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    """A private copy of data/dragon_pants that a test may edit."""
    target = tmp_path / "dragon_pants"
    shutil.copytree(DATA, target)
    return target
