"""The editorial pass of issue 26, read back from each seed game's typeset rulebook (pymupdf).

Each sentence checked here is one a reader of the first kits found wrong against the seeds
(/work/shared/seeds) or the rulings; the numbers come from the game's data, not from here.
"""

from __future__ import annotations

import itertools

import pymupdf
import pytest

from dragon_pnp.games.registry import load_game
from tests.rulebook.seed_books import seed_rulebook

GAMES = ("dragon_pants", "dragon_dance", "dragon_line")


@pytest.fixture(scope="module")
def books() -> dict[str, tuple[object, list[str]]]:
    made = {}
    for name in GAMES:
        game = load_game(name)
        with pymupdf.open(stream=seed_rulebook(game, "letter").pdf, filetype="pdf") as doc:
            made[name] = (game, [page.get_text() for page in doc])
    return made


def flat(pages: list[str]) -> str:
    return " ".join(" ".join(pages).split())


@pytest.mark.parametrize("name", GAMES)
def test_no_tool_talk(books, name):
    text = flat(books[name][1])
    for talk in ("--paper", "dragon-pnp refuses", "the rules check", "The rules check", "build again"):
        assert talk not in text, talk


@pytest.mark.parametrize("name", GAMES)
def test_title_page_states_players_playtime_and_licence_as_the_data_says(books, name):
    game, pages = books[name]
    title = " ".join(pages[0].split())
    assert game.game.players_text in title and game.game.playtime_text in title
    assert ("Licence:" in title) == bool(game.game.licence)


def test_dance_claims_no_licence_and_plays_10_to_30_minutes(books):
    _game, pages = books["dragon_dance"]
    text = flat(pages)
    assert "CC BY" not in text and "2\u20132 players" not in text and "2-2 players" not in text
    assert "10\u201330 minutes" in text and "about 20 minutes" not in text
    assert "card values, card art and rulebook text are ours; the values are provisional" in text


def test_dance_dodge_ruling_speaks_of_the_knights_combo(books):
    text = flat(books["dragon_dance"][1])
    assert "Combo follow-up of a dragon" not in text
    assert "Only the knight's Hack and Slash have a Combo follow-up (dragons have none)" in text


def test_line_friendly_fire_and_match_length_as_our_default(books):
    game, pages = books["dragon_line"]
    text = flat(pages)
    assert "CC BY" not in text
    assert "Friendly fire counts: a dragon destroyed by damage from its own side's abilities" in text
    assert "Destroying your own dragon" not in text
    assert f"this kit plays a match of {game.settings.match_hands} hands as its default" in text


def test_pants_the_pants_card_states_the_den_rule_and_the_freeze_exception(books):
    game, pages = books["dragon_pants"]
    text = flat(pages)
    rule = " ".join(next(c for c in game.power.cards if c.id == "pants").rules.split())
    assert "outside a den" in rule and "Freeze" in rule
    assert rule in text


def test_pants_stolen_spent_card_refreshes_as_r14_says(books):
    text = flat(books["dragon_pants"][1])
    assert "refreshes at the end of its new holder's next turn" not in text
    assert ("at the end of the new holder's first turn that began after the card was played. So a card played "
            "before the thief's turn and stolen during it refreshes at the end of that same turn.") in text


def test_pants_player_counts_as_the_seed_says(books):
    game, pages = books["dragon_pants"]
    text = flat(pages)
    assert "obvious gap" in text and "on purpose" not in text.split("player map leaves")[1][:60]
    best = " or ".join(str(n) for n in game.game.players.best)
    assert f"mostly play with {best} players, the sweet spot" in text
    assert f"the {game.game.players.max}-player game is geometrically balanced but barely playtested" in text


def test_pants_one_destiny_count_and_the_long_game_start_as_a_ruling(books):
    game, pages = books["dragon_pants"]
    text = flat(pages)
    numbered = sum(c.count for c in game.destiny.cards if not c.blank)
    blank = sum(c.count for c in game.destiny.cards if c.blank)
    assert f"{numbered + blank} cards: {numbered} time cards and {blank} blanks" in text
    assert f"{numbered} time cards (" in text and f"+ {blank} blanks for house rules" in text
    long = next(p for p in game.destiny.presets.values() if p.name == "Long game")
    assert f"not its start time; this kit starts it at {long.length} (a ruling" in text


def test_pants_aid_poison_line_sends_the_biter_home(books):
    _game, pages = books["dragon_pants"]
    aid = " ".join(pages[-1].split())
    assert "Poison" in aid and "a biter flies home" in aid


def _lines(page: pymupdf.Page) -> list[tuple[float, float, bool, str]]:
    """Each text line as (top, size, bold, text), top to bottom, the running footer left out."""
    found = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            spans = [s for s in line["spans"] if s["text"].strip()]
            if not spans:
                continue
            text = "".join(s["text"] for s in spans).strip()
            found.append((line["bbox"][1], max(s["size"] for s in spans), all("Bold" in s["font"] for s in spans), text))
    footer = page.rect.height - 50
    return sorted(line for line in found if line[0] < footer)


@pytest.mark.parametrize("name", GAMES)
def test_no_heading_stranded_at_a_page_foot_and_no_word_carried_alone(name):
    """The last line of a page is never a heading, and no page starts with one lone word
    finishing the previous page's sentence."""
    with pymupdf.open(stream=seed_rulebook(name, "letter").pdf, filetype="pdf") as doc:
        pages = [_lines(page) for page in doc]
    sizes = [size for lines in pages for _, size, _, _ in lines]
    body = max(set(sizes), key=sizes.count)
    for number, lines in enumerate(pages[:-1], start=1):
        if not lines:
            continue
        _, size, bold, text = lines[-1]
        assert not (bold and size > body * 1.1), f"page {number} ends with the heading {text!r}"
        following = pages[number]
        if following:
            _, size, bold, text = following[0]
            carried = size == body and not bold and len(text.split()) == 1 and not lines[-1][3].endswith((".", ":"))
            assert not carried, f"page {number + 1} starts with {text!r} alone, carried from page {number}"


@pytest.mark.parametrize("name", GAMES)
def test_no_caption_breaks_a_seat_number_from_its_colour(books, name):
    """"4 Blue" stays on one line: no line ends with a bare number whose next line starts with
    a seat colour (print.yaml seat_colours)."""
    game, pages = books[name]
    colours = {c.name for c in game.print_profile.seat_colours.values()}
    for page in pages:
        lines = [line.strip() for line in page.splitlines() if line.strip()]
        for this, following in itertools.pairwise(lines):
            ends_with_number = this.split()[-1].isdigit() and len(this.split()) > 1
            assert not (ends_with_number and following.split()[0].rstrip(",.") in colours), (this, following)
