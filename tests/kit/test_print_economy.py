"""Print economy, read back from every game's built kit with pymupdf (an independent reader).

Rules (issue 26), each for any game under data/ and the peer deck:
- no sheet with a lone piece where pieces of the same size could share it: across a kit's
  sheets, at most one fronts page holding pieces of a given size is not full;
- no unmarked blank page: a page with no ink says it is blank on purpose;
- the cover's "print X OR Y" lines name page runs that hold those pieces;
- the "provisional vX" mark sits 3 mm or more inside the trim of the card it is on.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pymupdf
import pytest
import yaml

from dragon_pnp.data.loader import project_root

ROOT = project_root()
GAMES = sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml"))
GAMES.append(ROOT / "examples" / "peer-deck")
MM = 72 / 25.4
# Typeset text, not sheets of pieces: pages there are not packed.
NOT_SHEETS = {"rulebook.pdf", "player-aid.pdf", "print-and-play.pdf", "board.pdf", "rules-check.pdf"}
PLACEMENT = re.compile(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) cm\s*(?:/\w+ gs\s*)?/(\w+) Do")


@pytest.fixture(scope="module", params=GAMES, ids=[g.name for g in GAMES])
def kit(request, letter_kit) -> Path:
    return letter_kit(request.param)


def game_of(kit: Path) -> Path:
    """The game folder a built kit came from (its print-and-play title names the game)."""
    with pymupdf.open(kit / "print-and-play.pdf") as doc:
        title = doc.metadata["title"]
    return next(g for g in GAMES if yaml.safe_load((g / "game.yaml").read_text())["name"] in title)


def placements(doc: pymupdf.Document, page: pymupdf.Page) -> list[tuple[tuple[float, ...], tuple[float, float]]]:
    """Each piece drawn on the page: its transformation matrix and its form's size in points."""
    sizes = {name: (bbox[2] - bbox[0], bbox[3] - bbox[1]) for _, name, _, bbox in page.get_xobjects()}
    found = []
    for match in PLACEMENT.finditer(page.read_contents()):
        name = match.group(7).decode()
        if name in sizes:
            found.append((tuple(float(v) for v in match.groups()[:6]), sizes[name]))
    return found


def piece_key(size: tuple[float, float]) -> tuple[float, float]:
    return tuple(sorted(round(v / MM, 1) for v in size))


def test_no_lone_pieces_where_a_mate_could_share_the_sheet(kit):
    """A deck's last sheet is filled by the next deck (or aid cards) of the same size."""
    short: dict[tuple[float, float], list[str]] = defaultdict(list)
    counts: dict[tuple[float, float], list[tuple[str, int]]] = defaultdict(list)
    for pdf in sorted(kit.glob("*.pdf")):
        if pdf.name in NOT_SHEETS:
            continue
        with pymupdf.open(pdf) as doc:
            for number, page in enumerate(doc, start=1):
                if "backs" in page.get_text():
                    continue   # a backs page mirrors its fronts page
                per_size: dict[tuple[float, float], int] = defaultdict(int)
                for _, size in placements(doc, page):
                    per_size[piece_key(size)] += 1
                for key, count in per_size.items():
                    counts[key].append((f"{pdf.name} p{number}", count))
    for key, pages in counts.items():
        full = max(count for _, count in pages)
        short[key] = [f"{where} ({count} of {full})" for where, count in pages if count < full]
        # One sheet not full; or two, when the last would otherwise carry a single piece and takes
        # one from the sheet before (issue 33: no sheet cut for one small piece), so together they
        # hold just one more than a full sheet.
        lone = [count for _, count in pages if count < full]
        assert len(short[key]) <= 1 or (len(lone) == 2 and sum(lone) == full + 1 and 1 not in lone), \
            f"{key} mm pieces: more than one sheet not full: {short[key]}"
        assert not (full > 1 and any(count == 1 for _, count in pages)) or len(pages) == 1 or \
            _shares_the_page(key, pages, counts), f"{key} mm pieces: a sheet with a single one: {short[key]}"


def _shares_the_page(key, pages, counts) -> bool:
    """Whether every page holding one lone `key` piece holds pieces of other sizes too."""
    lone = {where for where, count in pages if count == 1}
    return all(any(where in [w for w, _ in others] for other, others in counts.items() if other != key)
               for where in lone)


def test_no_unmarked_blank_page(kit):
    for pdf in sorted(kit.glob("*.pdf")):
        with pymupdf.open(pdf) as doc:
            for number, page in enumerate(doc, start=1):
                text = page.get_text().strip()
                if not text and not page.get_drawings() and not page.get_images() and not page.get_xobjects():
                    pytest.fail(f"{pdf.name} page {number} is blank and does not say so")
                if len(text) < 300 and "page is blank" in text.lower():
                    assert "on purpose" in text, f"{pdf.name} page {number}: {text!r}"


def test_cover_alternatives_name_the_pages_that_hold_them(kit):
    """A board poster built from the tiles is the tiles' alternative, and so is a sticker sheet
    of tokens or dice: the cover says so, and each "Print X (pages a-b) OR Y (pages c-d)" (or,
    when X's pages hold other pieces too, "Cut X from pages a-b OR print Y (page c)", and
    "Print X (page a) OR cut Y from page c" when Y's do) names pages whose labels are X and Y."""
    game = game_of(kit)
    components = yaml.safe_load((game / "game.yaml").read_text())["components"]
    kinds = [c["kind"] for c in components]
    with pymupdf.open(kit / "print-and-play.pdf") as doc:
        cover = " ".join(doc[0].get_text().split())
        if "board" in kinds:
            assert re.search(r"(Print|Cut) the .+ OR .+ board poster", cover), cover
        for c in components:
            if c["kind"] == "tokens" and c.get("sticker_sheet"):
                assert re.search(rf"(Print|Cut) the {c['name'].lower()} .*?OR .*?stickers", cover), cover
            if c["kind"] == "dice" and c.get("sticker_sheet", True):
                assert re.search(r"Print the cube nets .*?OR .*?stickers", cover), cover
        found = []
        for _verb, first, second in re.findall(r"(Print|Cut) ([^.]+?) OR (?:print |cut )?([^.]+?), not both", cover):
            # "the X from pages a-b" (either side, where its pages hold other pieces too)
            first = re.sub(r" from (pages? [\d-]+)$", r" (\1)", first)
            second = re.sub(r" from (pages? [\d-]+)$", r" (\1)", second)
            for part in (first, second):
                what, start, last = re.fullmatch(r"(.+) \(pages? (\d+)(?:-(\d+))?\)", part).groups()
                words = " ".join(what.split()[-2:]).lower()
                if words == "blank tokens":
                    words = "stickers"
                found.append(part)
                for number in range(int(start), int(last or start) + 1):
                    assert words in doc[number - 1].get_text().lower().replace("\n", " "), (part, number)
        alternatives = sum(1 for c in components if c.get("sticker_sheet", c["kind"] == "dice")
                           and c["kind"] in ("tokens", "dice")) + ("board" in kinds)
        assert len(found) == 2 * alternatives, (found, cover)


def test_provisional_mark_inside_the_safe_area(kit):
    """Every "provisional v..." mark lies 3 mm or more inside the trim of the card under it."""
    game = game_of(kit)
    bleed = yaml.safe_load((game / "print.yaml").read_text()).get("bleed_mm", 3) * MM
    seen = 0
    for pdf in sorted(kit.glob("*.pdf")):
        if pdf.name in NOT_SHEETS:
            continue
        with pymupdf.open(pdf) as doc:
            for page in doc:
                faces = []
                for (a, b, c, d, e, f), (w, h) in placements(doc, page):
                    corners = [(a * x + c * y + e, b * x + d * y + f) for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
                    xs, ys = [x for x, _ in corners], [y for _, y in corners]
                    faces.append(pymupdf.Rect(min(xs) + bleed, min(ys) + bleed, max(xs) - bleed, max(ys) - bleed))
                for rect in page.search_for("provisional v"):
                    seen += 1
                    trim = next((t for t in faces if t.intersects(rect)), None)
                    assert trim is not None, f"{pdf.name}: a mark at {rect} on no card"
                    inner = pymupdf.Rect(trim.x0 + 3 * MM, trim.y0 + 3 * MM, trim.x1 - 3 * MM, trim.y1 - 3 * MM)
                    assert inner.contains(rect), (f"{pdf.name}: mark {rect} is within 3 mm of its card's trim {trim} "
                                                  f"({(trim.y1 - rect.y1) / MM:.1f} mm above the bottom)")
    manifest = yaml.safe_load((game / "game.yaml").read_text())
    provisional = manifest.get("provisional") or any(c.get("provisional") for c in manifest["components"])
    if provisional:
        assert seen, "a provisional game's cards carry no version mark"


def test_cover_speaks_to_players_not_to_the_tool(kit):
    """The cover says the box's facts as the box would ("2 players", not "2-2 players") and no
    command-line talk (an option to pass, a program that refuses)."""
    game = game_of(kit)
    manifest = yaml.safe_load((game / "game.yaml").read_text())
    with pymupdf.open(kit / "print-and-play.pdf") as doc:
        cover = " ".join(doc[0].get_text().split())
    low, high = manifest["players"]["min"], manifest["players"]["max"]
    assert (f"{low} player" if low == high else f"{low}\u2013{high} players") in cover
    assert f"{low}-{low} players" not in cover and f"{low}\u2013{low} players" not in cover
    if manifest.get("playtime_range"):
        first, last = manifest["playtime_range"]
        assert f"{first}\u2013{last} minutes" in cover and "about" not in cover.split("minutes")[0][-20:]
    for talk in ("--", "Made with dragon-pnp", "build again", "refuses"):
        assert talk not in cover, talk
    if not manifest.get("licence"):
        assert "Licence" not in cover
