"""Kits built once per test session (Letter and A4, duplex and fold-over) for read-back tests."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from dragon_pnp.build.context import BuildContext, BuildOptions
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.kit import plan_kit, render_plan, write_documents
from dragon_pnp.kit.steps import kit_step, print_and_play_step
from dragon_pnp.rulebook.build import build_step as rulebook_step


@pytest.fixture(scope="session", autouse=True)
def render_cache(private_render_cache):
    """Every test here renders into the run's private cache (tests/conftest.py)."""
    return private_render_cache


@pytest.fixture(scope="session")
def game():
    return load_game("dragon_pants")


def build_kit(game, folder: Path, paper: str, duplex: bool = True) -> BuildContext:
    """Every file `dragon-pnp build --no-check` writes: the print kit, the rulebook and player aid
    (typeset while the kit renders, as in a build) and print-and-play.pdf."""
    folder.mkdir(parents=True, exist_ok=True)
    context = BuildContext(game, BuildOptions(paper=paper, duplex=duplex, check=False), folder)
    kit_step(context)
    rulebook_step(context)
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
    """Whole kits (duplex) or card sheets only (fold-over), built lazily once per test run.

    Under pytest-xdist the workers of one run share the builds: the first to ask builds while
    holding a lock file, the others wait for its `done` marker and read the same files.
    """
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    shared = tmp_path_factory.getbasetemp().parent / f"kits-{run}" if run else None
    built: dict[tuple[str, bool], BuildContext] = {}

    def make(paper: str, duplex: bool, folder: Path) -> BuildContext:
        return build_kit(game, folder, paper) if duplex else build_cards(game, folder, paper, duplex)

    def get(paper: str, duplex: bool = True) -> BuildContext:
        key = (paper, duplex)
        if key in built:
            return built[key]
        name = f"kit-{paper}-{'duplex' if duplex else 'fold'}"
        if shared is None:
            built[key] = make(paper, duplex, tmp_path_factory.mktemp(name))
            return built[key]
        shared.mkdir(parents=True, exist_ok=True)
        folder, done = shared / name, shared / f"{name}.done"
        try:
            os.close(os.open(shared / f"{name}.lock", os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            deadline = time.monotonic() + 600
            while not done.exists():
                if time.monotonic() > deadline:
                    raise TimeoutError(f"another worker never finished building {name}") from None
                time.sleep(0.1)
            context = BuildContext(game, BuildOptions(paper=paper, duplex=duplex, check=False), folder)
            context.artifacts.update({p.name: p for p in folder.iterdir() if p.is_file()})
        else:
            context = make(paper, duplex, folder)
            done.touch()
        built[key] = context
        return context

    return get


@pytest.fixture(scope="session")
def paper_kit(kits, seed_kit):
    """A game's whole kit on a paper (`dragon-pnp build GAME --no-check --paper PAPER`), built
    once per session by game folder and paper: Dragon Pants reuses the session's kits, the others
    are the run's shared seed kits (tests/conftest.py, built in a subprocess)."""
    def get(folder: Path, paper: str = "letter") -> Path:
        return kits(paper).out_dir if folder.name == "dragon_pants" else seed_kit(folder, paper)

    return get


@pytest.fixture(scope="session")
def letter_kit(paper_kit):
    """A game's whole kit on Letter (`dragon-pnp build GAME --no-check`), built once per session."""
    return lambda folder: paper_kit(folder, "letter")
