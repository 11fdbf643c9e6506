"""Dragon Line's kit read back from its PDFs: every card with its numbers from data, the tokens,
the line cards, the rulebook's card list and worked round, on Letter and A4, duplex and fold;
and the rules check through the generic driver, the same bytes for the same seed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pymupdf
import pytest

from dragon_pnp.games.dragon_line.rulebook_facts import reform_words, worked_round
from dragon_pnp.games.registry import load_game
from dragon_pnp.rulebook import typeset

MM = 72 / 25.4
KITS = [("letter", True), ("a4", False), ("a4", True), ("letter", False)]
# Where the dragon_card template puts the name's baseline start, in trim mm (safe 4 + 12.5, 4 + 6.2).
NAME_AT = (16.5, 10.2)
CARD = (63.0, 88.0)


@pytest.fixture(scope="module")
def game():
    return load_game("dragon_line")


@pytest.fixture(scope="module")
def kits(seed_kit, seed_cards):
    """The kit folder on a paper and layout: duplex, the run's shared seed kits (`dragon-pnp build
    dragon_line --no-check [--paper a4]`, which tests/kit and tests/proof read too); fold-over, the
    card sheets alone (only cards.pdf is read on those)."""
    def get(paper: str, duplex: bool) -> Path:
        return seed_kit("dragon_line", paper) if duplex else seed_cards("dragon_line", paper, duplex)

    return get


def card_regions(pdf: Path, names: set[str]) -> dict[str, list[tuple[pymupdf.Page, pymupdf.Rect]]]:
    """Each card name's card rectangle on the page, worked out from where and which way its name runs."""
    found: dict[str, list] = {}
    doc = pymupdf.open(pdf)
    for page in doc:
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["text"].strip() not in names:
                        continue
                    dx, dy = line["dir"]
                    nx, ny = -dy, dx
                    ox, oy = span["origin"]
                    sx, sy = ox - (NAME_AT[0] * dx + NAME_AT[1] * nx) * MM, oy - (NAME_AT[0] * dy + NAME_AT[1] * ny) * MM
                    corners = [(sx + (u * dx + v * nx) * MM, sy + (u * dy + v * ny) * MM)
                               for u in (0, CARD[0]) for v in (0, CARD[1])]
                    rect = pymupdf.Rect(min(c[0] for c in corners), min(c[1] for c in corners),
                                        max(c[0] for c in corners), max(c[1] for c in corners))
                    found.setdefault(span["text"].strip(), []).append((page, rect + (-1, -1, 1, 1)))
    return found


def value_near(page: pymupdf.Page, rect: pymupdf.Rect, label: str, value: str) -> bool:
    """`value` is printed within 9 mm of `label` inside the card."""
    words = page.get_text("words", clip=rect)
    labels = [w for w in words if w[4] == label]
    values = [w for w in words if w[4] == value]
    return any(abs((b[0] + b[2]) / 2 - (v[0] + v[2]) / 2) < 9 * MM and abs((b[1] + b[3]) / 2 - (v[1] + v[3]) / 2) < 9 * MM
               for b in labels for v in values)


@pytest.mark.parametrize("paper, duplex", KITS)
def test_every_card_shows_its_name_suit_health_damage_or_reform_once(kits, game, paper, duplex):
    cards = game.dragons.cards
    suits = {s.id: s for s in game.suits.suits}
    regions = card_regions(kits(paper, duplex) / "cards.pdf", {c.name for c in cards})
    for card in cards:
        assert len(regions.get(card.name, [])) == 1, f"{card.name}: printed {len(regions.get(card.name, []))} times"
        page, rect = regions[card.name][0]
        text = page.get_text("text", clip=rect)
        assert f"{suits[card.suit].name} \u00b7 {suits[card.suit].ability}" in text, card.name
        assert value_near(page, rect, "HEALTH", str(card.health)), f"{card.name}: Health {card.health} not shown"
        assert f"provisional v{game.game.version}" in text, card.name
        if card.reform is None:
            assert value_near(page, rect, "DAMAGE", str(card.damage)), f"{card.name}: Damage {card.damage} not shown"
        else:
            flat = " ".join(text.split())
            for key, label in (("damage", "Damage"), ("health", "Health"), ("range", "Range")):
                if getattr(card.reform, key):
                    assert f"{label} {getattr(card.reform, key):+d}" in flat, f"{card.name}: Reform {label}"
        lines = text.splitlines()
        assert lines.count("normal") == 1, f"{card.name}: one reach grid"
        for bonus in (1, 2):   # a row per Range Reform count the suit's reach table tells apart
            assert lines.count(f"+{bonus} Range") == (1 if len(suits[card.suit].reach) > bonus else 0), card.name


def test_tokens_and_line_cards_come_from_the_data(kits, game):
    folder = kits("letter", True)
    # The tokens print on the dragon cards' stock (game.yaml: document: cards.pdf), their stickers apart.
    words = [w[4] for name in ("cards.pdf", "stickers.pdf") for page in pymupdf.open(folder / name)
             for w in page.get_text("words")]
    activation = game.game.component("activation")
    for seat in (1, 2):
        per_seat = sum(f.count for f in activation.faces if f.fields["seat"] == seat)
        assert words.count(f"P{seat}") == 2 * per_seat      # the tokens and the sticker sheet
    damage = game.game.component("damage")
    assert words.count("damage") == sum(f.count for f in damage.faces)
    # The line reference cards print on the dragon cards' last sheet (game.yaml: document: cards.pdf).
    aids = " ".join(page.get_text() for page in pymupdf.open(folder / "cards.pdf"))
    for seat, colour in game.print_profile.seat_colours.items():
        assert f"The line: player {seat} ({colour.name})" in aids
    for suit in game.suits.suits:
        assert f"{suit.name} \u00b7 {suit.ability}" in aids


def _table_rows(pdf: Path, naming: set[str]) -> list[list[str]]:
    """Every table row pymupdf finds (an independent reader) on the pages that print one of the
    `naming` words, cells squashed (see _squash). Every row read here names a card, so only such
    pages are searched: pymupdf's table finder costs about a second a page (issue 30)."""
    rows = []
    for page in pymupdf.open(pdf):
        text = page.get_text()
        if not any(word in text for word in naming):
            continue
        for table in page.find_tables().tables:
            rows += [[_squash(cell or "") for cell in row] for row in table.extract()]
    return rows


def _squash(text: str) -> str:
    """Text without spaces and commas: pymupdf's table reader drops spaces and moves commas."""
    return "".join(text.replace(",", " ").split())


def test_rulebook_lists_every_card_and_the_engines_worked_round(kits, game):
    folder = kits("letter", True)
    rows = _table_rows(folder / "rulebook.pdf", {card.name for card in game.dragons.cards})
    suits = {s.id: s for s in game.suits.suits}
    for card in game.dragons.cards:
        effect = f"Damage {card.damage}" if card.reform is None else f"Reform: {reform_words(card.reform)}"
        suit = suits[card.suit]
        assert [_squash(card.name), _squash(f"{suit.name} ({suit.ability})"), str(card.health), _squash(effect)] in rows
    example = worked_round(game, game.module.make_rules(game))
    for seat in example["seats"]:
        for dragon in seat:
            row = next(r for r in rows if r and r[0] == _squash(f"{dragon['name']} ({dragon['suit']})"))
            assert row[2:4] == [str(dragon["health"]), str(dragon["damage_dealt"])]
            assert row[5] == str(dragon["taken"]) and row[6] == ("destroyed" if dragon["destroyed"] else "survives")
    text = " ".join(" ".join(page.get_text().split()) for page in pymupdf.open(folder / "rulebook.pdf"))
    assert f"{example['destroyed']} dragon" in text
    assert "provisional v" + game.game.version in text
    assert not (folder / "player-aid.pdf").exists()   # the aids are cards: no aid page repeats them


def test_rulebook_draws_every_reach_from_the_engines_tables(game):
    """Each suit's diagram crosses exactly the slots the engine's hit table gives, row per Range Reform,
    and its caption says the same in words; changing suits.yaml changes both."""
    from reportlab.graphics.shapes import Line

    from dragon_pnp.games.dragon_line.line import axis_position
    from dragon_pnp.games.dragon_line.rulebook_facts import reach_words
    from dragon_pnp.games.dragon_line.rulebook_figures import reach_figure, reach_rows

    rules = game.module.make_rules(game)
    front = axis_position(0, 0, rules.line_size)
    for s, suit in enumerate(game.suits.suits):
        rows = reach_rows(rules, suit.id, 0)
        assert [hits for _, hits in rows] == [set(rules.hit[s][b][front]) for b in range(len(suit.reach))]
        drawing = reach_figure(rules, suit.id, "#336699", 250, 0)
        crosses = sum(isinstance(shape, Line) for shape in drawing.contents) // 2
        assert crosses == sum(len(hits) for _, hits in rows)
    text = _squash(" ".join(page.get_text() for page in pymupdf.open(stream=typeset(game, "a4").pdf)))
    for suit in game.suits.suits:
        assert _squash(f"{suit.ability} ({suit.name})") in text
        assert _squash(reach_words(rules.reach(suit.id, 0))) in text


def test_a_reach_edited_in_suits_yaml_reaches_the_rulebook(tmp_path):
    """One data change flows into the diagram and its caption: Earth gains a +1 Range row."""
    import shutil

    folder = tmp_path / "dragon_line"
    shutil.copytree(Path(__file__).resolve().parents[3] / "data" / "dragon_line", folder)
    suits = folder / "suits.yaml"
    suits.write_text(suits.read_text().replace("reach: [[1]]\n", "reach: [[1], [1, 2]]\n"))
    edited = load_game(folder)
    text = _squash(" ".join(page.get_text() for page in pymupdf.open(stream=typeset(edited, "a4").pdf)))
    assert _squash("Strike (Earth) hits the dragon in front; with +1 Range, the dragon in front and the dragon beyond it.") in text


def test_the_rules_check_runs_and_gives_the_same_bytes_for_a_seed(tmp_path):
    """Once in a child, once through `main` here: two processes, two hash seeds, the same bytes (a
    second child only imported the package again)."""
    from tests.in_process import run_cli

    outputs = []
    for run in (1, 2):
        out = tmp_path / f"run{run}"
        args = ["check", "dragon_line", "--games", "6", "--duel-games", "6", "--search-games", "2", "--ladder-games", "0",
                "--seed", "5", "--jobs", "1", "--out", str(out)]
        done = (subprocess.run([sys.executable, "-m", "dragon_pnp", *args], capture_output=True, text=True, timeout=300)
                if run == 1 else run_cli(*args))
        assert done.returncode == 0, done.stderr[-2000:]
        outputs.append(out)
    for name in ("rules-check.json", "rules-check.html"):
        assert (outputs[0] / name).read_bytes() == (outputs[1] / name).read_bytes(), name
    assert (outputs[0] / "rules-check.pdf").stat().st_size > 0
