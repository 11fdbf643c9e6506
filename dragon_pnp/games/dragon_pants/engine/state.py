"""`PantsState`: the whole game as a state machine that stops wherever a player must choose.

The state holds plain lists of ints (hex numbers, card instances) so a step is a few table
lookups. Effects that need a choice (reactions, lost or stolen cards, hand-limit discards,
the storm's self-return) are tasks on a small stack; `_run` works through the stack until a
task needs a decision, then waits for `apply`. Rules references (R1..R30) are to
/work/shared/dragon_pants/RULINGS.md; docs/engine-api.md describes the public surface.

The state speaks only the game interface (`dragon_pnp.games.api.GameState`): `to_move`,
`decision(seat)`, `legal_actions(seat)`, `apply({seat: action})`, `view`, `clone`, `to_dict` and
`result` (the interface's `Result`), its events the interface's `Event`. A state writes its
position with `engine.position_text`; `engine.positions` reads one back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dragon_pnp.errors import IllegalActionError
from dragon_pnp.games.api import Event, Result
from dragon_pnp.games.chance import seed_state, shuffle
from dragon_pnp.games.dragon_pants.engine import cards as fx
from dragon_pnp.games.dragon_pants.engine.actions import DRAW_DECK, DRAW_DISCARD, END, HOME, PASS, STAY, Action
from dragon_pnp.games.dragon_pants.engine.explain import why_illegal
from dragon_pnp.games.dragon_pants.engine.position_text import position_to_dict
from dragon_pnp.games.dragon_pants.engine.rules import T_ALL, T_ANY, T_NONE, T_REACTION, T_SELF, Rules
from dragon_pnp.games.dragon_pants.engine.watch import PantsWatch

# A pending effect: its name ("hit", "bite", "lose", "steal", "limit", "storm") then seats,
# card kinds and hexes as its kind needs them (see `position_text.task_text`).
Task = tuple[Any, ...]

# How a game ends (R1, R3) or is cut off: the reasons `Result.reason` may take.
END_REASONS = ("time", "destiny_exhausted", "stall")

EVENT_KINDS = (
    "turn", "skip", "move", "bite", "draw", "play", "target", "react", "pass", "lose", "steal",
    "hand_limit", "reshuffle", "home", "frozen", "thawed", "swap", "pants", "pants_discarded",
    "pants_in_deck", "destiny", "den_shared", "stuck", "end",
)

# Pending tasks (first item) and the decision each asks for when it cannot settle alone.
ASKS = {"hit": "react", "bite": "react", "lose": "lose", "steal": "steal", "limit": "discard", "storm": "storm_home"}

# A turn still asking for decisions after this many has found a loop the rules allow (a turn
# can only end when its player stops, and Boost drawn back from the discard pile can go on
# forever): the game is cut off and ends as a stall, `cut_off` set.
DECISIONS_PER_TURN_CAP = 500


def public_detail(kind: str, detail: Any) -> Any:
    """An event's detail as a player reads it: seats from 1, hexes and pairs as lists."""
    if kind in ("bite", "swap", "target") and isinstance(detail, int):
        return detail + 1
    if kind == "steal":
        return [detail[0], detail[1] + 1]
    if kind == "pants":
        return None if detail is None else detail + 1
    if isinstance(detail, tuple):
        return list(detail)
    return detail


class PantsState:
    """A position plus everything needed to continue it exactly (including the shuffle state)."""

    __slots__ = (
        "_frozen",
        "_legal",
        "actions_left",
        "asking",
        "at",
        "counts",
        "current",
        "cut_off",
        "deck",
        "dens",
        "destiny",
        "destiny_discard",
        "discard",
        "events",
        "hands",
        "holder",
        "length",
        "must_leave",
        "players",
        "pos",
        "record",
        "result",
        "rng",
        "rules",
        "seats",
        "spent",
        "stack",
        "time",
        "turn",
        "turn_decisions",
        "watch",
    )

    _frozen: list[bool]
    _legal: list[Action] | None     # the decider's options, computed once per decision
    actions_left: int
    asking: Task | None             # the pending effect waiting for a decision
    at: list[int]                   # hex -> seat standing there (-1: nobody; dens never)
    counts: dict[str, int]
    current: int                    # seat on turn
    cut_off: bool
    deck: list[int]
    dens: tuple[int, ...]
    destiny: list[int]
    destiny_discard: list[int]
    discard: list[int]
    events: list[Event]
    hands: list[list[int]]
    holder: int                     # seat wearing The Pants, -1 while they lie in a pile
    length: int
    must_leave: bool
    players: int
    pos: list[int]                  # seat -> hex
    record: bool
    result: Result | None
    rng: int
    rules: Rules
    seats: int                      # the interface's name for `players`
    spent: list[int]                # card -> turn it was spent in, -1 when ready
    stack: list[Task]
    time: int
    turn: int
    turn_decisions: int
    watch: PantsWatch

    # --- public surface ----------------------------------------------------------------------

    @property
    def choice_kind(self) -> str | None:
        """The kind of choice asked now ("action", "react", "lose", "steal", "discard",
        "storm_home"), None once the game is over."""
        if self.result is not None:
            return None
        return "action" if self.asking is None else ASKS[self.asking[0]]

    def decision(self, seat: int) -> str:
        """The kind of choice asked of `seat`: the pending kind for the one decider, "none" for
        any other seat and once the game is over."""
        kind = self.choice_kind
        return kind if kind is not None and seat == self.decider else "none"

    @property
    def decider(self) -> int | None:
        if self.result is not None:
            return None
        task = self.asking
        if task is None:
            return self.current
        op = task[0]
        seat: int = task[3] if op == "hit" else task[2] if op == "bite" else task[1]
        return seat

    def to_move(self) -> tuple[int, ...]:
        """The one seat that decides now, or () once the game is over."""
        decider = self.decider
        return () if decider is None else (decider,)

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's legal actions in the documented stable order (a fresh list): the
        decider's options, none for any other seat."""
        if seat != self.decider:
            return []
        if self._legal is None:
            self._legal = self._options()
        return list(self._legal)

    def apply(self, joint: Mapping[int, Action]) -> None:
        """Apply the decider's legal action, `{seat: action}` with that seat alone, in place, or
        raise IllegalActionError saying why not."""
        seat = self.decider
        if seat is None:
            reason = self.result.reason if self.result is not None else "over"
            raise IllegalActionError(f"the game is over ({reason}); no action is legal")
        if len(joint) != 1 or seat not in joint:
            given = ", ".join(str(s + 1) for s in sorted(joint)) or "none"
            raise IllegalActionError(f"dragon {seat + 1} decides now, alone; got actions for seat(s) {given}")
        action = joint[seat]
        if action.__class__ is not Action:
            raise IllegalActionError(f"{action!r} is not an action of this game; read notation with the "
                                     "module's parse_action")
        self._step(action)
        if self.watch.after_decision(self):
            self.turn_decisions = 0
        else:
            self.turn_decisions += 1
            if self.turn_decisions >= DECISIONS_PER_TURN_CAP and self.result is None:
                self._cut_off()

    def _step(self, action: Action) -> None:
        """One decision through the rules: the engine proper."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._options()
        for option in legal:
            if option is action:
                break
        else:
            if action not in legal:
                raise IllegalActionError(why_illegal(self, action))
        self._legal = None
        task = self.asking
        if task is None:
            self._act(action)
        else:
            self.asking = None
            self._answer(task, action)
        if self.stack:
            self._run()
        elif self.result is None:
            if self.actions_left > 0:
                # The common case, inline: the turn goes on with more than `end` to choose from.
                options = self._action_options()
                if len(options) > 1:
                    self._legal = options
                    return
            self._continue_turn()

    def clone(self) -> PantsState:
        other = PantsState.__new__(PantsState)
        other.rules = self.rules
        other.players = other.seats = self.players
        other.dens = self.dens
        other.pos = self.pos[:]
        other.at = self.at[:]
        other.hands = [h[:] for h in self.hands]
        other.spent = self.spent[:]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.destiny = self.destiny[:]
        other.destiny_discard = self.destiny_discard[:]
        other.length = self.length
        other.time = self.time
        other.turn = self.turn
        other.current = self.current
        other.actions_left = self.actions_left
        other.must_leave = self.must_leave
        other._frozen = self._frozen[:]
        other.holder = self.holder
        other.asking = self.asking
        other.stack = self.stack[:]
        other.rng = self.rng
        other.result = self.result
        other.record = self.record
        other.events = self.events[:]
        other.counts = dict(self.counts)
        other._legal = self._legal
        other.watch = self.watch.copy()
        other.turn_decisions = self.turn_decisions
        other.cut_off = self.cut_off
        return other

    def to_dict(self) -> dict[str, Any]:
        """The position (docs/positions.md): it names its game and rules options."""
        return position_to_dict(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What a seat sees. Hands lie face up in Dragon Pants (everyone sees every card); the
        Power and Destiny decks are face down, so only their sizes show."""
        data = self.to_dict()
        holder = self.pants_holder()
        return {
            "seat": None if seat is None else seat + 1,
            "players": self.players,
            "turn": self.turn,
            "current": self.current + 1,
            "time": self.time,
            "length": self.length,
            "actions_left": self.actions_left,
            "to_decide": data["to_decide"],
            "dragons": [{**d, "hand_size": len(d["hand"])} for d in data["dragons"]],
            "pants": holder + 1 if holder is not None else ("discard" if self.rules.pants_card in self.discard
                                                            else "deck"),
            "power_deck": len(self.deck),
            "power_discard": data["power_discard"],
            "destiny_deck": len(self.destiny),
            "destiny_discard": data["destiny_discard"],
            "result": data["result"],
        }

    def start_watch(self) -> None:
        """Begin the per-decision bookkeeping of a new or just-loaded state."""
        self.watch = PantsWatch(self)
        self.turn_decisions = 0
        self.cut_off = False

    def position(self, seat: int) -> tuple[int, int]:
        return self.rules.board.hexes[self.pos[seat]]

    def hand(self, seat: int) -> list[tuple[str, bool]]:
        ids, kinds = self.rules.card_ids, self.rules.inst_kind
        return [(ids[kinds[c]], self.spent[c] >= 0) for c in self.hands[seat]]

    def frozen(self, seat: int) -> bool:
        return self._frozen[seat]

    def pants_holder(self) -> int | None:
        """Seat holding The Pants, or None while they lie in the Power deck or discard pile."""
        return None if self.holder < 0 else self.holder

    @property
    def power_deck(self) -> list[str]:
        """Card ids of the Power deck, top first."""
        ids, kinds = self.rules.card_ids, self.rules.inst_kind
        return [ids[kinds[c]] for c in reversed(self.deck)]

    @property
    def power_discard(self) -> list[str]:
        """Card ids of the Power discard pile, top first."""
        ids, kinds = self.rules.card_ids, self.rules.inst_kind
        return [ids[kinds[c]] for c in reversed(self.discard)]

    @property
    def destiny_deck(self) -> list[int]:
        """Values of the Destiny deck, top first."""
        return list(reversed(self.destiny))

    # --- events ------------------------------------------------------------------------------

    def _emit(self, kind: str, seat: int | None, detail: Any = None) -> None:
        self.counts[kind] += 1
        if self.record:
            self.events.append(Event(kind, seat, public_detail(kind, detail)))

    # --- legal options -----------------------------------------------------------------------

    def _options(self) -> list[Action]:
        if self.result is not None:
            return []
        task = self.asking
        if task is None:
            return self._action_options()
        rules = self.rules
        op = task[0]
        if op == "hit" or op == "bite":
            seat = task[3] if op == "hit" else task[2]
            fits = rules.fits[task[2]] if op == "hit" else rules.fits_bite
            actions = rules.react_actions
            return [actions[k] for k in self._ready_reactions(seat, fits)] + [PASS]
        if op == "storm":
            return [HOME, STAY]
        verb = {"lose": "lose", "steal": "steal", "limit": "discard"}[op]
        owner = task[2] if op == "steal" else task[1]
        table = rules.choice_actions[verb]
        return [table[key] for key in self._card_choices(owner)]

    def _action_options(self) -> list[Action]:
        # The hot path of every simulated game: plain table lookups, no per-call structures.
        rules = self.rules
        board = rules.board
        seat = self.current
        here = self.pos[seat]
        left = self.actions_left
        if left > 0:
            if rules.guarded[here]:
                at = self.at  # R8: a dragon on a mountain cannot be bitten or joined
                out = [move for h, move, guard in rules.step_moves[here] if not guard or at[h] < 0]
            else:
                out = list(rules.open_moves[here])
            if self.must_leave:
                return out or [END]  # R9: the first action out of a den is a move, nothing else
            if board.draw_power[here]:
                if self.deck or self.discard:
                    out.append(DRAW_DECK)
                if self.discard:
                    out.append(DRAW_DISCARD)
        else:
            out = []
        hand = self.hands[seat]
        if hand and not board.is_home[here]:
            spent, inst_kind = self.spent, rules.inst_kind
            ready: Sequence[int]
            if len(hand) == 1:
                c = hand[0]
                ready = (inst_kind[c],) if spent[c] < 0 and c != rules.pants_card else ()
            else:
                ready = sorted({inst_kind[c] for c in hand if spent[c] < 0})
            occupied = -1
            for k in ready:
                target = rules.kind_target[k]
                if target == T_SELF:
                    out.append(rules.play_actions[k][-1])  # Boost costs no action (R24)
                elif left <= 0 or target in (T_NONE, T_REACTION):
                    continue
                elif target == T_ALL:
                    out.append(rules.play_actions[k][-1])
                elif target == T_ANY:
                    plays = rules.play_actions[k]
                    out.extend(plays[t] for t in range(self.players) if t != seat)
                else:
                    if occupied < 0:
                        occupied = 0
                        for p in self.pos:
                            occupied |= 1 << p
                    lines = rules.kind_lines[k][here]
                    ignore = rules.kind_ignores_mountains[k]
                    flanks = rules.kind_flanks[k]
                    immune, pos, plays = board.sight_immune, self.pos, rules.play_actions[k]
                    for t in range(self.players):
                        if t == seat:
                            continue
                        there = pos[t]
                        line = lines[there]
                        if line is None or immune[there] or line.between_mask & occupied:
                            continue
                        if line.mountain_between and not ignore:
                            continue
                        if flanks and not board.clear("diagonal", here, there, occupied, ignore):
                            continue
                        out.append(plays[t])
        out.append(END)
        return out

    def _ready_reactions(self, seat: int, fits: frozenset[int]) -> list[int]:
        """Kinds of ready reaction card `seat` could answer with (none while on a den, R9)."""
        if not fits or self.rules.board.is_home[self.pos[seat]]:
            return []
        spent, inst_kind = self.spent, self.rules.inst_kind
        return sorted({inst_kind[c] for c in self.hands[seat] if spent[c] < 0 and inst_kind[c] in fits})

    def _card_choices(self, seat: int) -> list[tuple[int, bool]]:
        """Distinct (kind, spent) pairs in a hand, kinds in data order, ready before spent."""
        spent, inst_kind = self.spent, self.rules.inst_kind
        return sorted({(inst_kind[c], spent[c] >= 0) for c in self.hands[seat]})

    def _find_card(self, seat: int, kind: int, is_spent: bool) -> int:
        spent, inst_kind = self.spent, self.rules.inst_kind
        for c in self.hands[seat]:
            if inst_kind[c] == kind and (spent[c] >= 0) == is_spent:
                return c
        raise AssertionError("a legal card choice names a card that is not in the hand")

    # --- acting ------------------------------------------------------------------------------

    def _act(self, action: Action) -> None:
        """An action of the player on turn (the `action` decision)."""
        rules = self.rules
        seat = self.current
        verb = action.verb
        if verb == "end":
            self._end_turn()
            return
        if verb == "move":
            board = rules.board
            assert action.hex is not None, "a move names its hex"
            h = board.index[action.hex]
            self.actions_left -= 1
            self.must_leave = False
            at = self.at
            victim = at[h]
            if victim >= 0:
                self._emit("bite", seat, victim)
                self.stack.append(("bite", seat, victim, h))
                return
            # A plain step (never into a den): the common case, kept inline.
            old = self.pos[seat]
            if not board.is_home[old]:
                at[old] = -1
            self.pos[seat] = h
            at[h] = seat
            self.counts["move"] += 1
            if self.record:
                self.events.append(Event("move", seat, list(action.hex)))
            return
        if verb == "draw":
            self.actions_left -= 1
            if action.source == "deck":
                if not self.deck:
                    self._reshuffle(seat)
                card = self.deck.pop()
            else:
                card = self.discard.pop()
            self.hands[seat].append(card)
            self._emit("draw", seat, (action.source, rules.card_ids[rules.inst_kind[card]]))
            if card == rules.pants_card:
                self._pants_to(seat)
            self.stack.append(("limit", seat))
            return
        # play
        kind = rules.kind_index[action.card]
        card = self._find_card(seat, kind, False)
        self.spent[card] = self.turn
        effect = rules.kind_effect[kind]
        self._emit("play", seat, action.card)
        if effect == fx.EXTRA_ACTION:
            self.actions_left += 1  # R24: costs none, gives one
            return
        self.actions_left -= 1
        if rules.kind_target[kind] == T_ALL:
            if rules.storm_home_kind == kind:
                self.stack.append(("storm", seat))
            n = self.players
            for step in range(n - 1, 0, -1):  # pushed in reverse so targets go in seat order
                self.stack.append(("hit", seat, kind, (seat + step) % n))
            return
        self._emit("target", seat, action.target)
        self.stack.append(("hit", seat, kind, action.target))

    def _answer(self, task: Task, action: Action) -> None:
        """A decision that interrupted an effect: reaction, card choice, or storm self-return."""
        rules = self.rules
        op = task[0]
        if op == "hit" or op == "bite":
            seat = task[3] if op == "hit" else task[2]
            reaction, card = None, -1
            if action.verb == "react":
                reaction = rules.kind_index[action.card]
                card = self._find_card(seat, reaction, False)
                self.spent[card] = self.turn
                self._emit("react", seat, action.card)
            else:
                self._emit("pass", seat, rules.card_ids[task[2]] if op == "hit" else "bite")
            if op == "hit":
                self._resolve_hit(task, reaction, card)
            else:
                self._resolve_bite(task, reaction, card)
            return
        if op == "storm":
            storm = rules.storm_home_kind   # set whenever a storm task exists
            if action.verb == "home" and storm is not None:
                self._send_home(task[1], rules.card_ids[storm])
            return
        kind = rules.kind_index[action.card]
        if op == "lose":
            self._discard(task[1], self._find_card(task[1], kind, action.spent), "lose")
        elif op == "limit":
            self._discard(task[1], self._find_card(task[1], kind, action.spent), "hand_limit")
            self.stack.append(("limit", task[1]))
        else:  # steal
            thief, victim = task[1], task[2]
            self._take(thief, victim, self._find_card(victim, kind, action.spent))

    def _run(self) -> None:
        """Settle pending tasks until one needs a decision; then continue the turn."""
        stack = self.stack
        while stack and self.result is None:
            task = stack.pop()
            op = task[0]
            if op == "hit":
                if self._ready_reactions(task[3], self.rules.fits[task[2]]):
                    self.asking = task
                    return
                self._resolve_hit(task, None, -1)
            elif op == "bite":
                if self._ready_reactions(task[2], self.rules.fits_bite):
                    self.asking = task
                    return
                self._resolve_bite(task, None, -1)
            elif op == "storm":
                if self.rules.board.is_home[self.pos[task[1]]]:
                    continue  # already home (a Mirror sent the storm back)
                self.asking = task
                return
            else:
                owner = task[2] if op == "steal" else task[1]
                if op == "limit" and len(self.hands[owner]) <= self.rules.hand_limit:
                    continue
                choices = self._card_choices(owner)
                if len(choices) > 1:
                    self.asking = task
                    return
                if not choices:
                    continue  # R15: nothing to lose or take
                card = self._find_card(owner, *choices[0])
                if op == "lose":
                    self._discard(owner, card, "lose")
                elif op == "limit":
                    self._discard(owner, card, "hand_limit")
                    stack.append(task)
                else:
                    self._take(task[1], owner, card)
        if self.result is None:
            self._continue_turn()

    def _continue_turn(self) -> None:
        """Offer the player on turn their next action; end the turn when `end` is all that is left."""
        rules = self.rules
        while self.result is None:
            if self.actions_left <= 0:
                # Only a ready Boost (off a den) keeps a turn with no actions left open.
                if not rules.board.is_home[self.pos[self.current]]:
                    spent, free = self.spent, rules.inst_free
                    for c in self.hands[self.current]:
                        if free[c] and spent[c] < 0:
                            break
                    else:
                        self._end_turn()
                        continue
                else:
                    self._end_turn()
                    continue
            options = self._action_options()
            if len(options) == 1 and options[0] is END:
                self._end_turn()
                continue
            self._legal = options
            return

    # --- effects -----------------------------------------------------------------------------

    def _resolve_hit(self, task: Task, reaction: int | None, reaction_card: int) -> None:
        _, user, kind, target = task
        rules = self.rules
        effect = rules.kind_effect[kind]
        if reaction is not None:
            answer = rules.kind_effect[reaction]
            if answer == fx.CANCEL:
                return
            if answer == fx.REFLECT:
                if effect == fx.SWAP:
                    return  # R21: a mirrored swap is the same swap; it is cancelled
                if effect == fx.STEAL:
                    self.stack.append(("steal", target, user))
                    return
                self._land(effect, kind, user)
                return
            if answer == fx.POISON:
                self.stack.append(("lose", user))
                return
            if answer == fx.BAIT:
                self._take(user, target, reaction_card)
                return
        if effect == fx.STEAL:
            self.stack.append(("steal", user, target))
        elif effect == fx.SWAP:
            self._swap(user, target)
        else:
            self._land(effect, kind, target)

    def _land(self, effect: str, kind: int, victim: int) -> None:
        card_id = self.rules.card_ids[kind]
        if effect == fx.LOSE:
            if self.rules.thaw_kind == kind and self._frozen[victim]:
                self._frozen[victim] = False
                self._emit("thawed", victim, card_id)
            self.stack.append(("lose", victim))
        elif effect == fx.LOSE_AND_HOME:
            self._send_home(victim, card_id)
            self.stack.append(("lose", victim))
        elif effect == fx.HOME:
            self._send_home(victim, card_id)
        elif effect == fx.FREEZE and not self._frozen[victim]:
            self._frozen[victim] = True
            self._emit("frozen", victim, card_id)

    def _resolve_bite(self, task: Task, reaction: int | None, reaction_card: int) -> None:
        _, biter, victim, h = task
        if reaction is None:
            self._send_home(victim, "bite")
            self._place(biter, h)
            self.stack.append(("steal", biter, victim))
            return
        answer = self.rules.kind_effect[reaction]
        if answer == fx.CANCEL:
            return  # Shield: the bite fails, the biter stays, the action is used (R11)
        if answer == fx.POISON:
            self._send_home(biter, "poison")
            self.stack.append(("lose", biter))
        elif answer == fx.BAIT:
            self._send_home(victim, "bite")
            self._place(biter, h)
            self._take(biter, victim, reaction_card)
        elif answer == fx.REFLECT:
            self._send_home(biter, "mirror")
            self.stack.append(("steal", victim, biter))

    def _place(self, seat: int, h: int) -> None:
        board = self.rules.board
        old = self.pos[seat]
        if not board.is_home[old]:
            self.at[old] = -1
        self.pos[seat] = h
        if board.is_home[h]:
            self._note_den(seat, h)
        else:
            self.at[h] = seat
        self._emit("move", seat, board.hexes[h])

    def _send_home(self, seat: int, cause: str) -> None:
        den = self.dens[seat]
        old = self.pos[seat]
        if old == den:
            return
        if not self.rules.board.is_home[old]:
            self.at[old] = -1
        self.pos[seat] = den
        self._emit("home", seat, cause)
        self._note_den(seat, den)

    def _note_den(self, seat: int, den: int) -> None:
        pos = self.pos
        for other in range(self.players):
            if other != seat and pos[other] == den:
                self._emit("den_shared", seat, self.rules.board.den_id[den])
                return

    def _swap(self, user: int, target: int) -> None:
        board = self.rules.board
        a, b = self.pos[user], self.pos[target]
        self.pos[user], self.pos[target] = b, a
        for seat, h in ((user, b), (target, a)):
            if not board.is_home[h]:
                self.at[h] = seat
        self._emit("swap", user, target)
        for seat, h in ((user, b), (target, a)):
            if board.is_home[h]:
                self._note_den(seat, h)

    def _take(self, thief: int, victim: int, card: int) -> None:
        """A theft: the card keeps its spent state in the new hand (R14)."""
        self.hands[victim].remove(card)
        self.hands[thief].append(card)
        rules = self.rules
        self._emit("steal", thief, (rules.card_ids[rules.inst_kind[card]], victim))
        if card == rules.pants_card:
            self._pants_to(thief)
        self.stack.append(("limit", thief))

    def _discard(self, seat: int, card: int, kind: str) -> None:
        """A lost or hand-limit card goes face up on the discard pile and is ready again (R14, R15)."""
        self.hands[seat].remove(card)
        self.spent[card] = -1
        self.discard.append(card)
        rules = self.rules
        self._emit(kind, seat, rules.card_ids[rules.inst_kind[card]])
        if card == rules.pants_card:
            self._emit("pants_discarded", seat, rules.card_ids[rules.pants_kind])
            self._pants_to(-1)

    def _pants_to(self, seat: int) -> None:
        previous = self.holder
        self.holder = seat
        self._emit("pants", None if seat < 0 else seat, None if previous < 0 else previous)

    def _reshuffle(self, seat: int) -> None:
        """R12: an empty Power deck is rebuilt from the discard pile, shuffled."""
        deck = self.discard
        self.discard = []
        self.rng = shuffle(deck, self.rng)
        self.deck = deck
        self._emit("reshuffle", seat, len(deck))
        if self.rules.pants_card in deck:
            self._emit("pants_in_deck", seat)

    # --- turns -------------------------------------------------------------------------------

    def _refresh(self, seat: int) -> None:
        """R14: cards spent before this turn began are ready again at its end."""
        spent, turn = self.spent, self.turn
        for c in self.hands[seat]:
            if 0 <= spent[c] < turn:
                spent[c] = -1

    def _end_turn(self) -> None:
        seat = self.current
        spent, turn = self.spent, self.turn
        for c in self.hands[seat]:
            if 0 <= spent[c] < turn:
                spent[c] = -1  # R14 (as in _refresh, inline: this runs every turn)
        if self.holder == seat and not self.rules.board.is_home[self.pos[seat]]:
            if not self.destiny:
                self._finish("destiny_exhausted", None)
                return
            value = self.destiny.pop()
            self.destiny_discard.append(value)
            self.time += value
            self._emit("destiny", seat, value)
            if self.time <= 0:
                self._finish("time", seat)  # R1
                return
            if not self.destiny:
                self._finish("destiny_exhausted", None)  # R3
                return
        self._next_turn()

    def _next_turn(self) -> None:
        rules = self.rules
        board = rules.board
        while True:
            if self.turn >= rules.turn_cap:
                self._finish("stall", None)
                return
            self.current = seat = (self.current + 1) % self.players
            self.turn += 1
            self.counts["turn"] += 1
            if self.record:
                self.events.append(Event("turn", seat, self.turn))
            if self._frozen[seat]:
                self._frozen[seat] = False  # R25: the skipped turn still refreshes cards
                self._emit("skip", seat, self.turn)
                self._refresh(seat)
                continue
            here = self.pos[seat]
            self.actions_left = rules.actions_per_turn
            if board.is_home[here]:
                self._start_turn(seat)
            else:
                self.must_leave = False
            return

    def _start_turn(self, seat: int) -> None:
        board = self.rules.board
        self.actions_left = self.rules.actions_per_turn
        here = self.pos[seat]
        self.must_leave = board.is_home[here]
        if self.must_leave:
            at, holds_one = self.at, board.holds_one
            if not any(not (at[h] >= 0 and holds_one[h]) for h in board.steps[here]):
                self.must_leave = False
                self._emit("stuck", seat, board.den_id[here])

    def _cut_off(self) -> None:
        """End a turn that has run past DECISIONS_PER_TURN_CAP as a stall (no event: the rules
        did not end it)."""
        n = self.players
        self.result = Result((), "stall", -(-self.turn // n))
        self.cut_off = True
        self.stack.clear()
        self.asking = None
        self._legal = None

    def _finish(self, reason: str, winner: int | None) -> None:
        n = self.players
        self.result = Result(() if winner is None else (winner,), reason, -(-self.turn // n))
        self.stack.clear()
        self.asking = None
        self._legal = None
        self._emit("end", winner, reason)


def new_game(
    rules: Rules,
    players: int = 4,
    seed: int = 0,
    preset: str | None = None,
    length: int | None = None,
    deck: Mapping[int, int] | None = None,
    record: bool = False,
) -> PantsState:
    """A new game set up as R6 says, shuffled from `seed`: Power deck, opening deal, Destiny deck."""
    if players not in rules.seat_dens:
        raise ValueError(f"{players} players: the board has seats for {', '.join(map(str, sorted(rules.seat_dens)))}")
    composition, game_length = rules.destiny_deck(preset, length, deck)
    if game_length < 1:
        raise ValueError(f"game length {game_length}: expected at least 1")
    state = PantsState.__new__(PantsState)
    state.rules = rules
    state.players = state.seats = players
    state.dens = rules.seat_dens[players]
    board = rules.board
    state.pos = list(state.dens)
    state.at = [-1] * board.size
    state.spent = [-1] * rules.card_count
    rng = seed_state(seed)
    power = [c for c in range(rules.card_count) if c != rules.pants_card]
    rng = shuffle(power, rng)
    if players - 1 > len(power):
        raise ValueError(f"{players} players need {players - 1} Power cards besides The Pants")
    opening = [power.pop() for _ in range(players - 1)] + [rules.pants_card]
    rng = shuffle(opening, rng)
    state.hands = [[card] for card in opening]
    for _ in range(rules.opening_power_cards - 1):  # more cards for those without The Pants, in seat order
        for hand in state.hands:
            if hand[0] != rules.pants_card:
                if not power:
                    raise ValueError(f"{players} players at {rules.opening_power_cards} opening Power cards each "
                                     f"need more Power cards than the deck holds")
                hand.append(power.pop())
    state.deck = power
    state.discard = []
    destiny = [value for value in sorted(composition) for _ in range(composition[value])]
    rng = shuffle(destiny, rng)
    state.destiny = destiny
    state.destiny_discard = []
    state.length = game_length
    state.time = game_length
    state.rng = rng
    state.holder = opening.index(rules.pants_card)
    state._frozen = [False] * players
    state.asking = None
    state.stack = []
    state.result = None
    state.record = record
    state.events = []
    state.counts = dict.fromkeys(EVENT_KINDS, 0)
    state._legal = None
    state.turn = 1
    state.current = state.holder
    state._emit("turn", state.current, 1)
    state._start_turn(state.current)
    state._run()
    state.start_watch()
    return state
