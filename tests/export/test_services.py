"""Card-service uploads: template-sized PNGs whose trim lands on the service's cut line, and the list."""

from __future__ import annotations

import csv
import io
from collections import defaultdict

import pytest

from dragon_pnp.cli import main
from dragon_pnp.export.model import ExportCard, ExportDeck, ExportSet
from dragon_pnp.export.raster import FacePlacement, RasterJob
from dragon_pnp.export.services import SERVICES, plan_service, service
from dragon_pnp.kit.parallel import render_all
from tests.export.pngs import close, hex_rgb, pixels, png_dpi, png_size, rgb

RED, WHITE, BLACK = (255, 0, 0), (255, 255, 255), (0, 0, 0)


def test_every_image_has_its_products_template_size_and_300_dpi(service_exports):
    for name in SERVICES:
        folder = service_exports(name)
        rows = list(csv.DictReader((folder / "upload.csv").open()))
        assert rows
        for row in rows:
            path = folder / row["file"]
            assert png_size(path) == (int(row["width_px"]), int(row["height_px"])), path
            assert png_dpi(path) == pytest.approx(300, abs=0.01)
        pngs = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.png"))
        assert pngs == sorted(row["file"] for row in rows), "every image is listed, and nothing else"


def test_poker_templates_are_the_published_sizes(service_exports):
    tgc, mpc = service_exports("tgc"), service_exports("mpc")
    assert png_size(tgc / "power" / "back-x19.png") == (825, 1125)
    assert png_size(mpc / "power" / "back-x19.png") == (822, 1122)
    assert png_size(tgc / "pieces" / "tile-land-x27.png") == (1200, 1050)


def test_upload_list_counts_every_card_and_piece(service_exports, dragon_export):
    for name in SERVICES:
        rows = list(csv.DictReader((service_exports(name) / "upload.csv").open()))
        faces, backs = defaultdict(int), defaultdict(int)
        for row in rows:
            (faces if row["side"] == "face" else backs)[row["group"]] += int(row["copies"])
        for deck in dragon_export.decks:
            assert faces[deck.name] == deck.size and backs[deck.name] == deck.size
            assert sum(1 for row in rows if row["group"] == deck.name and row["side"] == "face") == len(deck.cards)
        assert (faces["Power cards"], faces["Destiny cards"]) == (19, 33)
    tgc = list(csv.DictReader((service_exports("tgc") / "upload.csv").open()))
    assert sum(int(r["copies"]) for r in tgc if r["group"] == "Tiles") == 43
    text = (service_exports("tgc") / "upload.txt").read_text()
    assert "Large Hex Tile" in text and "Time track x1" in text  # the strip no product fits is named


def test_card_back_fills_the_whole_template_bleed(service_exports, game):
    """Every pixel of the canvas's outer rows and columns carries the back's navy (or its lighter
    lattice): no paper-white sliver anywhere along the service's bleed."""
    navy = hex_rgb(game.print_profile.palette("deck")["power"])
    for name in SERVICES:
        image = pixels(service_exports(name) / "power" / "back-x19.png")
        w, h = image.width, image.height
        edge = [(x, y) for x in range(w) for y in (0, h - 1)] + [(x, y) for y in range(h) for x in (0, w - 1)]
        assert all(close(rgb(image, x, y), navy, 45) for x, y in edge), name


def _test_face(trim: tuple[float, float], bleed: float, circle_mm: float = 40) -> str:
    """Red bleed, white trim, a black circle in the middle: marks to measure by."""
    w, h = trim[0] + 2 * bleed, trim[1] + 2 * bleed
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">'
            f'<rect width="{w}" height="{h}" fill="#ff0000"/>'
            f'<rect x="{bleed}" y="{bleed}" width="{trim[0]}" height="{trim[1]}" fill="#ffffff"/>'
            f'<circle cx="{w / 2}" cy="{h / 2}" r="{circle_mm / 2}" fill="#000000"/></svg>')


def _runs(image, fixed: int, horizontal: bool, colour) -> list[int]:
    """Indices along a row (or column) whose pixel is `colour`."""
    length = image.width if horizontal else image.height
    return [i for i in range(length) if close(rgb(image, i, fixed) if horizontal else rgb(image, fixed, i), colour, 60)]


def test_trim_lands_on_the_template_cut_line_scaled_uniformly(tmp_path):
    """A 61.5 x 88 mm card on The Game Crafter's 2.5 x 3.5 inch poker template: one scale for both
    axes (the width decides: 750 px / 61.5 mm), the trim's sides on the cut line 37.5 px in, the
    circle still round, and the 1 mm bleed repeated out to the canvas edge."""
    product = service("tgc").best("card", (61.5, 88))
    assert product is not None and product.id == "PokerDeck"
    deck = ExportDeck("test", "Test cards", (61.5, 88), 1, (ExportCard("Mark", "m", _test_face((61.5, 88), 1),
                                                                     _test_face((61.5, 88), 1), 1),))
    plan = plan_service(ExportSet("test", "Test", (deck,)), service("tgc"))
    _, images = render_all([], plan.jobs)
    path = tmp_path / "face.png"
    path.write_bytes(images["test/01-mark-x1.png"])
    image = pixels(path)
    assert (image.width, image.height) == (825, 1125)
    middle = _runs(image, 1125 // 2, True, WHITE)
    assert middle[0] in (37, 38) and middle[-1] in (786, 787), "trim edges on the cut line at 37.5 and 787.5 px"
    per_mm = 750 / 61.5
    across = _runs(image, 1125 // 2, True, BLACK)
    down = _runs(image, 825 // 2, False, BLACK)
    assert len(across) == pytest.approx(40 * per_mm, abs=2)
    assert len(down) == pytest.approx(len(across), abs=1), "a circle stays a circle: no stretching"
    for x, y in [(0, 0), (824, 0), (0, 1124), (824, 1124), (0, 562), (824, 562)]:
        assert close(rgb(image, x, y), RED, 10), f"bleed repeated to the edge at {(x, y)}"


def test_edge_repeat_covers_a_window_the_face_does_not_reach(tmp_path):
    """A face scaled to half the canvas: everything outside it repeats its edge pixels."""
    svg = _test_face((20, 20), 2, circle_mm=8)
    placement = FacePlacement(svg, (20, 20), (50.0, 50.0, 150.0, 150.0), (0, 0, 200, 200))
    job = RasterJob("pad.png", (200, 200), (placement,), 300)
    _, images = render_all([], [job])
    path = tmp_path / "pad.png"
    path.write_bytes(images["pad.png"])
    image = pixels(path)
    assert close(rgb(image, 100, 100), BLACK) and close(rgb(image, 52, 100), WHITE)
    assert all(close(rgb(image, x, y), RED) for x, y in [(0, 0), (199, 199), (0, 100), (100, 199), (38, 100)])


def test_products_are_chosen_by_shape_and_size(dragon_export):
    tgc, mpc = service("tgc"), service("mpc")
    assert tgc.best("card", (63, 88)).id == "PokerDeck" and mpc.best("card", (63, 88)).id == "poker"
    assert tgc.best("hex", (95, 82.27)).id == "LargeHexTile"
    assert tgc.best("circle", (12, 12)).id == "SmallCircleChit"
    assert tgc.best("circle", (25, 25)).id == "LargeCircleChit"
    assert mpc.best("card", (70, 120)) is None, "tarot cards are not poker cards"
    assert tgc.best("square", (174, 68)) is None, "a long strip is no chit"
    plan = plan_service(dragon_export, mpc)
    assert any("Land x27" in item for item in plan.not_offered), "MPC makes no hex tiles: listed, not stretched"


def test_unknown_service_is_refused_with_exit_2(capsys):
    for argv in (["export", "service", "acme"], ["build", "dragon_pants", "--service", "acme", "--no-check"]):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
        assert "acme" in capsys.readouterr().err and "tgc" in "tgc"


@pytest.mark.parametrize("chosen", sorted(SERVICES))
def test_upload_csv_never_holds_a_spreadsheet_formula(chosen):
    hostile = ['=HYPERLINK("http://x","click")', "+SUM(1+1)", "@cmd", "-1+2", "\tTab", "\rReturn"]
    cards = tuple(ExportCard(name, "x", _test_face((61.5, 88), 1), _test_face((61.5, 88), 1), 1) for name in hostile)
    deck = ExportDeck("test", "=cmd|' /C calc'!A0", (61.5, 88), 1, cards)
    plan = plan_service(ExportSet("test", "Test", (deck,)), service(chosen))
    rows = list(csv.reader(io.StringIO(plan.upload_csv(), newline="")))
    cells = [cell for row in rows[1:] for cell in row]
    assert rows[1:] and not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert "'=cmd|' /C calc'!A0" in cells
    items = {row[1] for row in rows[1:]}
    assert "'" + hostile[0] in items and "'@cmd" in items and "'-1+2" in items and "' Return" in items
    assert all(row[4].isdigit() for row in rows[1:]), "numbers stay numbers"
