"""Card faces: one front per distinct Power card and Destiny value, and one back per deck.

All words and numbers come from power_cards.yaml and destiny.yaml; sizes, colours and the
minimum type size from print.yaml. Every text block is fitted with real font metrics inside
the safe zone, or the build stops with a LayoutError naming the card.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from dragon_pnp.components.drawing import PieceFrame
from dragon_pnp.data import GameData
from dragon_pnp.data.lang.words import SOURCE_LANGUAGE, Phrases
from dragon_pnp.games.dragon_pants.data import DestinyCard, PowerCard, signed
from dragon_pnp.games.dragon_pants.pictograms import LABELS, pictogram
from dragon_pnp.games.dragon_pants.printed_words import TEXTS
from dragon_pnp.kit.layout_warnings import warn
from dragon_pnp.kit.text_fit import FittedText, below_size, fit_line, fit_text, text_width_mm

# The two decks, by the names their data files and deck_colours use.
POWER, DESTINY = "power", "destiny"
DECK_TITLES = {POWER: "Power", DESTINY: "Destiny"}
PANEL_INSET_MM = 2.6       # coloured frame between the trim and the light panel
BODY_LARGEST_PT = 8.5        # the deck's one text size: every Power card's rules are set at it
PT_TO_MM = 25.4 / 72.0
TITLE_LARGEST_PT = 14.0


@dataclass(frozen=True)
class CardFrame(PieceFrame):
    """A Power or Destiny card's layout on top of the generic piece frame (trim mm, y down)."""

    @property
    def text_width(self) -> float:
        return self.width - 2 * self.safe - 2.0

    @property
    def title_baseline(self) -> float:
        return self.safe + 0.1 * self.height - 0.8

    @property
    def art_box(self) -> tuple[float, float, float, float]:
        top = self.safe + 0.17 * self.height
        return (self.safe + 1.0, top, self.width - self.safe - 1.0, top + 0.25 * self.height)

    @property
    def body_box(self) -> tuple[float, float, float, float]:
        """The box the card text is fitted into; inside the safe zone by construction."""
        top = self.art_box[3] + 8.0
        return (self.safe + 1.0, top, self.width - self.safe - 1.0, self.height - self.safe - 4.6)

    @property
    def footer_baseline(self) -> float:
        return self.height - self.safe - 0.6


def card_frame(game: GameData, deck: str = POWER) -> CardFrame:
    p = game.print_profile
    width, height = game.game.component(deck).trim_mm()
    return CardFrame(width, height, p.bleed_mm, p.card.safe_mm)


def card_colour(game: GameData, card: PowerCard) -> str:
    """Frame colour: the card's first kind, or `prize` for the card that is never played."""
    kind = "prize" if card.target == "none" else (card.kinds[0] if card.kinds else "self")
    return game.print_profile.palette("kind").get(kind, "#444444")


def power_card_values(game: GameData, card_id: str) -> dict[str, Any]:
    """What the Power card template draws for one card: fitted text, pictogram, colours."""
    frame = card_frame(game)
    minimum = game.print_profile.card.min_font_pt
    index, card = next((i, c) for i, c in enumerate(game.power.cards) if c.id == card_id)
    where = f'Power card "{card.name}"'
    title_pt = fit_line(card.name, frame.text_width, largest_pt=TITLE_LARGEST_PT, smallest_pt=minimum,
                        where=f"{where} name", location=game.locate("power_cards.yaml", "cards", index, "name"))
    x0, y0, x1, y1 = frame.body_box
    # The card carries its short text (two or three lines); the full effect is in the rulebook's
    # card reference, and the player aid lists the short texts.
    text_at = game.locate("power_cards.yaml", "cards", index, "text")
    body = fit_text(card.text, (x1 - x0, y1 - y0), largest_pt=BODY_LARGEST_PT, smallest_pt=minimum,
                    where=f"{where} text", location=text_at)
    note = below_size(card.text, body, (x1 - x0, y1 - y0), BODY_LARGEST_PT)
    if note:
        warn(text_at, f"{where} text: {note}")
    ax0, ay0, ax1, ay1 = frame.art_box
    radius = (ay1 - ay0) / 9.2
    diagram_x = ax0 + 4 * radius + 2.5        # the range diagram on the left, the card's icon beside it
    picture = pictogram(card.target, card.reacts_to, (diagram_x, (ay0 + ay1) / 2), radius)
    icon_left = diagram_x + 4 * radius + 2.5
    icon_size = min(ax1 - 2.0 - icon_left, ay1 - ay0 - 4.0)
    icon_box = (icon_left + (ax1 - 2.0 - icon_left - icon_size) / 2, (ay0 + ay1 - icon_size) / 2, icon_size)
    words = game.game.phrases
    kinds = " · ".join(words.module(f"kind.{k}", k).upper() for k in (card.kinds or ["prize"]))
    if words.language != SOURCE_LANGUAGE:   # the English caption stays as the pictogram wrote it
        picture = dataclasses.replace(picture, label=_label(words, card, game.power.cards))
    return {"f": frame, "card": card, "colour": card_colour(game, card), "title_pt": title_pt, "body": body,
                "body_y": _centred_top(body, y0, y1), "picture": picture, "picture_x": diagram_x, "icon_box": icon_box, "kinds": kinds, "game_name": game.game.name,
                "panel": PANEL_INSET_MM, "pt": PT_TO_MM}


def _label(words: Phrases, card: PowerCard, cards: list[PowerCard]) -> str:
    """The pictogram's caption in the kit's language: how the card targets, or what it answers."""
    if card.target == "reaction" and card.reacts_to:
        names = {c.id: c.name for c in cards}
        listed = [words.module(f"kind.{t}", t) if f"kind.{t}" in TEXTS else names.get(t, t) for t in card.reacts_to]
        joined = words.names(listed)
        if len(listed) > 1:
            joined = joined.replace(f" {words.text('words.and')} ", f" {words.text('words.or')} ")
        return words.module("target.reaction_to", "Reaction to {list}").replace("{list}", joined)
    return words.module(f"target.{card.target}", LABELS[card.target])


def destiny_card_values(game: GameData, row: dict[str, Any]) -> dict[str, Any]:
    """What the Destiny card template draws: the value, as large as fits."""
    frame = card_frame(game, DESTINY)
    index = next(i for i, c in enumerate(game.destiny.cards)
                 if c.value == row.get("value") and c.blank == row.get("blank", False))
    card = game.destiny.cards[index]
    value = "" if card.blank else signed(card.value).replace("-", "\u2212")
    big_mm = _big_value_size(value, frame, game.locate("destiny.yaml", "cards", index, "value"))
    return {"f": frame, "card": card, "value": value, "big_mm": big_mm,
                "colour": game.print_profile.palette("deck").get(DESTINY, "#8a2f1d"), "title": DECK_TITLES[DESTINY],
                "game_name": game.game.name, "panel": PANEL_INSET_MM, "pt": PT_TO_MM}


def destiny_key(card: DestinyCard) -> str:
    if card.blank:
        return "destiny-blank"
    return f"destiny-{'plus' if card.value > 0 else 'minus'}{abs(card.value)}"


def card_back_values(game: GameData, deck: str, title: str) -> dict[str, Any]:
    """A deck's back: its colour and a hex lattice, the same when turned upside down."""
    frame = card_frame(game, deck)
    lattice = _hex_lattice(frame.width + 2 * frame.bleed, frame.height + 2 * frame.bleed, 5.0)
    return {"f": frame, "deck": deck, "title": title, "lattice": lattice,
                "colour": game.print_profile.palette("deck").get(deck, "#333333"), "game_name": game.game.name, "pt": PT_TO_MM}


def template_globals(game: GameData) -> dict[str, Any]:
    """The names Dragon Pants' card templates call (data/dragon_pants/templates/)."""
    return {
        "power_card": lambda row: power_card_values(game, row["id"]),
        "destiny_card": lambda row: destiny_card_values(game, row),
        "card_back": lambda fields: card_back_values(game, fields["deck"], fields["title"]),
    }


def _hex_lattice(width: float, height: float, radius: float) -> str:
    """SVG path of small flat-topped hexes centred on the card, so the pattern survives a half turn."""
    dx, dy = radius * 1.5, radius * math.sqrt(3)
    inner = radius * 0.9
    parts = []
    for i in range(-math.ceil(width / 2 / dx) - 1, math.ceil(width / 2 / dx) + 2):
        for j in range(-math.ceil(height / 2 / dy) - 1, math.ceil(height / 2 / dy) + 2):
            x, y = width / 2 + i * dx, height / 2 + j * dy + (i % 2) * dy / 2
            corners = [(x + inner * math.cos(math.radians(60 * k)), y + inner * math.sin(math.radians(60 * k)))
                       for k in range(6)]
            parts.append("M" + "L".join(f"{cx:.2f} {cy:.2f}" for cx, cy in corners) + "Z")
    return "".join(parts)


def _centred_top(text: FittedText, top: float, bottom: float) -> float:
    """Baseline of the first line so the block sits in the middle of its box."""
    spare = (bottom - top) - text.height_mm
    return top + spare / 2 + text.size_mm * 0.93


def _big_value_size(value: str, frame: CardFrame, location: Any) -> float:
    """The large Destiny number: as big as fits half the safe width, capped by the card height."""
    if not value:
        return 0.0
    width_at_1mm = text_width_mm(value, 72 / 25.4, bold=True)
    return round(min(0.5 * (frame.width - 2 * frame.safe) / width_at_1mm, frame.height / 4.2), 3)
