"""A Dragon Dance game as a state machine over the game interface (dragon_pnp.games.api).

A round is two simultaneous nodes, die then card (D5, D6), resolved together (D7-D11), with a
combo node between when a Combo card earned a follow-up (D10). Seat 0 and seat 1 are the roles
in game.yaml order. Hands and discards are bit masks over a seat's deck, available dice a
sorted tuple of faces; the only chance is the re-roll after Recuperate, drawn from the state's
one-integer generator, so a game replays exactly from its seed. Rulings D1-D13 are in
/work/shared/dragon_dance/RULINGS.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragon_pnp.errors import IllegalActionError
from dragon_pnp.games.api import Event, Result
from dragon_pnp.games.chance import roll, seed_state
from dragon_pnp.games.dragon_dance.actions import CardAction, ComboAction, DieAction
from dragon_pnp.games.dragon_dance.rules import INCREASE, LONG, RANGE_NAMES, REDUCE, SHORT, Rules
from dragon_pnp.games.position_fields import position_format

DIE, CARD, COMBO, OVER = 0, 1, 2, 3
PHASE_NAMES = ("die", "card", "combo", "over")
BOTH = (0, 1)
NOT_CHOSEN = -1

# How a duel ends (D12): the reasons `Result.reason` may take.
END_REASONS = ("knockout", "double_knockout", "round_cap")


class DanceState:
    """A position plus everything needed to continue it exactly (the dice generator included).

    `log` keeps one small tuple per finished round for the rules-check report:
    (range the cards were played at, die 0, card 0, die 1, card 1, main damage dealt by 0,
    main damage dealt by 1, combos), where
    combos is a tuple of (seat, card index, die, damage). It is a record, not part of the position.
    """

    __slots__ = (
        "_combos",
        "_played_range",
        "combo_seats",
        "counts",
        "dealt",
        "dice",
        "discards",
        "events",
        "hands",
        "life",
        "log",
        "phase",
        "range",
        "record",
        "result",
        "rng",
        "round",
        "rules",
        "spent",
        "table_card",
        "table_die",
    )
    seats = 2

    def __init__(self, rules: Rules, record: bool = False):
        self.rules = rules
        self.life = list(rules.life0)
        self.range = rules.start_range
        self.hands = list(rules.all_cards)
        self.discards = [0, 0]
        self.dice: list[tuple[int, ...]] = [(), ()]
        self.spent = [0, 0]
        self.table_die = [NOT_CHOSEN, NOT_CHOSEN]
        self.table_card = [NOT_CHOSEN, NOT_CHOSEN]
        self.phase = DIE
        self.combo_seats: tuple[int, ...] = ()
        self.dealt = [0, 0]              # main-attack damage each seat dealt this round
        self.round = 1
        self.rng = 0
        self.result: Result | None = None
        self.record = record
        self.events: list[Event] = []
        self.counts: dict[str, int] = {}
        self.log: list[tuple[Any, ...]] = []
        self._combos: tuple[Any, ...] = ()
        self._played_range = self.range

    # --- the game interface -----------------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase < COMBO:
            return BOTH
        return self.combo_seats if phase == COMBO else ()

    def decision(self, seat: int) -> str:
        return PHASE_NAMES[self.phase] if seat in self.to_move() else "none"

    def legal_actions(self, seat: int) -> list[Any]:
        rules = self.rules
        phase = self.phase
        if phase == DIE:
            return list(rules.die_choices(self.dice[seat]))
        if phase == CARD:
            return list(rules.card_choices(seat, self.hands[seat] & rules.playable[seat][self.range]))
        if phase == COMBO and seat in self.combo_seats:
            return list(rules.combo_choices(seat, self.combo_partners(seat), self.dice[seat]))
        return []

    def apply(self, joint: Mapping[int, Any]) -> None:
        """Apply one action of every seat in `to_move()`; IllegalActionError says what was wrong."""
        phase = self.phase
        movers = self.to_move()
        if len(joint) != len(movers) or any(seat not in joint for seat in movers):
            if phase == OVER:
                raise IllegalActionError("the game is over; no one is to decide")
            raise IllegalActionError(
                f"expected one action from each of seats {', '.join(str(s + 1) for s in movers)}, "
                f"got seats {', '.join(str(s + 1) for s in sorted(joint)) or 'none'}")
        if phase == DIE:
            self._choose_dice(joint[0], joint[1])
        elif phase == CARD:
            self._play_cards(joint[0], joint[1])
        else:
            self._play_combos(joint)

    def clone(self) -> DanceState:
        other = DanceState.__new__(DanceState)
        other.rules = self.rules
        other.life = self.life[:]
        other.range = self.range
        other.hands = self.hands[:]
        other.discards = self.discards[:]
        other.dice = self.dice[:]
        other.spent = self.spent[:]
        other.table_die = self.table_die[:]
        other.table_card = self.table_card[:]
        other.phase = self.phase
        other.combo_seats = self.combo_seats
        other.dealt = self.dealt[:]
        other.round = self.round
        other.rng = self.rng
        other.result = self.result
        other.record = self.record
        other.events = self.events[:]
        other.counts = dict(self.counts)
        other.log = self.log[:]
        other._combos = self._combos
        other._played_range = self._played_range
        return other

    def to_dict(self) -> dict[str, Any]:
        return position_to_dict(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What a seat sees: everything but the dice generator (D12: only the choices are hidden,
        and a pending choice never reaches the state before both seats have chosen)."""
        shown = self.to_dict()
        del shown["rng"]
        shown["seat"] = None if seat is None else {"number": seat + 1, "role": self.rules.roles[seat]}
        return shown

    # --- helpers the policies and positions share ---------------------------------------------

    def combo_partners(self, seat: int) -> int:
        """Cards that may follow up now (D10): Combo cards in hand playable at the current range."""
        rules = self.rules
        return self.hands[seat] & rules.combo_cards[seat] & rules.playable[seat][self.range]

    # --- phase 1: dice ------------------------------------------------------------------------

    def _choose_dice(self, a0: Any, a1: Any) -> None:
        faces = (self._die_face(0, a0), self._die_face(1, a1))
        for seat, face in enumerate(faces):
            if face:
                dice = self.dice[seat]
                i = dice.index(face)
                self.dice[seat] = dice[:i] + dice[i + 1:]
        self.table_die = list(faces)
        self.phase = CARD
        if self.record:
            for seat, face in enumerate(faces):
                self.events.append(Event("die", seat, face or "none"))

    def _die_face(self, seat: int, action: Any) -> int:
        if action.__class__ is not DieAction:
            raise IllegalActionError(f"seat {seat + 1} must choose a die or none now, not '{action}'")
        face = action.face
        if face and face not in self.dice[seat]:
            shown = ", ".join(map(str, self.dice[seat])) or "none"
            raise IllegalActionError(f"seat {seat + 1} has no die showing {face} (available: {shown})")
        return face

    # --- phase 2 and 3: cards, damage, movement ----------------------------------------------

    def _play_cards(self, a0: Any, a1: Any) -> None:
        i0 = self._card_index(0, a0)
        i1 = self._card_index(1, a1)
        rules = self.rules
        self.hands[0] &= ~(1 << i0)
        self.hands[1] &= ~(1 << i1)
        self.table_card = [i0, i1]
        self._played_range = self.range
        c0 = rules.cards[0][i0]
        c1 = rules.cards[1][i1]
        d0, d1 = self.table_die
        if self.record:
            self.events.append(Event("card", 0, c0.id))
            self.events.append(Event("card", 1, c1.id))
        # D7: attack minus protection, simultaneous; D8: Dodge takes nothing.
        dealt0 = 0
        if c0.attack and not c1.dodge:
            dealt0 = c0.table[d0] - (c1.table[d1] if c1.defence else 0)
            if dealt0 < 0:
                dealt0 = 0
        dealt1 = 0
        if c1.attack and not c0.dodge:
            dealt1 = c1.table[d1] - (c0.table[d0] if c0.defence else 0)
            if dealt1 < 0:
                dealt1 = 0
        self.life[1] -= dealt0
        self.life[0] -= dealt1
        self.dealt = [dealt0, dealt1]
        if (d0 and not c0.has_table) or (d1 and not c1.has_table):
            counts = self.counts
            for seat, die, card in ((0, d0, c0), (1, d1, c1)):
                if die and not card.has_table:
                    key = "bluff_" + rules.roles[seat]
                    counts[key] = counts.get(key, 0) + 1
        if self.record:
            self._record_damage(c0, c1, dealt0, dealt1)
        self._combos = ()
        if rules.combo_before_movement:
            if self._offer_combos(c0, c1):
                return
            self._move(c0, c1)
        else:
            self._move(c0, c1)
            if self._offer_combos(c0, c1):
                return
        self._finish_round()

    def _card_index(self, seat: int, action: Any) -> int:
        rules = self.rules
        if action.__class__ is not CardAction or action.seat != seat:
            raise IllegalActionError(f"seat {seat + 1} must play one of their cards now, not '{action}'")
        index = action.index
        if not self.hands[seat] >> index & 1:
            raise IllegalActionError(f"{action.id} is not in the {rules.roles[seat]}'s hand (it is in the discard)")
        if not rules.playable[seat][self.range] >> index & 1:
            raise IllegalActionError(f"{action.id} cannot be played at {RANGE_NAMES[self.range]} range")
        return index

    def _move(self, c0: Any, c1: Any) -> None:
        """D9 (b): any reduce and no increase: short; any increase and no reduce: long."""
        m0, m1 = c0.move, c1.move
        if not (m0 or m1):
            return
        reduce = m0 == REDUCE or m1 == REDUCE
        increase = m0 == INCREASE or m1 == INCREASE
        before = self.range
        if reduce and not increase:
            self.range = SHORT
        elif increase and not reduce:
            self.range = LONG
        if self.record and self.range != before:
            self.events.append(Event("range", None, RANGE_NAMES[self.range]))

    def _offer_combos(self, c0: Any, c1: Any) -> bool:
        """D10: a Combo card that dealt damage earns a follow-up if a partner card can be played."""
        seats = []
        counts = self.counts
        for seat, card in ((0, c0), (1, c1)):
            if card.combo and self.dealt[seat] > 0:
                if self.combo_partners(seat):
                    seats.append(seat)
                elif self.hands[seat] & self.rules.combo_cards[seat]:
                    # The partner is in hand but no longer playable: the range moved away.
                    counts["combo_blocked"] = counts.get("combo_blocked", 0) + 1
        if not seats:
            return False
        self.combo_seats = tuple(seats)
        self.phase = COMBO
        return True

    # --- the combo follow-up ------------------------------------------------------------------

    def _play_combos(self, joint: Mapping[int, Any]) -> None:
        rules = self.rules
        chosen = []
        for seat in self.combo_seats:
            action = joint[seat]
            if action.__class__ is not ComboAction or action not in self.legal_actions(seat):
                raise IllegalActionError(
                    f"'{action}' is not a combo follow-up seat {seat + 1} may make now; legal: "
                    + ", ".join(str(a) for a in self.legal_actions(seat)))
            chosen.append((seat, action))
        combos = []
        counts = self.counts
        for seat, action in chosen:
            if action.declined:
                counts["combo_declined"] = counts.get("combo_declined", 0) + 1
                if self.record:
                    self.events.append(Event("no_combo", seat))
                continue
            card = rules.cards[seat][action.index]
            other = 1 - seat
            face = action.face
            # D10: undefended (the defence card does not count); D8: a Dodge still takes nothing.
            damage = 0 if rules.cards[other][self.table_card[other]].dodge else card.table[face]
            self.life[other] -= damage
            self.hands[seat] &= ~(1 << card.index)
            self.discards[seat] |= 1 << card.index
            if face:
                dice = self.dice[seat]
                i = dice.index(face)
                self.dice[seat] = dice[:i] + dice[i + 1:]
                self.spent[seat] += 1
            counts["combo"] = counts.get("combo", 0) + 1
            combos.append((seat, card.index, face, damage))
            if self.record:
                self.events.append(Event("combo", seat, (card.id, face or "none", damage)))
        self._combos = tuple(combos)
        self.combo_seats = ()
        if rules.combo_before_movement:
            self._move(rules.cards[0][self.table_card[0]], rules.cards[1][self.table_card[1]])
        self._finish_round()

    # --- phase 4: discard, Recuperate, end ----------------------------------------------------

    def _finish_round(self) -> None:
        rules = self.rules
        d0, d1 = self.table_die
        i0, i1 = self.table_card
        for seat, index, face in ((0, i0, d0), (1, i1, d1)):
            card = rules.cards[seat][index]
            if card.recuperate:
                self._recuperate(seat, face)
            else:
                self.discards[seat] |= 1 << index
                if face:
                    self.spent[seat] += 1
        life = self.life
        dealt = self.dealt
        self.log.append((self._played_range, d0, i0, d1, i1, dealt[0], dealt[1], self._combos))
        self.table_die = [NOT_CHOSEN, NOT_CHOSEN]
        self.table_card = [NOT_CHOSEN, NOT_CHOSEN]
        self.dealt = [0, 0]
        if life[0] <= 0 or life[1] <= 0:
            winners = tuple(seat for seat in BOTH if life[seat] > 0)
            self.result = Result(winners, "knockout" if winners else "double_knockout", self.round)
            self.phase = OVER
        elif self.round >= rules.round_cap:
            self.result = Result((), "round_cap", self.round)
            self.counts["round_cap"] = self.counts.get("round_cap", 0) + 1
            self.phase = OVER
        else:
            self.round += 1
            self.phase = DIE
        if self.record:
            if self.result is not None:
                self.events.append(Event("end", None, self.result.to_json()))
            else:
                self.events.append(Event("round", None, self.round))

    def _recuperate(self, seat: int, face: int) -> None:
        """D11: every card back to hand, every die back and re-rolled (variant: only the reclaimed)."""
        rules = self.rules
        self.hands[seat] = rules.all_cards[seat]
        self.discards[seat] = 0
        reclaimed = self.spent[seat] + (1 if face else 0)
        if rules.recuperate_keeps_dice:
            rolled, self.rng = roll(reclaimed, self.rng)
            self.dice[seat] = tuple(sorted(self.dice[seat] + rolled))
        else:
            self.dice[seat], self.rng = roll(rules.dice0[seat], self.rng)
        self.spent[seat] = 0
        key = "recuperate_" + rules.roles[seat]
        self.counts[key] = self.counts.get(key, 0) + 1
        if self.record:
            self.events.append(Event("recuperate", seat, list(self.dice[seat])))

    def _record_damage(self, c0: Any, c1: Any, dealt0: int, dealt1: int) -> None:
        for seat, card, other_card, dealt in ((0, c0, c1, dealt0), (1, c1, c0, dealt1)):
            if card.attack:
                if other_card.dodge:
                    self.events.append(Event("dodge", 1 - seat, card.id))
                else:
                    self.events.append(Event("damage", 1 - seat, (dealt, card.id)))


def new_game(rules: Rules, seed: int, record: bool = False) -> DanceState:
    """D4: full life, all cards in hand, range long (the data's start range), all dice rolled."""
    state = DanceState(rules, record)
    rng = seed_state(seed)
    for seat in BOTH:
        state.dice[seat], rng = roll(rules.dice0[seat], rng)
    state.rng = rng
    if record:
        for seat in BOTH:
            state.events.append(Event("roll", seat, list(state.dice[seat])))
        state.events.append(Event("round", None, 1))
    return state


# --- the position's text form (read back by positions.py) ---------------------------------

FORMAT = position_format("dragon_dance")


def position_to_dict(state: DanceState) -> dict[str, Any]:
    """The canonical position (plain dicts, lists, ints and strings) in the documented order."""
    rules = state.rules
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": rules.slug,
        "options": dict(sorted(rules.options.items())),
        "round": state.round,
        "range": RANGE_NAMES[state.range],
        "phase": PHASE_NAMES[state.phase],
    }
    for seat, role in enumerate(rules.roles):
        cards = rules.cards[seat]
        table = None
        if state.table_die[seat] != NOT_CHOSEN:
            face = state.table_die[seat]
            index = state.table_card[seat]
            table = {"die": face or "none", "card": cards[index].id if index != NOT_CHOSEN else None}
        data[role] = {
            "life": state.life[seat],
            "dice": list(state.dice[seat]),
            "spent_dice": state.spent[seat],
            "hand": [c.id for c in cards if state.hands[seat] >> c.index & 1],
            "discard": [c.id for c in cards if state.discards[seat] >> c.index & 1],
            "table": table,
        }
    movers = state.to_move()
    data["to_decide"] = (None if not movers else
                         {"roles": [rules.roles[s] for s in movers], "decision": PHASE_NAMES[state.phase]})
    data["combo"] = [rules.roles[s] for s in state.combo_seats]
    data["rng"] = state.rng
    result = state.result
    data["result"] = None if result is None else {
        "winners": [rules.roles[s] for s in result.winners], "reason": result.reason, "rounds": result.rounds,
    }
    return data
