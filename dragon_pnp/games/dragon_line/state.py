"""A game of Dragon Line: one hand or a match of hands, as a state machine of simultaneous choices.

Nodes (every one simultaneous; `to_move()` names the seats that choose):
    draft     each seat takes one card from the stack in front of it; a draft step of k cards
              is k nodes in a row (nothing is revealed in between, so this is the same choice);
              stacks are traded after every step and once more after the last (L6)
    line      each seat puts one card of its stack in its next Starting Line slot, front first;
              after the last slot the stacks' other cards are discarded face down (L6)
    activate  each seat chooses its star tokens; the round resolves at once (L7 steps 1-4)
    remove    seats with survivors choose which of their own to discard (L7 step 5)
    refill    seats short of a full line put one hand card at the back, one node per card (L7.7)
The only chance is the shuffle at each hand's start, drawn from a generator seeded by the game
seed and the hand number, so a saved position replays exactly without carrying generator state.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Mapping
from typing import Any

from dragon_pnp.errors import IllegalActionError
from dragon_pnp.games.api import Event, Result
from dragon_pnp.games.chance import MASK64, shuffle, substream
from dragon_pnp.games.dragon_line.actions import Activate, Draft, Place, Refill, Remove
from dragon_pnp.games.dragon_line.battle import resolve
from dragon_pnp.games.dragon_line.rules import SEATS, Rules
from dragon_pnp.games.position_fields import bit_mask, position_format

PHASES = ("draft", "line", "activate", "remove", "refill", "over")
DRAFT, LINE, ACTIVATE, REMOVE, REFILL, OVER = range(6)
BOTH = (0, 1)

# How a hand ends (L8), and a match on points: the reasons `Result.reason` may take (a single
# hand's result is its hand's).
HAND_REASONS = ("line_short", "health", "tie", "round_cap")
END_REASONS = (*HAND_REASONS, "points")

# Event kinds always counted in `counts`, whether or not events are recorded.
COUNTED = ("hands", "rounds", "fallback", "destroyed", "removed", "round_cap", "hand_ties")


def hand_stream(seed: int, hand: int) -> int:
    """The generator state that shuffles a hand: every hand of every game gets its own, reproducibly."""
    return substream(seed, hand)


class LineState:
    """A position of Dragon Line. Mutable: `apply` changes it in place; `clone` is cheap."""

    seats = SEATS
    __slots__ = (
        "_to_move",
        "buried",
        "carried",
        "counts",
        "drafted",
        "events",
        "fallback_rounds",
        "fallen",
        "fielded",
        "hand",
        "hands",
        "hands_log",
        "last",
        "lines",
        "phase",
        "picks_left",
        "points",
        "record",
        "removed",
        "result",
        "round",
        "rounds_total",
        "rules",
        "seed",
        "seen_stacks",
        "shown",
        "single",
        "stacks",
        "step",
    )

    def __init__(self, rules: Rules, seed: int, single: bool = False, record: bool = False,
                 deal: bool = True):
        self.rules = rules
        self.seed = seed & MASK64            # the same hands (the generator reads it modulo 2**64)
        self.single = single                 # one hand, or a match of settings.match_hands hands
        self.record = record
        self.events: list[Event] = []
        self.counts: dict[str, int] = dict.fromkeys(COUNTED, 0)
        self.result: Result | None = None
        self.hand = 0
        self.points = [0, 0]
        self.hands_log: list[dict[str, Any]] = []
        self.phase = OVER
        self._to_move: tuple[int, ...] = ()
        if deal:
            self._start_hand()

    # --- the interface ----------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return self._to_move

    def decision(self, seat: int) -> str:
        return PHASES[self.phase] if seat in self._to_move else "wait"

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self._to_move:
            return []
        phase = self.phase
        rules = self.rules
        if phase == ACTIVATE:
            return list(rules.activate_actions)
        if phase == DRAFT:
            drafts = rules.draft_actions
            return [drafts[c] for c in self.stacks[seat]]
        if phase == LINE:
            places = rules.place_actions
            return [places[c] for c in self.stacks[seat]]
        if phase == REFILL:
            refills = rules.refill_actions
            return [refills[c] for c in self.hands[seat]]
        return list(rules.removals(tuple(self.lines[seat])))

    def apply(self, joint: Mapping[int, Any]) -> None:
        movers = self._to_move
        if len(joint) != len(movers) or any(s not in joint for s in movers):
            raise IllegalActionError(
                f"expected one action from each of seats {', '.join(str(s + 1) for s in movers) or 'none'}; "
                f"got seats {', '.join(str(s + 1) for s in sorted(joint)) or 'none'}")
        phase = self.phase
        if phase == DRAFT:
            self._draft(joint)
        elif phase == LINE:
            self._place(joint)
        elif phase == ACTIVATE:
            self._battle(joint)
        elif phase == REMOVE:
            self._remove(joint)
        else:
            self._refill(joint)

    # --- the draft (L6) ----------------------------------------------------------------------
    def _start_hand(self) -> None:
        rules = self.rules
        settings = rules.settings
        self.hand += 1
        self.counts["hands"] += 1
        order = list(range(rules.deck_size))
        shuffle(order, hand_stream(self.seed, self.hand))
        cut = settings.random_discard
        size = settings.stack_size
        self.buried = order[:cut]
        self.stacks = [sorted(order[cut:cut + size]), sorted(order[cut + size:cut + 2 * size])]
        self.hands: list[list[int]] = [[], []]
        self.lines: list[list[int]] = [[], []]
        self.shown: list[list[bool]] = [[], []]
        self.carried: list[list[int]] = [[], []]
        self.fallen: list[int] = []
        self.drafted: list[list[int]] = [[], []]
        self.seen_stacks: list[list[int]] = [[bit_mask(self.stacks[0])], [bit_mask(self.stacks[1])]]
        self.fielded: list[list[int]] = [[], []]
        self.fallback_rounds = 0
        self.removed = [0, 0]
        self.round = 0
        if self.hand == 1:
            self.rounds_total = 0
        self.last: dict[str, Any] | None = None
        self.phase = DRAFT
        self.step = 0
        self.picks_left = settings.draft_picks[0]
        self._to_move = BOTH
        if self.record:
            self.events.append(Event("deal", None, {"hand": self.hand, "discarded_face_down": cut,
                                                     "stacks": size}))

    def _card_of(self, seat: int, action: Draft | Place | Refill, kind: type, pile: list[int], where: str) -> int:
        """The card a draft, line or refill action names, checked against the pile it must come from."""
        if type(action) is not kind:
            raise IllegalActionError(f"seat {seat + 1} must {PHASES[self.phase]} now; '{action}' is not that")
        card = action.index if action.index >= 0 else self.rules.index.get(action.card, -1)
        if card not in pile:
            raise IllegalActionError(f"'{action}': {action.card} is not {where} of seat {seat + 1}")
        return card

    def _draft(self, joint: Mapping[int, Any]) -> None:
        picked = [self._card_of(s, joint[s], Draft, self.stacks[s], "in the stack in front") for s in BOTH]
        for s in BOTH:
            self.stacks[s].remove(picked[s])
            insort(self.hands[s], picked[s])
            self.drafted[s].append(picked[s])
            if self.record:
                self.events.append(Event("draft", s, self.rules.card_ids[picked[s]]))
        self.picks_left -= 1
        if self.picks_left:
            return
        self.stacks.reverse()                                    # trade stacks
        for s in BOTH:
            self.seen_stacks[s].append(bit_mask(self.stacks[s]))     # what each seat now has in front of it
        if self.record:
            self.events.append(Event("trade", None, None))
        self.step += 1
        picks = self.rules.settings.draft_picks
        if self.step < len(picks):
            self.picks_left = picks[self.step]
        else:
            self.phase = LINE

    def _place(self, joint: Mapping[int, Any]) -> None:
        picked = [self._card_of(s, joint[s], Place, self.stacks[s], "in the stack in front") for s in BOTH]
        for s in BOTH:
            self.stacks[s].remove(picked[s])
            self.lines[s].append(picked[s])
            self.shown[s].append(False)
            self.carried[s].append(0)
            self.fielded[s].append(picked[s])
            if self.record:
                self.events.append(Event("line", s, self.rules.card_ids[picked[s]]))
        if len(self.lines[0]) < self.rules.line_size:
            return
        for s in BOTH:
            self.buried.extend(self.stacks[s])
            self.stacks[s] = []
        self.phase = ACTIVATE
        self.round = 1
        self.rounds_total += 1
        self.counts["rounds"] += 1

    # --- a battle round (L7) ------------------------------------------------------------------
    def axis(self) -> list[int]:
        """The cards on the axis (seat 1's back ... front, seat 2's front ... back)."""
        line0, line1 = self.lines
        return line0[::-1] + line1

    def _battle(self, joint: Mapping[int, Any]) -> None:
        rules = self.rules
        masks = []
        for s in BOTH:
            action = joint[s]
            if type(action) is not Activate or not 0 <= action.mask < len(rules.activate_actions):
                raise IllegalActionError(f"seat {seat_name(s)} must activate now; '{action}' is not an activation")
            masks.append(action.mask)
        size = rules.line_size
        line0, line1 = self.lines
        axis = line0[::-1] + line1
        active = rules.axis_mask[0][masks[0]] | rules.axis_mask[1][masks[1]]
        carried = self.carried[0][::-1] + self.carried[1] if rules.carry_damage else None
        destroyed, damage, fallback = resolve(rules, axis, active, carried)
        lost: list[list[int]] = [[], []]
        for s in BOTH:
            line = self.lines[s]
            keep, keep_damage = [], []
            for slot, card in enumerate(line):
                p = size - 1 - slot if s == 0 else size + slot
                if destroyed >> p & 1:
                    lost[s].append(card)
                else:
                    keep.append(card)
                    keep_damage.append(damage[p] if carried is not None else 0)
            self.lines[s] = keep
            self.shown[s] = [True] * len(keep)
            self.carried[s] = keep_damage
            self.fallen.extend(lost[s])
        count = len(lost[0]) + len(lost[1])
        self.counts["destroyed"] += count
        if fallback:
            self.counts["fallback"] += 1
            self.fallback_rounds += 1
        self.last = {"round": self.round, "activated": masks, "destroyed": lost, "fallback": fallback}
        if self.record:
            ids = rules.card_ids
            self.events.append(Event("reveal", None, {
                "round": self.round,
                "activated": [[ids[c] for i, c in enumerate(line) if masks[s] >> i & 1]
                              for s, line in enumerate((line0, line1))],
                "damage": {ids[axis[p]]: damage[p] for p in range(len(axis)) if damage[p]},
            }))
            if fallback:
                self.events.append(Event("fallback", None, [ids[c] for c in lost[0] + lost[1]]))
            for s in BOTH:
                for card in lost[s]:
                    self.events.append(Event("destroyed", s, ids[card]))
        movers = tuple(s for s in BOTH if self.lines[s])
        if movers:
            self.phase = REMOVE
            self._to_move = movers
        else:
            self._after_removal()

    def _remove(self, joint: Mapping[int, Any]) -> None:
        rules = self.rules
        chosen = {}
        for s in self._to_move:
            action = joint[s]
            if type(action) is not Remove or action not in rules.removals(tuple(self.lines[s])):
                raise IllegalActionError(f"'{action}' is not a removal seat {seat_name(s)} can make; "
                                         "name surviving dragons of your own line, or 'remove none'")
            chosen[s] = action
        for s, action in chosen.items():
            if not action.cards:
                continue
            gone = {rules.index[c] for c in action.cards}
            line, shown, carried = self.lines[s], self.shown[s], self.carried[s]
            keep = [i for i, c in enumerate(line) if c not in gone]
            self.fallen.extend(c for c in line if c in gone)
            self.lines[s] = [line[i] for i in keep]
            self.shown[s] = [shown[i] for i in keep]
            self.carried[s] = [carried[i] for i in keep]
            self.removed[s] += len(gone)
            self.counts["removed"] += len(gone)
            if self.record:
                self.events.append(Event("remove", s, list(action.cards)))
        self._after_removal()

    def _after_removal(self) -> None:
        """Survivors have closed up (lines are kept compact); end the hand or ask for refills (L7.6-7, L8)."""
        size = self.rules.line_size
        short = [size - len(self.lines[s]) > len(self.hands[s]) for s in BOTH]
        if short[0] or short[1]:
            self._end_hand(short)
            return
        movers = tuple(s for s in BOTH if len(self.lines[s]) < size)
        if movers:
            self.phase = REFILL
            self._to_move = movers
        else:
            self._next_round()

    def _refill(self, joint: Mapping[int, Any]) -> None:
        movers = self._to_move
        picked = [(s, self._card_of(s, joint[s], Refill, self.hands[s], "in the hand")) for s in movers]
        for s, card in picked:
            self.hands[s].remove(card)
            self.lines[s].append(card)
            self.shown[s].append(False)
            self.carried[s].append(0)
            self.fielded[s].append(card)
            if self.record:
                self.events.append(Event("refill", s, self.rules.card_ids[card]))
        size = self.rules.line_size
        movers = tuple(s for s in BOTH if len(self.lines[s]) < size)
        if movers:
            self._to_move = movers
        else:
            self._next_round()

    def _next_round(self) -> None:
        if self.round >= self.rules.settings.round_cap:
            self.counts["round_cap"] += 1
            self._end_hand(None)
            return
        self.round += 1
        self.rounds_total += 1
        self.counts["rounds"] += 1
        self.phase = ACTIVATE
        self._to_move = BOTH

    # --- the end (L8, L9) ---------------------------------------------------------------------
    def table_health(self, seat: int) -> int:
        """Total printed Health of a seat's line dragons: the tie-break when neither can refill (L8)."""
        health = self.rules.health
        return sum(health[c] for c in self.lines[seat])

    def _end_hand(self, short: list[bool] | None) -> None:
        health = [self.table_health(s) for s in BOTH]
        if short is None:
            winners: tuple[int, ...] = ()
            reason = "round_cap"
        elif short[0] and short[1]:
            reason = "health"
            winners = (0,) if health[0] > health[1] else (1,) if health[1] > health[0] else ()
            if not winners:
                reason = "tie"
        else:
            reason = "line_short"
            winners = (1,) if short[0] else (0,)
        points = [0, 0]
        for w in winners:
            points[w] = 1 + len(self.hands[w])
            self.points[w] += points[w]
        if not winners:
            self.counts["hand_ties"] += 1
        self.hands_log.append({
            "hand": self.hand, "winners": list(winners), "reason": reason, "rounds": self.round,
            "points": points, "health": health, "in_hand": [len(self.hands[s]) for s in BOTH],
            "drafted": [list(self.drafted[s]) for s in BOTH], "fielded": [list(self.fielded[s]) for s in BOTH],
            "fallback_rounds": self.fallback_rounds, "removed": list(self.removed),
        })
        if self.record:
            self.events.append(Event("hand_end", None, {"hand": self.hand, "winners": [w + 1 for w in winners],
                                                        "reason": reason, "points": points}))
        if self.single or self.hand >= self.rules.settings.match_hands:
            self._finish()
        else:
            self._start_hand()

    def _finish(self) -> None:
        self.phase = OVER
        self._to_move = ()
        if self.single:
            last = self.hands_log[-1]
            self.result = Result(tuple(last["winners"]), last["reason"], last["rounds"],
                                 tuple(float(p) for p in last["points"]))
        else:
            a, b = self.points
            winners = (0,) if a > b else (1,) if b > a else ()
            self.result = Result(winners, "points" if winners else "tie", self.rounds_total,
                                 (float(a), float(b)))
        if self.record:
            self.events.append(Event("game_end", None, self.result.to_json()))

    # --- copies and views ---------------------------------------------------------------------
    def clone(self) -> LineState:
        other = LineState.__new__(LineState)
        other.rules = self.rules
        other.seed = self.seed
        other.single = self.single
        other.record = self.record
        other.events = list(self.events)
        other.counts = dict(self.counts)
        other.result = self.result
        other.hand = self.hand
        other.points = list(self.points)
        other.hands_log = list(self.hands_log)       # entries are never changed once written
        other.phase = self.phase
        other.step = self.step
        other.picks_left = self.picks_left
        other.stacks = [list(self.stacks[0]), list(self.stacks[1])]
        other.hands = [list(self.hands[0]), list(self.hands[1])]
        other.lines = [list(self.lines[0]), list(self.lines[1])]
        other.shown = [list(self.shown[0]), list(self.shown[1])]
        other.carried = [list(self.carried[0]), list(self.carried[1])]
        other.buried = list(self.buried)
        other.fallen = list(self.fallen)
        other.round = self.round
        other.rounds_total = self.rounds_total
        other.last = self.last
        other.drafted = [list(self.drafted[0]), list(self.drafted[1])]
        other.seen_stacks = [list(self.seen_stacks[0]), list(self.seen_stacks[1])]
        other.fielded = [list(self.fielded[0]), list(self.fielded[1])]
        other.fallback_rounds = self.fallback_rounds
        other.removed = list(self.removed)
        other._to_move = self._to_move
        return other

    def to_dict(self) -> dict[str, Any]:
        return state_to_dict(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return state_view(self, seat)

    def places(self) -> dict[str, list[int]]:
        """Every card's place (for invariants): each of the deck's cards is in exactly one."""
        return {"buried": self.buried, "fallen": self.fallen, "stack 1": self.stacks[0], "stack 2": self.stacks[1],
                "hand 1": self.hands[0], "hand 2": self.hands[1], "line 1": self.lines[0], "line 2": self.lines[1]}


def seat_name(seat: int) -> str:
    return str(seat + 1)


# --- the position's text form and each seat's view (read back by positions.py) -------------

FORMAT = position_format("dragon_line")
OLDER_FORMATS = ("dragon-line position 1",)   # written before the one convention; still read
FACE_DOWN = "face-down"


def state_to_dict(state: LineState) -> dict[str, Any]:
    ids = state.rules.card_ids
    def names(cards: Iterable[int]) -> list[str]:
        return [ids[c] for c in cards]
    last = None
    if state.last is not None:
        last = {"round": state.last["round"],
                "activated": [list(_slots(m)) for m in state.last["activated"]],
                "destroyed": [names(cards) for cards in state.last["destroyed"]],
                "fallback": state.last["fallback"]}
    return {
        "format": FORMAT,
        "seed": state.seed,
        "match": not state.single,
        "hand": state.hand,
        "points": list(state.points),
        "phase": PHASES[state.phase],
        "draft_step": state.step,
        "picks_left": state.picks_left,
        "round": state.round,
        "rounds_total": state.rounds_total,
        "buried": names(state.buried),
        "fallen": names(state.fallen),
        "seats": [{
            "stack": names(state.stacks[s]),
            "hand": names(state.hands[s]),
            "line": names(state.lines[s]),
            "shown": list(state.shown[s]),
            "damage": list(state.carried[s]),
            "drafted": names(state.drafted[s]),
            "seen_stacks": [names(_cards(m)) for m in state.seen_stacks[s]],
            "fielded": names(state.fielded[s]),
            "removed": state.removed[s],
        } for s in BOTH],
        "fallback_rounds": state.fallback_rounds,
        "last_round": last,
        "hands": [_hand_to_dict(entry, ids) for entry in state.hands_log],
        "counts": dict(state.counts),
        "result": state.result.to_json() if state.result is not None else None,
    }


def _hand_to_dict(entry: Mapping[str, Any], ids: tuple[str, ...]) -> dict[str, Any]:
    out = dict(entry)
    out["winners"] = [w + 1 for w in entry["winners"]]   # seats from 1 in every file
    out["drafted"] = [[ids[c] for c in cards] for cards in entry["drafted"]]
    out["fielded"] = [[ids[c] for c in cards] for cards in entry["fielded"]]
    return out


def _cards(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def _slots(mask: int) -> tuple[int, ...]:
    return tuple(i + 1 for i in range(mask.bit_length()) if mask >> i & 1)


# --- views ---------------------------------------------------------------------------------------


def state_view(state: LineState, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (None: a bystander): own stack and hand, face-up cards, counts of the rest."""
    ids = state.rules.card_ids
    lines = []
    for s in BOTH:
        shown = []
        for card, up, damage in zip(state.lines[s], state.shown[s], state.carried[s]):
            text = ids[card] if up or s == seat else FACE_DOWN
            shown.append({"card": text, "damage": damage} if state.rules.carry_damage else text)
        lines.append(shown)
    view: dict[str, Any] = {
        "game": "dragon_line",
        "seat": None if seat is None else seat + 1,
        "hand_number": state.hand,
        "hands_in_match": 1 if state.single else state.rules.settings.match_hands,
        "phase": PHASES[state.phase],
        "to_move": [s + 1 for s in state.to_move()],
        "round": state.round,
        "points": list(state.points),
        "lines": lines,
        "hand_sizes": [len(h) for h in state.hands],
        "stack_sizes": [len(st) for st in state.stacks],
        "face_down_discards": len(state.buried),
        "fallen": [ids[c] for c in state.fallen],
    }
    if seat is not None:
        view["your_hand"] = [ids[c] for c in state.hands[seat]]
        if state.phase in (DRAFT, LINE):
            view["your_stack"] = [ids[c] for c in state.stacks[seat]]
    if state.last is not None:
        view["last_round"] = {"round": state.last["round"],
                              "activated": [list(_slots(m)) for m in state.last["activated"]],
                              "destroyed": [[ids[c] for c in cards] for cards in state.last["destroyed"]],
                              "fallback": state.last["fallback"]}
    view["hands_played"] = [{"hand": h["hand"], "winners": [w + 1 for w in h["winners"]], "reason": h["reason"],
                             "points": h["points"]} for h in state.hands_log]
    if state.result is not None:
        view["result"] = state.result.to_json()
    return view
