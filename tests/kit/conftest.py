"""Kits built once per test session (Letter and A4, duplex and fold-over) for read-back tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build.context import BuildContext, BuildOptions
from generator.data import load_game
from generator.kit.kit import plan_kit, render_plan, write_documents
from generator.kit.steps import kit_step, print_and_play_step


@pytest.fixture(scope="session")
def game():
    return load_game("dragon_pants")


def build_kit(game, folder: Path, paper: str, duplex: bool = True) -> BuildContext:
    folder.mkdir(parents=True, exist_ok=True)
    context = BuildContext(game, BuildOptions(paper=paper, duplex=duplex, check=False), folder)
    kit_step(context)
    print_and_play_step(context)
    return context


def build_cards(game, folder: Path, paper: str, duplex: bool) -> BuildContext:
    """Only cards.pdf: what the fold-over layout tests read."""
    folder.mkdir(parents=True, exist_ok=True)
    context = BuildContext(game, BuildOptions(paper=paper, duplex=duplex, check=False), folder)
    plan = plan_kit(game, paper, duplex).only("cards.pdf")
    rendered, _ = render_plan(plan)
    context.artifacts.update(write_documents(plan, rendered, folder))
    return context


@pytest.fixture(scope="session")
def kits(game, tmp_path_factory):
    """Whole kits (duplex) or card sheets only (fold-over), built lazily once per session."""
    built: dict[tuple[str, bool], BuildContext] = {}

    def get(paper: str, duplex: bool = True) -> BuildContext:
        key = (paper, duplex)
        if key not in built:
            folder = tmp_path_factory.mktemp(f"kit-{paper}-{'duplex' if duplex else 'fold'}")
            built[key] = build_kit(game, folder, paper) if duplex else build_cards(game, folder, paper, duplex)
        return built[key]

    return get
