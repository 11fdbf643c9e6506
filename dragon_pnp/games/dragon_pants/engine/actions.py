"""Actions as small immutable values with a text notation that round-trips.

`parse_notation("play fireball 3")` and `str(action)` are inverses (the one action pattern of
every game: frozen values printing as their notation, one module-level `parse_notation`). Seats are 1-based in the
notation (as players count them) and 0-based inside the engine. See docs/engine-api.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dragon_pnp.errors import NotationError

Hex = tuple[int, int]

VERBS = ("move", "draw", "play", "end", "react", "pass", "lose", "steal", "discard", "home", "stay")
CARD_CHOICE_VERBS = ("lose", "steal", "discard")
DRAW_SOURCES = ("deck", "discard")

_HEX = re.compile(r"^\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?$")
_CARD = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: a verb plus what it needs (hex, card, target seat, spent copy, draw source)."""

    verb: str
    hex: Hex | None = None     # where a move goes
    card: str = ""             # the card played, reacted with, lost, stolen or discarded
    target: int | None = None  # 0-based seat
    spent: bool = False
    source: str = ""           # "deck" or "discard" for a draw

    def __str__(self) -> str:
        verb = self.verb
        if verb == "move" and self.hex is not None:
            return f"move {self.hex[0]},{self.hex[1]}"
        if verb == "draw":
            return f"draw {self.source}"
        if verb == "play":
            return f"play {self.card}" if self.target is None else f"play {self.card} {self.target + 1}"
        if verb == "react":
            return f"react {self.card}"
        if verb in CARD_CHOICE_VERBS:
            return f"{verb} spent {self.card}" if self.spent else f"{verb} {self.card}"
        return verb


def parse_notation(text: str) -> Action:
    """Read one action in the notation; raise NotationError saying what was expected."""
    if not isinstance(text, str):
        raise NotationError(f"action {text!r}: expected text such as 'move 0,-2'")
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty action; expected e.g. 'move 0,-2', 'draw deck', 'play fireball 3', 'end'")
    verb, args = words[0], words[1:]
    where = f"action {text.strip()!r}"
    if verb == "move":
        match = _HEX.match("".join(args))
        if not args or not match:
            raise NotationError(f"{where}: expected 'move Q,R' with whole numbers, e.g. 'move 0,-2'")
        return Action("move", hex=(int(match.group(1)), int(match.group(2))))
    if verb == "draw":
        if len(args) != 1 or args[0] not in DRAW_SOURCES:
            raise NotationError(f"{where}: expected 'draw deck' or 'draw discard'")
        return Action("draw", source=args[0])
    if verb == "play":
        if len(args) not in (1, 2) or not _CARD.match(args[0]):
            raise NotationError(f"{where}: expected 'play CARD' or 'play CARD SEAT', e.g. 'play fireball 3'")
        target = None
        if len(args) == 2:
            if not args[1].isdigit() or int(args[1]) < 1:
                raise NotationError(f"{where}: the target seat must be a number from 1, got {args[1]!r}")
            target = int(args[1]) - 1
        return Action("play", card=args[0], target=target)
    if verb == "react":
        if len(args) != 1 or not _CARD.match(args[0]):
            raise NotationError(f"{where}: expected 'react CARD', e.g. 'react shield'")
        return Action("react", card=args[0])
    if verb in CARD_CHOICE_VERBS:
        spent = bool(args) and args[0] == "spent"
        rest = args[1:] if spent else args
        if len(rest) != 1 or not _CARD.match(rest[0]):
            raise NotationError(f"{where}: expected '{verb} CARD' or '{verb} spent CARD'")
        return Action(verb, card=rest[0], spent=spent)
    if verb in ("end", "pass", "home", "stay"):
        if args:
            raise NotationError(f"{where}: '{verb}' takes nothing after it")
        return Action(verb)
    raise NotationError(f"{where}: unknown verb {verb!r}; expected one of {', '.join(VERBS)}")


END = Action("end")
PASS = Action("pass")
HOME = Action("home")
STAY = Action("stay")
DRAW_DECK = Action("draw", source="deck")
DRAW_DISCARD = Action("draw", source="discard")
