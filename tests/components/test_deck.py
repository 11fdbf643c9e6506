"""Decks: faces per row, shared and per-row backs, any card size on Letter and A4, read back from PDFs."""

from __future__ import annotations

import itertools
import subprocess

import pymupdf
import pytest

from dragon_pnp.components.base import PlanContext
from dragon_pnp.components.deck import plan
from dragon_pnp.data.components import CARD_SIZES
from dragon_pnp.errors import DataError, LayoutError
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.imposition import MarkStyle
from tests.components.conftest import PEER_DECK, SAMPLER
from tests.components.kits import DEFAULT_PRINT, plan_all, write_game
from tests.kit.readback import PAPER, fill_rects, mm, same_points, stroked_lines

MARKS = MarkStyle(1.0, 5.0)


def context(game, paper="letter", duplex=True) -> PlanContext:
    return PlanContext(game, paper, duplex, MARKS)


def deck_game(tmp_path, size: str = "poker", rows: int = 20, extra: str = "", template="components/card.svg.j2",
              files=None):
    csv = "name,text,count\n" + "".join(f"Card {n},Text {n},1\n" for n in range(1, rows + 1))
    components = (f"  - {{id: cards, kind: deck, name: Cards, cards: cards.csv, size: {size}, template: {template},\n"
                  f"     back: {{template: components/card_back.svg.j2}}{extra}}}\n")
    return write_game(tmp_path / "game", components, {"cards.csv": csv, **(files or {})})


# --- planning -------------------------------------------------------------------------------


def test_peer_deck_is_48_faces_one_back_on_twelve_a4_pages():
    game = load_game(PEER_DECK)
    result = plan(game.game.components[0], context(game, "a4"))
    assert len(result.faces) == 49 and result.faces[-1].key == "peer-back"
    # 3 x 3 on A4 only because print.yaml gives deck_duplex a 1 mm bleed and 0.5 mm gutter.
    assert [len(p.placements) for p in result.sections[0].pages] == [9] * 10 + [3, 3]
    assert result.pngs[-1] == ("peer-back", 48) and sum(c for _, c in result.pngs[:-1]) == 48
    assert result.sections[0].document == "cards.pdf"
    assert result.contents == ["48 peer cards, 63 x 88 mm"]
    assert [e.front for e in result.exports][:2] == ["peer-1", "peer-2"] and result.exports[0].name == "Amber Falcon"


# Cards per sheet, worked out by hand from deck_duplex / deck_fold: each card keeps at least
# 2 mm bleed on every side and a 1 mm white gutter from its neighbours' bleed (pitch = trim + 5),
# nothing enters the 5 mm band at the paper edge and the outer crop marks need 3 mm (1 mm gap +
# 2 mm mark) beyond the trims. So n cards fit across a length L when n * trim + (n - 1) * 5 <=
# L - 16: 199.9 mm on Letter's 215.9 width, 194 on A4's 210; down the page 4.3 mm more stay free
# for the page label: 259.1 on Letter (279.4), 276.7 on A4 (297). Where upright rows leave room,
# a band of cards turned a quarter turn fills the strip below (6 mm between bands for both
# bands' marks). Poker 63 x 88 on Letter: 3 across (199), 2 down (181; 3 would be 274),
# then 2 turned (88 + 5 + 88 = 181 across) below: 181 + 6 + 63 = 250 <= 259.1 -> 8. On A4 only 2
# upright fit across (3 need 199 > 194); turned, 2 across and 4 down (4 * 63 + 15 = 267) -> 8.
# Bridge 57 x 89: Letter 3 x 2 + 2 turned = 8; A4: 3 rows need 277 > 276.7, so one upright row
# of 3 and 2 x 3 turned below (89 + 6 + 3 * 57 + 10 = 276) = 9. Mini
# 44 x 63: Letter 4 x 3 (4 down is 267 > 259.1) + 3 turned (3 * 63 + 10 = 199) = 15; A4 4 x 4
# = 16. Tarot 70 x 120: 2 x 2 on both. Square 70: 2 across (3 need 220), 3 down (4 need 295) = 6.
PER_PAGE = {
    ("poker", "letter"): 8, ("poker", "a4"): 8, ("bridge", "letter"): 8, ("bridge", "a4"): 9,
    ("mini", "letter"): 15, ("mini", "a4"): 16, ("tarot", "letter"): 4, ("tarot", "a4"): 4,
    ("square", "letter"): 6, ("square", "a4"): 6,
}
MIN_BLEED, GUTTER, BAND, MARK_ROOM = 2.0, 1.0, 5.0, 3.0


def gap(a, b) -> float:
    """White space between two rectangles (negative when they overlap)."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


# Every card its own bleed: print.yaml `sheets: {deck_duplex: {shared_cut_on: []}}` (by default
# a sheet shares its cuts where that holds more, below).
OWN_BLEEDS = DEFAULT_PRINT + "sheets:\n  deck_duplex: {shared_cut_on: []}\n"


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_card_size_fills_letter_and_a4(tmp_path, size, paper):
    game = deck_game(tmp_path, size, rows=20, files={"print.yaml": OWN_BLEEDS})
    pages = plan(game.game.components[0], context(game, paper)).sections[0].pages
    width, height = PAPER[paper]
    assert len(pages[0].placements) == PER_PAGE[(size, paper)]
    for page in pages:
        assert page.size == pytest.approx((width, height))
        trims = [placement.trim for placement in page.placements]
        for placement, (x0, y0, x1, y1) in zip(page.placements, trims):
            room = BAND + MARK_ROOM
            assert x0 >= room - 1e-6 and y0 >= room - 1e-6 and x1 <= width - room + 1e-6 and y1 <= height - room + 1e-6
            trim = CARD_SIZES[size][::-1] if placement.rotate in (90, 270) else CARD_SIZES[size]
            assert (x1 - x0, y1 - y0) == pytest.approx(trim)
        for a, b in itertools.combinations(trims, 2):
            assert gap(a, b) >= 2 * MIN_BLEED + GUTTER - 1e-6


# By default a sheet shares its cuts where that holds more cards (neighbours abut, bleed and the
# 2.5 mm for marks (1 mm gap + 1.5 mm mark) only round the block, the page label's 4.3 mm up the
# left side). Poker on Letter: 3 x 63 + 5 + 4.3 = 198.3 <= 205.9 across, 3 x 88 + 5 = 269 <=
# 269.4 down: 9 > 8 (turned, 2 x 4 = 8). On A4 with 2 mm bleeds: 198.3 <= 200 and 269 <= 287:
# 9 > 8. Mini 44 x 63, all turned a quarter: 3 across (3 x 63 + 9.3 = 198.3), 6 down (6 x 44 + 5
# = 269) on Letter and on A4: 18 > 15 and 18 > 16. Square 70 on Letter: 2 across (3 need 219.3),
# 3 down: 6 = 6, so each card keeps its own bleed.
@pytest.mark.parametrize("size, paper, count, shared", [("poker", "letter", 9, True), ("poker", "a4", 9, True),
                                                        ("mini", "letter", 18, True), ("mini", "a4", 18, True),
                                                        ("square", "letter", 6, False)])
def test_a_sheet_shares_its_cuts_where_that_holds_more(tmp_path, size, paper, count, shared):
    game = deck_game(tmp_path, size, rows=40)
    page = plan(game.game.components[0], context(game, paper)).sections[0].pages[0]
    assert len(page.placements) == count and page.shared_cut == shared
    trims = [placement.trim for placement in page.placements]
    touching = sum(1 for a, b in itertools.combinations(trims, 2) if abs(gap(a, b)) < 1e-6)
    assert (touching > 0) == shared


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_fold_layout_puts_as_many_pairs_as_fit_on_a_landscape_page(tmp_path, paper):
    """A fold pair of 44 x 63 mm mini cards is 88 x 63 mm with bleed only round the outside.
    Landscape Letter: 2 pairs across (3 need 3 * 88 + 10 = 274 > 263.4), 2 down (3 need 199 >
    215.9 - 16 - 4.3 for the label); landscape A4: 3 across (274 <= 281), 2 down (199 > 189.7)."""
    game = deck_game(tmp_path, "mini", rows=30)
    pages = plan(game.game.components[0], context(game, paper, duplex=False)).sections[0].pages
    assert pages[0].size[0] > pages[0].size[1]
    pairs = 2 * 2 if paper == "letter" else 3 * 2
    assert len(pages[0].placements) == 2 * pairs and pages[0].fold_marks


def test_a_size_in_millimetres_and_one_too_big_for_the_paper(tmp_path):
    game = deck_game(tmp_path / "a", size="{width_mm: 100, height_mm: 130}")
    pages = plan(game.game.components[0], context(game)).sections[0].pages
    # Two 100 mm cards need 205 mm across, more than Letter's 199.9 inside band and marks, and two
    # 130 mm ones 265 down: one upright, then one turned below it (130 + 6 + 100 = 236 mm).
    assert len(pages[0].placements) == 2
    assert sorted(p.rotate for p in pages[0].placements) == [0, 90]
    huge = deck_game(tmp_path / "b", size="{width_mm: 220, height_mm: 280}")
    with pytest.raises(LayoutError, match="do not fit"):
        plan(huge.game.components[0], context(huge))


def test_rows_without_copies_print_nothing_and_keys_come_from_key_field(tmp_path):
    csv = "code,name,count\nk1,Knight,2\nx,Ghost,0\na-1,Archer,1\n"
    game = write_game(tmp_path / "g", "  - {id: my_deck, kind: deck, name: D, cards: c.csv, key_field: code,\n"
                                      "     template: components/card.svg.j2, back: {template: components/card_back.svg.j2}}\n",
                      {"c.csv": csv})
    result = plan(game.game.components[0], context(game))
    assert [f.key for f in result.faces] == ["my-deck-k1", "my-deck-a-1", "my-deck-back"]
    assert result.pngs == [("my-deck-k1", 2), ("my-deck-a-1", 1), ("my-deck-back", 3)]


def test_a_key_used_twice_is_located(tmp_path):
    game = write_game(tmp_path / "g", "  - {id: d, kind: deck, name: D, cards: c.csv, key_field: name,\n"
                                      "     template: components/card.svg.j2, back: {template: components/card_back.svg.j2}}\n",
                      {"c.csv": "name,count\nKnight,1\nArcher,1\nknight,1\n"})
    with pytest.raises(DataError, match="names card 1 too") as caught:
        plan(game.game.components[0], context(game))
    assert (caught.value.location.line, caught.value.location.column) == (4, 1)


def test_per_row_backs_land_behind_their_own_cards(tmp_path):
    back = ('<svg xmlns="http://www.w3.org/2000/svg" width="{{ mm(frame.full_width) }}mm" '
            'height="{{ mm(frame.full_height) }}mm">{{ card.name }}</svg>')
    csv = "name,count,back\nKnight,1,\nDragon,2,dragon_back.svg.j2\nArcher,1,\n"
    game = write_game(tmp_path / "g", "  - {id: d, kind: deck, name: D, cards: c.csv, template: components/card.svg.j2,\n"
                                      "     back: {template: components/card_back.svg.j2}}\n",
                      {"c.csv": csv, "templates/dragon_back.svg.j2": back})
    result = plan(game.game.components[0], context(game))
    fronts, backs = result.sections[0].pages
    def rounded(trim):
        return tuple(round(v, 6) for v in trim)

    by_trim = {rounded(p.trim): p.form for p in backs.placements}
    width = fronts.size[0]
    pairs = [(p.form, by_trim[rounded((width - p.trim[2], p.trim[1], width - p.trim[0], p.trim[3]))])
             for p in fronts.placements]
    assert pairs == [("d-1", "d-back"), ("d-2", "d-back-2"), ("d-2", "d-back-2"), ("d-3", "d-back")]


def test_a_field_the_template_needs_is_located_in_the_csv(tmp_path):
    template = ('<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm">\n'
                '{{ card.name }}\n{{ card.suit }}</svg>')
    game = write_game(tmp_path / "g", "  - {id: d, kind: deck, name: D, cards: c.csv, template: mine.svg.j2,\n"
                                      "     back: {template: components/card_back.svg.j2}}\n",
                      {"c.csv": "name,count\nKnight,1\n", "templates/mine.svg.j2": template})
    with pytest.raises(DataError) as caught:
        plan(game.game.components[0], context(game))
    error = caught.value
    assert str(error.location.file).endswith("mine.svg.j2") and error.location.line == 3 and error.location.field == "suit"
    assert "c.csv:2:1" in error.message and '("Knight")' in error.message


def test_a_template_drawn_for_another_size_is_refused(tmp_path):
    template = '<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm">{{ card.name }}</svg>'
    game = write_game(tmp_path / "g", "  - {id: d, kind: deck, name: D, cards: c.csv, template: mine.svg.j2,\n"
                                      "     back: {template: components/card_back.svg.j2}}\n",
                      {"c.csv": "name,count\nKnight,1\n", "templates/mine.svg.j2": template})
    with pytest.raises(DataError, match='width="69mm"'):
        plan(game.game.components[0], context(game))


def test_text_too_long_for_the_card_names_the_csv_cell(tmp_path):
    game = write_game(tmp_path / "g", "  - {id: d, kind: deck, name: D, cards: c.csv, template: components/card.svg.j2,\n"
                                      "     back: {template: components/card_back.svg.j2}}\n",
                      {"c.csv": "name,text,count\nKnight," + "word " * 400 + ",1\n"})
    with pytest.raises(LayoutError) as caught:
        plan(game.game.components[0], context(game))
    assert "c.csv:2:8: cards[0].text: " in str(caught.value) and "card.svg.j2:" in str(caught.value)


def test_provisional_faces_carry_the_version_mark():
    sampler = load_game(SAMPLER)                    # game.yaml: provisional, version 0.3
    heroes = plan(sampler.game.components[0], context(sampler))
    fronts = [f for f in heroes.faces if not f.key.endswith("back")]
    assert fronts and all("provisional v0.3" in f.svg for f in fronts)
    assert all("provisional" not in f.svg for f in heroes.faces if f.key.endswith("back"))
    peer = load_game(PEER_DECK)
    assert all("provisional" not in f.svg for f in plan(peer.game.components[0], context(peer, "a4")).faces)


# --- read back from the PDFs ----------------------------------------------------------------


BLEED_SIZE = (69.0, 94.0)


PEER_BLEED, PEER_GUTTER = 1.0, 0.5   # examples/peer-deck/print.yaml: sheets.deck_duplex


def test_peer_deck_pdf_is_a4_three_by_three_with_mirrored_backs(rendered):
    """3 x 3 poker cards on A4, centred across: 1 mm of each card's bleed shows, then a 0.5 mm
    white gutter; crop marks clear of the 5 mm band; each backs page mirrors its fronts page."""
    doc = pymupdf.open(rendered(PEER_DECK, "a4")["cards.pdf"])
    assert doc.page_count == 12
    width, height = PAPER["a4"]
    pitch_x, pitch_y = 63 + 2 * PEER_BLEED + PEER_GUTTER, 88 + 2 * PEER_BLEED + PEER_GUTTER
    left = (width - 3 * 63 - 2 * (2 * PEER_BLEED + PEER_GUTTER)) / 2     # 8 mm: band 5 + marks 3
    assert left == pytest.approx(8.0)
    for index in range(0, 12, 2):
        front, back = doc[index], doc[index + 1]
        assert abs(mm(front.rect.width) - width) < 0.05 and abs(mm(front.rect.height) - height) < 0.05
        placed = fill_rects(front, BLEED_SIZE)     # the faces keep their 3 mm bleed, clipped on the sheet
        top = min(y for _, y in placed) + 3
        grid = [(left + c * pitch_x - 3, top + r * pitch_y - 3) for r in range(3) for c in range(3)]
        assert same_points(placed, grid[:len(placed)])
        assert top >= 8 - 0.05 and top + 2 * pitch_y + 88 <= height - 8 + 0.05
        assert same_points(fill_rects(back, BLEED_SIZE), [(width - x - BLEED_SIZE[0], y) for x, y in placed])
    # Every card has its own cuts: 6 vertical and 6 horizontal cut lines, a mark at both ends of each.
    assert len(stroked_lines(doc[0], 0.2)) == 2 * 6 + 2 * 6
    text = doc[0].get_text()
    assert "Amber Falcon" in text and "Gain 1 coin." in text and "Then pass one card left." in text
    # What shows on paper: the card's dark border runs 1 mm past the trim, then white.
    pixmap = doc[0].get_pixmap(dpi=254, colorspace=pymupdf.csGRAY)   # 10 pixels per mm
    top = min(y for _, y in fill_rects(doc[0], BLEED_SIZE)) + 3

    def grey(x_mm: float, y_mm: float) -> int:
        return pixmap.pixel(round(x_mm * 10), round(y_mm * 10))[0]

    for y in (top + 20, top + 44, top + 70):
        right_trim = left + 63
        assert grey(right_trim + 0.6, y) < 120                                  # bleed
        assert grey(right_trim + PEER_BLEED + PEER_GUTTER / 2, y) > 235        # gutter
        assert grey(left + pitch_x - 0.6, y) < 120                               # the neighbour's bleed
        assert grey(left - 0.6, y) < 120 and grey(left - 1.5, y) > 235          # outer bleed, then paper


def test_peer_deck_embeds_its_fonts(rendered):
    path = rendered(PEER_DECK, "a4")["cards.pdf"]
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    assert fonts and all(" yes " in line and "BitstreamVeraSans" in line for line in fonts)


def test_sampler_decks_and_aids_render_on_both_papers_and_layouts(rendered):
    for paper in ("letter", "a4"):
        for duplex in (True, False):
            written = rendered(SAMPLER, paper, duplex)
            assert set(written) == {"cards.pdf", "tokens.pdf", "stickers.pdf", "dice.pdf", "player-aids.pdf"}
            for path in written.values():
                doc = pymupdf.open(path)
                assert all(abs(mm(p.rect.width) - PAPER[paper][0]) < 0.05 or abs(mm(p.rect.height) - PAPER[paper][0]) < 0.05
                           for p in doc)


def test_the_same_data_plans_the_same_kit():
    """Same data, same faces and pages, in the same order (what makes the PDFs byte-identical)."""
    first, second = plan_all(load_game(SAMPLER), "a4"), plan_all(load_game(SAMPLER), "a4")
    assert repr(first) == repr(second)
