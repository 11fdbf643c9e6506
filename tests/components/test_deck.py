"""Decks: faces per row, shared and per-row backs, any card size on Letter and A4, read back from PDFs."""

from __future__ import annotations

import subprocess

import pymupdf
import pytest

from generator.components.base import PlanContext
from generator.components.deck import plan
from generator.data.components import CARD_SIZES
from generator.errors import DataError, LayoutError
from generator.kit.imposition import MarkStyle
from generator.data import load_game
from tests.components.conftest import PEER_DECK, SAMPLER
from tests.components.kits import plan_all, write_game
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
    assert [len(p.placements) for p in result.sections[0].pages] == [9] * 10 + [3, 3]
    assert result.pngs[-1] == ("peer-back", 48) and sum(c for _, c in result.pngs[:-1]) == 48
    assert result.sections[0].document == "cards.pdf"
    assert result.contents == ["48 peer cards, 63 x 88 mm"]
    assert [e.front for e in result.exports][:2] == ["peer-1", "peer-2"] and result.exports[0].name == "Amber Falcon"


# Cards per sheet, worked out by hand: trims at least 4 mm from the edge, bleed on the paper.
PER_PAGE = {
    ("poker", "letter"): 9, ("poker", "a4"): 9, ("bridge", "letter"): 9, ("bridge", "a4"): 9,
    ("mini", "letter"): 16, ("mini", "a4"): 16, ("tarot", "letter"): 4, ("tarot", "a4"): 4,
    ("square", "letter"): 6, ("square", "a4"): 8,
}


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_card_size_fills_letter_and_a4(tmp_path, size, paper):
    game = deck_game(tmp_path, size, rows=20)
    pages = plan(game.game.components[0], context(game, paper)).sections[0].pages
    width, height = PAPER[paper]
    assert len(pages[0].placements) == PER_PAGE[(size, paper)]
    for page in pages:
        assert page.size == pytest.approx((width, height))
        for placement in page.placements:
            x0, y0, x1, y1 = placement.trim
            assert x0 >= 4 - 1e-6 and y0 >= 4 - 1e-6 and x1 <= width - 4 + 1e-6 and y1 <= height - 4 + 1e-6
            assert (x1 - x0, y1 - y0) == pytest.approx(CARD_SIZES[size])


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_fold_layout_puts_as_many_pairs_as_fit_on_a_landscape_page(tmp_path, paper):
    game = deck_game(tmp_path, "mini", rows=30)
    pages = plan(game.game.components[0], context(game, paper, duplex=False)).sections[0].pages
    assert pages[0].size[0] > pages[0].size[1]
    assert len(pages[0].placements) == 2 * 9 and pages[0].fold_marks   # 3 x 3 pairs of 44 x 63 mm cards


def test_a_size_in_millimetres_and_one_too_big_for_the_paper(tmp_path):
    game = deck_game(tmp_path / "a", size="{width_mm: 100, height_mm: 130}")
    pages = plan(game.game.components[0], context(game)).sections[0].pages
    assert len(pages[0].placements) == 4          # 2 x 2: 206 x 266 mm with bleed on 215.9 x 279.4
    huge = deck_game(tmp_path / "b", size="{width_mm: 220, height_mm: 280}")
    with pytest.raises(LayoutError, match="does not fit on letter paper"):
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


def test_peer_deck_pdf_is_a4_three_by_three_with_mirrored_backs(rendered):
    doc = pymupdf.open(rendered(PEER_DECK, "a4")["cards.pdf"])
    assert doc.page_count == 12
    width, height = PAPER["a4"]
    left, top = (width - 3 * 63) / 2, (height - 3 * 88) / 2
    grid = [(left + c * 63 - 3, top + r * 88 - 3) for r in range(3) for c in range(3)]
    for index in range(0, 12, 2):
        front, back = doc[index], doc[index + 1]
        assert abs(mm(front.rect.width) - width) < 0.05 and abs(mm(front.rect.height) - height) < 0.05
        placed = fill_rects(front, BLEED_SIZE)
        assert same_points(placed, grid[:len(placed)])
        assert same_points(fill_rects(back, BLEED_SIZE), [(width - x - BLEED_SIZE[0], y) for x, y in placed])
    assert len(stroked_lines(doc[0], 0.2)) == 2 * 4 + 2 * 4   # a mark at both ends of every cut line
    text = doc[0].get_text()
    assert "Amber Falcon" in text and "Gain 1 coin." in text and "Then pass one card left." in text


def test_peer_deck_embeds_its_fonts(rendered):
    path = rendered(PEER_DECK, "a4")["cards.pdf"]
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    assert fonts and all(" yes " in line and "BitstreamVeraSans" in line for line in fonts)


def test_sampler_decks_and_aids_render_on_both_papers_and_layouts(rendered):
    for paper in ("letter", "a4"):
        for duplex in (True, False):
            written = rendered(SAMPLER, paper, duplex)
            assert set(written) == {"cards.pdf", "tokens.pdf", "dice.pdf", "player-aids.pdf"}
            for path in written.values():
                doc = pymupdf.open(path)
                assert all(abs(mm(p.rect.width) - PAPER[paper][0]) < 0.05 or abs(mm(p.rect.height) - PAPER[paper][0]) < 0.05
                           for p in doc)


def test_the_same_data_plans_the_same_kit():
    """Same data, same faces and pages, in the same order (what makes the PDFs byte-identical)."""
    first, second = plan_all(load_game(SAMPLER), "a4"), plan_all(load_game(SAMPLER), "a4")
    assert repr(first) == repr(second)
