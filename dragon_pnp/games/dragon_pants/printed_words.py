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

TEXTS: dict[str, str] = {
    **{f"trigger.{k}": v for k, v in TRIGGER_WORDS.items()},
    "trigger.card": "a {name}",
    **{f"kind.{k}": v for k, v in KIND_WORDS.items()},
    **{f"target.{k}": v for k, v in LABELS.items()},
    "target.reaction_to": "Reaction to {list}",
}
