"""Dragon Pants tests: its rules, built once."""

from __future__ import annotations

import pytest

from dragon_pnp.games.dragon_pants.engine import Rules


@pytest.fixture(scope="session")
def rules(game) -> Rules:
    return Rules.from_game(game)
