"""`selftest` checks the hidden-information redraw itself: every world the search player redraws
loads back as a position, holds the same cards (none duplicated, lost or invented), looks the
same to the deciding seat, and across redraws what the seat cannot see does move. Broken redraws
(the hidden parts kept as they are, a card duplicated) fail, in a copy of goofspiel and in a seed
game's subclass."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dragon_pnp.games.conformance import _card_multiset, _same_cards, run_conformance
from dragon_pnp.games.parts import HiddenPart
from dragon_pnp.games.registry import load_game
from tests.conftest import ROOT

KEPT = '''
class KeptRedraw(HiddenPart):
    """Broken on purpose: the world is the position itself, the deck's order kept."""

    def sample_hidden(self, state, seat, rng):
        return state.clone()
'''

DUPLICATED = '''
class DuplicatingRedraw(HiddenPart):
    """Broken on purpose: the deck reshuffled, then its first prize printed twice."""

    def sample_hidden(self, state, seat, rng):
        world = state.clone()
        rng.shuffle(world.deck)
        if len(world.deck) >= 2:
            world.deck[0] = world.deck[1]
        return world
'''


def goofspiel_with(tmp_path: Path, part: str, name: str) -> Path:
    """A copy of goofspiel whose module lists a redraw of its own (`part`, a HiddenPart named `name`)."""
    folder = tmp_path / "goofspiel"
    shutil.copytree(ROOT / "examples" / "goofspiel", folder, ignore=shutil.ignore_patterns("__pycache__"))
    init = folder / "rules" / "__init__.py"
    text = init.read_text()
    assert "    parts = (GoofReport, GoofPlaytest, GoofWords)" in text
    text = text.replace("    parts = (GoofReport, GoofPlaytest, GoofWords)",
                        f"    parts = (GoofReport, GoofPlaytest, GoofWords, {name})")
    text = text.replace("\n\nclass GoofspielGame", "\nfrom dragon_pnp.games.parts import HiddenPart\n" + part
                        + "\n\nclass GoofspielGame")
    init.write_text(text)
    return folder


@pytest.mark.parametrize("part, name, words", [
    (KEPT, "KeptRedraw", "the redrawn worlds never move what the seat cannot see"),
    (DUPLICATED, "DuplicatingRedraw", "is not a position the rules accept"),
])
def test_a_broken_redraw_fails_selftest(tmp_path, part, name, words):
    folder = goofspiel_with(tmp_path, part, name)
    game = load_game(folder)
    found = run_conformance(game, game.module, playouts=2, seed=3)
    assert not found.passed
    assert {f.check for f in found.failures} == {"hidden redraw"}
    assert any(words in f.message for f in found.failures), found.failures
    run = subprocess.run([sys.executable, "-m", "dragon_pnp", "selftest", str(folder), "--playouts", "2", "--seed", "3"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 1 and "hidden redraw" in run.stdout and "Traceback" not in run.stderr


def _seed_game_with(hidden: type[HiddenPart]):
    """Dragon Line's own module with its redraw replaced (a subclass, as a designer might write)."""
    game = load_game("dragon_line")
    base = type(game.module)

    class Broken(base):  # type: ignore[misc, valid-type]
        parts = tuple(p for p in base.parts if not issubclass(p, HiddenPart)) + (hidden,)

    return game, Broken()


class EnemyHandKept(HiddenPart):
    """Broken on purpose: only the generator reseeded, the enemy's stack and hand kept as they are."""

    def sample_hidden(self, state, seat, rng):
        world = state.clone()
        world.seed = rng.getrandbits(63)
        return world


class EnemyCardDuplicated(HiddenPart):
    """Broken on purpose: Dragon Line's own redraw, then one of the enemy's stack cards doubled."""

    def sample_hidden(self, state, seat, rng):
        from dragon_pnp.games.dragon_line.hidden import sample_hidden

        world = sample_hidden(state, seat, rng)
        stack = world.stacks[1 - seat]
        if len(stack) >= 2:
            world.stacks[1 - seat] = [stack[0], *stack[:-1]]
        return world


@pytest.mark.parametrize("hidden, words", [
    (EnemyHandKept, "never move what the seat cannot see"),
    (EnemyCardDuplicated, "is not a position the rules accept"),
])
def test_a_seed_game_with_a_broken_redraw_fails(hidden, words):
    game, module = _seed_game_with(hidden)
    found = run_conformance(game, module, playouts=1, seed=2, round_trips=8)
    assert [f.check for f in found.failures] == ["hidden redraw"]
    assert words in str(found.failures[0])


def test_same_cards_allows_a_relabelling_and_refuses_a_duplicate():
    # hand a b is also recorded as drafted; c lies buried; a world may swap b and c with their places
    position = {"seed": 1 << 40, "seats": [{"hand": ["a", "b"], "drafted": ["a", "b"]}], "buried": ["c"]}
    swapped = {"seed": 7 << 40, "seats": [{"hand": ["a", "c"], "drafted": ["a", "c"]}], "buried": ["b"]}
    doubled = {"seed": 1 << 40, "seats": [{"hand": ["a", "a"], "drafted": ["a", "b"]}], "buried": ["c"]}
    lost = {"seed": 1 << 40, "seats": [{"hand": ["a", "b"], "drafted": ["a", "b"]}], "buried": ["d"]}
    before = _card_multiset(position)
    assert before == {'"a"': 2, '"b"': 2, '"c"': 1}          # the generator's state is no card
    assert _same_cards(before, _card_multiset(swapped))
    assert not _same_cards(before, _card_multiset(doubled))
    assert not _same_cards(before, _card_multiset(lost))
