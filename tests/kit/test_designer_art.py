"""Designer features for art: icons inline in card text, per-card pictures, one text size per deck.

Each builds a small data-only game (from `dragon-pnp new`) through the real CLI and reads the
PDF back with pymupdf, an independent reader: where the icon landed in the line, which images
the document holds, what size each card's text was set at. The commands run in this process
through `main`, as the console command calls it (issue 30: a child process each imported the
package again, about a second of CPU a build; these tests read kits and messages, not a process).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pymupdf as fitz
import pytest
from PIL import Image

from tests.in_process import run_cli

PT_MM = 25.4 / 72

GAME_ICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
  <rect x="0" y="0" width="10" height="10" fill="currentColor"/>
</svg>
"""
CARD_ART = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">
  <circle cx="10" cy="5" r="4" fill="#2e86c1"/>
</svg>
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return run_cli(*args, cwd=cwd)


_SCAFFOLD: list[Path] = []   # `dragon-pnp new artgame`, run once per test process and copied for each test


def make_game(tmp_path: Path, rows: list[str], header: str = "name,text,power,count") -> Path:
    if not _SCAFFOLD:
        made = run("new", "artgame", "--dir", str(tmp_path / "scaffold"), cwd=tmp_path)
        assert made.returncode == 0, made.stderr
        _SCAFFOLD.append(tmp_path / "scaffold" / "artgame")
    folder = tmp_path / "artgame"
    shutil.copytree(_SCAFFOLD[0], folder)
    (folder / "cards.csv").write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    (folder / "icons").mkdir()
    (folder / "icons" / "block.svg").write_text(GAME_ICON, encoding="utf-8")
    (folder / "art").mkdir()
    (folder / "art" / "sun.svg").write_text(CARD_ART, encoding="utf-8")
    return folder


def build(folder: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    # --no-proof: these tests read the PDFs and messages, not proof.json (tests/proof does).
    return run("build", str(folder), "--out", str(tmp_path / "kit"), "--no-check", "--no-proof", cwd=tmp_path)


def card_front_pages(pdf: Path) -> list[fitz.Page]:
    document = fitz.open(pdf)
    return [page for page in document if "fronts" in page.get_text()]


def test_an_icon_named_in_card_text_is_drawn_in_the_line_at_the_text_size(tmp_path):
    folder = make_game(tmp_path, ["Spark,Gain 2 {block} then rest.,1,1"])
    built = build(folder, tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    page = card_front_pages(tmp_path / "kit" / "cards.pdf")[0]
    words = {w[4]: w for w in page.get_text("words")}
    two, then = words["2"], words["then"]
    size = next(s["size"] for b in page.get_text("dict")["blocks"] for line in b.get("lines", [])
                for s in line["spans"] if "then" in s["text"])
    squares = [d["rect"] for d in page.get_drawings()
               if d.get("fill") is not None and two[2] - 0.5 <= d["rect"].x0 and d["rect"].x1 <= then[0] + 0.5
               and abs(d["rect"].width - d["rect"].height) < 0.3 and d["rect"].y0 >= two[1] - size]
    assert squares, "no icon square between the words it sits between"
    icon = squares[0]
    assert icon.height == pytest.approx(size, rel=0.05)            # one em of the text's size
    assert two[1] - 1 <= icon.y0 and icon.y1 <= two[3] + 1          # on the words' line


def test_an_unknown_icon_is_a_located_error(tmp_path):
    folder = make_game(tmp_path, ["Spark,Plain text.,1,1", "Gust,Gain {nosuch} now.,1,1"])
    built = build(folder, tmp_path)
    assert built.returncode == 2
    assert "Traceback" not in built.stderr
    message = " ".join(built.stderr.split())
    assert re.search(r"cards\.csv:3:\d+", message), message       # file and line of the row
    assert "text" in message and "unknown icon {nosuch}" in message
    assert "block" in message                                       # names the icons that exist


def test_per_card_art_is_placed_and_a_raster_is_embedded_once_per_document(tmp_path):
    folder = make_game(tmp_path, ["Spark,One.,1,1,art/sun.svg", "Gust,Two.,1,2,art/photo.png",
                                  "Ember,Three.,1,1,art/photo.png"], header="name,text,power,count,art")
    Image.new("RGB", (900, 450), (200, 40, 40)).save(folder / "art" / "photo.png")
    built = build(folder, tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    assert "DPI" not in built.stderr                                 # 900 px over ~50 mm is well over 300 DPI
    document = fitz.open(tmp_path / "kit" / "cards.pdf")
    images = {xref for page in document for xref, *_ in page.get_images(full=True)}
    assert len(images) == 1, images                                  # two faces, three cards, one image
    uses = [info for page in document for info in page.get_image_info(xrefs=True)]
    assert len(uses) == 3                                            # drawn on all three cards
    page = card_front_pages(tmp_path / "kit" / "cards.pdf")[0]
    blue = [d for d in page.get_drawings() if d.get("fill") and tuple(round(c, 2) for c in d["fill"]) == (0.18, 0.53, 0.76)]
    assert blue, "the SVG art is not drawn"


def test_a_low_resolution_raster_warns_and_a_missing_art_file_is_a_located_error(tmp_path):
    folder = make_game(tmp_path, ["Spark,One.,1,1,art/tiny.png"], header="name,text,power,count,art")
    Image.new("RGB", (60, 30), (0, 0, 0)).save(folder / "art" / "tiny.png")
    built = build(folder, tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    message = " ".join(built.stderr.split())
    assert re.search(r"warning: .*cards\.csv:2:\d+: cards\[0\]\.art: .*\"Spark\".*tiny\.png is 60 x 30 px.* \d+ DPI, under the 300 DPI", message), message
    assert fitz.open(tmp_path / "kit" / "cards.pdf")[0].get_images()   # still printed

    (folder / "cards.csv").write_text("name,text,power,count,art\nSpark,One.,1,1,art/gone.png\n", encoding="utf-8")
    previous = (tmp_path / "kit" / "cards.pdf").read_bytes()
    failed = build(folder, tmp_path)
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
    message = " ".join(failed.stderr.split())
    assert re.search(r"cards\.csv:2:\d+: cards\[0\]\.art: art file 'art/gone\.png' not found", message), message
    assert (tmp_path / "kit" / "cards.pdf").read_bytes() == previous   # the last good kit stays


def test_text_that_only_fits_smaller_than_the_deck_warns_naming_the_card_and_words(tmp_path):
    long_text = " ".join(["Every word here makes this card longer than the others."] * 6)
    folder = make_game(tmp_path, ["Spark,Short.,1,1", f'Gust,"{long_text} Last words.",1,1'])
    built = build(folder, tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    message = " ".join(built.stderr.split())
    assert re.search(r"warning: .*cards\.csv:3:\d+: cards\[1\]\.text: .*\"Gust\".* below the deck's 10 pt", message), message
    assert "Last words." in message
    sizes = {}
    for page in card_front_pages(tmp_path / "kit" / "cards.pdf"):
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["text"].strip() in ("Short.",) or span["text"].startswith("Every"):
                        sizes[span["text"].strip()[:5]] = round(span["size"], 2)
    assert sizes["Short"] == 10 and sizes["Every"] < 10


def test_every_power_card_is_set_at_one_text_size(kits):
    """The shipped Dragon Pants deck: every Power card's rules at the deck's one size (no warning)."""
    cards = kits("letter").artifacts["cards.pdf"]
    sizes = set()
    for page in fitz.open(cards):
        if "power cards and Destiny cards: fronts" not in page.get_text().replace("Power", "power"):
            continue
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    bold = bool(span["flags"] & 16) or "Bold" in span["font"]
                    if not bold and span["size"] > 7 and span["text"].strip():
                        sizes.add(round(span["size"], 1))
    assert sizes == {8.5}


def test_the_title_mark_and_cover_illustration_print_on_the_cover_and_rulebook_title_page(kits):
    """Dragon Pants names art/logo.svg and art/cover.svg in game.yaml: both on the rulebook's
    title page at print resolution, and drawn as vectors on the kit's cover page."""
    built = kits("letter")
    title = fitz.open(built.artifacts["rulebook.pdf"])[0]
    shown = title.get_image_info()
    assert len(shown) == 2                                        # the title mark and the illustration
    for info in shown:
        width_in = (info["bbox"][2] - info["bbox"][0]) / 72
        assert info["width"] / width_in >= 299                    # 300 DPI at its printed size
    cover = fitz.open(built.artifacts["print-and-play.pdf"])[0]
    purple = [d for d in cover.get_drawings() if d.get("fill") and tuple(round(c, 2) for c in d["fill"]) == (0.42, 0.3, 0.58)]
    assert len(purple) >= 2                                       # The Pants in the logo and in the illustration


def test_a_missing_game_art_file_is_located_at_its_game_yaml_field(tmp_path):
    folder = make_game(tmp_path, ["Spark,One.,1,1"])
    manifest = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(manifest.replace("components:\n", "art: {cover: art/nothing.svg}\ncomponents:\n", 1),
                                      encoding="utf-8")
    failed = build(folder, tmp_path)
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
    message = " ".join(failed.stderr.split())
    assert re.search(r"game\.yaml:\d+:\d+: art\.cover: art file 'art/nothing\.svg' not found", message), message
