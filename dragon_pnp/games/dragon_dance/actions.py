"""Dragon Dance actions: small frozen values that print as their notation and parse back.

    die 5 | no die                      phase 1: a die showing that face, or none
    play hack                           phase 2: a card from hand
    combo slash die 1 | combo slash no die | no combo      the combo follow-up (D10)

Dice of one player are alike, so a die is named by its face. `parse_notation` reads the text
into an action value (a card not yet placed in a seat's deck: seat and index -1), which the
module matches to a legal action by its notation: the one action pattern of every game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dragon_pnp.errors import NotationError

_CARD = r"([a-z][a-z0-9_]*)"
_DIE = re.compile(r"^(?:die ([1-6])|no die)$")
_PLAY = re.compile(rf"^play {_CARD}$")
_COMBO = re.compile(rf"^(?:combo {_CARD} (?:die ([1-6])|no die)|no combo)$")


@dataclass(frozen=True, slots=True)
class DieAction:
    """Phase 1: the face of the chosen die, 0 for no die."""

    face: int

    def __str__(self) -> str:
        return f"die {self.face}" if self.face else "no die"


@dataclass(frozen=True, slots=True)
class CardAction:
    """Phase 2: a card of the seat's deck (`index` is its place in the deck file)."""

    seat: int
    index: int
    id: str

    def __str__(self) -> str:
        return f"play {self.id}"


@dataclass(frozen=True, slots=True)
class ComboAction:
    """The combo follow-up: a card with a die face (0 = no die), or `no combo` (no card id)."""

    seat: int
    index: int
    id: str
    face: int

    @property
    def declined(self) -> bool:
        return not self.id

    def __str__(self) -> str:
        if not self.id:
            return "no combo"
        return f"combo {self.id} " + (f"die {self.face}" if self.face else "no die")


NO_COMBO = ComboAction(-1, -1, "", 0)
_DIE_ACTIONS = tuple(DieAction(face) for face in range(7))


def die_action(face: int) -> DieAction:
    """The shared action for a face (0 = no die)."""
    return _DIE_ACTIONS[face]


Action = DieAction | CardAction | ComboAction


def parse_notation(text: str) -> Action:
    """Read one action in the notation (its card not yet placed: seat and index -1);
    NotationError names what was expected."""
    shown = " ".join(text.split())
    if match := _DIE.match(shown):
        return die_action(int(match.group(1) or 0))
    if match := _PLAY.match(shown):
        return CardAction(-1, -1, match.group(1))
    if match := _COMBO.match(shown):
        if match.group(1) is None:
            return NO_COMBO
        return ComboAction(-1, -1, match.group(1), int(match.group(2) or 0))
    raise NotationError(
        f"'{text}' is not an action; expected 'die N' or 'no die', 'play CARD', "
        f"'combo CARD die N', 'combo CARD no die' or 'no combo'"
    )
