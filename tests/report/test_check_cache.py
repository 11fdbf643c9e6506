"""The check cache: a check played before is read back, not played again, and gives the same
records and report; changing the game's data, its rules module's source, the seed, the number
of games, the decision cap or the rules options plays again."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

import dragon_pnp.report.check_cache as check_cache
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.render_cache import RenderCache
from dragon_pnp.report.check import CheckSettings, build_report, plan
from dragon_pnp.report.check_cache import batch_key, inputs_key, play_batches
from dragon_pnp.report.plan import plan_batches
from dragon_pnp.report.simulate import Job
from tests.conftest import ROOT

SETTINGS = CheckSettings(games=6, duel_games=0, seed=5, players=(2,), policies=("random",), batch_games=3)


@pytest.fixture
def goofspiel(tmp_path: Path) -> Path:
    """A private copy of the example game with its own rules package (rules/)."""
    folder = tmp_path / "games" / "goofspiel"
    shutil.copytree(ROOT / "examples" / "goofspiel", folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


@pytest.fixture
def played(monkeypatch) -> list[int]:
    """How many batches each call of the cache played (it plays through run_tasks)."""
    counts: list[int] = []
    real = check_cache.run_tasks

    def counting(work, tasks, **options):
        counts.append(len(tasks))
        return real(work, tasks, **options)

    monkeypatch.setattr(check_cache, "run_tasks", counting)
    return counts


def check(folder: Path, cache: RenderCache, settings: CheckSettings = SETTINGS):
    game = load_game(folder)
    module = game.module
    main, duels = plan(game, settings, module)
    batches = plan_batches(main, settings.games, settings.seed, settings.batch_games)
    job = Job(str(folder.resolve()), module.slug, settings.options, settings.decision_cap)
    found = play_batches(game, module, job, batches, jobs=1, cache=cache)
    records: dict = {}
    for batch, games in zip(batches, found.results):
        records.setdefault(batch.config, []).extend(games)
    return found, build_report(game, settings, records, main, duels, module)


def test_a_second_check_reads_the_first(goofspiel, tmp_path, played):
    cache = RenderCache(tmp_path / "cache")
    first, first_report = check(goofspiel, cache)
    assert first.played == 2 and played == [2]
    second, second_report = check(goofspiel, cache)
    assert second.played == 0 and played == [2]          # nothing handed to the executor
    assert second.results == first.results and second_report == first_report
    assert sum(len(r) for r in second.results) == 6
    # The same files in another folder are the same inputs.
    elsewhere = tmp_path / "elsewhere" / "goofspiel"
    shutil.copytree(goofspiel, elsewhere)
    assert check(elsewhere, cache)[0].played == 0
    # Caching off: always played.
    assert check(goofspiel, RenderCache(None))[0].played == 2


def test_each_input_plays_again(goofspiel, tmp_path, played):
    cache = RenderCache(tmp_path / "cache")
    check(goofspiel, cache)
    assert check(goofspiel, cache, replace(SETTINGS, seed=6))[0].played == 2
    assert check(goofspiel, cache, replace(SETTINGS, games=9))[0].played == 1   # the third batch only
    assert check(goofspiel, cache, replace(SETTINGS, decision_cap=500))[0].played == 2

    prizes = goofspiel / "prizes.csv"
    prizes.write_text(prizes.read_text() + "\n")                      # the data
    assert check(goofspiel, cache)[0].played == 2
    rules = goofspiel / "rules" / "players.py"
    rules.write_text(rules.read_text() + "\n# an edit to the rules module's source\n")
    assert check(goofspiel, cache)[0].played == 2
    assert check(goofspiel, cache)[0].played == 0

    game = load_game(goofspiel)
    job = Job(str(goofspiel), game.module.slug)
    batch = plan_batches(plan(game, SETTINGS, game.module)[0], 3, 5, 3)[0]
    keys = {batch_key(inputs_key(game, game.module, replace(job, **change)), batch)
            for change in ({}, {"options": (("variant", 1),)}, {"decision_cap": 10}, {"rules_module": "other"})}
    assert len(keys) == 4


def test_a_damaged_entry_is_played_again(goofspiel, tmp_path, played):
    cache = RenderCache(tmp_path / "cache")
    check(goofspiel, cache)
    for entry in (tmp_path / "cache").rglob("*"):
        if entry.is_file():
            entry.write_bytes(entry.read_bytes()[:-5])
    assert check(goofspiel, cache)[0].played == 2
