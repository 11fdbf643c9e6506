"""Dragon Line's card faces read back from the SVG the kit plans: a Spirit card's Reform
modifiers each stay whole on one line ("Damage +2", never "Damage" then "+2"), at least the
print profile's minimum size and inside the card's safe area."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.kit import plan_components
from dragon_pnp.kit.text_fit import PT_MM, text_width_mm

SVG = "{http://www.w3.org/2000/svg}"
LABELS = (("damage", "Damage"), ("health", "Health"), ("range", "Range"))
MODIFIER = r"(?:Damage|Health|Range) [+-]\d+"
WHOLE_MODIFIERS = re.compile(rf"{MODIFIER}(?: {MODIFIER})*")


@pytest.fixture(scope="module")
def game():
    return load_game("dragon_line")


@pytest.fixture(scope="module")
def spirit_faces(game):
    """(card, the card's SVG root) for every card whose suit reforms rather than deals damage."""
    plan = next(p for p in plan_components(game, "letter") if p.component_id == "dragons")
    faces = {face.key: face.svg for face in plan.faces}
    cards = [card for card in game.dragons.cards if card.reform is not None]
    assert cards, "the shipped deck has Spirit cards"
    return [(card, ET.fromstring(faces[f"dragons-{card.id}"])) for card in cards]


def reform_lines(root: ET.Element) -> list[ET.Element]:
    """The text lines printed under the REFORM heading: the bold lines that follow it."""
    texts = list(root.iter(f"{SVG}text"))
    start = next(i for i, t in enumerate(texts) if (t.text or "").startswith("REFORM"))
    lines = []
    for text in texts[start + 1:]:
        if text.get("font-weight") != "bold":
            break
        lines.append(text)
    return lines


def test_each_reform_modifier_stays_whole_on_one_line(spirit_faces):
    for card, root in spirit_faces:
        wanted = [f"{label} {getattr(card.reform, key):+d}" for key, label in LABELS if getattr(card.reform, key)]
        lines = [" ".join((t.text or "").split()) for t in reform_lines(root)]
        assert lines, f"{card.name}: no Reform lines"
        for line in lines:
            assert WHOLE_MODIFIERS.fullmatch(line), f"{card.name}: {line!r} splits a modifier ({lines})"
        assert re.findall(MODIFIER, " ".join(lines)) == wanted, f"{card.name}: {lines}"


def test_reform_lines_are_readable_and_inside_the_safe_area(game, spirit_faces):
    profile = game.print_profile
    safe = float(profile.card.safe_mm)
    width, _ = game.game.component("dragons").trim_mm()
    for card, root in spirit_faces:
        for text in reform_lines(root):
            size_pt = float(text.get("font-size")) / PT_MM
            # the SVG writes millimetres to 3 decimals: 6.5 pt is written 2.293 mm (6.4998 pt)
            assert size_pt >= profile.card.min_font_pt - 0.0005 / PT_MM, f"{card.name}: {size_pt:.2f} pt"
            half = text_width_mm(" ".join(text.text.split()), size_pt, bold=True) / 2
            centre = float(text.get("x"))   # in trim millimetres: the group around it moves by the bleed
            assert text.get("text-anchor") == "middle"
            assert safe - 1e-6 <= centre - half and centre + half <= width - safe + 1e-6, \
                f"{card.name}: {text.text!r} leaves the safe area"
