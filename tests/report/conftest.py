"""A small rules check played once per session, shared by the report tests."""

from __future__ import annotations

import pytest

from dragon_pnp.games.dragon_pants.engine import Rules
from dragon_pnp.report.check import CheckSettings, Execution, run_check

SMALL = CheckSettings(games=8, players=(2, 4), setups=("standard", "volatile"), duel_games=8, seed=11,
                      batch_games=3)


@pytest.fixture(scope="session")
def rules(game) -> Rules:
    return Rules.from_game(game)


@pytest.fixture(scope="session")
def small_report(game) -> dict:
    return run_check(game, SMALL, Execution(jobs=1))
