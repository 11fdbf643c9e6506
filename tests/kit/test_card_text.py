"""Card text: wrapped with real font metrics inside the safe zone; too long is a located error;
markup characters and accents print as written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pymupdf
import pytest
import yaml

from dragon_pnp.data.loader import project_root
from dragon_pnp.errors import LayoutError
from dragon_pnp.games.dragon_pants.cards import card_frame
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.kit import plan_components
from dragon_pnp.kit.render import render_pdf
from dragon_pnp.kit.text_fit import fit_text, text_width_mm, wrap
from tests.in_process import run_cli


def power_faces(game):
    """The Power deck's faces as the kit plans them (the first component, in game.yaml order)."""
    plan = next(plan_components(game, "letter"))
    return plan.faces, plan.exports


LONG = " ".join(["Breathe a long and winding plume of very eloquent fire across the board"] * 8)


def game_copy(tmp_path: Path, edit) -> Path:
    folder = tmp_path / "dragon_pants"
    shutil.copytree(project_root() / "data" / "dragon_pants", folder)
    path = folder / "power_cards.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data["cards"])
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return folder


def test_wrapped_lines_fit_the_width_by_font_metrics():
    lines = wrap(LONG, 40.0, 9.0)
    assert lines and len(lines) > 5
    assert all(text_width_mm(line, 9.0) <= 40.0 for line in lines)
    assert " ".join(lines) == LONG


def test_a_no_break_space_holds_a_phrase_together_and_prints_as_a_space():
    width = text_width_mm("Damage +2 Health", 9.0) + 0.1   # a plain space would break after "Health"
    phrases = "Damage\u00a0+2 Health\u00a0+1 Range\u00a0+1"
    assert wrap(phrases.replace("\u00a0", " "), width, 9.0) == ["Damage +2 Health", "+1 Range +1"]
    assert wrap(phrases, width, 9.0) == ["Damage +2", "Health +1", "Range +1"]
    assert wrap("Damage\u00a0+2", text_width_mm("Damage", 9.0), 9.0) is None   # a phrase too wide to fit


def test_fitting_shrinks_before_it_fails():
    fitted = fit_text(LONG[:170], (51, 21), largest_pt=10, smallest_pt=6.5, where="test")
    assert 6.5 <= fitted.size_pt < 10 and fitted.height_mm <= 21
    with pytest.raises(LayoutError):
        fit_text(LONG, (51, 21), largest_pt=10, smallest_pt=6.5, where="test")


def test_every_card_text_block_stays_in_the_safe_zone():
    game = load_game("dragon_pants")
    frame = card_frame(game)
    x0, y0, x1, y1 = frame.body_box
    sx0, sy0, sx1, sy1 = frame.safe_box
    assert sx0 <= x0 and x1 <= sx1 and sy0 <= y0 and y1 <= sy1
    for card in game.power.cards:
        fitted = fit_text(card.text, (x1 - x0, y1 - y0), largest_pt=10, smallest_pt=6.5, where=card.name)
        assert all(text_width_mm(line, fitted.size_pt) <= x1 - x0 for line in fitted.lines)
        assert fitted.height_mm <= y1 - y0


def test_text_too_long_names_the_card_and_its_line(tmp_path):
    folder = game_copy(tmp_path, lambda cards: cards[1].update(text=LONG))
    game = load_game(folder)
    with pytest.raises(LayoutError) as raised:
        power_faces(game)
    message = str(raised.value)
    line = game.locate("power_cards.yaml", "cards", 1, "text").line
    assert f"power_cards.yaml:{line}" in message and '"Fireball"' in message and "shorten" in message


def test_markup_characters_and_accents_print_as_written(tmp_path):
    text = 'Tip <b>the</b> scales & say "olé" — naïve café, 5 < 6.'

    def edit(cards):
        cards[1].update(name="Fuego & <Brasa>", text=text)

    game = load_game(game_copy(tmp_path, edit))
    faces, _ = power_faces(game)
    face = next(f for f in faces if f.key == "power-fireball")
    assert "&lt;b&gt;" in face.svg and "&amp;" in face.svg
    page = pymupdf.open(stream=render_pdf([face.svg]), filetype="pdf")[0]
    printed = " ".join(page.get_text().split())
    assert "Fuego & <Brasa>" in printed
    assert text in printed


def test_failed_build_keeps_the_previous_kit(tmp_path):
    folder = game_copy(tmp_path, lambda cards: cards[1].update(text=LONG))
    out = tmp_path / "out"
    out.mkdir()
    (out / "cards.pdf").write_bytes(b"previous kit")
    result = run_cli("build", str(folder), "--no-check", "--out", str(out), cwd=tmp_path)   # in this process
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "power_cards.yaml:" in result.stderr and "Fireball" in result.stderr
    assert (out / "cards.pdf").read_bytes() == b"previous kit"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dragon_pants", "out"]  # no staging left behind


def test_each_card_prints_its_short_text_and_the_rulebook_its_whole_effect(game, kits):
    """The words in a printed card's text box are its short `text` (as the player aid lists it),
    and the rulebook's card reference prints its whole effect (`rules`): every rule stays stated."""
    from dragon_pnp.kit.kit import plan_kit

    pdf = pymupdf.open(kits("letter", duplex=False).artifacts["cards.pdf"])
    rulebook = pymupdf.open(kits("letter").artifacts["rulebook.pdf"])
    reference = " ".join(" ".join(page.get_text() for page in rulebook).split())
    plan = plan_kit(game, "letter", duplex=False)
    frame = card_frame(game)
    bx0, by0, bx1, by1 = frame.body_box
    pt = 72 / 25.4
    found = {}
    for page, sheet in zip(pdf, plan.documents["cards.pdf"]):
        for placement in sheet.placements:
            if placement.form in found or not placement.form.startswith("power-") or placement.form.endswith("-back"):
                continue
            x0, y0, _, _ = placement.trim
            box = pymupdf.Rect((x0 + bx0) * pt, (y0 + by0 - 1) * pt, (x0 + bx1) * pt, (y0 + by1 + 1) * pt)
            words = sorted(page.get_text("words", clip=box), key=lambda w: (round(w[3], 1), w[0]))
            found[placement.form] = " ".join(w[4] for w in words)
    for card in game.power.cards:
        printed = found[f"power-{card.id.replace('_', '-')}"]
        assert printed == " ".join(card.text.split()), card.name
        assert " ".join(card.rules.split()) in reference, card.name
