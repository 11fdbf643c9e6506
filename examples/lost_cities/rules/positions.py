"""Five Trails positions read back from files, refusing any the rules could never reach."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from dragon_pnp.games.api import PositionError

from .game import DRAW, PLAY, SEATS, Rules, TrailsState, split

FIELDS = ("turn", "phase", "thrown", "deck", "hands", "known", "piles", "laid", "result")


def load(rules: Rules, data: Mapping[str, Any]) -> TrailsState:
    """The inverse of `TrailsState.to_dict()`."""
    if not isinstance(data, Mapping):
        raise PositionError((), "expected a mapping of fields")
    for key in FIELDS:
        if key not in data:
            raise PositionError((key,), f"missing field {key!r}")
    state = TrailsState(rules, record=True)
    turn = data["turn"]
    if type(turn) is not int or not 0 <= turn < rules.turn_limit + 1:
        raise PositionError(("turn",), f"expected the turns played, a whole number from 0 to {rules.turn_limit}")
    if data["phase"] not in (PLAY, DRAW):
        raise PositionError(("phase",), f"expected {PLAY!r} or {DRAW!r}")
    state.turn, state.phase = turn, data["phase"]
    state.deck = _cards(rules, data["deck"], ("deck",))
    state.hands = [_cards(rules, h, ("hands", s)) for s, h in enumerate(_pair(data, "hands"))]
    state.known = [_cards(rules, k, ("known", s)) for s, k in enumerate(_pair(data, "known"))]
    state.piles = _by_trail(rules, data["piles"], ("piles",))
    laid = _pair(data, "laid")
    state.laid = [_by_trail(rules, laid[s], ("laid", s)) for s in range(SEATS)]
    _check_cards(rules, state)
    _check_order(state)
    thrown = data["thrown"]
    if state.phase == DRAW and thrown is not None and thrown not in rules.trails:
        raise PositionError(("thrown",), f"expected the trail thrown on this turn or null; got {thrown!r}")
    if state.phase == PLAY and thrown is not None:
        raise PositionError(("thrown",), "nothing is thrown before the turn's card is laid: expected null")
    state.thrown = thrown
    mover = turn % SEATS
    for seat in range(SEATS):
        size = rules.hand - (1 if seat == mover and state.phase == DRAW else 0)
        if len(state.hands[seat]) != size:
            raise PositionError(("hands", seat), f"expected {size} cards in this hand now, not {len(state.hands[seat])}")
        if Counter(state.known[seat]) - Counter(state.hands[seat]):
            raise PositionError(("known", seat), "a card seen taken from a pile must still be in that hand")
    over = not state.deck or turn >= rules.turn_limit
    if over:
        if state.phase != PLAY:
            raise PositionError(("phase",), "a finished game waits for no draw")
        state._finish("deck_empty" if not state.deck else "turn_limit")
    given = data["result"]
    if given != (None if state.result is None else state.result.to_json()):
        raise PositionError(("result",), "the result must follow from the trails laid (null while the game goes on)")
    state.events = []
    return state


def _pair(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data[key]
    if not isinstance(value, list) or len(value) != SEATS:
        raise PositionError((key,), "expected one entry per player")
    return value


def _cards(rules: Rules, value: Any, path: tuple[Any, ...]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in rules.cards for c in value):
        raise PositionError(path, f"expected a list of cards such as {rules.cards[0]!r} or {rules.cards[-1]!r}")
    return list(value)


def _by_trail(rules: Rules, value: Any, path: tuple[Any, ...]) -> dict[str, list[str]]:
    if not isinstance(value, Mapping) or list(value) != list(rules.trails):
        raise PositionError(path, f"expected one list per trail: {', '.join(rules.trails)}")
    found = {trail: _cards(rules, value[trail], (*path, trail)) for trail in rules.trails}
    for trail, cards in found.items():
        if any(split(c)[0] != trail for c in cards):
            raise PositionError((*path, trail), f"only {trail} cards go here")
    return found


def _check_cards(rules: Rules, state: TrailsState) -> None:
    """Every card of the deck exactly once, wherever it lies."""
    everywhere = Counter(state.deck) + Counter(state.hands[0]) + Counter(state.hands[1])
    for pile in state.piles.values():
        everywhere += Counter(pile)
    for mine in state.laid:
        for laid in mine.values():
            everywhere += Counter(laid)
    if everywhere != Counter(rules.cards):
        extra = sorted((everywhere - Counter(rules.cards)).elements())
        missing = sorted((Counter(rules.cards) - everywhere).elements())
        raise PositionError(("deck",), f"every card lies in exactly one place; too many: {extra or 'none'}, "
                                       f"missing: {missing or 'none'}")
    for seat in range(SEATS):
        if state.hands[seat] != sorted(state.hands[seat], key=rules.order):
            raise PositionError(("hands", seat), "a hand is kept in trail order, wagers then numbers upward")


def _check_order(state: TrailsState) -> None:
    """A trail climbs: wagers first, then numbers each above the last."""
    for seat, mine in enumerate(state.laid):
        for trail, laid in mine.items():
            values = [split(c)[1] for c in laid]
            numbers = [v for v in values if v]
            wagers = len(values) - len(numbers)
            if any(values[:wagers]) or numbers != sorted(set(numbers)):
                raise PositionError(("laid", seat, trail), "a trail holds its wagers first, then numbers upward")
