"""Shared-cut card sheets (print.yaml `sheets: {deck_duplex: {shared_cut_on: [letter]}}`), read
back from the built PDF with pymupdf: 3 x 3 poker cards on Letter, neighbours abutting on one
cut, crop marks at both ends of every cut, nothing within 5 mm of the paper edge, backs
mirrored, and the cover saying what shared cuts trade."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pymupdf
import pytest
import yaml

from dragon_pnp.data.loader import project_root
from tests.in_process import run_cli
from tests.kit.readback import PAPER, TOL, mm, stroked_lines

ROOT = project_root()
CARD = (63.0, 88.0)
EDGE = 5.0


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("shared") / "peer-deck"
    shutil.copytree(ROOT / "examples" / "peer-deck", folder)
    profile = yaml.safe_load((folder / "print.yaml").read_text())
    profile["sheets"] = {"deck_duplex": {"shared_cut_on": ["letter"]}}
    (folder / "print.yaml").write_text(yaml.safe_dump(profile))
    out = folder.parent / "kit"
    # --no-proof (here and below): the sheets are read here, not proof.json (tests/proof reads that)
    built = run_cli("build", str(folder), "--no-check", "--paper", "letter", "--no-proof", "--out", str(out))
    assert built.returncode == 0, built.stdout + built.stderr
    return out


def trims(page: pymupdf.Page) -> list[tuple[float, float, float, float]]:
    """Each card's trim: where its face (trim plus the 3 mm bleed its SVG draws) is placed, less
    that bleed. Upright faces only: a shared-cut sheet turns none."""
    found = []
    for match in re.finditer(rb"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) cm\s*(?:/\w+ gs\s*)?/(\w+) Do",
                             page.read_contents()):
        a, b, c, d, e, f = (float(v) for v in match.groups()[:6])
        assert (a, b, c, d) == (1, 0, 0, 1), "a turned card on a shared-cut sheet"
        found.append((mm(e) + 3, mm(f) + 3, mm(e) + 3 + CARD[0], mm(f) + 3 + CARD[1]))
    return sorted(found, key=lambda t: (round(t[1]), t[0]))


def lines_at(values) -> list[float]:
    """The distinct cut lines among trim edges, edges within 0.05 mm of each other being one."""
    lines: list[float] = []
    for value in sorted(values):
        if not lines or value - lines[-1] > 0.05:
            lines.append(value)
    return lines


def test_nine_cards_a_letter_sheet_sharing_their_cuts(kit):
    with pymupdf.open(kit / "cards.pdf") as doc:
        placed = trims(doc[0])
        assert len(placed) == 9
        for t in placed:
            assert t[2] - t[0] == pytest.approx(CARD[0], abs=TOL) and t[3] - t[1] == pytest.approx(CARD[1], abs=TOL)
        xs = lines_at(v for t in placed for v in (t[0], t[2]))
        ys = lines_at(v for t in placed for v in (t[1], t[3]))
        assert len(xs) == 4 and len(ys) == 4, (xs, ys)   # 3 x 3 pieces, one cut between neighbours


def test_every_cut_has_marks_at_both_ends_inside_the_printable_area(kit):
    width, height = PAPER["letter"]
    with pymupdf.open(kit / "cards.pdf") as doc:
        for index in range(doc.page_count):
            placed = trims(doc[index])
            marks = stroked_lines(doc[index], 0.2)
            x0, y0 = min(t[0] for t in placed), min(t[1] for t in placed)
            x1, y1 = max(t[2] for t in placed), max(t[3] for t in placed)
            for a, b in marks:
                for x, y in (a, b):
                    assert EDGE - TOL <= x <= width - EDGE + TOL and EDGE - TOL <= y <= height - EDGE + TOL
            for x in {round(v, 3) for t in placed for v in (t[0], t[2])}:
                on = [m for m in marks if abs(m[0][0] - x) < TOL and abs(m[1][0] - x) < TOL]
                assert any(max(m[0][1], m[1][1]) <= y0 for m in on) and any(min(m[0][1], m[1][1]) >= y1 for m in on)
            for y in {round(v, 3) for t in placed for v in (t[1], t[3])}:
                on = [m for m in marks if abs(m[0][1] - y) < TOL and abs(m[1][1] - y) < TOL]
                assert any(max(m[0][0], m[1][0]) <= x0 for m in on) and any(min(m[0][0], m[1][0]) >= x1 for m in on)
            # Ink, not boxes: render the page and find no mark in the 5 mm band round the paper.
            pixmap = doc[index].get_pixmap(dpi=100, colorspace=pymupdf.csGRAY)
            band = int((EDGE - TOL) / 25.4 * 100)
            rows = [pixmap.samples[r * pixmap.stride:r * pixmap.stride + pixmap.width] for r in range(pixmap.height)]
            for r, row in enumerate(rows):
                edge_row = r < band or r >= pixmap.height - band
                cells = row if edge_row else row[:band] + row[pixmap.width - band:]
                assert min(cells) >= 250, f"page {index + 1}: ink within {EDGE} mm of the edge (pixel row {r})"


def test_backs_mirror_fronts(kit):
    width = PAPER["letter"][0]
    with pymupdf.open(kit / "cards.pdf") as doc:
        for index in range(0, doc.page_count, 2):
            fronts, backs = trims(doc[index]), trims(doc[index + 1])
            mirrored = sorted((round(width - t[2], 1), round(t[1], 1)) for t in fronts)
            assert mirrored == sorted((round(t[0], 1), round(t[1], 1)) for t in backs)


def test_cover_says_what_shared_cuts_trade(kit):
    with pymupdf.open(kit / "print-and-play.pdf") as doc:
        page = doc[0]
        cover = " ".join(page.get_text().split())
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):   # the longer advice wraps inside the 18 mm margins
                x0, _, x1, _ = line["bbox"]
                assert mm(x0) >= 17.5 and mm(page.rect.width - x1) >= 17.5, line["spans"][0]["text"]
    assert "3 x 3 to a sheet with shared cuts" in cover and "a sliver of the next card" in cover


@pytest.fixture(scope="module")
def token_grid_kit(tmp_path_factory) -> Path:
    """Dragon Line with its damage tokens on a shared-cut grid (`cut: grid`)."""
    folder = tmp_path_factory.mktemp("grid") / "dragon_line"
    shutil.copytree(ROOT / "data" / "dragon_line", folder)
    manifest = folder / "game.yaml"
    text = manifest.read_text()
    assert "    name: Damage tokens\n" in text
    manifest.write_text(text.replace("    name: Damage tokens\n", "    name: Damage tokens\n    cut: grid\n"))
    out = folder.parent / "kit"
    built = run_cli("build", str(folder), "--no-check", "--paper", "a4", "--no-proof", "--out", str(out))
    assert built.returncode == 0, built.stdout + built.stderr
    return out


def test_square_tokens_on_a_shared_cut_grid(token_grid_kit):
    """All 40 damage tokens (16 mm) as squares abutting on one page, every cut marked at both
    ends outside the block, the cover calling them square-cut."""
    size = 16.0
    # Dragon Line prints its tokens on the cards' stock (game.yaml: document: cards.pdf).
    with pymupdf.open(token_grid_kit / "cards.pdf") as doc:
        page = next(p for p in doc if "Damage tokens" in p.get_text() and "damage" in p.get_text().split())
        boxes = {name: bbox for _, name, _, bbox in page.get_xobjects()}
        squares = []
        for match in re.finditer(rb"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) cm\s*(?:/\w+ gs\s*)?/(\w+) Do",
                                 page.read_contents()):
            e, f = float(match.group(5)), float(match.group(6))
            if abs(mm(boxes[match.group(7).decode()][2]) - (size + 6)) < 0.5:
                squares.append((mm(e) + 3, mm(f) + 3, mm(e) + 3 + size, mm(f) + 3 + size))
        assert len(squares) == 40
        xs = lines_at(v for t in squares for v in (t[0], t[2]))
        ys = lines_at(v for t in squares for v in (t[1], t[3]))
        columns, rows = len(xs) - 1, len(ys) - 1
        assert columns * rows >= 40 and columns * (rows - 1) < 40, (xs, ys)   # one cut between neighbours
        marks = stroked_lines(page, 0.2)
        top = min(t[1] for t in squares)
        for x in xs:
            assert any(abs(a[0] - x) < TOL and abs(b[0] - x) < TOL and max(a[1], b[1]) <= top for a, b in marks), x
    with pymupdf.open(token_grid_kit / "print-and-play.pdf") as doc:
        assert "square-cut tokens" in " ".join(doc[0].get_text().split())
