"""Player aids a stranger can use: a half-page reference or cards, never a page of text.

Read back from each seed game's built Letter kit with pymupdf (an independent reader):
- Dragon Pants' aid (`::: player_aid size=half`) is half a page, printed twice on its page with a
  dashed cut line between the copies; every line of each copy stays in its own half, clear of
  the cut; its card list carries each card's one-line summary from the data, Poison's saying
  the biter flies home; the rulebook's last page is that same page;
- the games whose aids are `aid` components (Dragon Dance, Dragon Line) print them as cards in
  cards.pdf, sharing sheets with other cards, and have no aid page.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
import yaml

from dragon_pnp.data.loader import project_root
from dragon_pnp.games.registry import load_game

ROOT = project_root()
MM = 72 / 25.4


def aid_components(folder: Path) -> list[dict]:
    return [c for c in yaml.safe_load((folder / "game.yaml").read_text())["components"] if c["kind"] == "aid"]


def test_the_dragon_pants_aid_is_half_a_page_printed_twice(letter_kit):
    kit = letter_kit(ROOT / "data" / "dragon_pants")
    game = load_game(ROOT / "data" / "dragon_pants")
    poison = next(c for c in game.power.cards if c.id == "poison")
    assert "biter flies home" in poison.text           # the data says it; the aid prints the data
    with pymupdf.open(kit / "player-aid.pdf") as doc, pymupdf.open(kit / "rulebook.pdf") as book:
        assert doc.page_count == 1
        page = doc[0]
        middle = page.rect.height / 2
        titles = page.search_for(f"{game.game.name}: player aid")
        assert len(titles) == 2, titles
        assert titles[0].y1 < middle < titles[1].y0
        # the cut line: a dashed line across the page at its middle
        cuts = [d for d in page.get_drawings() if d.get("dashes") not in (None, "[] 0", "[] 0.0")
                and abs(d["rect"].y0 - middle) < 1 and d["rect"].width > page.rect.width * 0.85]
        assert cuts, "no dashed cut line across the middle"
        # every word in its own half, 4 mm or more clear of the cut (as every trim line is of text)
        for word in page.get_text("words"):
            assert word[3] < middle - 4 * MM or word[1] > middle + 4 * MM, word
        # each copy holds every card's summary, Poison's biter line included (text joined across lines)
        for top in (True, False):
            clip = pymupdf.Rect(0, 0 if top else middle, page.rect.width, middle if top else page.rect.height)
            text = " ".join(page.get_text(clip=clip).split())
            for card in game.power.cards:
                assert card.name in text
                assert " ".join(card.text.split()) in text, card.id
        # the cover says how to print it for the most players the box takes
        with pymupdf.open(kit / "print-and-play.pdf") as kit_pdf:
            cover = " ".join(kit_pdf[0].get_text().split())
        most = game.game.players.max
        assert (f"2 copies to the page, cut apart on the dashed line; for {most} players print it "
                f"{(most + 1) // 2} times") in cover, cover
        # the rulebook ends with the same page (two copies), not a page of text of its own
        last = " ".join(book[-1].get_text().split())
        assert last.count(f"{game.game.name}: player aid") == 2
        assert " ".join(poison.text.split()) in last


@pytest.mark.parametrize("name", [p.parent.name for p in sorted((ROOT / "data").glob("*/game.yaml"))
                                  if aid_components(p.parent)])
def test_aids_that_are_components_print_as_cards_with_other_cards(name, letter_kit):
    folder = ROOT / "data" / name
    kit = letter_kit(folder)
    assert not (kit / "player-aid.pdf").exists()
    assert "::: player_aid" not in (folder / "rules.md").read_text()
    for aid in aid_components(folder):
        assert aid.get("document") == "cards.pdf", f"{name}: aid {aid['id']} prints on a page of its own"
    with pymupdf.open(kit / "cards.pdf") as doc:
        fronts = [p for p in doc if "fronts" in p.get_text()]
        # the aid's pages hold other cards too: no page is the aid alone
        for page in fronts:
            pieces = len(page.get_xobjects())
            assert pieces >= 2, f"{name}: a card sheet with {pieces} piece"
    with pymupdf.open(kit / "print-and-play.pdf") as doc:
        for number, page in enumerate(doc, start=1):
            assert "player aid (print this page" not in page.get_text(), f"{name}: p{number} is an aid page"


def test_no_text_of_the_dragon_pants_aid_is_under_seven_and_a_half_points(letter_kit):
    """Issue 33: the aid read at arm's length. PDFium's size of every glyph on the aid page (its
    card table was 6.6 pt, its cut labels 7 pt): none under 7.5 pt, and there is text to read."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    kit = letter_kit(ROOT / "data" / "dragon_pants")
    pdf = pdfium.PdfDocument(kit / "player-aid.pdf")
    text = pdf[0].get_textpage()
    sizes = [raw.FPDFText_GetFontSize(text, i) for i in range(text.count_chars())
             if chr(raw.FPDFText_GetUnicode(text, i)).strip()]
    assert len(sizes) > 1000
    assert min(sizes) >= 7.5 - 0.01, sorted({round(s, 2) for s in sizes})
