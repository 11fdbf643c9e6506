"""What each Dragon Pants Power card does once it lands: the behaviour the data cannot express.

`power_cards.yaml` says how a card is aimed (`target`), what it counts as (`kinds`) and what a
reaction answers (`reacts_to`); this table says what happens, in the game's own verbs. A card
id in the data without an entry here is refused at load time, so a new card cannot silently
do nothing.
"""

from __future__ import annotations

# Effects of cards played on your turn, applied to whoever they land on.
LOSE = "lose"  # the victim loses one card of its choice (Fireball)
LOSE_AND_HOME = "lose_and_home"  # ...and flies to its den (Shock)
FREEZE = "freeze"  # the victim skips its next turn (Freeze)
HOME = "home"  # the victim flies to its den (Banish, Thunderstorm)
SWAP = "swap"  # user and victim swap hexes (Teleport)
STEAL = "steal"  # the user takes one card of its choice from the victim (Tongue)
EXTRA_ACTION = "extra_action"  # one more action this turn, costing none (Boost)
NOTHING = "nothing"  # never played (The Pants)

# Effects of reactions, applied to the card or bite they answer.
CANCEL = "cancel"  # nothing happens to the reacting dragon (Shield, Amulet)
REFLECT = "reflect"  # what would happen to the reactor happens to the user (Mirror)
POISON = "poison"  # the thief takes nothing and discards; a biter flies home (Poison)
BAIT = "bait"  # the thief must take this card instead (Rubber Ducky)

DRAGON_PANTS_EFFECTS: dict[str, str] = {
    "pants": NOTHING,
    "fireball": LOSE,
    "shock": LOSE_AND_HOME,
    "freeze": FREEZE,
    "banish": HOME,
    "thunderstorm": HOME,
    "teleport": SWAP,
    "tongue": STEAL,
    "boost": EXTRA_ACTION,
    "shield": CANCEL,
    "amulet": CANCEL,
    "mirror": REFLECT,
    "poison": POISON,
    "rubber_ducky": BAIT,
}

# The rules options (game.yaml `rules_options`) and the card each one changes.
VARIANT_CARDS: dict[str, str] = {
    "fireball_ends_freeze": "fireball",
    "shock_ignores_mountains": "shock",
    "banish_any_range": "banish",
    "thunderstorm_self_return": "thunderstorm",
}

# Every rules option the engine implements: the card variants plus the board-wide one (R17).
ENGINE_OPTIONS: frozenset[str] = frozenset(VARIANT_CARDS) | {"diagonal_blocked_by_flanks"}
