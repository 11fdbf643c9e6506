"""The default redraw of what a seat cannot see, for a game that does not provide its own.

A game's position (`state.to_dict()`) holds everything; the seat's view (`state.view(seat)`) holds
what the seat may see. A top-level field of the position that the view leaves out or shows as
something else (a deck shown as its size) is hidden: a hidden list of card names or numbers is
re-dealt (put in a fixed order, so its true order cannot leak, then shuffled) and a hidden whole
number of 32 bits or more is taken for the state's generator and reseeded, so chance to come is
drawn afresh. The world is the position so
changed, loaded back with the game's own `load_state`. Hidden parts nested deeper (a hand inside
a player's record) are left as they are: a game with such parts provides its own (`HiddenPart`).

`hidden_world` is the one entry: the game's own redraw, else this one. The search player plans
on such worlds, and the conformance suite checks them, so both live above this module.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from dragon_pnp.games.parts import HiddenPart

if TYPE_CHECKING:
    from dragon_pnp.games.api import GameModule, GameState

_MISSING = object()
# A hidden whole number this large is a generator's state; a hidden count or score never is.
GENERATOR_MIN = 1 << 32


def hidden_world(module: GameModule, rules: Any, state: GameState, seat: int, rng: random.Random) -> GameState:
    """A world `seat` cannot tell from `state`: the game's `HiddenPart.sample_hidden`, else `redeal`."""
    world = module.part(HiddenPart).sample_hidden(state, seat, rng)
    return world if world is not None else redeal(module, rules, state, seat, rng)


def redeal(module: GameModule, rules: Any, state: GameState, seat: int, rng: random.Random) -> GameState:
    """A world the seat cannot tell from `state`, by the rule above."""
    position = state.to_dict()
    seen = state.view(seat)
    changed = False
    for key, value in position.items():
        shown = seen.get(key, _MISSING)
        if shown == value:
            continue
        if isinstance(value, list) and not isinstance(shown, list) and all(_card(v) for v in value):
            dealt = sorted(value, key=_order)
            rng.shuffle(dealt)
            position[key] = dealt
            changed = True
        elif isinstance(value, int) and not isinstance(value, bool) and shown is _MISSING and value >= GENERATOR_MIN:
            position[key] = rng.getrandbits(63)
            changed = True
    return module.load_state(rules, position) if changed else state.clone()


def _card(value: Any) -> bool:
    """A deck holds cards named or numbered: lists of anything else (records, nested lists) are
    the position's structure, not a pile to re-deal."""
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def _order(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)
