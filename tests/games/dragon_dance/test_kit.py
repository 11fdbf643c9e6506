"""The Dragon Dance kit read back from its PDFs: every action card once, with its numbers from data.

Built on Letter and A4, duplex and fold-over; the text of each card (read inside its placed face) must carry the card's whole table in order, its ranges and its kind.
"""

from __future__ import annotations

import re

import pymupdf
import pytest
import yaml

from dragon_pnp.data.loader import project_root

ROOT = project_root()
DATA = ROOT / "data" / "dragon_dance"
FACES = ("none", 1, 2, 3, 4, 5, 6)


def cards() -> list[dict]:
    found = []
    for role in ("knight", "dragon"):
        rows = yaml.safe_load((DATA / f"{role}_cards.yaml").read_text(encoding="utf-8"))["cards"]
        found += [{**row, "role": role} for row in rows]
    return found


@pytest.fixture(scope="module", params=[("letter", True), ("a4", True), ("letter", False), ("a4", False)],
                ids=["letter-duplex", "a4-duplex", "letter-fold", "a4-fold"])
def card_texts(request, seed_kit, seed_cards) -> list[str]:
    paper, duplex = request.param
    # Duplex: the run's shared kit, `dragon-pnp build DATA --no-check [--paper a4]` (tests/kit reads
    # it too); fold-over: the card sheets alone, all this test reads. Each once per run.
    out = seed_kit(DATA, paper) if duplex else seed_cards(DATA, paper, duplex)
    # One card's text is what MuPDF reads inside its placed face (the aid cards share the sheets
    # and carry the game's mark, not a card's own version, so they are left out).
    texts = []
    for page in pymupdf.open(out / "cards.pdf"):
        for rect in face_rects(page):
            lines = [line.strip() for line in page.get_text(clip=rect).splitlines() if line.strip()]
            if any(line.startswith("provisional v") for line in lines) and not any(line.endswith(" RANGE") for line in lines):
                texts.append("\n".join(lines))
    return texts


PLACED = re.compile(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) cm\s*(?:/\w+ gs\s*)?/(\w+) Do")


def face_rects(page: pymupdf.Page) -> list[pymupdf.Rect]:
    """Where each face form is drawn on the page (its box through its placing matrix)."""
    boxes = {name: bbox for _, name, _, bbox in page.get_xobjects()}
    rects = []
    for match in PLACED.finditer(page.read_contents()):
        name = match.group(7).decode()
        if name not in boxes:
            continue
        a, b, c, d, e, f = (float(v) for v in match.groups()[:6])
        w, h = boxes[name][2], boxes[name][3]
        xs = [a * x + c * y + e for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
        ys = [b * x + d * y + f for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
        rects.append(pymupdf.Rect(min(xs), min(ys), max(xs), max(ys)))
    return rects


def identity(text: str) -> tuple[str, str]:
    """(card name, role) of a card's text: the name stands just above the "KIND · ROLE" line."""
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if "·" in line)
    return lines[at - 1], lines[at].split("·")[1].replace(" ", "").lower()


def test_every_card_is_printed_once_with_its_table_ranges_and_kind(card_texts):
    printed = {identity(text): text for text in card_texts}
    for card in cards():
        key = (card["name"], card["role"])
        assert sum(1 for t in card_texts if identity(t) == key) == card["count"], key
        text = printed[key]
        kind_letters = card["kind"].upper()
        assert kind_letters in text.replace(" ", "").upper(), (card["name"], text)
        for rng in ("long", "short"):
            shown = rng.upper() if rng in card["ranges"] else f"not {rng}"
            assert shown in text.split("\n"), (card["name"], rng)
        if "table" in card:
            lines = text.split("\n")
            values = [str(card["table"][face]) for face in FACES]
            assert any(lines[i:i + 7] == values for i in range(len(lines))), (card["name"], values, lines)
        # one version mark a card: its own version (cards.yaml `version`)
        assert f"provisional v{card['version']}" in text and text.count("provisional v") == 1
