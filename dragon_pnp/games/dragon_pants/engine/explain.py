"""Why an action is not legal, in words a player can act on.

Only called when `apply` refuses an action, so it may be slow and thorough. Seats are
written 1-based ("dragon 3"), as in the action notation.
"""

from __future__ import annotations

from typing import Any, Protocol

from dragon_pnp.games.dragon_pants.engine.actions import Action
from dragon_pnp.games.dragon_pants.engine.board import SightKind
from dragon_pnp.games.dragon_pants.engine.rules import T_ALL, T_ANY, T_FLAT, T_NONE, T_REACTION, T_SELF, Rules


class Explained(Protocol):
    """What an explanation reads of a position. `dragon_pnp.games.dragon_pants.engine.state.PantsState` fits it; it is
    described here, not imported, because the state calls this module (imports point one way)."""

    rules: Rules
    result: Any
    asking: tuple[Any, ...] | None
    current: int
    pos: list[int]
    at: list[int]
    hands: list[list[int]]
    spent: list[int]
    discard: list[int]
    players: int
    turn: int
    actions_left: int
    must_leave: bool

    @property
    def choice_kind(self) -> str | None: ...

    @property
    def decider(self) -> int | None: ...

EXPECTED = {
    "react": "'react CARD' or 'pass'",
    "lose": "'lose CARD'",
    "steal": "'steal CARD'",
    "discard": "'discard CARD'",
    "storm_home": "'home' or 'stay'",
    "action": "'move Q,R', 'draw deck', 'draw discard', 'play CARD [SEAT]' or 'end'",
}


def why_illegal(state: Explained, action: Action) -> str:
    """A one-line reason naming the rule or the obstacle."""
    if state.result is not None:
        return f"the game is over ({state.result.reason}); no action is legal"
    decision = state.choice_kind
    seat = state.decider
    if decision is None or seat is None:
        return f"'{action}' is not legal now"
    verb = action.verb
    wanted = {"react": ("react", "pass"), "lose": ("lose",), "steal": ("steal",), "discard": ("discard",),
              "storm_home": ("home", "stay"), "action": ("move", "draw", "play", "end")}[decision]
    if verb not in wanted:
        return f"dragon {seat + 1} must decide {_describe_decision(state)}: expected {EXPECTED[decision]}, not '{action}'"
    if decision == "action":
        return _why_action(state, action)
    if decision == "react":
        return _why_reaction(state, action)
    if decision in ("lose", "steal", "discard"):
        return _why_card_choice(state, action)
    return f"'{action}' is not legal now"


def _describe_decision(state: Explained) -> str:
    rules = state.rules
    task = state.asking
    if task is None:
        return "the next action of its turn"
    op = task[0]
    if op == "hit":
        return f"whether to answer {rules.card_ids[task[2]]} from dragon {task[1] + 1}"
    if op == "bite":
        return f"whether to answer the bite of dragon {task[1] + 1}"
    if op == "lose":
        return "which card to lose"
    if op == "steal":
        return f"which card to take from dragon {task[2] + 1}"
    if op == "limit":
        return f"which card to discard (hand limit {rules.hand_limit})"
    return "whether to fly home after the Thunderstorm"


def _hex(h: tuple[int, int]) -> str:
    return f"({h[0]},{h[1]})"


def _what_is_at(state: Explained, h: int) -> str:
    board = state.rules.board
    for seat, p in enumerate(state.pos):
        if p == h:
            return f"dragon {seat + 1} at {_hex(board.hexes[h])}"
    terrain = state.rules.data.board.terrains[board.terrain[h]].name.lower()
    return f"the {terrain} at {_hex(board.hexes[h])}"


def _why_action(state: Explained, action: Action) -> str:
    board = state.rules.board
    seat = state.current
    here = state.pos[seat]
    me = f"dragon {seat + 1}"
    if action.verb == "end":
        exits = ", ".join(_hex(board.hexes[h]) for h in board.steps[here])
        return f"{me} started its turn on its den and must first move out to {exits} (R9)"
    if state.must_leave and action.verb != "move":
        exits = ", ".join(_hex(board.hexes[h]) for h in board.steps[here])
        return f"{me} started its turn on a den; its first action must be a move out to {exits} (R9)"
    if action.verb == "move":
        hex_ = action.hex
        target = None if hex_ is None else board.index.get(hex_)
        if hex_ is None or target is None:
            return f"{_hex(hex_) if hex_ is not None else 'that hex'} is not on the board"
        if state.actions_left <= 0:
            return f"{me} has no actions left this turn"
        if target not in board.neighbours[here]:
            return f"{_hex(hex_)} is not next to {me} at {_hex(board.hexes[here])}; a move is one hex"
        if board.is_home[target]:
            return f"nobody moves into a den on purpose (R9); {_hex(hex_)} is a den"
        if state.at[target] >= 0 and board.holds_one[target]:
            return f"dragon {state.at[target] + 1} stands on the mountain at {_hex(hex_)}; it cannot be bitten or joined (R8)"
        return f"'{action}' is not legal now"
    if action.verb == "draw":
        if state.actions_left <= 0:
            return f"{me} has no actions left this turn"
        if not board.draw_power[here]:
            return f"drawing needs the dragon on a power hex when the action begins; {_what_is_at_terrain(state, here)} (R12)"
        if action.source == "discard" and not state.discard:
            return "the Power discard pile is empty"
        return "the Power deck and the discard pile are both empty (R12)"
    return _why_play(state, action)


def _what_is_at_terrain(state: Explained, h: int) -> str:
    board = state.rules.board
    terrain = state.rules.data.board.terrains[board.terrain[h]].name.lower()
    return f"dragon {state.current + 1} is on {terrain} at {_hex(board.hexes[h])}"


def _why_play(state: Explained, action: Action) -> str:
    rules, board = state.rules, state.rules.board
    seat = state.current
    me = f"dragon {seat + 1}"
    card = action.card
    if card not in rules.kind_index:
        return f"no card called {card!r}; the cards are {', '.join(rules.card_ids)}"
    kind = rules.kind_index[card]
    held = [c for c in state.hands[seat] if rules.inst_kind[c] == kind]
    target_kind = rules.kind_target[kind]
    if target_kind == T_NONE:
        return f"{rules.card_names[card]} cannot be played (R16)"
    if target_kind == T_REACTION:
        return f"{card} is only played as a reaction, when another dragon's card or bite targets you (R30)"
    if not held:
        return f"{me} holds no {card}"
    if all(state.spent[c] >= 0 for c in held):
        return f"{me}'s {card} is spent; {_when_ready(state, seat, held)} (R14)"
    here = state.pos[seat]
    if board.is_home[here]:
        return f"{me} is on a den and cannot play cards (R9)"
    if target_kind in (T_SELF, T_ALL):
        if action.target is not None:
            return f"{card} takes no target seat; write 'play {card}'"
        return f"{me} has no actions left this turn"
    if action.target is None:
        return f"{card} needs a target seat, e.g. 'play {card} {1 if seat else 2}'"
    target = action.target
    if target >= state.players:
        return f"there is no dragon {target + 1} in a {state.players}-player game"
    if target == seat:
        return f"{card} targets another dragon, not your own"
    if state.actions_left <= 0:
        return f"{me} has no actions left this turn"
    if target_kind == T_ANY:
        return f"'{action}' is not legal now"
    there = state.pos[target]
    them = f"dragon {target + 1}"
    kind_name: SightKind = "flat" if target_kind == T_FLAT else "diagonal"
    if board.sight_immune[there]:
        terrain = rules.data.board.terrains[board.terrain[there]].name.lower()
        return f"{them} is on {terrain} at {_hex(board.hexes[there])} and immune to line-of-sight cards (R17)"
    ignore = rules.kind_ignores_mountains[kind]
    others = [board.hexes[p] for s, p in enumerate(state.pos) if s not in (seat, target)]
    seen, blocker = board.line_of_sight(kind_name, board.hexes[here], board.hexes[there], others, ignore)
    if blocker is not None:
        what = _what_is_at(state, board.index[blocker])
        return f"{card} needs a {kind_name} line to {them}: {what} is between"
    if not seen:
        return (f"{card} needs a {kind_name} line to {them}, but {_hex(board.hexes[there])} is not on a "
                f"{kind_name} line from {_hex(board.hexes[here])}")
    return f"'{action}' is not legal now"


def _why_reaction(state: Explained, action: Action) -> str:
    rules = state.rules
    task = state.asking
    seat = state.decider
    card = action.card
    if task is None or seat is None:
        return f"'{action}' is not legal now"
    if card not in rules.kind_index:
        return f"no card called {card!r}; the cards are {', '.join(rules.card_ids)}"
    kind = rules.kind_index[card]
    held = [c for c in state.hands[seat] if rules.inst_kind[c] == kind]
    answered = rules.card_ids[task[2]] if task[0] == "hit" else "a bite"
    if not held:
        return f"dragon {seat + 1} holds no {card}"
    if all(state.spent[c] >= 0 for c in held):
        return f"dragon {seat + 1}'s {card} is spent; {_when_ready(state, seat, held)} (R14)"
    return f"{card} does not answer {answered} (R19)"


def _when_ready(state: Explained, seat: int, cards: list[int]) -> str:
    """When the first of these spent cards refreshes, by R14."""
    if seat == state.current and any(state.spent[c] < state.turn for c in cards):
        return "it is ready again at the end of this turn"
    return f"it is ready again at the end of dragon {seat + 1}'s next turn"


def _why_card_choice(state: Explained, action: Action) -> str:
    rules = state.rules
    task = state.asking
    if task is None:
        return f"'{action}' is not legal now"
    owner: int = task[2] if task[0] == "steal" else task[1]
    whose = f"dragon {owner + 1}"
    card = action.card
    if card not in rules.kind_index:
        return f"no card called {card!r}; the cards are {', '.join(rules.card_ids)}"
    kind = rules.kind_index[card]
    held = [state.spent[c] >= 0 for c in state.hands[owner] if rules.inst_kind[c] == kind]
    if not held:
        return f"{whose} holds no {card}"
    if action.spent and not any(held):
        return f"{whose}'s {card} is not spent; write '{action.verb} {card}'"
    if not action.spent and all(held):
        return f"{whose}'s {card} is spent; write '{action.verb} spent {card}'"
    return f"'{action}' is not legal now"
