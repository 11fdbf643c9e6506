"""Dragon Dance positions: the schema `load_state` reads, on the shared position codec.

Roles are keys (`knight:`, `dragon:`), cards are ids of the deck files, dice are faces. A
position carries the dice generator (`rng`), so a loaded game re-rolls exactly as the saved one
would. Hand-written positions may leave out what has a natural default (docs/positions.md).
The state writes itself (`state.position_to_dict`); files are read and written by
`dragon_pnp.games.position_files`, fields checked by `dragon_pnp.games.position_fields`, so a
mistake is a located `PositionError`. A position the rules can never reach is refused too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragon_pnp.games.api import Result
from dragon_pnp.games.chance import MASK64
from dragon_pnp.games.dragon_dance.rules import RANGE_NAMES, Rules
from dragon_pnp.games.dragon_dance.state import (
    BOTH,
    CARD,
    COMBO,
    DIE,
    FORMAT,
    NOT_CHOSEN,
    OVER,
    PHASE_NAMES,
    DanceState,
    position_to_dict,
)
from dragon_pnp.games.position_fields import BIG, Fields, bit_mask

FIELDS = ("format", "game", "options", "round", "range", "phase", "to_decide", "combo", "rng", "result")
SIDE_FIELDS = ("life", "dice", "spent_dice", "hand", "discard", "table")
DIE_FACES = (1, 6)


def state_from_dict(rules: Rules, data: Mapping[str, Any]) -> DanceState:
    """The inverse of `position_to_dict`; a PositionError names the field that is wrong."""
    f = Fields(data, (), "a mapping of position fields")
    f.only(FIELDS + rules.roles)
    f.format(FORMAT)
    game = f.text("game", rules.slug)
    if game != rules.slug:
        raise f.fail("game", f"this is a {rules.slug} position reader; the file says {game}")
    options = f.sub("options", None, null=True)
    for name, value in (options.data.items() if options else ()):
        if rules.options.get(name) != value:
            raise options.fail(name, f"the rules were made with {name}={rules.options.get(name)}")
    state = DanceState(rules)
    state.round = f.integer("round", 1, rules.round_cap, default=1, what="a round (the round cap is the most)")
    state.range = f.word("range", RANGE_NAMES, RANGE_NAMES[rules.start_range])
    state.phase = f.word("phase", PHASE_NAMES, "die")
    for seat, role in enumerate(rules.roles):
        _side(rules, state, seat, f.sub(role, what=f"the {role}'s side: a mapping of {', '.join(SIDE_FIELDS)}"))
    _combo(rules, state, f)
    _result(rules, state, f)
    state.rng = f.integer("rng", 0, MASK64, default=0, what="the dice generator's state")
    given = f.raw("to_decide", None, null=True)   # written for readers; when given it must agree
    if given is not None:
        expected = position_to_dict(state)["to_decide"]
        if given != expected:
            raise f.fail("to_decide", f"this position asks {expected}, not {given}")
    return state


def _side(rules: Rules, state: DanceState, seat: int, side: Fields) -> None:
    role = rules.roles[seat]
    cards = rules.cards[seat]
    side.only(SIDE_FIELDS)
    # Life only falls, and by at most one round's blows below 0 (the game ends with that round).
    other = rules.cards[1 - seat]
    floor = -2 * max(max(c.table) for c in other)
    life = side.integer("life", floor, BIG, default=rules.life0[seat], what=f"the {role}'s life")
    if life > rules.life0[seat]:
        raise side.fail("life", f"the {role} starts with {rules.life0[seat]} life and never gains any")
    state.life[seat] = life
    dice = side.ints("dice", *DIE_FACES, what="a die face")
    state.dice[seat] = tuple(sorted(dice))
    state.spent[seat] = side.integer("spent_dice", 0, rules.dice0[seat], default=0, what="dice spent")
    table = side.sub("table", None, null=True)
    by_id = rules.card_index[seat]
    hand = bit_mask(side.cards("hand", by_id, "card", [c.id for c in cards], unique=True))
    discard = bit_mask(side.cards("discard", by_id, "card", [], unique=True))
    on_table = 0
    if table is not None:
        table.only(("die", "card"))
        die = table.raw("die")
        if die == "none":
            state.table_die[seat] = 0
        else:
            state.table_die[seat] = table.integer("die", *DIE_FACES, what="a die face (or none)")
        card = table.text("card", None, null=True)
        if card is not None:
            if card not in by_id:
                raise table.fail("card", f"the {role} has no card '{card}'; cards: {', '.join(by_id)}")
            index = by_id[card]
            state.table_card[seat] = index
            on_table = 1 << index
    if hand & discard or (hand | discard) & on_table:
        raise side.fail((), "a card is in two places (hand, discard, table)")
    if hand | discard | on_table != rules.all_cards[seat]:
        missing = [c.id for c in cards if not (hand | discard | on_table) >> c.index & 1]
        raise side.fail((), f"every card is in the hand, the discard or on the table; missing: {', '.join(missing)}")
    recuperate = next((c for c in cards if c.recuperate), None)
    if recuperate is not None and discard >> recuperate.index & 1:
        raise side.fail("discard", f"{recuperate.id} is never in the discard pile: it returns to hand with "
                                   "every discarded card when played (D6, D11)")
    state.hands[seat] = hand
    state.discards[seat] = discard
    used = 1 if state.table_die[seat] > 0 else 0
    total = len(state.dice[seat]) + state.spent[seat] + used
    if total != rules.dice0[seat]:
        raise side.fail("dice", f"the {role} has {rules.dice0[seat]} dice; available {len(state.dice[seat])}"
                                f" + spent {state.spent[seat]} + on the table {used} = {total}")
    phase = state.phase
    wants_die = phase in (CARD, COMBO)
    wants_card = phase == COMBO
    if (table is not None) != wants_die or (wants_die and (state.table_card[seat] != NOT_CHOSEN) != wants_card):
        expected = {DIE: "no table (nothing chosen yet)", CARD: "a table with the revealed die and no card",
                    COMBO: "a table with the die and card played this round", OVER: "no table"}[phase]
        raise side.fail("table", f"in the {PHASE_NAMES[phase]} phase each side has {expected}")


def _combo(rules: Rules, state: DanceState, f: Fields) -> None:
    """The roles that may follow up (D10): each played a Combo card that dealt damage this round."""
    seats = f.cards("combo", {role: s for s, role in enumerate(rules.roles)}, "role", [], unique=True)
    if (state.phase == COMBO) != bool(seats):
        raise f.fail("combo", "the combo phase names the roles that may follow up, and only then")
    if state.phase != COMBO:
        return
    # The main damage of this round was dealt already; recompute it for the round's log and D10.
    c = [rules.cards[s][state.table_card[s]] for s in BOTH]
    d = state.table_die
    for seat in BOTH:
        other = 1 - seat
        if c[seat].attack and not c[other].dodge:
            state.dealt[seat] = max(0, c[seat].table[d[seat]] - (c[other].table[d[other]] if c[other].defence else 0))
    state._played_range = _played_range(rules, state, c, f)
    for i, seat in enumerate(seats):
        role = rules.roles[seat]
        if not c[seat].combo:
            raise f.fail(("combo", i), f"the {role} played {c[seat].id}, not a Combo card: no follow-up (D10)")
        if state.dealt[seat] <= 0:
            raise f.fail(("combo", i), f"the {role}'s {c[seat].id} dealt no damage this round, so it earns no "
                                       "follow-up (D10 needs at least 1)")
        if not state.combo_partners(seat):
            raise f.fail(("combo", i), f"the {role} has no Combo card playable at "
                                       f"{RANGE_NAMES[state.range]} range in hand to follow up with")
    missed = [s for s in BOTH if s not in seats and c[s].combo and state.dealt[s] > 0 and state.combo_partners(s)]
    if missed:
        raise f.fail("combo", f"the {rules.roles[missed[0]]} also earned a follow-up (D10); name it too")
    state.combo_seats = tuple(sorted(seats))


def _played_range(rules: Rules, state: DanceState, c: list[Any], f: Fields) -> int:
    """The range this round's cards were played at, as the combo phase's range shows it (D9, D10):
    both cards playable there, and the range after their movement (by default; before it with
    `combo_before_movement`) the one the position gives. None such: the round could not have
    come to this combo."""
    fits = []
    for before in (state.range, 1 - state.range):
        if not all(rules.playable[s][before] >> c[s].index & 1 for s in BOTH):
            continue
        probe = DanceState(rules)
        probe.range = before
        if not rules.combo_before_movement:
            probe._move(c[0], c[1])
        if probe.range == state.range:
            fits.append(before)
    if not fits:
        order = "before" if rules.combo_before_movement else "after"
        played = " and ".join(f"the {rules.roles[s]}'s {c[s].id}" for s in BOTH)
        raise f.fail("range", f"{played} played this round cannot leave the range {RANGE_NAMES[state.range]} "
                              f"{order} movement, where the combo is offered (D9, D10)")
    return fits[0]


def _result(rules: Rules, state: DanceState, f: Fields) -> None:
    """The result follows from the position (D12): given exactly when the phase is over, and as the
    rules would have declared it."""
    result = f.sub("result", None, null=True)
    if (result is not None) != (state.phase == OVER):
        raise f.fail("result", "a result is given exactly when the phase is over")
    if result is None:
        if min(state.life) <= 0 and state.phase != COMBO:   # mid-round, the combo may still come
            raise f.fail("result", "a side is at 0 life: the game ended (D12); give the result and phase over")
        return
    result.only(("winners", "reason", "rounds"))
    winners = tuple(sorted(result.cards("winners", {role: s for s, role in enumerate(rules.roles)}, "role",
                                        unique=True)))
    reason = result.text("reason")
    rounds = result.integer("rounds", 1, rules.round_cap, default=state.round, what="the rounds played")
    if min(state.life) <= 0:
        expected = tuple(s for s in BOTH if state.life[s] > 0)
        expected_reason = "knockout" if expected else "double_knockout"
    elif state.round >= rules.round_cap:
        expected, expected_reason = (), "round_cap"
    else:
        raise f.fail("result", f"nobody is at 0 life and round {state.round} is before the round cap "
                               f"({rules.round_cap}): the game is not over (D12)")
    if winners != expected:
        shown = ", ".join(rules.roles[s] for s in expected) or "nobody (a draw)"
        raise result.fail("winners", f"with life {state.life[0]} and {state.life[1]} the winner is {shown} (D12)")
    if reason != expected_reason:
        raise result.fail("reason", f"expected {expected_reason}, got {reason!r}")
    if rounds != state.round:
        raise result.fail("rounds", f"the game ended in round {state.round} (the position's round), not {rounds}")
    state.result = Result(winners, reason, rounds)
