"""Game folders planned with the generic component planners and rendered once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_pnp.games.registry import load_game
from tests.components.kits import plan_all, write_documents

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SAMPLER = HERE / "sampler"
PEER_DECK = ROOT / "examples" / "peer-deck"


@pytest.fixture(scope="session", autouse=True)
def render_cache(private_render_cache):
    """Renders here go to the run's private render cache (tests/conftest.py), never the user's:
    shared with the run's builds of the same games (the peer deck's seed kit draws the same sheets)."""
    return private_render_cache


@pytest.fixture(scope="session")
def rendered(tmp_path_factory):
    """`rendered(folder, paper, duplex)`: the game's component PDFs written once, by document name."""
    done: dict[tuple[Path, str, bool], dict[str, Path]] = {}

    def get(folder: Path, paper: str = "letter", duplex: bool = True) -> dict[str, Path]:
        key = (folder, paper, duplex)
        if key not in done:
            game = load_game(folder)
            out = tmp_path_factory.mktemp(f"{folder.name}-{paper}-{'duplex' if duplex else 'fold'}")
            done[key] = write_documents(game, plan_all(game, paper, duplex), paper, duplex, out)
        return done[key]

    return get
