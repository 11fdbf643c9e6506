"""The players layer: the players every game gets, added to the game's own.

A game names only its own players (`GameModule.policies()`: a greedy one, a strong one); the
interface knows nothing of search. `policies_of(module)` is what the rules check, `play` and the
studio offer: `random`, `lookahead` (`simple.py`) and `search` (`dragon_pnp.search`), then the
game's own, which may replace one of them by name. `policy_factory` reads a name with a strength
after a colon (`search:400`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dragon_pnp.players.simple import (
    GENERIC,
    LookaheadPolicy,
    RandomPolicy,
    lookahead_policy,
    own_policies,
    random_policy,
)

if TYPE_CHECKING:
    from dragon_pnp.games.api import GameModule, Policy, PolicyFactory

__all__ = ["GENERIC", "LookaheadPolicy", "RandomPolicy", "is_policy", "lookahead_policy", "own_policies",
           "policies_of", "policy_factory", "random_policy"]


def policies_of(module: GameModule) -> dict[str, PolicyFactory]:
    """Every named player of `module`: the generic ones first, then the game's own."""
    # Not at the top: the search imports the simple players, so this package loads it on use.
    from dragon_pnp.search import SearchFactory

    generic: dict[str, PolicyFactory] = {"random": random_policy, "lookahead": lookahead_policy(module),
                                         "search": SearchFactory(module)}
    return {**generic, **module.policies()}


def policy_factory(module: GameModule, name: str) -> Callable[[Any], Policy]:
    """The factory `name` stands for: a policy of `policies_of(module)`, or one with a strength
    after a colon (`search:400`) when that policy's factory takes one (it has `tuned(text)`).
    ValueError names what is known when `name` is not."""
    known = policies_of(module)
    found = known.get(name)
    if found is not None:
        return found
    base, colon, strength = name.partition(":")
    tuned = getattr(known.get(base), "tuned", None)
    if colon and tuned is not None:
        factory: Callable[[Any], Policy] = tuned(strength)
        return factory
    if colon and base in known:
        raise ValueError(f"policy {base} takes no strength ({name!r})")
    raise ValueError(f"unknown policy {name!r}; expected one of {', '.join(known)} "
                     "(search takes a strength: search:400, search:0.5s)")


def is_policy(module: GameModule, name: str) -> bool:
    """Whether `name` names a policy of `module` (with a strength where it takes one)."""
    try:
        policy_factory(module, name)
    except ValueError:
        return False
    return True
