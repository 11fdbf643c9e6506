"""What the rules check keeps of one Dragon Pants game, from its final state and its moves.

Card plays, reactions and actions are counted from the game's moves (`PlayTrace`), changes of
hands of The Pants from the state's `PantsWatch` (kept as decisions are applied), hazards from the
engine's event counts, which it keeps even when it records no events.
"""

from __future__ import annotations

from typing import Any

from dragon_pnp.games.api import PlayTrace
from dragon_pnp.games.dragon_pants.engine import Action, PantsState
from dragon_pnp.games.dragon_pants.engine.actions import parse_notation


class CardTally:
    """Actions taken (moves, draws, plays: what table time is counted in) and cards played and
    reacted with, per card id and seat."""

    __slots__ = ("actions", "plays", "reactions")

    def __init__(self, trace: PlayTrace, players: int) -> None:
        self.actions = 0
        self.plays: dict[str, list[int]] = {}
        self.reactions: dict[str, list[int]] = {}
        for seat, _, action in trace.moves:
            if action.__class__ is not Action:
                action = parse_notation(action)
            verb = action.verb
            if verb == "move" or verb == "draw":
                self.actions += 1
            elif verb == "play":
                self.actions += 1
                self.plays.setdefault(action.card, [0] * players)[seat] += 1
            elif verb == "react":
                self.reactions.setdefault(action.card, [0] * players)[seat] += 1

# Engine event counts that are rule hazards, in report order.
COUNTED_HAZARDS = ("den_shared", "pants_discarded", "pants_in_deck", "stuck")


def game_metrics(state: PantsState, trace: PlayTrace) -> dict[str, Any]:
    """Per-game figures. A figure that only means something in a won game is None otherwise."""
    result = state.result
    tally = CardTally(trace, state.players)
    turns = state.turn
    draws = len(state.destiny_discard)
    winner = result.winners[0] if result is not None and result.winners else None
    reason = result.reason if result is not None else "stall"
    watch = state.watch
    return {
        "turns": turns,
        "destiny_draws": draws,
        "actions": tally.actions,
        "last_card": reason == "time" and not state.destiny,  # the time ran out on the deck's last card
        "destiny_draws_at_end": None if reason == "stall" else {str(draws): 1},
        "pants_changes": watch.changes,
        "winner_without_pants": (watch.turn_ends_without(state, winner) / turns
                                 if winner is not None and turns else None),
        "since_last_change": turns - watch.change_turn if winner is not None else None,
        "plays": {card: seats[:] for card, seats in tally.plays.items()},
        "reactions": {card: seats[:] for card, seats in tally.reactions.items()},
        "reshuffles": state.counts.get("reshuffle", 0),
        "hand_limit_discards": state.counts.get("hand_limit", 0),
    }


def hazards(state: PantsState) -> dict[str, int]:
    """Rule hazards hit: engine event counts, an endless turn, and why a stalled game stalled."""
    counts = state.counts
    found = {kind: counts.get(kind, 0) for kind in COUNTED_HAZARDS if counts.get(kind, 0)}
    if state.result is not None and state.result.reason == "stall":
        found["stall"] = 1
        if state.cut_off:
            found["endless_turn"] = 1
        else:
            found[stall_cause(state)] = 1
    return found


def stall_cause(state: PantsState) -> str:
    """Why a game hit the turn cap, judged from where The Pants ended up."""
    holder = state.pants_holder()
    if holder is None:
        return "stall_pants_loose"  # in the Power deck or discard pile, and nobody fetched them
    if state.rules.board.is_home[state.pos[holder]]:
        return "stall_den_lock"  # the holder sits in its den, where no Destiny card is drawn
    return "stall_roaming"


def playtime_minutes(game: Any, state: PantsState, trace: PlayTrace) -> float | None:
    """Table time from data/<game>/playtime.yaml: setup plus seconds per turn, action and Destiny draw."""
    timing = getattr(game, "playtime", None)
    if timing is None:
        return None
    minutes: float = timing.minutes(state.turn, CardTally(trace, state.players).actions, len(state.destiny_discard))
    return minutes
