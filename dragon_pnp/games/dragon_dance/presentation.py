"""Plain views of Dragon Dance's cards, roles and worked examples for templates and rules.md.

The card, aid and token templates and the rulebook text read these instead of the pydantic
models, so every printed number comes from the data files, and the wording that names a
kind, a range or a movement lives in one place. Pure data: no drawing library here.
"""

from __future__ import annotations

from typing import Any

from dragon_pnp.games.dragon_dance.data import FACES, RANGES, ActionCard, DanceData
from dragon_pnp.games.dragon_dance.printed_words import Say, english, joined

TABLE_HEADS = ("none", *FACES)   # the order of a printed table: no die, then faces 1-6


def card_view(data: DanceData, role: str, card: ActionCard, say: Say = english) -> dict[str, Any]:
    """What a card face, an aid line or the card reference shows of one card (its words through
    `say`, the kit's language: printed_words.py)."""
    partners = [other.name for other in data.rosters[role].cards if other.combo and other.id != card.id]
    has_table = card.table is not None
    return {
        "id": card.id,
        "name": card.name,
        "role": role,
        "count": card.count,
        "version": card.version,
        "kind": card.kind,
        "kind_word": say(f"kind.{card.kind}"),
        "ranges": list(card.ranges),
        "long": "long" in card.ranges,
        "short": "short" in card.ranges,
        "range_words": joined(say, "both", [say(f"range.{r}") for r in RANGES if r in card.ranges]),
        "movement": card.movement,
        "movement_word": say(f"movement.{card.movement}") if card.movement else "",
        "combo": card.combo,
        "combo_with": joined(say, "either", partners),
        "effect": card.effect,
        "effect_word": say(f"effect.{card.effect}") if card.effect else "",
        "has_table": has_table,
        "table": [card.value(_die(key)) for key in TABLE_HEADS] if has_table else [],
        "table_words": joined(say, "table.list", [say("table.value").format(face=say("table.no_die") if key == "none" else key,
                                                                             value=card.value(_die(key)))
                                                   for key in TABLE_HEADS]) if has_table else "",
        "text": card.text,
        "rules": card.rules,
    }


def role_view(data: DanceData, role: str, say: Say = english) -> dict[str, Any]:
    """A role's numbers (life, dice, its kit pieces) and its cards, for rules.md."""
    settings = data.settings.roles[role]
    cards = [card_view(data, role, card, say) for card in data.rosters[role].cards]
    return {
        "name": role,
        "title": role.capitalize(),
        "life": settings.life,
        "dice": settings.dice,
        "deck": settings.deck,
        "life_tokens": settings.life_tokens,
        "dice_set": settings.dice_set,
        "cards": cards,
        "card_count": sum(card["count"] for card in cards),
        "at": {rng: [card for card in cards if rng in card["ranges"]] for rng in RANGES},
        "attacks": [card for card in cards if card["kind"] == "attack"],
        "defences": [card for card in cards if card["kind"] == "defence"],
    }


def cards_at(data: DanceData, role: str, at_range: str | None = None, say: Say = english) -> list[dict[str, Any]]:
    """A role's cards (those playable at `at_range`, when given), in roster order."""
    return [card_view(data, role, card, say) for card in data.rosters[role].cards
            if at_range is None or at_range in card.ranges]


def example_views(data: DanceData, say: Say = english) -> list[dict[str, Any]]:
    """The designer's worked examples as the engine plays them with the current tables (D13);
    ranges and die words in the kit's language."""
    from dragon_pnp.games.dragon_dance.rules import Rules
    from dragon_pnp.games.dragon_dance.worked_examples import play_example

    rules = Rules(data)
    views = []
    for example in data.examples.examples:
        outcome = play_example(rules, example)
        sides = {}
        for role in data.roles:
            side = example.play[role]
            card = card_view(data, role, data.card(role, side.card), say)
            sides[role] = {"card": card, "die": side.face, "die_words": _die_words(say, side.face),
                           "value": outcome.values.get(role), "lost": outcome.life_lost[role]}
        combo = None
        if example.combo is not None and outcome.combo_value is not None:
            combo_card = card_view(data, data.roles[0], data.card(data.roles[0], example.combo.card), say)
            combo = {"card": combo_card, "die": example.combo.face, "die_words": _die_words(say, example.combo.face),
                     "value": outcome.combo_value}
        views.append({"number": example.seed_example, "title": example.title, "range": example.range,
                      "sides": sides, "combo": combo, "range_after": outcome.range_after,
                      # the ranges as words in the kit's language (`range` and `range_after` are ids)
                      "range_word": say(f"range.{example.range}"), "range_after_word": say(f"range.{outcome.range_after}")})
    return views


def _die_words(say: Say, face: int | None) -> str:
    """"a 4", or "no die"."""
    return say("die.face").format(n=face) if face else say("die.none")


def _die(key: str | int | None) -> int | None:
    """A table column's die face ("none": no die)."""
    return None if key is None or key == "none" else int(key)
