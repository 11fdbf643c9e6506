"""The export commands, `build --service`, and the Dragon Pants adapter."""

from __future__ import annotations

import csv
import json
import re

import pytest

from dragon_pnp.build.context import BuildOptions
from dragon_pnp.build.pipeline import run_build
from dragon_pnp.cli import main
from dragon_pnp.errors import LayoutError
from dragon_pnp.export import writers
from dragon_pnp.kit.svg_crop import crop_svg
from dragon_pnp.rulebook.build import EARLY
from dragon_pnp.rulebook.early import ReadyRulebook, TypesetBook
from tests.export.pngs import png_size
from tests.rulebook.seed_books import seed_rulebook


def test_export_commands_write_their_folders(tmp_path, capsys):
    with pytest.raises(SystemExit) as done:
        main(["export", "tts", "dragon_pants", "--out", str(tmp_path / "tts")])
    assert done.value.code == 0
    save = json.loads((tmp_path / "tts" / "dragon_pants.json").read_text())
    assert save["ObjectStates"] and len(list((tmp_path / "tts" / "images").glob("*.png"))) >= 20
    with pytest.raises(SystemExit) as done:
        main(["export", "service", "mpc", "dragon_pants", "--out", str(tmp_path / "mpc")])
    assert done.value.code == 0
    assert (tmp_path / "mpc" / "upload.txt").read_text().startswith("Dragon Pants: files for MakePlayingCards")
    assert "Saved Objects" in capsys.readouterr().out


def test_failed_export_leaves_the_previous_one(tmp_path, monkeypatch, capsys):
    target = tmp_path / "tgc"
    target.mkdir()
    (target / "previous.txt").write_text("kept")

    def broken(self, folder):
        (folder / "half-written.png").write_bytes(b"x")
        raise LayoutError("card text does not fit")

    monkeypatch.setattr(writers.PendingExport, "write", broken)
    with pytest.raises(SystemExit) as failed:
        main(["export", "service", "tgc", "dragon_pants", "--out", str(target)])
    assert failed.value.code == 2 and "does not fit" in capsys.readouterr().err
    assert [p.name for p in target.iterdir()] == ["previous.txt"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".tgc")], "no staging folder left behind"


def test_build_with_a_service_adds_its_uploads_to_the_kit(game, tmp_path, seed_kit):
    # The run's shared A4 kit of Dragon Pants first (tests/kit reads it too): its pages are then in
    # the run's render cache, and this build draws them from there instead of rendering them all.
    # No proof: nothing here reads it (tests/proof does).
    seed_kit("dragon_pants", "a4")
    # The rulebook is handed in as the studio hands in its preview's: this test process's shared
    # A4 book (tests/rulebook/seed_books.py, typeset once per process), not typeset again here.
    book = seed_rulebook(game, "a4")
    ready = {EARLY: ReadyRulebook(TypesetBook(book.pdf, book.aid_pdf, book.aid_copies, book.rules_pdf))}
    out = tmp_path / "kit"
    context = run_build(game, BuildOptions(paper="a4", check=False, services=("mpc",), proof=False), out,
                        ready=ready)
    rows = list(csv.DictReader((out / "service-mpc" / "upload.csv").open()))
    assert len(rows) == 14 + 1 + 6 + 1, "Power and Destiny faces, one back each"
    assert all(png_size(out / "service-mpc" / row["file"]) == (822, 1122) for row in rows)
    assert "service-mpc/upload.csv" in context.artifacts and (out / "cards.pdf").exists()


def test_adapter_takes_every_card_and_piece_from_the_data(dragon_export, game):
    power, destiny = dragon_export.decks
    assert power.size == game.settings.box.power_cards
    assert destiny.size == game.settings.box.destiny_cards + game.settings.box.blank_destiny_cards
    assert len({card.front_svg for card in power.cards}) == len(power.cards)
    tiles = [p for p in dragon_export.pieces if p.shape == "hex"]
    assert sum(p.count for p in tiles) == game.settings.box.tiles
    pawns = [p for p in dragon_export.pieces if p.upright]
    assert len(pawns) == game.settings.box.pawns and all(p.back_svg for p in pawns)


def test_crop_keeps_a_part_of_an_svg_at_its_size():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="100mm" viewBox="0 0 30 100" '
           'font-family="Bitstream Vera Sans"><rect y="40" width="30" height="20" fill="#123456"/></svg>')
    part = crop_svg(svg, (0, 40, 30, 20), turn=True)
    assert re.search(r'width="30\.000mm"', part) and re.search(r'height="20\.000mm"', part)
    assert 'viewBox="0 0 30.000 20.000"' in part and "rotate(180 15.000 10.000)" in part
    assert 'font-family="Bitstream Vera Sans"' in part and "#123456" in part
