"""OpenSpiel's checks on any game behind the interface, at one position."""

from __future__ import annotations


def check_invariants(module, rules, state) -> None:
    """A clone equals the original, the text form round-trips, legal actions are stable, distinct
    and parse back from their notation, and the game is over exactly when nobody is to move."""
    saved = state.to_dict()
    assert state.clone().to_dict() == saved
    assert module.load_state(rules, saved).to_dict() == saved
    for seat in state.to_move():
        legal = state.legal_actions(seat)
        assert legal and legal == state.legal_actions(seat) and len(set(map(str, legal))) == len(legal)
        assert [module.parse_action(state, seat, str(a)) for a in legal] == legal
        assert state.decision(seat) != "none"
    assert (state.result is None) == bool(state.to_move())
