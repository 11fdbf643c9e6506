"""Export gaps a print service or Tabletop Simulator would hit (issue 23), one test each."""

from __future__ import annotations

import yaml

from generator.data import load_game
from generator.data.loader import project_root
from generator.export.from_kit import export_set


def test_dragon_line_cards_carry_their_effect_in_the_tooltip():
    """Dragon Line rows have no `rules`/`text`: the tooltip is the words the card prints."""
    game = load_game("dragon_line")
    deck = next(d for d in export_set(game).decks if d.name == "Dragon cards")
    rows = yaml.safe_load((project_root() / "data" / "dragon_line" / "dragons.yaml").read_text())["cards"]
    assert len(deck.cards) == len(rows) == 35
    by_name = {row["name"]: row for row in rows}
    for card in deck.cards:
        row = by_name[card.name]
        lines = card.description.splitlines()
        assert card.name not in lines, "the name is the tooltip's title, not its text"
        assert str(row["health"]) in lines and row["suit"].capitalize() in card.description
        # the suit's ability sentence, as the card prints it (a full sentence ending in a stop)
        assert any(line.endswith(".") and len(line.split()) >= 3 for line in lines), card.description
