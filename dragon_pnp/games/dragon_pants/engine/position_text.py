"""The written form of a state (a position): what `PantsState.to_dict` returns.

Below the state in the engine's layers (it reads a state's fields, never builds one), so the
state can write itself without an import circle; `positions` reads positions back.
"""

from __future__ import annotations

from typing import Any

from dragon_pnp.games.dragon_pants.engine.rules import Rules
from dragon_pnp.games.position_fields import position_format

FORMAT = position_format("dragon_pants")
OLDER_FORMATS = ("dragon-pnp position 1",)   # written before the one convention; still read
SPENT = " (spent)"
SPENT_NOW = " (spent this turn)"


def position_to_dict(state: Any) -> dict[str, Any]:
    """The canonical position of a `PantsState` (plain dicts, lists, ints and strings)."""
    rules = state.rules
    board = rules.board
    ids, kinds = rules.card_ids, rules.inst_kind

    def card_text(seat: int, c: int) -> str:
        name: str = ids[kinds[c]]
        when: int = state.spent[c]
        if when < 0:
            return name
        # Only "before this turn" and "during this turn" behave differently (R14), so a position
        # keeps exactly that much of the turn a card was spent in.
        return name + (SPENT_NOW if when >= int(state.turn) else SPENT)

    dragons = []
    for seat in range(state.players):
        q, r = board.hexes[state.pos[seat]]
        dragons.append({
            "seat": seat + 1,
            "den": board.den_id[state.dens[seat]],
            "at": [q, r],
            "frozen": state._frozen[seat],
            "hand": [card_text(seat, c) for c in state.hands[seat]],
        })
    result = None
    if state.result is not None:
        res = state.result
        # turns and Destiny draws at the end: the state stops changing once the game is over
        result = {"reason": res.reason, "winner": res.winners[0] + 1 if res.winners else None,
                  "turns": state.turn, "rounds": res.rounds, "destiny_draws": len(state.destiny_discard)}
    return {
        "format": FORMAT,
        "game": rules.slug,
        "players": state.players,
        "options": dict(sorted(rules.options.items())),
        "length": state.length,
        "time": state.time,
        "turn": state.turn,
        "current": state.current + 1,
        "actions_left": state.actions_left,
        "must_leave": state.must_leave,
        "dragons": dragons,
        "power_deck": [ids[kinds[c]] for c in reversed(state.deck)],
        "power_discard": [ids[kinds[c]] for c in reversed(state.discard)],
        "destiny_deck": list(reversed(state.destiny)),
        "destiny_discard": list(reversed(state.destiny_discard)),
        "rng": state.rng,
        "to_decide": None if state.result is not None else {"seat": state.decider + 1, "decision": state.choice_kind},
        "asking": None if state.asking is None else task_text(rules, state.asking),
        "then": [task_text(rules, t) for t in reversed(state.stack)],
        "result": result,
    }


def task_text(rules: Rules, task: tuple[Any, ...]) -> str:
    op = task[0]
    if op == "hit":
        return f"hit {task[3] + 1} with {rules.card_ids[task[2]]} by {task[1] + 1}"
    if op == "bite":
        q, r = rules.board.hexes[task[3]]
        return f"bite {task[2] + 1} by {task[1] + 1} at {q},{r}"
    if op == "lose":
        return f"lose {task[1] + 1}"
    if op == "steal":
        return f"steal from {task[2] + 1} by {task[1] + 1}"
    if op == "limit":
        return f"hand_limit {task[1] + 1}"
    return f"storm_home {task[1] + 1}"
