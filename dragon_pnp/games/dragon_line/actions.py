"""Dragon Line's actions: small frozen values whose text is their notation.

    draft ember          take a card from the stack in front of you into your hand (L6)
    line ember           put a card from your stack in the next slot of your Starting Line, front first
    activate 1 3         star tokens beside slots 1 and 3 (1 = front), blank beside the others (L7.1)
    activate none        every token blank
    remove tor ember     discard your own surviving line dragons (L7.5); `remove none` keeps them all
    refill ember         put a card from your hand at the back of your line (L7.7)

`parse_notation` reads the text back into an action value (the one action pattern of every game);
the game module matches it against the legal actions, a list of slots or cards in any order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dragon_pnp.errors import NotationError
from dragon_pnp.games.position_fields import bit_mask

_CARD = re.compile(r"^[a-z][a-z0-9_]*$")
CARD_VERBS = ("draft", "line", "refill")
VERBS = CARD_VERBS + ("activate", "remove")


@dataclass(frozen=True, slots=True)
class Draft:
    """Draft `card` from the stack in front of you."""

    card: str
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"draft {self.card}"


@dataclass(frozen=True, slots=True)
class Place:
    """Put `card` from your stack into the next slot of your Starting Line (front first)."""

    card: str
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"line {self.card}"


@dataclass(frozen=True, slots=True)
class Refill:
    """Put `card` from your hand at the back of your line."""

    card: str
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"refill {self.card}"


@dataclass(frozen=True, slots=True)
class Activate:
    """Star tokens beside the slots in `mask` (bit 0 = the front slot), blank elsewhere."""

    mask: int

    @property
    def slots(self) -> tuple[int, ...]:
        """1-based slots with a star token."""
        return tuple(i + 1 for i in range(self.mask.bit_length()) if self.mask >> i & 1)

    def __str__(self) -> str:
        return "activate " + (" ".join(map(str, self.slots)) if self.mask else "none")


@dataclass(frozen=True, slots=True)
class Remove:
    """Discard these surviving dragons of your own line (in line order); empty keeps them all."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "remove " + (" ".join(self.cards) if self.cards else "none")


Action = Draft | Place | Refill | Activate | Remove


def parse_notation(text: str) -> Action:
    """Read one action in the notation, checking only its form (a card not yet placed: index -1)."""
    if not isinstance(text, str):
        raise NotationError(f"action {text!r}: expected text such as 'draft ember' or 'activate 1 3'")
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise NotationError("empty action; expected e.g. 'draft ember', 'line ember', 'activate 1 3', "
                            "'remove none', 'refill ember'")
    verb, args = words[0], tuple(words[1:])
    where = f"action {text.strip()!r}"
    if verb not in VERBS:
        raise NotationError(f"{where}: unknown verb '{verb}'; expected one of {', '.join(VERBS)}")
    if verb in CARD_VERBS:
        if len(args) != 1 or not _CARD.match(args[0]):
            raise NotationError(f"{where}: expected '{verb} CARD' with one card id, e.g. '{verb} ember'")
        return Draft(args[0]) if verb == "draft" else Place(args[0]) if verb == "line" else Refill(args[0])
    if args == ("none",):
        return Activate(0) if verb == "activate" else Remove(())
    if not args:
        raise NotationError(f"{where}: expected '{verb} none' or a list, e.g. "
                            + ("'activate 1 3'" if verb == "activate" else "'remove tor'"))
    if verb == "activate":
        if not all(a.isdigit() and int(a) >= 1 for a in args):
            raise NotationError(f"{where}: slots are numbers from 1 (the front), e.g. 'activate 1 3'")
        if len({int(a) for a in args}) != len(args):
            raise NotationError(f"{where}: a slot is named twice")
        return Activate(bit_mask(int(a) - 1 for a in args))
    if not all(_CARD.match(a) for a in args) or len(set(args)) != len(args):
        raise NotationError(f"{where}: expected distinct card ids, e.g. 'remove tor ember'")
    return Remove(args)
