"""What a Dragon Line seat cannot see, redrawn for the search player (`sample_hidden`).

Hidden from a seat: the enemy's stack, the enemy's hand, the enemy's face-down line cards, the
face-down discards, and the shuffles of the hands to come. A redrawn world keeps everything the
seat has seen and deals the cards it cannot place (all cards less its own stack, hand and line,
the enemy's face-up line cards and the fallen) back into those places, each drawn from the cards
the seat's memory (`knowledge.enemy_cards`) says can be there: the enemy lines up from the stack
this seat passed it last; during the draft the enemy holds the stack this seat passed it, less
the enemy's picks of this step; the enemy's named picks are in its hand; the rest of its hand
comes from cards this seat never saw. Every pool is sorted before drawing, so the world depends
only on what the seat has seen and on the caller's generator. The enemy's own memory (its
drafted and seen cards) is rebuilt from the world, not kept: no policy in a search reads the
enemy's true memory.
"""

from __future__ import annotations

import random

from dragon_pnp.games.dragon_line.knowledge import enemy_cards, guess_enemy_line
from dragon_pnp.games.dragon_line.state import DRAFT, LINE, LineState
from dragon_pnp.games.position_fields import bit_mask


def _bits(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def _draw(pool: list[int], count: int, free: set[int], rng: random.Random) -> list[int]:
    """`count` cards from `pool` still free (sorted first), topped up from any free card."""
    preferred = sorted(c for c in set(pool) if c in free)
    if len(preferred) >= count:
        picked = rng.sample(preferred, count)
    else:
        rest = sorted(free - set(preferred))
        picked = preferred + rng.sample(rest, count - len(preferred))
    free.difference_update(picked)
    return picked


def sample_hidden(state: LineState, seat: int, rng: random.Random) -> LineState:
    """A copy `seat` cannot tell from `state`, its hidden cards redealt and later hands reseeded."""
    world = state.clone()
    world.seed = rng.getrandbits(63)
    if state.result is not None:
        return world
    enemy = 1 - seat
    knowledge = enemy_cards(state, seat)
    face_up = {c for c, up in zip(state.lines[enemy], state.shown[enemy]) if up}
    seen = set(state.stacks[seat]) | set(state.hands[seat]) | set(state.lines[seat]) | face_up | set(state.fallen)
    free = {c for c in range(state.rules.deck_size) if c not in seen}

    # The enemy's face-down line cards first: they have the narrowest pools.
    hidden_slots = [i for i, up in enumerate(state.shown[enemy]) if not up]
    line = list(state.lines[enemy])
    if hidden_slots:
        guessed = guess_enemy_line(state, seat, rng, knowledge)
        wanted = [guessed[i] for i in hidden_slots]
        if len(set(wanted)) == len(wanted) and all(c in free for c in wanted):
            free.difference_update(wanted)
        else:                                   # a hand-written position may know less
            wanted = _draw(sorted(knowledge.line_stack), len(hidden_slots), free, rng)
        for slot, card in zip(hidden_slots, wanted):
            line[slot] = card
    world.lines[enemy] = line

    # The enemy's stack: passed to it by this seat (less its picks of this step), or the line-up stack.
    stack_pool: list[int] = sorted(knowledge.never_seen)
    step_picks: list[int] = []
    if state.phase == LINE:
        stack_pool = sorted(knowledge.line_stack)
    elif state.phase == DRAFT and state.step >= 1:
        mine_before = bit_mask(_my_picks(state, seat)[state.step - 1])
        passed = _bits(state.seen_stacks[seat][state.step - 1] & ~mine_before)
        stack_pool = passed
    stack = sorted(_draw(stack_pool, len(state.stacks[enemy]), free, rng))
    if state.phase == DRAFT and state.step >= 1:
        step_picks = [c for c in stack_pool if c in free]      # what the enemy took from it this step
    world.stacks[enemy] = stack

    # The enemy's hand: this step's picks, the picks this seat can name, then never-seen cards.
    size = len(state.hands[enemy])
    hand = _draw(step_picks, min(size, len(step_picks)), free, rng)
    hand += _draw(sorted(knowledge.known_picks), min(size - len(hand), len(knowledge.known_picks)), free, rng)
    hand += _draw(sorted(knowledge.never_seen), size - len(hand), free, rng)
    world.hands[enemy] = sorted(hand)

    buried = sorted(free)
    rng.shuffle(buried)
    world.buried = buried

    # The enemy's records name the redrawn cards in place of the ones they replace (a card it
    # fielded that has since fallen is public and stays), so every card is still in one place.
    swap = _relabelling(state.hands[enemy], world.hands[enemy])
    swap.update({state.lines[enemy][i]: line[i] for i in hidden_slots})
    world.drafted[enemy] = [swap.get(c, c) for c in state.drafted[enemy]]
    world.fielded[enemy] = [swap.get(c, c) for c in state.fielded[enemy]]
    world.seen_stacks[enemy] = [bit_mask(stack)] * len(state.seen_stacks[enemy])
    return world


def _relabelling(before: list[int], after: list[int]) -> dict[int, int]:
    """A one-to-one map from the cards of `before` to those of `after`, each card in both kept."""
    kept = set(before) & set(after)
    return dict(zip([c for c in before if c not in kept], [c for c in after if c not in kept]))


def _my_picks(state: LineState, seat: int) -> list[list[int]]:
    """The seat's draft picks, step by step."""
    out, taken = [], 0
    for count in state.rules.settings.draft_picks:
        out.append(state.drafted[seat][taken:taken + count])
        taken += count
    return out
