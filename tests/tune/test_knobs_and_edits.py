"""Data paths, ranges and edits of the numbers' text: wildcards resolved by hand, and an edited
file compared byte for byte with one written by hand (comments, spacing and style kept)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dragon_pnp.errors import DataError, NotationError
from dragon_pnp.tune.edits import Edit, apply_saved, write_edits
from dragon_pnp.tune.knobs import VarySpec, declared_specs, parse_vary, resolve_knobs

LAYOUT = Path(__file__).parent / "fixtures" / "layout"
COIN = Path(__file__).parent / "fixtures" / "coin"


def names(specs: list[str]) -> list[str]:
    return [k.name for k in resolve_knobs(LAYOUT, [parse_vary(s) for s in specs])]


def test_a_wildcard_names_every_number_under_each_matched_place_with_ids_for_list_items():
    assert names(["cards.yaml:*.table"]) == ["cards.charge.table.none", "cards.charge.table.1", "cards.charge.table.2",
                                             "cards.charge.table.6", "cards.slash.table.none", "cards.slash.table.6"]
    assert names(["cards.yaml:slash.count"]) == ["cards.slash.count"]
    assert names(["cards.yaml:**.6"]) == ["cards.charge.table.6", "cards.slash.table.6"]
    # text that looks like a number ("7") and booleans are not numbers
    assert names(["cards.yaml:charge.*"]) == ["cards.charge.count", "cards.charge.table.none", "cards.charge.table.1",
                                              "cards.charge.table.2", "cards.charge.table.6"]


def test_a_knob_knows_its_line_column_and_text():
    [knob] = resolve_knobs(LAYOUT, [parse_vary("cards.yaml:settings.step")])
    assert (knob.line, knob.column, knob.text, knob.value, knob.integer) == (14, 9, "+2", 2.0, True)


def test_ranges_given_or_by_default_half_the_value_either_way_and_never_across_zero():
    [given] = resolve_knobs(LAYOUT, [parse_vary("cards.yaml:slash.count=1..6")])
    assert (given.low, given.high) == (1, 6)
    [default] = resolve_knobs(LAYOUT, [parse_vary("cards.yaml:slash.count")])
    assert (default.low, default.high) == (0, 4)          # 2 +- max(2, 1), not below 0
    [weight] = resolve_knobs(LAYOUT, [parse_vary("cards.yaml:settings.weight")])
    assert (weight.low, weight.high) == (0.125, 0.375)
    assert given.steps() == [1.0, 3.0]                    # one step either way, inside the range
    [edge] = resolve_knobs(LAYOUT, [parse_vary("cards.yaml:charge.count=1..3")])
    assert edge.steps() == [2.0]                          # 0 is outside 1..3


@pytest.mark.parametrize("text, message", [
    ("cards.yaml", "expected FILE:PATH"),
    ("cards.yaml:*.table=6..1", "runs backwards"),
    ("cards.yaml:*.table=1-6", "is not LO..HI"),
])
def test_a_malformed_vary_says_what_was_expected(text, message):
    with pytest.raises(NotationError, match=message):
        parse_vary(text)


@pytest.mark.parametrize("text, message", [
    ("cards.yaml:*.tabel", r"matches no number in cards.yaml \(its numbers are named like cards.charge.count"),
    ("missing.yaml:a.b", "missing.yaml is not a YAML data file"),
    ("../coin/game.yaml:settings.flips", "is not a YAML data file"),
    ("cards.yaml:slash.count=3..6", r"cards.yaml:8:12 cards.slash.count is 2, outside the range 3..6"),
])
def test_a_path_or_range_that_cannot_be_used_is_a_located_error(text, message):
    with pytest.raises(NotationError, match=message) as caught:
        resolve_knobs(LAYOUT, [parse_vary(text)])
    assert caught.value.exit_code == 2


def test_the_game_declares_its_tunable_numbers_in_game_yaml(tmp_path):
    [spec] = declared_specs(COIN)
    assert spec == VarySpec("game.yaml", "settings.heads_in_20", 0.0, 20.0, spec.where)
    assert "game.yaml:15" in spec.where
    broken = tmp_path / "coin"
    shutil.copytree(COIN, broken)
    game = broken / "game.yaml"
    game.write_text(game.read_text().replace('"game.yaml:settings.heads_in_20"', '"heads_in_20"'))
    with pytest.raises(DataError, match=r"game.yaml:15:5.*expected FILE:PATH"):
        declared_specs(broken)


def test_edits_rewrite_only_the_numbers_text(tmp_path):
    shutil.copy(LAYOUT / "cards.yaml", tmp_path / "cards.yaml")
    knobs = {k.name: k for k in resolve_knobs(LAYOUT, [parse_vary("cards.yaml:**")])}
    write_edits(tmp_path, [Edit(knobs["cards.charge.table.2"], 3), Edit(knobs["cards.slash.table.none"], 10),
                           Edit(knobs["settings.step"], 3), Edit(knobs["settings.weight"], 0.3)])
    assert (tmp_path / "cards.yaml").read_bytes() == (LAYOUT / "cards.expected.yaml").read_bytes()


def test_a_saved_proposal_applies_by_line_and_column_and_refuses_a_changed_file(tmp_path):
    shutil.copy(LAYOUT / "cards.yaml", tmp_path / "cards.yaml")
    knobs = {k.name: k for k in resolve_knobs(LAYOUT, [parse_vary("cards.yaml:**")])}
    saved = [Edit(knobs["cards.charge.table.2"], 3).to_json(), Edit(knobs["cards.slash.table.none"], 10).to_json(),
             Edit(knobs["settings.step"], 3).to_json(), Edit(knobs["settings.weight"], 0.3).to_json()]
    apply_saved(tmp_path, saved)
    assert (tmp_path / "cards.yaml").read_bytes() == (LAYOUT / "cards.expected.yaml").read_bytes()
    with pytest.raises(NotationError, match=r"cards.yaml:5:31: cards.charge.table.2 no longer reads '2'"):
        apply_saved(tmp_path, saved[:1])   # applied already: the text there is 3 now
