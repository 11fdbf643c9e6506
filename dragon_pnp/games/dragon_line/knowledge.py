"""What one seat can know of the enemy's hidden cards, remembering everything it was shown.

During the draft a seat sees each stack before it picks. The stack it sees at step k goes,
less its own picks, to the enemy, and comes back (less the enemy's picks) at step k + 2; so
the enemy's picks at every step but the first are known, and the stack the enemy lines up
from is the one this seat saw last, less its own last picks (L6). A face-down card in the
enemy line is either from that line-up stack (round 1) or a refill from the enemy hand.
Policies draw guesses of the face-down cards from these sets; nothing here reads a card the
seat has not seen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dragon_pnp.games.dragon_line.state import LineState


def _cards(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


@dataclass(frozen=True)
class EnemyCards:
    """The seat's knowledge: the enemy's line-up stack, its known hand picks, and what was never seen."""

    line_stack: frozenset[int]       # the cards the enemy chose its Starting Line from
    known_picks: frozenset[int]      # enemy draft picks this seat can name
    never_seen: frozenset[int]       # cards this seat has never seen (random discards, enemy's first picks)


def enemy_cards(state: LineState, seat: int) -> EnemyCards:
    picks = state.rules.settings.draft_picks
    seen = state.seen_stacks[seat]
    mine: list[int] = []
    taken = 0
    for count in picks:                                   # my picks per step, as masks
        mask = 0
        for c in state.drafted[seat][taken:taken + count]:
            mask |= 1 << c
        mine.append(mask)
        taken += count
    steps = len(picks)
    known = 0
    for k in range(1, steps):                            # enemy picks at step k = X[k-1] - mine[k-1] - X[k+1]
        if k + 1 < len(seen):
            known |= seen[k - 1] & ~mine[k - 1] & ~seen[k + 1]
    line_stack = seen[steps - 1] & ~mine[steps - 1] if len(seen) > steps else 0
    glimpsed = 0
    for mask in seen:
        glimpsed |= mask
    visible = set(state.fallen)
    never = frozenset(c for c in range(state.rules.deck_size) if not glimpsed >> c & 1 and c not in visible)
    return EnemyCards(frozenset(_cards(line_stack)), frozenset(_cards(known)), never)


def guess_enemy_line(state: LineState, seat: int, rng: random.Random, knowledge: EnemyCards) -> list[int]:
    """The enemy line (front first) with each face-down card replaced by a consistent guess."""
    enemy = 1 - seat
    line = list(state.lines[enemy])
    hidden = [i for i, up in enumerate(state.shown[enemy]) if not up]
    if not hidden:
        return line
    out_of_reach = set(state.fallen) | {c for c, up in zip(line, state.shown[enemy]) if up}
    if state.round <= 1:                                  # the Starting Line, still face down
        pool = [c for c in sorted(knowledge.line_stack) if c not in out_of_reach]
        if len(pool) < len(hidden):                       # a hand-written position may know less
            pool = sorted(set(pool) | (knowledge.never_seen - out_of_reach))
        drawn = rng.sample(pool, len(hidden))
    else:                                                 # refills from the enemy hand
        hidden_count = len(state.hands[enemy]) + len(hidden)
        known = sorted(c for c in knowledge.known_picks if c not in out_of_reach)
        unknown = max(0, hidden_count - len(known))
        never = sorted(knowledge.never_seen - out_of_reach)
        candidates = known + rng.sample(never, min(unknown, len(never)))
        if len(candidates) < len(hidden):
            candidates = sorted(set(candidates) | set(never))
        drawn = rng.sample(candidates, len(hidden))
    for slot, card in zip(hidden, drawn):
        line[slot] = card
    return line
