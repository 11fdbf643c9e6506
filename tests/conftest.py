"""Shared fixtures: the canonical game data, and throw-away copies of it to break or tweak."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.data import GameData, load_game

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data" / "dragon_pants"
# Tests name their game; a DRAGON_PNP_GAME left set in the shell must not choose one for them.
os.environ.pop("DRAGON_PNP_GAME", None)


@pytest.fixture(scope="session")
def game() -> GameData:
    return load_game(DATA)


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    """A private copy of data/dragon_pants that a test may edit."""
    target = tmp_path / "dragon_pants"
    shutil.copytree(DATA, target)
    return target


@pytest.fixture(scope="session")
def private_render_cache(tmp_path_factory):
    """A render cache for this test run only (shared by its xdist workers), never the user's."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    folder = (tmp_path_factory.getbasetemp().parent / f"render-cache-{run}" if run
              else tmp_path_factory.mktemp("render-cache"))
    before = os.environ.get("DRAGON_PNP_CACHE")
    os.environ["DRAGON_PNP_CACHE"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("DRAGON_PNP_CACHE", None)
    else:
        os.environ["DRAGON_PNP_CACHE"] = before
