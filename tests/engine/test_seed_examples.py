"""The worked examples of the seeds, played move by move."""

from __future__ import annotations

from engine_helpers import play, position


def test_shield_example_six_players():
    """Megan (seat 1) shields John's Fireball; the Shield is back only after her next turn."""
    state = play("shield_example", "play fireball 1")
    assert (state.decision, state.decider) == ("react", 0)
    state.apply("react shield")
    assert state.hand(0) == [("shield", True), ("boost", False)]
    state.apply("end")  # John
    for seat in (2, 3, 4, 5):  # players 3-6 take their turns
        assert state.current == seat
        assert state.hand(0)[0] == ("shield", True)
        state.apply("end")
    assert state.current == 0
    assert state.hand(0)[0] == ("shield", True)  # still spent during Megan's own next turn
    state.apply("end")
    assert state.hand(0)[0] == ("shield", False)


def test_amulet_example_four_players():
    """Emily (seat 4) answers Lars's Freeze with her Amulet; it is back after her very next turn."""
    state = play("amulet_example", "play freeze 4", "react amulet")
    assert not state.frozen(3)
    assert state.hand(2) == [("freeze", True)]  # the answered card is still spent
    state.apply("end")  # Lars ends his turn
    assert state.current == 3 and state.hand(3) == [("amulet", True)]
    state.apply("end")  # Emily takes her turn and ends it
    assert state.hand(3) == [("amulet", False)]


def test_destiny_time_example():
    """Time 10; Sean draws -1 (9); Lars bites the Pants off him and draws -2 (7); three turns
    pass with nobody else wearing them; Sean bites them back and draws +1 (8)."""
    state = position("destiny_example")
    state.apply("end")
    assert state.time == 9
    state.apply("move 0,3")  # Lars bites Sean and takes The Pants (his only card)
    assert state.pants_holder() == 1 and state.position(0) == (0, 4)
    state.apply("end")
    assert state.time == 7
    for seat in (2, 3, 4):
        assert state.current == seat
        state.apply("end")
    assert state.time == 7 and state.counts["destiny"] == 2
    assert state.current == 0 and state.must_leave
    state.apply("move 0,3")  # out of the den and straight into Lars: a bite
    assert state.pants_holder() == 0
    state.apply("end")
    assert state.time == 8
    assert state.destiny_discard == [-1, -2, 1]  # in draw order
    assert state.time == state.length + sum(state.destiny_discard)
