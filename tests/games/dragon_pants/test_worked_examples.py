"""The worked examples of the seeds, played move by move."""

from __future__ import annotations

from .helpers import act, asked, play, position


def test_shield_example_six_players():
    """Megan (seat 1) shields John's Fireball; the Shield is back only after her next turn."""
    state = play("shield_example", "play fireball 1")
    assert asked(state) == ("react", 0)
    act(state, "react shield")
    assert state.hand(0) == [("shield", True), ("boost", False)]
    act(state, "end")  # John
    for seat in (2, 3, 4, 5):  # players 3-6 take their turns
        assert state.current == seat
        assert state.hand(0)[0] == ("shield", True)
        act(state, "end")
    assert state.current == 0
    assert state.hand(0)[0] == ("shield", True)  # still spent during Megan's own next turn
    act(state, "end")
    assert state.hand(0)[0] == ("shield", False)


def test_amulet_example_four_players():
    """Emily (seat 4) answers Lars's Freeze with her Amulet; it is back after her very next turn."""
    state = play("amulet_example", "play freeze 4", "react amulet")
    assert not state.frozen(3)
    assert state.hand(2) == [("freeze", True)]  # the answered card is still spent
    act(state, "end")  # Lars ends his turn
    assert state.current == 3 and state.hand(3) == [("amulet", True)]
    act(state, "end")  # Emily takes her turn and ends it
    assert state.hand(3) == [("amulet", False)]


def test_destiny_time_example():
    """Time 10; Sean draws -1 (9); Lars bites the Pants off him and draws -2 (7); three turns
    pass with nobody else wearing them; Sean bites them back and draws +1 (8)."""
    state = position("destiny_example")
    act(state, "end")
    assert state.time == 9
    act(state, "move 0,3")  # Lars bites Sean and takes The Pants (his only card)
    assert state.pants_holder() == 1 and state.position(0) == (0, 4)
    act(state, "end")
    assert state.time == 7
    for seat in (2, 3, 4):
        assert state.current == seat
        act(state, "end")
    assert state.time == 7 and state.counts["destiny"] == 2
    assert state.current == 0 and state.must_leave
    act(state, "move 0,3")  # out of the den and straight into Lars: a bite
    assert state.pants_holder() == 0
    act(state, "end")
    assert state.time == 8
    assert state.destiny_discard == [-1, -2, 1]  # in draw order
    assert state.time == state.length + sum(state.destiny_discard)
