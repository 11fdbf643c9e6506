"""The kit as files: reproducible bytes, embedded fonts, extras, the print-and-play assembly."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest
from pypdf import PdfReader

from dragon_pnp.data.components import time_track
from dragon_pnp.kit.assembly import COVER_MARGIN_MM
from dragon_pnp.kit.layouts import sheet_layout
from tests.kit.readback import PAPER, mm

KIT_PDFS = ("cards.pdf", "tiles.pdf", "board.pdf", "print-and-play.pdf")


# Two builds giving the same bytes (the command in a child process, the build's steps in this one,
# cold, warm and without the render cache): test_render_cache.py, which builds those anyway.


def test_pdfs_carry_no_dates_and_a_fixed_producer(kits):
    for name in KIT_PDFS:
        info = PdfReader(kits("letter").artifacts[name]).metadata
        assert "/CreationDate" not in info and "/ModDate" not in info
        assert info["/Producer"] == "dragon-pnp"


def test_every_font_is_embedded_vera(kits):
    for name in KIT_PDFS[:-1]:
        doc = pymupdf.open(kits("letter").artifacts[name])
        fonts = {f for i in range(doc.page_count) for f in doc.get_page_fonts(i, full=True)}
        assert fonts, name
        for _xref, ext, _kind, basefont, *_ in fonts:
            assert ext != "n/a", f"{name}: {basefont} not embedded"
            assert re.search(r"BitstreamVeraSans-(Roman|Bold)$", basefont), f"{name}: {basefont}"


def test_outputs_are_all_there(game, kits):
    context = kits("a4")
    folder = Path(context.out_dir)
    for name in KIT_PDFS:
        assert (folder / name).is_file()
    svgs = {p.stem for p in (folder / "svg").glob("*.svg")}
    assert {"power-back", "destiny-back", "power-fireball", "destiny-blank", "tile-water", "time-track",
            "time-track-marker"} <= svgs
    assert sum(1 for s in svgs if s.startswith("pawn-")) == len(game.board.homes)
    assert sum(1 for s in svgs if s.startswith("tile-den-")) == len(game.board.homes)
    pngs = sorted((folder / "png").glob("*.png"))
    assert len(pngs) == len(game.power.cards) + len([c for c in game.destiny.cards if c.count]) + 2
    copies = sum(int(p.stem.rsplit("-x", 1)[1]) for p in pngs if "back" not in p.stem)
    assert copies == sum(c.count for c in game.power.cards) + sum(c.count for c in game.destiny.cards)


def test_card_png_is_300_dpi_with_bleed(kits):
    png = (Path(kits("letter").out_dir) / "png" / "power-fireball-x2.png").read_bytes()
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (round(69 / 25.4 * 300), round(94 / 25.4 * 300))
    phys = png.index(b"pHYs")
    assert int.from_bytes(png[phys + 4:phys + 8], "big") == round(300 / 0.0254)


def test_the_last_tile_sheet_holds_the_track_marker_and_pawns(game, kits):
    doc = pymupdf.open(kits("letter").artifacts["tiles.pdf"])
    doc = [doc[doc.page_count - 1]]
    words = doc[0].get_text().split()
    track = time_track(game)
    for n in range(track.first, track.last + 1):
        assert str(n) in words
    text = doc[0].get_text()
    for den in game.board.homes:
        assert game.print_profile.seat_colours[den.id].name.upper() in text


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_print_and_play_puts_card_fronts_on_odd_pages(kits, paper):
    context = kits(paper)
    whole = PdfReader(context.artifacts["print-and-play.pdf"])
    cover = whole.pages[0].extract_text()
    assert "100 mm" in cover and "long edge" in cover
    parts = sum(len(PdfReader(context.artifacts[n]).pages) for n in ("rulebook.pdf", *KIT_PDFS[:-1]))
    # cover and parts; maybe one blank before the cards, or one page less: the rulebook's title page
    # left out where the cover stands in for it and that saves a sheet
    assert len(whole.pages) in (parts, parts + 1, parts + 2)
    match = re.search(r"Power cards and Destiny cards\s*pages (\d+)", cover)
    assert match and int(match.group(1)) % 2 == 1
    cards = PdfReader(context.artifacts["cards.pdf"])
    first = int(match.group(1)) - 1
    assert whole.pages[first].extract_text() == cards.pages[0].extract_text()
    doc = pymupdf.open(context.artifacts["print-and-play.pdf"])
    assert abs(mm(doc[0].rect.width) - PAPER[paper][0]) < 0.05


def test_print_and_play_prints_the_player_aid_once(kits):
    """The rulebook ends with the aid: print-and-play lists it there instead of adding it again."""
    whole = pymupdf.open(kits("letter").artifacts["print-and-play.pdf"])
    aid = pymupdf.open(kits("letter").artifacts["player-aid.pdf"])[0].get_text().split("\n")[0]
    assert sum(1 for page in whole if page.get_text().startswith(aid)) == 1
    cover = " ".join(whole[0].get_text().split())
    rulebook_pages = pymupdf.open(kits("letter").artifacts["rulebook.pdf"]).page_count
    match = re.search(r"Player aid page (\d+) Print", cover)
    if match:
        # Printed apart, among the one-sided pieces after the cards: never behind a page of rules.
        cards = re.search(r"Destiny cards pages (\d+)-(\d+)", cover)
        assert cards and int(match.group(1)) == int(cards.group(2)) + 1, cover
    elif (1 + rulebook_pages) % 2 == 0:
        # After the cover, the aid (two to the page, to cut apart) would print on the back of
        # the last page of rules: it goes on the back of the cover, the rules after it.
        assert "Player aid page 2 " in cover and f"Rulebook pages 3-{1 + rulebook_pages} " in cover, cover
    else:
        assert f"Player aid page {1 + rulebook_pages}, the last of the rulebook" in cover


def test_every_card_png_shows_what_the_pdf_shows(kits, game):
    """Each PNG against MuPDF's raster of the same face drawn as PDF, blurred to forgive
    antialiasing: glyphs drawn as blocks or art missing would differ in thousands of pixels."""
    from PIL import Image, ImageChops, ImageFilter

    from dragon_pnp.kit.kit import plan_kit
    from dragon_pnp.kit.render import render_pdf

    plan = plan_kit(game, "letter")
    folder = Path(kits("letter").out_dir) / "png"
    for key, copies in plan.card_faces:
        png = Image.open(folder / f"{key}-x{copies}.png").convert("L")
        page = pymupdf.open(stream=render_pdf([plan.faces[key].svg]), filetype="pdf")[0]
        pixmap = page.get_pixmap(dpi=300, colorspace=pymupdf.csGRAY)
        reference = Image.frombytes("L", (pixmap.width, pixmap.height), pixmap.samples).crop((0, 0) + png.size)
        blur = ImageFilter.BoxBlur(3)
        diff = ImageChops.difference(png.filter(blur), reference.filter(blur))
        diff = diff.crop((12, 12, diff.width - 12, diff.height - 12))   # edges: whole-point page rounding
        differing = sum(diff.histogram()[40:])
        assert differing < 500, f"{key}: {differing} pixels differ from the PDF"


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cover_text_stays_in_its_column_and_lists_everything_in_the_box(game, kits, paper):
    """Every cover line keeps to the cover's 18 mm margins, however many components the game has:
    the "In the box" sentence wraps instead of running off the page, and still names every item."""
    from dragon_pnp.kit.kit import plan_kit

    in_the_box = plan_kit(game, paper).contents   # what the build step hands the cover
    cover = pymupdf.open(kits(paper).artifacts["print-and-play.pdf"])[0]
    width = cover.rect.width
    for block in cover.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            x0, _, x1, _ = line["bbox"]
            text = "".join(span["text"] for span in line["spans"])
            assert mm(x0) >= COVER_MARGIN_MM - 0.5 and mm(width - x1) >= COVER_MARGIN_MM - 0.5, (text, mm(x0), mm(width - x1))
    words = " ".join(cover.get_text().split())
    assert len(in_the_box) >= 4
    assert f"In the box: {'; '.join(in_the_box)}." in words


def test_cover_card_stock_advice_names_only_pieces_the_kit_has(kits):
    """Dragon Pants has tiles, pawns and a time track but no tokens or dice; the generic cover
    once advised card stock for "Tiles, tokens, dice, pawns and tracks" whatever the kit held."""
    cover = " ".join(pymupdf.open(kits("letter").artifacts["print-and-play.pdf"])[0].get_text().split())
    assert "Tiles, pawns and tracks are sturdier on card stock" in cover
    assert "tokens" not in cover.lower() and "dice" not in cover.lower()


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_text_in_the_band_home_printers_cannot_reach(kits, paper):
    """Labels, page names and captions keep their line box 5 mm or more from every paper edge.

    Tile art on a poster page is cut off at the page's window (9 mm in), so text reaching into
    the window is art and is not checked; the rendered band test covers its ink."""
    folder = Path(kits(paper).out_dir)
    window = sheet_layout("poster").margin_mm
    for document in ("cards.pdf", "tiles.pdf", "board.pdf"):
        for page in pymupdf.open(folder / document):
            width, height = page.rect.width, page.rect.height
            poster = "board poster: page" in page.get_text()
            for block in page.get_text("dict")["blocks"]:
                for line in block.get("lines", []):
                    x0, y0, x1, y1 = line["bbox"]
                    inset = mm(min(x1, y1, width - x0, height - y0))   # how far its far side reaches in
                    if poster and inset > window:
                        continue
                    edge = mm(min(x0, y0, width - x1, height - y1))
                    text = "".join(span["text"] for span in line["spans"])
                    assert edge >= 5.0, f"{document} page {page.number + 1}: {text!r} is {edge:.1f} mm from the edge"


def test_every_svg_falls_back_to_a_sans_serif(game, kits, small_svgs):
    """A viewer without Bitstream Vera must still draw sans-serif text: every SVG root names our
    font first, then look-alikes and the generic family; no element names a font without them."""
    import xml.etree.ElementTree as ElementTree

    svgs = [p.read_text(encoding="utf-8") for p in sorted((Path(kits("letter").out_dir) / "svg").glob("*.svg"))]
    assert len(svgs) > 30
    for svg in svgs + small_svgs:
        root = ElementTree.fromstring(svg)
        families = [f.strip().strip("'\"") for f in root.get("font-family", "").split(",")]
        assert families[0] == "Bitstream Vera Sans" and families[-1] == "sans-serif", families
        for element in root.iter():
            own = element.get("font-family")
            assert own is None or own.rstrip().endswith("sans-serif"), own


@pytest.fixture
def small_svgs(game) -> list[str]:
    """SVGs made outside templates: a board diagram and a report chart."""
    from dragon_pnp.hexmap_diagrams import board_scene, scene_svg
    from dragon_pnp.report.charts import Bar, BarChart, bar_chart_svg

    return [scene_svg(board_scene(game, 3)), bar_chart_svg(BarChart("t", (Bar("a", 0.5),)))]
