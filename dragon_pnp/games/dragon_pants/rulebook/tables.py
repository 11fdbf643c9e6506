"""Dragon Pants rulebook tables from its data: the box, Destiny presets, terrain, Power cards.

Each function returns flowables sized to the frame width it is given (points), so the same
table fits Letter and A4.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable, Paragraph, Table

from dragon_pnp.components.art import icon_names
from dragon_pnp.data import GameData
from dragon_pnp.data.components import time_track
from dragon_pnp.games.dragon_pants.data import PantsTerrain, PowerCard, signed
from dragon_pnp.games.dragon_pants.printed_words import TEXTS
from dragon_pnp.games.dragon_pants.rulebook.facts import PresetFacts, answers, preset_facts
from dragon_pnp.rulebook.markup import escape_inline, inline_xml
from dragon_pnp.rulebook.styles import Styles
from dragon_pnp.rulebook.tables import grid

# How the schema's targeting kinds read in a sentence (generic: the schema's own vocabulary).


def components_table(game: GameData, styles: Styles, width: float) -> Table:
    board = game.board
    box = game.settings.box
    terrain_parts = [f"{t.count} {escape_inline(t.name)}" for t in board.terrains.values() if t.count]
    pawn_colours = [escape_inline(c.name) for c in game.print_profile.seat_colours.values()]
    power_parts = [f"{c.count}× {escape_inline(c.name)}" if c.count > 1 else escape_inline(c.name)
                   for c in game.power.cards]
    numbered = [c for c in game.destiny.cards if not c.blank and c.count]
    destiny_parts = [f"{c.count}× {signed(c.value)}" for c in numbered]
    blanks = sum(c.count for c in game.destiny.cards if c.blank)
    track = time_track(game)
    rows: list[list[Flowable | str]] = [
        ["Component", "Count", "Details"],
        ["Hex tiles", str(box.tiles), ", ".join(terrain_parts)],
        ["Dragon pawns", str(box.pawns), "one per den: " + ", ".join(pawn_colours)],
        ["Deck of Power", str(box.power_cards), ", ".join(power_parts)],
        # One count everywhere (box, cover, README): the time cards plus the blanks.
        ["Deck of Destiny", str(box.destiny_cards + blanks),
         f"{box.destiny_cards} time cards (" + ", ".join(destiny_parts) + ")"
         + (f" + {blanks} blanks for house rules" if blanks else "")],
        ["Time track card", str(box.time_track_cards),
         f"boxes numbered {track.first} to {track.last} in {track.rows} rows"],
        ["Time marker", str(box.time_markers), "a small token that moves along the time track"],
    ]
    return grid(rows, [0.2 * width, 0.09 * width, 0.71 * width], styles)


def preset_table(game: GameData, styles: Styles, width: float,
                 presets: list[PresetFacts] | None = None) -> Table:
    """One row per preset: cards by value, deck size and sum, start time, and whether it must end."""
    presets = presets if presets is not None else preset_facts(game)
    values = sorted({c.value for c in game.destiny.cards if not c.blank}
                    | {v for p in presets for v in p.cards})
    box = {c.value: c.count for c in game.destiny.cards if not c.blank}
    head = ["Deck", *[signed(v) for v in values], "Cards", "Sum", "Start time", "Always ends?", "Chance to end"]
    rows: list[list[Flowable | str]] = [head]
    for p in presets:
        label = f"**{escape_inline(p.name)}**" + (" (recommended)" if p.recommended else "")
        rows.append([label, *[str(p.cards.get(v, 0)) for v in values], str(p.size), signed(p.sum),
                     str(p.length), "yes" if p.guaranteed else "no", _percent(p.p_end)])
    rows.append(["*In the box*", *[str(box.get(v, 0)) for v in values], str(sum(box.values())), "", "", "", ""])
    fixed = 0.2 * width
    rest = (width - fixed) / (len(head) - 1)
    widths = [fixed, *[rest * 0.72] * len(values)]
    tail = width - sum(widths)
    widths += [tail * f for f in (0.15, 0.15, 0.2, 0.25, 0.25)]
    return grid(rows, widths, styles)


def _percent(p: float) -> str:
    if p >= 1:
        return "100%"
    return f"{min(p * 100, 99.9):.1f}%"


def terrain_table(game: GameData, styles: Styles, width: float) -> Table:
    say = _words(game)
    rows: list[list[Flowable | str]] = [[say("table.terrain"), say("table.tiles"), say("table.what_it_does")]]
    for terrain in game.board.terrains.values():
        rows.append([f"**{escape_inline(terrain.name)}**", str(terrain.count), terrain_effects(terrain, say)])
    return grid(rows, [0.18 * width, 0.09 * width, 0.73 * width], styles)


def _words(game: GameData) -> Callable[[str], str]:
    """The module's table words in the kit's language (printed_words.py)."""
    phrases = game.game.phrases
    return lambda key: phrases.module(key, TEXTS[key])


def _english(key: str) -> str:
    return TEXTS[key]


def terrain_effects(terrain: PantsTerrain, say: Callable[[str], str] = _english) -> str:
    """The terrain's rules flags as one plain sentence."""
    parts = []
    if terrain.is_home:
        parts.append(say("terrain.den"))
    elif not terrain.passable:
        parts.append(say("terrain.impassable"))
    for flag in ("holds_one", "blocks_sight", "sight_immune", "draw_power"):
        if getattr(terrain, flag):
            parts.append(say(f"terrain.{flag}"))
    text = "; ".join(parts) if parts else say("terrain.open")
    return text[0].upper() + text[1:] + "."


def card_kind(card: PowerCard, game: GameData) -> str:
    phrases = game.game.phrases
    if card.target == "reaction":
        return phrases.module("table.reaction_to", TEXTS["table.reaction_to"]).replace(
            "{list}", answers(card, game.power.cards, phrases))
    if not card.kinds:
        return "—"
    return " + ".join(phrases.module(f"kind.{k}", k) for k in card.kinds)


def card_table(game: GameData, styles: Styles, width: float) -> Table:
    say = _words(game)
    rows: list[list[Flowable | str]] = [[say("table.card"), say("table.no"), say("table.kind"), say("table.target"),
                                         say("table.effect")]]
    for card in game.power.cards:
        rows.append([_named(game, card), str(card.count), escape_inline(card_kind(card, game)),
                     say(f"table.target.{card.target}"), escape_inline(card.rules)])
    sources = [game.locate("power_cards.yaml", "cards", i, "rules") for i in range(len(game.power.cards))]
    return grid(rows, [0.2 * width, 0.05 * width, 0.15 * width, 0.15 * width, 0.45 * width], styles,
                sources=sources)


def card_list(game: GameData, styles: Styles, width: float) -> Table:
    """The compact list for the player aid, narrow enough for one column of a half page: each
    card's icon, name, copies and kind, then its one-line summary (the card prints the whole rule)."""
    say = _words(game)
    rows: list[list[Flowable | str]] = [[say("table.card"), say("table.what_it_does")]]
    for card in game.power.cards:
        copies = f" ×{card.count}" if card.count > 1 else ""
        name = inline_xml(f"{_named(game, card)}{copies}")
        # what a reaction answers is in its summary; the others' kind says which reaction stops them
        shown = card.kinds and card.target != "reaction"
        kind = inline_xml(f"*{escape_inline(card_kind(card, game))}*") if shown else ""
        cell = Paragraph(name + (f"<br/>{kind}" if kind else ""), styles.cell)
        rows.append([cell, escape_inline(card.text)])
    sources = [game.locate("power_cards.yaml", "cards", i, "text") for i in range(len(game.power.cards))]
    return grid(rows, [0.38 * width, 0.62 * width], styles, sources=sources)


def _named(game: GameData, card: PowerCard) -> str:
    """A card's name in bold after its icon (the picture on the card: `icons/<id>.svg`), so the
    table and the cards in hand are matched at a glance."""
    name = f"**{escape_inline(card.name)}**"
    return f"{{{card.id}}} {name}" if card.id in icon_names(game.root) else name
