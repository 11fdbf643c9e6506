"""Dragon Line's data: it loads, its numbers add up, and every mistake is a located error."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from dragon_pnp.checks import load_checked as load_line_data
from dragon_pnp.errors import DataErrors
from dragon_pnp.games.dragon_line import GAME
from dragon_pnp.games.dragon_line.data import cards_digest, validate
from dragon_pnp.games.registry import game_module

DATA = Path(__file__).resolve().parents[3] / "data" / "dragon_line"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "dragon_line"
    shutil.copytree(DATA, target)
    return target


def errors_of(folder: Path) -> list[str]:
    with pytest.raises(DataErrors) as caught:
        load_line_data(folder)
    return [str(e) for e in caught.value.errors]


def edit(file: Path, old: str, new: str, count: int = 1) -> None:
    text = file.read_text()
    assert old in text, old
    file.write_text(text.replace(old, new, count))


def test_the_shipped_data_loads_and_is_marked_provisional():
    data = load_line_data(DATA)
    assert len(data.dragons.cards) == 35 and data.game.provisional and data.dragons.provisional
    assert data.game.version
    suits = {s.id: sum(1 for c in data.dragons.cards if c.suit == s.id) for s in data.suits.suits}
    assert suits == {"air": 7, "earth": 7, "fire": 7, "ice": 7, "spirit": 7}
    assert all((c.damage is None) == (c.suit == "spirit") for c in data.dragons.cards)
    assert data.card_values is not None and data.card_values.cards_digest == cards_digest(data.dragons, data.suits)
    assert game_module("dragon_line") is GAME
    assert validate(data) == []


def test_components_list_the_kit_of_the_issue():
    data = load_line_data(DATA)
    kinds = {c.id: c for c in data.game.components}
    assert kinds["dragons"].kind == "deck" and kinds["dragons"].size == "poker" and kinds["dragons"].provisional
    tokens = kinds["activation"]
    assert tokens.sticker_sheet and tokens.back and sum(f.count for f in tokens.faces) == 16
    assert {f.fields["seat"] for f in tokens.faces} == {1, 2}
    assert sum(f.count for f in tokens.faces if f.fields["star"]) == 8
    assert sum(f.count for f in kinds["damage"].faces) == 40
    assert kinds["line_mat"].kind == "aid"


def test_reach_tables_follow_the_data(folder):
    edit(folder / "suits.yaml", "reach: [[2], [3], [4]]", "reach: [[2, 3], [4]]")
    edit(folder / "card_values.yaml", "cards_digest:", "# stale\ncards_digest:")
    data = load_line_data_ignoring_values(folder)
    rules = GAME.make_rules(data)
    assert rules.reach("air", 0) == (2, 3) and rules.reach("air", 1) == (4,) and rules.reach("air", 2) == (4,)


def load_line_data_ignoring_values(folder: Path):
    (folder / "card_values.yaml").unlink()
    return load_line_data(folder)


def edit_card(folder: Path, card: str, pattern: str, new: str) -> None:
    """Change one card's row in dragons.yaml, whatever its current (provisional) numbers."""
    file = folder / "dragons.yaml"
    lines = file.read_text().splitlines(keepends=True)
    index = next(i for i, text in enumerate(lines) if text.lstrip().startswith(f"- {{id: {card},"))
    changed = re.sub(pattern, new, lines[index], count=1)
    assert changed != lines[index], (card, pattern)
    lines[index] = changed
    file.write_text("".join(lines))


@pytest.mark.parametrize("card,pattern,new,words", [
    ("gale", r"suit: air,", "suit: wind,", "unknown suit 'wind'"),
    ("haunt", r"\}\s*$", ", damage: 1}\n", "never deal damage"),
    ("zephyr", r"id: zephyr,", "id: gale,", "ids are unique"),
    ("gale", r"health: \d+", "health: 0", "greater than or equal to 1"),
    ("veil", r"range: 1", "range: 2", "less than or equal to 1"),
    ("tor", r"damage: \d+", "reform: {damage: 1}", "only Reform dragons have reform modifiers"),
])
def test_card_mistakes_are_located(folder, card, pattern, new, words):
    edit_card(folder, card, pattern, new)
    found = errors_of(folder)
    line = next(i for i, text in enumerate((folder / "dragons.yaml").read_text().splitlines(), start=1)
                if f"name: {card.title()}," in text)
    assert any(f"dragons.yaml:{line}:" in e and words in e for e in found), found


@pytest.mark.parametrize("file,old,new,where,words", [
    ("game.yaml", "stack_size: 15", "stack_size: 16", "game.yaml:", "must equal deck_size 35"),
    ("game.yaml", "draft_picks: [1, 2, 3]", "draft_picks: [1, 2, 3, 4, 5]", "game.yaml:", "cannot give 15 draft picks"),
    ("suits.yaml", "reach: [[1, 2], [1, 2, 3]]", "reach: [[1, 1]]", "suits.yaml:", "names a position twice"),
    ("suits.yaml", "count: 7\n    summary: Hits the dragon in front.", "count: 6\n    summary: Hits the dragon in front.",
     "suits.yaml:", "Earth has 7 cards in dragons.yaml, expected 6"),
    ("dragons.yaml", "provisional: true", "provisional: false", "dragons.yaml:", "game.yaml says True"),
])
def test_mistakes_are_located(folder, file, old, new, where, words):
    edit(folder / file, old, new)
    found = errors_of(folder)
    assert any(where in e and words in e for e in found), found
    assert all(re.search(r"\.yaml:\d+", e) for e in found if where in e), found   # with a line number


def test_values_learned_on_other_cards_are_refused(folder):
    edit_card(folder, "tor", r"health: (\d+)", "health: 11")
    found = errors_of(folder)
    assert any("card_values.yaml:" in e and "learned on other card values" in e for e in found), found


def test_a_missing_card_breaks_the_count(folder):
    text = (folder / "dragons.yaml").read_text()
    (folder / "dragons.yaml").write_text(re.sub(r"  - \{id: scree,.*\n", "", text))
    (folder / "card_values.yaml").unlink()
    found = errors_of(folder)
    assert any("34 cards, expected deck_size 35" in e for e in found)
    assert any("Earth has 6 cards" in e for e in found)
