"""Pages and sheets of every kit (issue 33), on Letter and A4, read back with independent readers:
pdfinfo (poppler) for page counts, pdftotext for the cover's contents and pymupdf for what each
page places.

Expected sheets are hand arithmetic from the games' data, 9 poker cards a sheet on either paper
(tests/kit/test_sheet_economy.py derives the 9):
- Dragon Pants: 19 + 33 = 52 cards -> 6 sheets, fronts and backs: 12 pages; 43 hex tiles, 2 x 3 a
  sheet -> 7 full pages and an eighth holding the 43rd tile, the time track (5 boxes a row) beside
  it and the 6 pawns below (tiles.pdf: 8 pages); the board as board.pdf has it (the poster alone:
  the rulebook's setup page draws the board, so no overview or setup maps).
- Dragon Dance: 8 + 8 action cards + 2 aids = 18 -> 2 sheets: 4 pages; 9 hearts, 20 coins, the
  range marker folded in half and the dice stickers on 1 page, the dice nets on 1 (tokens.pdf: 2).
- Dragon Line: 35 dragons + 2 reference cards = 37 -> 4 full sheets and a fifth holding one card
  and the activation tokens (8 pages + 2), the damage tokens left over on 1 more page: 11 pages;
  the activation tokens as stickers on a sticker sheet of their own (stickers.pdf): 1 page.
- Goofspiel: 3 x 13 = 39 cards -> 5 sheets: 10 pages. Peer deck: 48 cards -> 6 sheets: 12 pages.
print-and-play.pdf is the cover, the rulebook (with its player aid) and those: no blank page.
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
from pathlib import Path

import pymupdf
import pytest

from dragon_pnp.data.loader import project_root

ROOT = project_root()
KITS = {
    "dragon_pants": {"cards.pdf": 12, "tiles.pdf": 8},
    "dragon_dance": {"cards.pdf": 4, "tokens.pdf": 2},
    "dragon_line": {"cards.pdf": 11, "stickers.pdf": 1},
    "goofspiel": {"cards.pdf": 10},
    "peer-deck": {"cards.pdf": 12},
}
# Where a paper's sheets differ: on A4 the four activation tokens fit beside Dragon Line's last
# card and every damage token below it, so its fifth sheet is its last (10 pages).
ON_PAPER = {("dragon_line", "a4"): {"cards.pdf": 10}}
FOLDERS = {name: ROOT / ("data" if name.startswith("dragon_") else "examples") / name for name in KITS}
# Read as given, not counted here: typeset pages and the board poster's windows.
AS_BUILT = ("rulebook.pdf", "board.pdf")
SMALL = 0.25          # a piece under a quarter of the page is a small piece
CONTENTS_LINE = re.compile(r"^(?P<title>\S.*?)\s{2,}pages? (?P<first>\d+)(?:-(?P<last>\d+))?(?P<last_of>, the last of)?")

pytestmark = pytest.mark.skipif(shutil.which("pdfinfo") is None or shutil.which("pdftotext") is None,
                                reason="pdfinfo and pdftotext (poppler-utils) not installed")

CASES = [(name, paper) for name in KITS for paper in ("letter", "a4")]


@pytest.fixture(scope="module", params=CASES, ids=[f"{name}-{paper}" for name, paper in CASES])
def kit(request, paper_kit) -> tuple[str, Path]:
    name, paper = request.param
    return name, paper_kit(FOLDERS[name], paper)


@functools.cache   # each file read once per run: four tests read the same kits
def pages_of(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def sheets_of(name: str, paper: str) -> dict[str, int]:
    return {**KITS[name], **ON_PAPER.get((name, paper), {})}


def test_sheets_and_pages_are_the_hand_count(kit, request):
    name, folder = kit
    paper = request.node.callspec.id.rsplit("-", 1)[1]
    sheets = sheets_of(name, paper)
    for document, expected in sheets.items():
        assert pages_of(folder / document) == expected, document
    documents = {p.name for p in folder.glob("*.pdf")} - {"print-and-play.pdf", "player-aid.pdf"}
    assert documents == set(sheets) | {d for d in AS_BUILT if (folder / d).exists()}
    given = sum(pages_of(folder / d) for d in AS_BUILT if (folder / d).exists())
    # The cover, the rulebook (its last page the player aid, or the aid printed apart: the same
    # pages) and the sheets: not one page more. One less where print-and-play leaves out the
    # rulebook's title page (the cover stands in for it): then its page 2 is the rules' page 2.
    whole = pages_of(folder / "print-and-play.pdf")
    assert whole in (1 + given + sum(sheets.values()), given + sum(sheets.values()))
    if whole == given + sum(sheets.values()):
        assert page_text(folder / "print-and-play.pdf", 2) == page_text(folder / "rulebook.pdf", 2)


@functools.cache
def page_text(pdf: Path, page: int) -> str:
    return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


# print-and-play.pdf pages per kit at most (issue 33: Dragon Pants 41, Dragon Dance 12).
BUDGET = {("dragon_pants", "letter"): 41, ("dragon_pants", "a4"): 41, ("dragon_dance", "letter"): 12,
          ("dragon_dance", "a4"): 12}


def test_print_and_play_within_its_page_budget(kit, request):
    name, folder = kit
    paper = request.node.callspec.id.rsplit("-", 1)[1]
    if (name, paper) in BUDGET:
        assert pages_of(folder / "print-and-play.pdf") <= BUDGET[(name, paper)]


def placed_sizes(page: pymupdf.Page) -> list[float]:
    """The area, as a share of the page, of each form the page places (a card, a token, a tile)."""
    boxes = {name: bbox for _, name, _, bbox in page.get_xobjects()}
    shares = []
    for match in re.finditer(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) cm\s*(?:/\w+ gs\s*)?/(\w+) Do",
                             page.read_contents()):
        name = match.group(7).decode()
        if name in boxes:
            a, b, c, d = (float(v) for v in match.groups()[:4])
            x0, y0, x1, y1 = boxes[name]
            shares.append(abs(a * d - b * c) * (x1 - x0) * (y1 - y0) / (page.rect.width * page.rect.height))
    return shares


def test_no_blank_page_and_no_sheet_for_one_small_piece(kit):
    name, folder = kit
    with pymupdf.open(folder / "print-and-play.pdf") as doc:
        for number, page in enumerate(doc, start=1):
            text = page.get_text().strip()
            assert text or page.get_drawings() or page.get_images() or page.get_xobjects(), f"page {number} is blank"
            assert "page is blank" not in text.lower(), f"page {number} is a padding page"
    for document in sheets_of(name, "letter"):
        with pymupdf.open(folder / document) as doc:
            for number, page in enumerate(doc, start=1):
                shares = placed_sizes(page)
                assert shares, f"{document} page {number} places nothing"
                assert not (len(shares) == 1 and shares[0] < SMALL), f"{document} page {number}: one small piece alone"


@functools.cache
def contents(pdf: Path) -> list[tuple[str, int, int, bool, str]]:
    """The cover's "What is inside": (title, first page, last page, the last of the rulebook, advice)."""
    text = subprocess.run(["pdftotext", "-layout", "-l", "1", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    lines = text.splitlines()
    found = []
    for at, line in enumerate(lines):
        match = CONTENTS_LINE.match(line.strip())
        if match:
            advice = " ".join(lines[at + 1:at + 3])
            first = int(match["first"])
            found.append((match["title"], first, int(match["last"] or first), bool(match["last_of"]), advice))
    return found


def test_no_page_of_rules_backs_a_piece_to_cut_out(kit):
    """Printed whole and duplex, pages 2k-1 and 2k share a sheet: no page of rules shares one with a
    piece to be cut out (a card, a token, a tile, a player aid printed two to the page)."""
    _, folder = kit
    total = pages_of(folder / "print-and-play.pdf")
    rules: set[int] = set()
    pieces: set[int] = set()
    for title, first, last, _last_of, advice in contents(folder / "print-and-play.pdf"):
        span = set(range(first, last + 1))
        if title == "Rulebook":
            rules |= span
        elif title == "Player aid":
            if "cut apart" in advice:
                pieces |= span
        else:
            pieces |= span
    assert rules and pieces
    for title, first, _, last_of, _advice in contents(folder / "print-and-play.pdf"):
        if title == "Player aid" and last_of:
            rules.discard(first)   # the rulebook's last page is the aid itself
    for page in sorted(rules):
        partner = page + 1 if page % 2 else page - 1
        assert partner > total or partner not in pieces, f"rules page {page} shares a sheet with page {partner}"
