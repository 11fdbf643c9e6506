"""What the rulebook says comes from the data: cards, counts, presets, hand limit, variants."""

from __future__ import annotations

import re

import pymupdf
import pytest
import yaml

from dragon_pnp.data.components import time_track
from dragon_pnp.games.dragon_pants.data import signed
from dragon_pnp.games.dragon_pants.destiny import analyse_presets
from dragon_pnp.games.registry import load_game
from dragon_pnp.rulebook import typeset
from tests.rulebook.conftest import pdf_pages, pdf_text, table_rows


def test_every_card_name_appears_in_the_reference_and_the_aid(game, book, text):
    aid = " ".join(pdf_pages(book.pdf)[-1].split())
    for card in game.power.cards:
        assert card.name in text
        assert card.name in aid
        assert " ".join(card.rules.split()) in text  # the card table's effect column


def test_title_page_names_the_game_designers_players_and_licence(game, book):
    first = " ".join(pdf_pages(book.pdf)[0].split())
    info = game.game
    assert info.name in first
    assert all(designer in first for designer in info.designers)
    assert f"{info.players.min}–{info.players.max} players" in first
    assert f"{info.playtime_minutes} minutes" in first
    assert info.licence in first


def test_components_list_counts_come_from_the_data(game, book):
    rows = table_rows(book.pdf)
    box = game.settings.box
    assert any(r.startswith(f"Hex tiles {box.tiles} ") for r in rows)
    assert any(r.startswith(f"Deck of Power {box.power_cards} ") for r in rows)
    blanks = sum(c.count for c in game.destiny.cards if c.blank)
    assert any(r.startswith(f"Deck of Destiny {box.destiny_cards + blanks} {box.destiny_cards} time cards")
               for r in rows)
    text = pdf_text(book.pdf)
    for terrain in game.board.terrains.values():
        assert f"{terrain.count} {terrain.name}" in text


def test_preset_rows_match_the_data_and_the_destiny_analysis(game, book):
    rows = table_rows(book.pdf)
    values = sorted(c.value for c in game.destiny.cards if not c.blank)
    for analysis in analyse_presets(game):
        preset = game.destiny.presets[analysis.preset]
        counts = [str(preset.cards.get(v, 0)) for v in values]
        expected = " ".join([*counts, str(analysis.size), signed(analysis.sum), str(preset.length),
                             "yes" if analysis.guaranteed else "no"])
        row = next(r for r in rows if r.startswith(preset.name))
        assert expected in row, (row, expected)
        assert analysis.sum == sum(v * n for v, n in preset.cards.items())


def test_every_rules_option_is_offered(game, text):
    for option in game.game.rules_options.values():
        assert " ".join(option.summary.split()) in text


def test_numbers_in_the_prose_come_from_the_data(game, text):
    info, settings = game.game, game.settings
    assert f"Your hand: a limit of {settings.hand_limit}" in text
    assert f"Hand: at most {settings.hand_limit} cards, face up; at {settings.hand_limit + 1}, discard one" in text
    default = game.destiny.presets[settings.default_preset]
    assert f"({default.length} for the {default.name})" in text
    assert f"{info.players.min} to {info.players.max} players" in text


def _edit(path, file, change):
    data = yaml.safe_load((path / file).read_text())
    change(data)
    (path / file).write_text(yaml.safe_dump(data, sort_keys=False))


def test_changing_the_hand_limit_and_a_preset_changes_the_text(game_copy):
    def hand(data):
        data["settings"]["hand_limit"] = 4
        data["settings"]["actions_per_turn"] = 3

    def preset(data):
        standard = data["presets"]["standard"]
        standard["length"] = 12
        standard["cards"] = {"-1": 15, "-2": 1, "-3": 0, "+1": 3, "+2": 1}

    _edit(game_copy, "game.yaml", hand)
    _edit(game_copy, "destiny.yaml", preset)
    changed = load_game(game_copy)
    book = typeset(changed, "letter")
    text = pdf_text(book.pdf)
    assert "Your hand: a limit of 4" in text and "Hand: at most 4 cards, face up; at 5, discard one" in text
    assert "a limit of 3" not in text
    assert "up to three actions" in text
    assert "(12 for the Standard game)" in text
    row = next(r for r in table_rows(book.pdf) if r.startswith("Standard game"))
    # -3 -2 -1 +1 +2, 20 cards, sum 15*-1 + 1*-2 + 3 + 2 = -12, start 12, always ends.
    assert "0 1 15 3 1 20 -12 12 yes" in row


def test_renamed_card_is_renamed_everywhere(game_copy):
    cards = yaml.safe_load((game_copy / "power_cards.yaml").read_text())
    for card in cards["cards"]:
        if card["id"] == "shield":
            card["name"] = "Buckler"
    (game_copy / "power_cards.yaml").write_text(yaml.safe_dump(cards, sort_keys=False))
    from dragon_pnp.rulebook.source import render_rules

    # The card texts in power_cards.yaml may name other cards; our rules prose never hard-codes one.
    prose = render_rules(load_game(game_copy))
    assert "Buckler" in prose and "Shield" not in prose


def test_no_seed_sentence_is_copied(game):
    """No run of eight words from the seed rules appears in our rules text."""
    from pathlib import Path

    from dragon_pnp.rulebook.source import render_rules

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9+-]+", text.lower())

    ours = words(render_rules(game))
    ours_runs = {tuple(ours[i:i + 8]) for i in range(len(ours) - 7)}
    seeds = Path("/work/shared/seeds")
    files = sorted(seeds.glob("00[012]_*.txt")) if seeds.is_dir() else []
    if not files:
        pytest.skip("the seed rules are not on this machine")
    for seed in files:
        theirs = words(seed.read_text())
        copied = [" ".join(theirs[i:i + 8]) for i in range(len(theirs) - 7) if tuple(theirs[i:i + 8]) in ours_runs]
        assert not copied, f"{seed.name}: {copied[:3]}"


def test_player_aid_is_the_last_page_and_stands_alone(game, book):
    pages = pdf_pages(book.pdf)
    assert "player aid" in pages[-1]
    with pymupdf.open(stream=book.aid_pdf, filetype="pdf") as aid:
        assert aid.page_count == 1
        aid_text = aid[0].get_text()
    assert all(card.name in aid_text for card in game.power.cards)


def test_time_track_shows_every_box_and_the_start(game, text):
    track = time_track(game)
    default = game.destiny.presets[game.settings.default_preset]
    numbers = " ".join(str(n) for n in range(track.first, track.last + 1))
    assert numbers in text
    assert f"The time card, with the marker on {default.length}: the start of the {default.name}." in text


def test_every_sight_example_states_what_it_shows(game):
    """expect= makes the build check each picture against the engine; none may go unchecked."""
    from dragon_pnp.rulebook.markup import Directive, parse
    from dragon_pnp.rulebook.source import render_rules

    sights = [b for b in parse(render_rules(game)) if isinstance(b, Directive) and b.name == "sight"]
    assert len(sights) >= 4
    assert all("expect" in s.args for s in sights)
    shown = {(s.args["_"], s.args["expect"]) for s in sights}
    assert {("flat", "clear"), ("flat", "blocked"), ("diagonal", "clear"), ("flat", "immune")} <= shown


def test_setup_maps_name_each_seats_colour_and_placing_needs_no_number(game, text):
    """Den tiles and pawns carry colours, not numbers: the rulebook's maps give each seat its
    colour, and setting up asks players to match colours only."""
    colours = game.print_profile.seat_colours
    for players, dens in game.board.seats.items():
        seats = ", ".join(f"{i + 1} {colours[d].name}" for i, d in enumerate(dens))
        assert f"{players} players: {seats}." in text
    assert "den with their seat number" not in text and "Seat 1 sits by den 1" not in text
    assert "Take the pawn of that colour and put it on the den tile of the same colour" in text


def test_a_game_with_no_known_designer_credits_no_one():
    """A traditional game leaves `designers` out: no "Designed by" line on the title page."""
    from dragon_pnp.rulebook.styles import make_styles
    from dragon_pnp.rulebook.title import title_page

    game = load_game("examples/goofspiel")
    assert game.game.designers == []
    flow = title_page(game, make_styles(), 400, 600)
    lines = [item.text for item in flow if hasattr(item, "text")]
    assert any("Goofspiel" in line for line in lines) and not any("Designed by" in line for line in lines)
