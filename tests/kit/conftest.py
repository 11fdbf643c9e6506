"""Kits built once per test session (Letter and A4, duplex and fold-over) for read-back tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_pnp.build.context import BuildContext, BuildOptions
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.steps import kit_step, print_and_play_step
from dragon_pnp.rulebook.build import EARLY
from dragon_pnp.rulebook.build import build_step as rulebook_step
from dragon_pnp.rulebook.early import ReadyRulebook, TypesetBook


@pytest.fixture(scope="session", autouse=True)
def render_cache(private_render_cache):
    """Every test here renders into the run's private cache (tests/conftest.py)."""
    return private_render_cache


@pytest.fixture(scope="session")
def game():
    return load_game("dragon_pants")


def build_kit(game, folder: Path, paper: str, duplex: bool = True, book: TypesetBook | None = None) -> BuildContext:
    """Every file `dragon-pnp build --no-check` writes: the print kit, the rulebook and player aid
    (typeset while the kit renders, as in a build) and print-and-play.pdf. `book`: a rulebook
    typeset already for this game and paper (`typeset_book`), handed in as the studio does,
    where a test is about the kit's renders and not the typesetting (seconds a build)."""
    folder.mkdir(parents=True, exist_ok=True)
    context = BuildContext(game, BuildOptions(paper=paper, duplex=duplex, check=False), folder)
    if book is not None:
        context.begun(EARLY, ReadyRulebook(book))
    kit_step(context)
    rulebook_step(context)
    print_and_play_step(context)
    return context


def typeset_book(context: BuildContext) -> TypesetBook:
    """The rulebook `build_kit` wrote into `context`, as the rulebook step takes one handed in."""
    aid = context.artifacts.get("player-aid.pdf")
    return TypesetBook(context.artifacts["rulebook.pdf"].read_bytes(), aid.read_bytes() if aid else None,
                       context.aid_copies, context.rules_without_aid)


@pytest.fixture(scope="session")
def kits(game, seed_kit, seed_cards):
    """Whole kits (duplex) or card sheets only (fold-over), built lazily once per test run.

    A duplex kit is the run's shared seed kit of Dragon Pants (`dragon-pnp build dragon_pants
    --no-check [--paper PAPER]`, tests/conftest.py), which the fault and foundation tests read too:
    one build serves them all (the proof only on the plain Letter build: test_build_command.py reads
    its line there). Fold-over card sheets are built in-process, cards.pdf alone. Either way the workers of
    one run share the files (tests/conftest.py: `seed_kit`, `seed_cards`), and each gets a
    `BuildContext` over them.
    """
    built: dict[tuple[str, bool], BuildContext] = {}

    def get(paper: str, duplex: bool = True) -> BuildContext:
        key = (paper, duplex)
        if key not in built:
            if duplex:
                folder = seed_kit("dragon_pants", paper)
            else:
                folder = seed_cards("dragon_pants", paper, duplex)
            context = BuildContext(game, BuildOptions(paper=paper, duplex=duplex, check=False), folder)
            context.artifacts.update({p.name: p for p in folder.iterdir() if p.is_file()})
            built[key] = context
        return built[key]

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
