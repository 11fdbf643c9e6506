"""Loading data/dragon_dance: the rosters, settings, kit counts and the worked-example check (D13)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import TypeAdapter

from dragon_pnp.data.components import Component
from dragon_pnp.errors import DataErrors

from .helpers import DATA, dance_data, data_errors, load_dance


def _edit(file: Path, old: str, new: str, count: int = 1) -> None:
    text = file.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{old!r} not in {file.name}"
    file.write_text(text.replace(old, new, count), encoding="utf-8")


def _errors(folder: Path) -> list:
    with pytest.raises(DataErrors) as caught:
        load_dance(folder)
    return caught.value.errors


def _line_of(file: Path, needle: str, after: str | None = None) -> int:
    lines = file.read_text(encoding="utf-8").splitlines()
    start = 0
    if after is not None:
        start = next(i for i, line in enumerate(lines) if after in line)
    return next(i for i, line in enumerate(lines) if i >= start and needle in line) + 1


def test_the_data_loads_with_both_rosters_of_the_seed():
    data = dance_data()
    assert data.roles == ("knight", "dragon")
    assert [c.name for c in data.rosters["knight"].cards] == [
        "Charge", "Hack", "Slash", "Dodge", "Parry", "Advance", "Retreat", "Recuperate"]
    assert [c.name for c in data.rosters["dragon"].cards] == [
        "Breathe Fire", "Rake", "Tail Lash", "Bite", "Flap", "Advance", "Retreat", "Recuperate"]
    assert data.provisional is True
    assert all(card.version for roster in data.rosters.values() for card in roster.cards)


def test_tables_follow_the_design_intent_high_dice_attack_low_dice_defend():
    for roster in dance_data().rosters.values():
        for card in roster.cards:
            faces = card.values()[1:]
            if card.kind == "attack":
                assert list(faces) == sorted(faces), card.id
            elif card.kind == "defence":
                assert list(faces) == sorted(faces, reverse=True), card.id


def test_components_match_the_generic_schema():
    raw = yaml.safe_load((DATA / "game.yaml").read_text(encoding="utf-8"))
    components = TypeAdapter(list[Component]).validate_python(raw["components"])
    kinds = [c.kind for c in components]
    assert kinds.count("deck") == 2 and "aid" in kinds and "dice" in kinds and kinds.count("tokens") >= 2


def test_game_module_validates_the_shipped_data():
    assert data_errors(DATA) == []


def test_a_table_that_breaks_a_worked_example_is_located_at_that_entry(dance_copy):
    cards = dance_copy / "knight_cards.yaml"
    # Hack's face 5 must deal 3 (seed example 1).
    _edit(cards, "table: {none: 1, 1: 1, 2: 2, 3: 2, 4: 2, 5: 3, 6: 4}",
          "table: {none: 1, 1: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 4}")
    errors = _errors(dance_copy)
    assert len(errors) == 1
    error = errors[0]
    assert Path(error.location.file).name == "knight_cards.yaml"
    assert error.location.field == "cards[1].table[5]"
    assert error.location.line == _line_of(cards, "table:", after="id: hack")
    assert "Hack with a 5 must deal 3" in error.message and "seed example 1" in error.message
    assert "the table gives 2" in error.message


def test_a_defence_table_that_breaks_an_example_is_located(dance_copy):
    cards = dance_copy / "dragon_cards.yaml"
    _edit(cards, "table: {none: 1, 1: 4,", "table: {none: 1, 1: 3,")
    (error,) = _errors(dance_copy)
    assert error.location.field == "cards[4].table[1]"
    assert "Flap with a 1 must prevent 4" in error.message


def test_a_card_not_playable_at_the_example_range_is_located_at_its_ranges(dance_copy):
    cards = dance_copy / "knight_cards.yaml"
    _edit(cards, "    ranges: [long]\n    kind: attack", "    ranges: [short]\n    kind: attack")
    errors = _errors(dance_copy)
    assert any(e.location.field == "cards[0].ranges" and "Charge must be playable at long range" in e.message
               for e in errors)


def test_an_example_the_rules_cannot_reproduce_is_located_in_examples(dance_copy):
    # Charge without its movement leaves the range long, against seed example 2.
    _edit(dance_copy / "knight_cards.yaml", "    kind: attack\n    movement: reduce\n", "    kind: attack\n")
    (error,) = _errors(dance_copy)
    assert Path(error.location.file).name == "examples.yaml"
    assert error.location.field == "examples[1].expect.range_after"
    assert "the range must end short" in error.message


def test_a_combo_card_without_combo_is_located(dance_copy):
    _edit(dance_copy / "knight_cards.yaml", "    kind: attack\n    combo: true\n    table: {none: 1, 1: 1, 2: 2, 3: 3",
          "    kind: attack\n    table: {none: 1, 1: 1, 2: 2, 3: 3")
    errors = _errors(dance_copy)
    assert any(e.location.field == "cards[1].combo" and "Combo card needs another" in e.message for e in errors)


@pytest.mark.parametrize("old, new, field, words", [
    ("table: {none: 2, 1: 5,", "table: {none: 2, one: 5,", "cards[4]", "exactly the keys none"),
    ("    kind: defence\n", "    kind: shield\n", "cards[4].kind", "expected"),
    ("  - id: parry\n    name: Parry\n    count: 1\n", "  - id: parry\n    name: Parry\n    count: 2\n", "cards[4]", "expected count 1"),
    ("    effect: dodge\n", "", "cards[3]", "special card needs an effect"),
    ("  - id: retreat\n", "  - id: advance\n", "cards[6].id", "used twice"),
    ("    ranges: [long, short]\n    kind: special\n    effect: recuperate", "    ranges: [long]\n    kind: special\n    effect: recuperate",
     "cards[7].ranges", "both ranges"),
])
def test_schema_and_roster_mistakes_are_located(dance_copy, old, new, field, words):
    _edit(dance_copy / "knight_cards.yaml", old, new)
    errors = _errors(dance_copy)
    assert any(Path(e.location.file).name == "knight_cards.yaml" and e.location.line
               and (e.location.field or "").startswith(field) and words in e.message for e in errors), errors


def test_kit_counts_must_match_the_rules(dance_copy):
    game = dance_copy / "game.yaml"
    _edit(game, "faces: [{id: heart, name: Heart, count: 9, fields: {symbol: heart}}]", "faces: [{id: heart, name: Heart, count: 8, fields: {symbol: heart}}]")
    _edit(game, "name: Large red dice (dragon), count: 3", "name: Large red dice (dragon), count: 4")
    errors = _errors(dance_copy)
    messages = " | ".join(e.message for e in errors)
    assert "hearts prints 8 tokens but the knight starts with 9 life" in messages
    assert "die set red has 4 dice but the dragon plays with 3" in messages
    assert all(e.location.line for e in errors)


def test_unknown_rules_option_and_role_settings(dance_copy):
    game = dance_copy / "game.yaml"
    _edit(game, "  recuperate_keeps_dice:\n", "  recuperate_keeps_dice_x:\n")
    (error,) = _errors(dance_copy)
    assert error.location.field == "rules_options.recuperate_keeps_dice_x"
    assert "know no option" in error.message


def test_settings_are_schema_checked_with_location(dance_copy):
    _edit(dance_copy / "game.yaml", "  round_cap: 60", "  round_cap: 0")
    (error,) = _errors(dance_copy)
    assert error.location.field == "settings.round_cap" and error.location.line


def test_validate_hook_returns_located_errors(dance_copy):
    _edit(dance_copy / "dragon_cards.yaml", "table: {none: 2, 1: 1, 2: 2, 3: 3,", "table: {none: 2, 1: 1, 2: 2, 3: 2,")
    errors = data_errors(dance_copy)
    assert len(errors) == 1 and "Breathe Fire with a 3 must deal 3" in errors[0].message
