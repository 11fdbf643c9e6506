"""What Dragon Line's rules.md may use beyond the generic context: suits with their reach in
words, the card list, and a worked battle round resolved by the engine itself.

Every sentence part here is computed from the data and the engine's reach tables, so changing
a card or a suit's reach changes the rulebook with it.
"""

from __future__ import annotations

from typing import Any

from dragon_pnp.games.dragon_line.battle import resolve
from dragon_pnp.games.dragon_line.line import axis_position, seat_slot
from dragon_pnp.games.dragon_line.printed_words import Say, english, words_of
from dragon_pnp.games.dragon_line.rules import Rules

ORDINAL = {1: "reach.in_front", 2: "reach.beyond", 3: "reach.third", 4: "reach.fourth", 0: "reach.itself",
           -1: "reach.behind"}


def reach_words(offsets: tuple[int, ...], say: Say = english) -> str:
    """'the dragon in front and itself' for (1, 0): an offset list in the rulebook's words."""
    parts = [say(ORDINAL[o]) if o in ORDINAL else say("reach.ahead_n" if o > 0 else "reach.behind_n").replace("{n}", str(abs(o)))
             for o in offsets]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" {say('and')} " + parts[-1]


def suit_facts(game: Any, rules: Rules) -> list[dict[str, Any]]:
    """Per suit: its data, its cards, and its reach per Range Reform count in words (distinct rows only)."""
    found = []
    for suit in game.suits.suits:
        rows = []
        for bonus in range(len(suit.reach)):
            rows.append({"bonus": bonus, "offsets": list(rules.reach(suit.id, bonus)),
                         "words": reach_words(rules.reach(suit.id, bonus), words_of(game))})
        cards = [c for c in game.dragons.cards if c.suit == suit.id]
        found.append({"id": suit.id, "name": suit.name, "ability": suit.ability, "effect": suit.effect,
                      "summary": suit.summary, "count": suit.count, "reach": rows, "cards": cards,
                      "range_changes": len(rows) > 1})
    return found


def reform_words(reform: Any, say: Say = english) -> str:
    """'Damage +1, Range +1': a Spirit card's Reform modifiers, the ones it has, in a fixed order."""
    return ", ".join(f"{say('stat.' + key)} {getattr(reform, key):+d}" for key in ("damage", "health", "range")
                     if getattr(reform, key))


def card_line(card: Any) -> str:
    """'Health 4, Damage 3' or 'Health 4, Reform: Damage +1, Range +1' for the card list."""
    if card.reform is None:
        return f"Health {card.health}, Damage {card.damage}"
    return f"Health {card.health}, Reform: {reform_words(card.reform)}"


def worked_round(game: Any, rules: Rules) -> dict[str, Any]:
    """A battle round of the first cards of each damage suit, every dragon activated, resolved by
    the engine: who stands where, who takes how much, and who is destroyed."""
    damage_suits = [s.id for s in game.suits.suits if s.effect == "damage"]
    size = rules.line_size
    first = {s: [rules.card(c.id) for c in game.dragons.cards if c.suit == s] for s in damage_suits}
    order = [first[s][0] for s in damage_suits][:size]
    other = [first[s][1] for s in reversed(damage_suits)][:size]
    while len(order) < size:
        order.append(order[-1])
        other.append(other[-1])
    axis = [0] * (2 * size)
    for slot in range(size):
        axis[axis_position(0, slot, size)] = order[slot]
        axis[axis_position(1, slot, size)] = other[slot]
    active = (1 << (2 * size)) - 1
    destroyed, damage, fallback = resolve(rules, axis, active)
    seats = []
    for seat, line in ((0, order), (1, other)):
        dragons = []
        for slot, card in enumerate(line):
            p = axis_position(seat, slot, size)
            hits = [seat_slot(t, size) for t in rules.hit[rules.suit_of[card]][0][p]]
            dragons.append({"slot": slot + 1, "name": rules.card_names[card],
                            "suit": rules.suit_names[rules.suit_of[card]], "health": rules.health[card],
                            "damage_dealt": rules.damage[card], "taken": damage[p],
                            "destroyed": bool(destroyed >> p & 1),
                            "hits": _hit_words(seat, hits, words_of(game))})
        seats.append(dragons)
    return {"seats": seats, "fallback": fallback,
            "destroyed": sum(1 for s in seats for d in s if d["destroyed"])}


def _hit_words(seat: int, hits: list[tuple[int, int]], say: Say = english) -> list[str]:
    """Slots a dragon hits, by side: "own slots 1 and 2", "enemy slot 1". Each number is
    tied to its word by a no-break space, so a narrow table column never wraps a lone digit."""
    words = []
    for side, name in ((seat, say("round.own")), (1 - seat, say("round.enemy"))):
        slots = sorted({t + 1 for s, t in hits if s == side})
        if slots:
            numbers = ", ".join(map(str, slots[:-1])) + f"\u00a0{say('and')}\u00a0" + str(slots[-1]) if len(slots) > 1 else str(slots[0])
            words.append(f"{name} {say('round.slots' if len(slots) > 1 else 'round.slot')}\u00a0{numbers}")
    return words


def rulebook_context(game: Any, rules: Rules) -> dict[str, Any]:
    suits = suit_facts(game, rules)
    return {
        "suits": suits,
        "cards": list(game.dragons.cards),
        "card_line": card_line,
        "example": worked_round(game, rules),
        "provisional": bool(game.game.provisional),
        "version": game.game.version,
    }
