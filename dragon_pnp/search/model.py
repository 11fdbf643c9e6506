"""Opponent modelling at simultaneous choices: which of the game's own players does a seat play like?

An equilibrium-seeking search never loses much to a predictable opponent, but never wins much
from one either. So each time the search answers a two-seat simultaneous choice it keeps the
position and its own choice; at its next decision it works out which choices of the other seat
turn that position into the one it sees now (compared through `view(seat)`, what the seat may
know), and asks each of the game's own players what it would have chosen there. A player's
record is the share of those picks the other seat actually made (its hit rate, over the last
`window` observations). When the best record is good enough (`trust`), the search plays at the
root against that player's pick, weighted by the record, mixed with its own regret matching
for the rest (`player.py`): a best response where the opponent is predictable, an equilibrium
where it is not.

Observations are kept across games for as long as the search player lives (a duel seats the
same two players game after game; `window` lets a change of opponent wash out). Nothing here
knows a game: the candidates are whatever `GameModule.policies()` names.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dragon_pnp.games.api import GameState, Policy

# A world the seat cannot tell from the position: (position, seat, rng) -> a sampled position. A
# candidate is asked on one of these, never on the real position, whose hidden part (the other
# seat's hand) the searching seat may not see.
Worlds = Callable[["GameState", int, random.Random], "GameState"]

WINDOW = 30        # observations a player's record keeps
TRUST = 0.6        # the hit rate a player needs before the search plays against its picks
MIN_SEEN = 3       # observations before any record counts
MAX_REPLIES = 64   # a position whose other seat had more choices than this is not explained


class OpponentModel:
    """Records of the game's own players as predictors of the other seat at simultaneous choices."""

    def __init__(self, candidates: dict[str, Policy], window: int = WINDOW, trust: float = TRUST,
                 min_seen: int = MIN_SEEN):
        self.candidates = candidates
        self.trust = trust
        self.min_seen = min_seen
        self.records: dict[str, deque[float]] = {name: deque(maxlen=window) for name in candidates}
        self._pending: dict[int, tuple[GameState, Any, int]] = {}

    def remember(self, state: GameState, seat: int, action: Any) -> None:
        """The search chose `action` for `seat` at `state`: kept when one other seat chose at once."""
        movers = state.to_move()
        if len(movers) == 2 and seat in movers and self.candidates:
            other = movers[0] if movers[1] == seat else movers[1]
            self._pending[seat] = (state.clone(), action, other)
        else:
            self._pending.pop(seat, None)

    def observe(self, state: GameState, seat: int, rng: random.Random, worlds: Worlds) -> None:
        """Credit each candidate with how well it predicted the other seat's last revealed choice,
        asked on a world `seat` could not tell from the position then."""
        pending = self._pending.pop(seat, None)
        if pending is None:
            return
        before, mine, other = pending
        made = revealed_choices(before, seat, mine, other, state)
        if not made:
            return
        world = worlds(before, seat, rng)
        for name, policy in self.candidates.items():
            picked = str(policy.choose(world.clone(), other, rng))
            self.records[name].append(1.0 if picked in made else 0.0)

    def best(self) -> tuple[str, float] | None:
        """The candidate with the best hit rate and that rate, when it reaches `trust`; else None."""
        found: tuple[str, float] | None = None
        for name, record in self.records.items():
            if len(record) < self.min_seen:
                continue
            rate = sum(record) / len(record)
            if rate >= self.trust and (found is None or rate > found[1]):
                found = (name, rate)
        return found

    def predict(self, state: GameState, seat: int, other: int, rng: random.Random, worlds: Worlds,
                samples: int = 4) -> tuple[dict[str, float], float] | None:
        """The trusted candidate's picks for `other` over `samples` worlds `seat` cannot tell from
        `state` (each notation's share) and the candidate's hit rate; None when none is trusted."""
        trusted = self.best()
        if trusted is None:
            return None
        name, rate = trusted
        return policy_picks(self.candidates[name], state, seat, other, rng, worlds, samples), rate


def policy_picks(policy: Policy, state: GameState, seat: int, other: int, rng: random.Random, worlds: Worlds,
                 samples: int) -> dict[str, float]:
    """What `policy` picks for `other` over `samples` worlds `seat` cannot tell from `state`: each
    notation's share (a mixed or randomised player shows its mix, a fixed one a single pick)."""
    shares: dict[str, float] = {}
    for _ in range(samples):
        picked = str(policy.choose(worlds(state, seat, rng), other, rng))
        shares[picked] = shares.get(picked, 0.0) + 1.0 / samples
    return shares


def revealed_choices(before: GameState, seat: int, mine: Any, other: int, now: GameState) -> set[str]:
    """The notations of the choices of `other` that, played at `before` with `seat`'s `mine`,
    give a position `seat` cannot tell from `now`. Empty when none does (the game moved on by
    more than that one joint choice, or a new game began) or when every choice does (nothing was
    revealed)."""
    legal = before.legal_actions(other)
    if len(legal) > MAX_REPLIES:
        return set()
    seen = now.view(seat)
    found = set()
    for action in legal:
        after = before.clone()
        after.apply({seat: mine, other: action})
        if after.view(seat) == seen:
            found.add(str(action))
    return found if len(found) < len(legal) else set()
