"""A rebuild whose files and settings equal an earlier one's plans and typesets nothing: it shows
what that rebuild showed. Any changed byte makes everything again."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from dragon_pnp.studio import build_adapter as adapter
from dragon_pnp.studio.remembered import Remembered
from tests.studio.conftest import SMALL, game_source
from tests.studio.test_session import preview_session, sources, wait


@pytest.fixture
def counted(monkeypatch) -> dict[str, int]:
    """How often the studio typesets the rulebook and plans the card sheets."""
    calls = {"typeset": 0, "plan": 0}
    typeset, plan = adapter.typeset_book, adapter.plan_card_preview

    def typeset_book(*args):
        calls["typeset"] += 1
        return typeset(*args)

    def plan_card_preview(*args):
        calls["plan"] += 1
        return plan(*args)

    monkeypatch.setattr(adapter, "typeset_book", typeset_book)
    monkeypatch.setattr(adapter, "plan_card_preview", plan_card_preview)
    return calls


def small_game(folder: Path) -> Path:
    """A copy of the small game whose rules no other test's studio has typeset (a line naming this
    test's folder), so the run's render cache holds its card pages but not its book (kept_books.py)."""
    game = folder / SMALL
    shutil.copytree(game_source(SMALL), game)
    rules = game / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + f"\nPlayed at {folder.parent.name}/{folder.name}.\n", encoding="utf-8")
    return game


def save(path: Path, text: str) -> None:
    """A save as an editor makes it, whole at once (a rename from outside the game folder), so no
    half-written file is rebuilt."""
    part = path.parent.parent / (path.name + ".part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)


def test_an_undone_edit_and_a_settings_request_that_changes_nothing_make_nothing_again(tmp_path, counted):
    game = small_game(tmp_path)
    rules = game / "rules.md"
    original = rules.read_text(encoding="utf-8")
    with preview_session(game) as session:
        first = wait(session, lambda s: s["status"] == "ready")
        assert counted == {"typeset": 1, "plan": 1}
        session.change_settings(paper=first["settings"]["paper"])   # the same paper: nothing to make
        again = wait(session, lambda s: s["status"] == "ready" and s["rebuild"] > first["rebuild"])
        assert counted == {"typeset": 1, "plan": 1} and sources(again) == sources(first)

        save(rules, original + "\nOne more line of rules.\n")
        edited = wait(session, lambda s: s["status"] == "ready" and s["rebuild"] > again["rebuild"]
                      and sources(s) != sources(first))
        assert counted["typeset"] == 2 and counted["plan"] >= 2   # a changed byte: everything made again
        plans = counted["plan"]

        save(rules, original)   # undone: the first rebuild's book and plan
        undone = wait(session, lambda s: s["status"] == "ready" and s["rebuild"] > edited["rebuild"]
                      and sources(s) == sources(first))
        assert counted == {"typeset": 2, "plan": plans}
        assert undone["changed"]   # the rulebook's page, shown as it was, marked as changed back


def test_a_book_typeset_for_the_same_files_is_read_from_the_render_cache(tmp_path, counted):
    """A second studio on another copy of the same files typesets nothing (kept_books.py) and
    shows the same pages; a copy with one byte more in its rules typesets again."""
    source, shown = small_game(tmp_path), []
    for name, extra in (("first", ""), ("second", ""), ("edited", "\nOne more line of rules.\n")):
        game = tmp_path / name / SMALL
        shutil.copytree(source, game)
        (game / "rules.md").write_text((game / "rules.md").read_text(encoding="utf-8") + extra, encoding="utf-8")
        with preview_session(game) as session:
            shown.append(sources(wait(session, lambda s: s["status"] == "ready")))
        assert counted["typeset"] == (1 if name != "edited" else 2), name
    assert shown[1] == shown[0] and shown[2] != shown[0]


def test_what_was_made_from_changed_files_is_forgotten():
    remembered = Remembered(size=3)
    made: list[str] = []

    def make(value: str):
        return lambda: made.append(value) or value

    assert remembered.make("a", "book", make("a1")) == "a1"
    assert remembered.make("a", "book", make("a2")) == "a1"          # remembered
    assert remembered.make(None, "book", make("n")) == "n"           # no digest: always made
    remembered.forget("a")
    assert remembered.make("a", "book", make("a3")) == "a3"          # forgotten: made again
    for digest in "bcd":
        remembered.make(digest, "book", make(digest))
    assert remembered.make("a", "book", make("a4")) == "a4"          # the oldest of four dropped
    assert made == ["a1", "n", "a3", "b", "c", "d", "a4"]
