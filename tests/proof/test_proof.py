"""`dragon-pnp proof`: the accessibility proof of a kit. Expected values are WCAG's own worked
numbers and hand-made games, never the proof's own earlier output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_pnp.proof.vision import VISIONS, colour_seen_as, contrast_ratio, hex_colour
from tests.in_process import run_cli

ROOT = Path(__file__).resolve().parents[2]


def test_contrast_ratios_are_wcags():
    # WCAG 2's definition: black on white is 21:1, a colour on itself 1:1; #777777 on white is the
    # often quoted 4.48:1, just under the 4.5:1 body text needs.
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((120, 40, 200), (120, 40, 200)) == pytest.approx(1.0)
    assert contrast_ratio(hex_colour("#777777"), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("vision", VISIONS)
def test_greys_look_the_same_to_every_vision(vision):
    # A neutral grey has no hue to lose: every simulation maps it to (nearly) itself.
    for level in (0, 64, 128, 200, 255):
        seen = colour_seen_as((level, level, level), vision)
        assert max(abs(channel - level) for channel in seen) <= 3, (vision, level, seen)


def test_red_and_green_collapse_for_deuteranopia_but_not_tritanopia():
    from dragon_pnp.proof.vision import colour_difference

    red, green = hex_colour("#c0392b"), hex_colour("#27ae60")
    deutan = colour_difference(colour_seen_as(red, "deuteranopia"), colour_seen_as(green, "deuteranopia"))
    tritan = colour_difference(colour_seen_as(red, "tritanopia"), colour_seen_as(green, "tritanopia"))
    assert deutan < colour_difference(red, green) / 3 and tritan > 2 * deutan


SUITS_GAME = """name: Two Suits
designers: [Tests]
credits: Made for a test.
players: {min: 2, max: 2}
playtime_minutes: 5
minimum_age: 6
components:
  - id: cards
    kind: deck
    name: Cards
    description: two suits
    cards: cards.csv
    size: poker
    key_field: id
    template: components/card.svg.j2
    back: {template: components/card_back.svg.j2, fields: {title: Suits}}
"""
PRINT = """paper: a4
bleed_mm: 3
crop_mark_mm: 5
crop_gap_mm: 1
card: {safe_mm: 4, min_font_pt: 6.5}
png_dpi: 150
palettes:
  suit: {ruby: "#c0392b", jade: "#27ae60"}
"""


def _suits_game(folder: Path, with_symbols: bool) -> Path:
    game = folder / "suits"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(SUITS_GAME, encoding="utf-8")
    (game / "print.yaml").write_text(PRINT, encoding="utf-8")
    (game / "rules.md").write_text("# Two Suits\n\nPlay a card.\n", encoding="utf-8")
    rows = ["id,title,text,suit,count" + (",icon" if with_symbols else "")]
    for n, suit in enumerate(["ruby", "jade", "ruby", "jade"], 1):
        # The card text never names the suit: colour alone tells them apart, until a symbol is added.
        rows.append(f"{n},Card {n},Play me.,{suit},1" + ((",X" if suit == "ruby" else ",O") if with_symbols else ""))
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return game


def _proof(game: Path, out: Path) -> tuple[int, dict]:
    """`dragon-pnp proof GAME --kit OUT` through `main` in this process (tests/in_process.py: its
    exit code and messages as a child gives them, without importing the package again)."""
    done = run_cli("proof", str(game), "--kit", str(out))
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, json.loads((out / "proof.json").read_text())


@pytest.mark.parametrize("with_symbols", [False, True])
def test_two_suits_told_apart_by_red_and_green_alone_are_flagged(tmp_path, with_symbols, private_render_cache):
    game = _suits_game(tmp_path / "games", with_symbols)
    code, report = _proof(game, tmp_path / "kit")
    [pair] = [f for f in report["findings"] if f["kind"] == "colour pair" and f["group"] == "suit"]
    assert "deuteranopia" in pair["confused_under"] and "normal vision" not in pair["confused_under"]
    if with_symbols:
        # The symbol tells the suits apart; nothing else in the kit is a problem, so the proof passes.
        assert pair["level"] == "info" and "symbol" in pair["cue"]
        assert code == 0 and report["problems"] == 0, [f for f in report["findings"] if f["level"] == "problem"]
    else:
        assert pair["level"] == "problem" and pair["cue"] is None and code == 1
    assert report["documents"][0]["pages_seen_as"], "every page drawn as seen"
    pictures = report["documents"][0]["pages_seen_as"][0]
    assert set(pictures) == {"as printed", *VISIONS}
    assert all((tmp_path / "kit" / "proof" / name).is_file() for name in pictures.values())
    assert (tmp_path / "kit" / "proof.html").is_file() and (tmp_path / "kit" / "proof.pdf").read_bytes()[:5] == b"%PDF-"


def test_low_contrast_text_is_found_on_its_page(tmp_path, private_render_cache):
    game = _suits_game(tmp_path / "games", with_symbols=True)
    template = game / "templates" / "pale.svg.j2"
    template.parent.mkdir()
    # Light grey text on white: WCAG's 4.5:1 fails (#bbbbbb on white is about 1.9:1).
    template.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="{{ mm(frame.full_width) }}mm" '
                        'height="{{ mm(frame.full_height) }}mm" viewBox="0 0 {{ mm(frame.full_width) }} '
                        '{{ mm(frame.full_height) }}" font-family="{{ font_family }}"><rect width="100%" '
                        'height="100%" fill="#ffffff"/><text x="10" y="30" font-size="4" fill="#bbbbbb">'
                        'Faint {{ card.title }}</text></svg>', encoding="utf-8")
    manifest = game / "game.yaml"
    manifest.write_text(manifest.read_text().replace("template: components/card.svg.j2", "template: pale.svg.j2"))
    code, report = _proof(game, tmp_path / "kit")
    faint = [f for f in report["findings"] if f["kind"] == "text contrast" and "Faint Card" in f["text"]]
    assert faint and code == 1
    assert faint[0]["text_colour"] == "#bbbbbb" and faint[0]["ratio"] == pytest.approx(1.92, abs=0.1)
    assert faint[0]["page"] >= 1 and faint[0]["document"] == "print-and-play.pdf"


@pytest.mark.parametrize("game", ["dragon_dance", "dragon_line"])
def test_the_seed_games_pass_the_proof(game, seed_kit):
    """Every group of colours in the seed games' data is told apart, by colour or a second cue, and
    the build's own proof (text and icon contrast too) found nothing (its one line is tested in
    test_contrast.py)."""
    kit = seed_kit(game)   # `dragon-pnp build GAME --no-check`, once per run, the proof included
    written = json.loads((kit / "proof.json").read_text())
    assert written["problems"] == 0, written["findings"]
    assert all(icon["ratio"] >= 3 for icon in written["icons"])
    assert written["icons"] or game == "dragon_dance"   # Dance draws its marks inline, with no icon files
    from dragon_pnp.games.registry import load_game
    from dragon_pnp.proof.pairs import groups_of, pair_findings

    data = load_game(game)
    problems = [f.sentence() for f in pair_findings(groups_of(data, kit),
                                                    data.print_profile.proof.min_colour_difference)
                if f.level == "problem"]
    assert problems == []


