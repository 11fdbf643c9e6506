"""The words Dragon Pants' Python prints on cards and in the rulebook, key -> English: declared as
the module's `texts`, so a translation gives them (`module.<key>`) and the kit reads them through
`game.game.phrases.module(key, english)`."""

from __future__ import annotations

from dragon_pnp.games.dragon_pants.pictograms import LABELS

# How reaction triggers read in a sentence ("answers a bite or a Tongue").
TRIGGER_WORDS = {"attack": "an attack", "curse": "a curse", "theft": "a theft", "bite": "a bite"}
# A card's kinds on its face (upper-cased there) and in a pictogram's "Reaction to ..." line.
KIND_WORDS = {"attack": "attack", "curse": "curse", "theft": "theft", "reaction": "reaction", "self": "self",
              "bite": "bite", "prize": "prize"}

# How a card targets, in the rulebook's card table.
TARGET_WORDS = {
    "none": "never played",
    "self": "yourself",
    "flat_line": "a dragon on a flat line",
    "diagonal_line": "a dragon on a diagonal line",
    "any_player": "any other dragon",
    "all_others": "every other dragon",
    "reaction": "whoever targets you",
}
# The rulebook's terrain, card and aid tables: headings and the terrain rules in words.
TABLE_WORDS = {
    "table.card": "Card", "table.no": "No.", "table.kind": "Kind", "table.target": "Target", "table.effect": "Effect",
    "table.what_it_does": "What it does", "table.terrain": "Terrain", "table.tiles": "Tiles",
    "table.reaction_to": "reaction to {list}",
    "terrain.den": "a dragon's home; nobody enters one by choice, and a dragon on a den cannot play cards or be bitten",
    "terrain.impassable": "cannot be entered",
    "terrain.holds_one": "holds one dragon only, which cannot be bitten there",
    "terrain.blocks_sight": "blocks any line of sight that passes through it",
    "terrain.sight_immune": "a dragon standing here cannot be targeted along a line of sight, but does not block lines that pass over it",
    "terrain.draw_power": "a dragon that starts an action here may draw a Power card",
    "terrain.open": "open ground: walk, stand and fight here freely",
}

TEXTS: dict[str, str] = {
    **{f"table.target.{k}": v for k, v in TARGET_WORDS.items()},
    **TABLE_WORDS,
    **{f"trigger.{k}": v for k, v in TRIGGER_WORDS.items()},
    "trigger.card": "a {name}",
    **{f"kind.{k}": v for k, v in KIND_WORDS.items()},
    **{f"target.{k}": v for k, v in LABELS.items()},
    "target.reaction_to": "Reaction to {list}",
}
