"""One or more scenarios per Power card: position file, actions, expected outcome."""

from __future__ import annotations

import pytest

from dragon_pnp.errors import IllegalActionError

from .helpers import act, asked, edited, hand_of, kinds, legal, place, play, position

# --- The Pants (R16) ---------------------------------------------------------------------------

def test_pants_cannot_be_played():
    state = position("time_end")
    assert not any(a.startswith("play pants") for a in legal(state))
    with pytest.raises(IllegalActionError, match="The Pants cannot be played"):
        act(state, "play pants")


def test_pants_can_be_lost_and_then_drawn_from_the_discard():
    state = play("cards", "play fireball 3", "lose pants")
    assert state.pants_holder() is None
    assert state.power_discard[0] == "pants"
    assert "pants_discarded" in kinds(state)


# --- Fireball (R22) ----------------------------------------------------------------------------

def test_fireball_victim_chooses_the_card_it_loses():
    state = play("cards", "play fireball 3")
    assert asked(state) == ("lose", 2)
    assert legal(state) == ["lose pants", "lose amulet"]
    act(state, "lose amulet")
    assert state.hand(2) == [("pants", False)]
    assert state.power_discard[0] == "amulet"
    assert state.hand(0)[0] == ("fireball", True)


def test_fireball_with_one_card_to_lose_needs_no_decision():
    state = edited("cards", lambda raw: hand_of(raw, 3).remove("amulet"), "play fireball 3")
    assert state.hand(2) == [] and asked(state)[0] == "action" and asked(state)[1] == 0


def test_fireball_does_not_thaw_by_default_but_does_under_the_variant():
    def frozen3(raw):
        raw["dragons"][2]["frozen"] = True

    assert edited("cards", frozen3, "play fireball 3", "lose amulet").frozen(2)
    thawed = edited("cards", frozen3, "play fireball 3", "lose amulet", fireball_ends_freeze=True)
    assert not thawed.frozen(2)
    assert "thawed" in kinds(thawed)


def test_fireball_answered_by_shield():
    state = play("cards", "play fireball 2")
    assert asked(state) == ("react", 1)
    assert legal(state) == ["react shield", "pass"]
    act(state, "react shield")
    assert state.hand(1) == [("shield", True), ("boost", False)] or state.hand(1) == [("boost", False), ("shield", True)]
    assert state.hand(0)[0] == ("fireball", True)  # the answered card is still spent (R19)


def test_fireball_answered_by_mirror_hits_the_user():
    def mirror2(raw):
        hand_of(raw, 4).remove("mirror")
        hand_of(raw, 2).append("mirror")

    state = edited("cards", mirror2, "play fireball 2", "react mirror")
    assert asked(state) == ("lose", 0)
    assert legal(state) == ["lose spent fireball", "lose freeze", "lose tongue"]
    act(state, "lose tongue")
    assert [c for c, _ in state.hand(0)] == ["fireball", "freeze"]
    assert [c for c, _ in state.hand(1)] == ["boost", "shield", "mirror"]


# --- Shock (R23) -------------------------------------------------------------------------------

def _shock_target_holds(*cards):
    def edit(raw):
        hand_of(raw, 2)[:] = list(cards)
    return edit


def test_shock_loses_a_card_and_sends_home():
    state = edited("sightlines", _shock_target_holds("boost", "freeze"), "play shock 2")
    assert state.position(1) == (-4, 4)  # seat 2 of 4 lives in den SW
    assert asked(state) == ("lose", 1)
    act(state, "lose freeze")
    assert state.hand(1) == [("boost", False)]


@pytest.mark.parametrize("reaction", ["shield", "amulet"])
def test_shock_stopped_entirely_by_shield_or_amulet(reaction):
    state = edited("sightlines", _shock_target_holds("boost", reaction), "play shock 2", f"react {reaction}")
    assert state.position(1) == (2, -2)
    assert [c for c, _ in state.hand(1)] == ["boost", reaction]
    assert state.hand(0) == [("fireball", False), ("shock", True)]


def test_shock_mirrored_sends_the_user_home_and_costs_it_a_card():
    def edit(raw):
        hand_of(raw, 2)[:] = ["mirror", "boost"]

    state = edited("sightlines", edit, "play shock 2", "react mirror")
    assert state.position(0) == (0, 4) and state.position(1) == (2, -2)
    assert asked(state) == ("lose", 0)
    act(state, "lose fireball")
    assert state.hand(0) == [("shock", True)]


# --- Shield, Amulet, Mirror, Poison, Rubber Ducky used on your turn (R30) -----------------------

@pytest.mark.parametrize("card", ["shield", "amulet", "mirror", "poison", "rubber_ducky"])
def test_reaction_cards_cannot_be_played_on_your_turn(card):
    def edit(raw):
        for seat in (2, 3, 4):  # take the card from whoever holds it, and give it to dragon 1
            if card in hand_of(raw, seat):
                hand_of(raw, seat).remove(card)
        hand_of(raw, 1)[0] = card

    state = edited("cards", edit)
    assert not any(a.startswith(f"play {card}") for a in legal(state))
    with pytest.raises(IllegalActionError, match="only played as a reaction"):
        act(state, f"play {card}")


# --- Freeze (R25) ------------------------------------------------------------------------------

def test_freeze_skips_the_next_turn_and_refreshes_cards():
    def edit(raw):
        hand_of(raw, 2)[:] = ["boost (spent)"]

    state = edited("cards", edit, "play freeze 2", "end")
    assert not state.frozen(1)
    turns = [(e.kind, e.seat) for e in state.events if e.kind in ("turn", "skip")]
    assert turns[-3:] == [("turn", 1), ("skip", 1), ("turn", 2)]
    assert state.current == 2
    assert state.hand(1) == [("boost", False)]  # refreshed at the end of the skipped turn (R14)


def test_frozen_pants_holder_draws_no_destiny():
    def edit(raw):
        hand_of(raw, 3).remove("pants")
        hand_of(raw, 2).append("pants")

    state = edited("cards", edit, "play freeze 2", "end")
    assert state.time == 10 and state.counts["destiny"] == 0


def test_freezing_a_frozen_dragon_adds_nothing():
    def edit(raw):
        raw["dragons"][1]["frozen"] = True

    state = edited("cards", edit, "play freeze 2", "end")
    skipped = [e.seat for e in state.events if e.kind == "skip"]
    assert skipped == [1]
    assert state.counts["frozen"] == 0


def test_freeze_answered_by_amulet():
    state = play("cards", "play freeze 3")
    assert legal(state) == ["react amulet", "pass"]
    act(state, "react amulet")
    assert not state.frozen(2)


# --- Boost (R24) -------------------------------------------------------------------------------

def test_boost_costs_no_action_and_adds_one():
    state = play("storm", "play boost")
    assert state.actions_left == 3
    act(state, "move 1,1")
    act(state, "move 1,2")
    act(state, "move 0,2")
    assert state.current == 1  # three moves, then the turn ended by itself


def test_two_boosts_give_two_actions_and_work_with_no_actions_left():
    def edit(raw):
        hand_of(raw, 1)[:] = ["boost", "boost"]

    state = edited("sightlines", edit, "move 1,2", "move 1,1")
    assert state.current == 0 and state.actions_left == 0
    assert legal(state) == ["play boost", "end"]
    act(state, "play boost")
    act(state, "play boost")
    assert state.actions_left == 2


def test_boost_not_on_a_den():
    state = position("den_start")
    with pytest.raises(IllegalActionError, match="first action must be a move"):
        act(state, "play boost")


# --- Banish (R26) ------------------------------------------------------------------------------

def test_banish_sends_home_on_a_flat_line():
    def edit(raw):
        hand_of(raw, 1)[0] = "banish"

    state = edited("cards", edit, "play banish 2")
    assert state.position(1) == (-4, 4)


def test_banish_any_range_variant_reaches_behind_mountains_and_water():
    def edit(raw):
        hand_of(raw, 1)[:] = ["banish"]

    assert [a for a in legal(edited("sightlines", edit)) if a.startswith("play")] == []
    state = edited("sightlines", edit, banish_any_range=True)
    assert [a for a in legal(state) if a.startswith("play")] == ["play banish 2", "play banish 3", "play banish 4"]
    act(state, "play banish 3")
    assert state.position(2) == (0, -4)


# --- Thunderstorm (R20, R27) -------------------------------------------------------------------

def test_thunderstorm_each_target_answers_on_its_own():
    state = play("storm", "play thunderstorm")
    assert asked(state) == ("react", 1)
    act(state, "react amulet")
    assert asked(state) == ("react", 2)
    act(state, "pass")
    assert [state.position(s) for s in range(4)] == [(0, 1), (-2, 2), (0, -4), (4, -4)]


def test_thunderstorm_mirrored_sends_the_user_home_too():
    state = play("storm", "play thunderstorm", "pass", "react mirror")
    assert [state.position(s) for s in range(4)] == [(0, 4), (-4, 4), (1, -2), (4, -4)]
    assert state.counts["den_shared"] == 0


def test_thunderstorm_self_return_variant():
    state = play("storm", "play thunderstorm", "pass", "pass", thunderstorm_self_return=True)
    assert asked(state) == ("storm_home", 0)
    assert legal(state) == ["home", "stay"]
    act(state, "home")
    assert state.position(0) == (0, 4)
    stayed = play("storm", "play thunderstorm", "pass", "pass", "stay", thunderstorm_self_return=True)
    assert stayed.position(0) == (0, 1)


def test_thunderstorm_no_self_return_by_default():
    state = play("storm", "play thunderstorm", "pass", "pass")
    assert asked(state)[0] == "action" and state.position(0) == (0, 1)


# --- Teleport (R28) ----------------------------------------------------------------------------

def test_teleport_swaps_even_with_a_dragon_in_its_den():
    def edit(raw):
        hand_of(raw, 1)[0] = "teleport"

    state = edited("cards", edit, "play teleport 4")
    # Dragon 4 sits in its den and cannot react from there, not even with its Mirror.
    assert state.position(0) == (4, -4) and state.position(3) == (-3, 3)
    assert asked(state)[0] == "action" and state.current == 0
    # Now on a den, dragon 1 may still move out with its last action, but cannot play cards.
    assert legal(state) == ["move 3,-3", "end"]


def test_teleport_cancelled_by_mirror_or_amulet():
    def edit(raw):
        hand_of(raw, 1)[0] = "teleport"
        place(raw, 4, 3, -3)

    mirrored = edited("cards", edit, "play teleport 4", "react mirror")
    assert mirrored.position(0) == (-3, 3) and mirrored.position(3) == (3, -3)
    amulet = edited("cards", edit, "play teleport 3", "react amulet")
    assert amulet.position(0) == (-3, 3) and amulet.position(2) == (-1, 3)


# --- Tongue (R29) and the theft reactions ---------------------------------------------------------

def test_tongue_takes_a_card_of_the_users_choice_then_hand_limit():
    state = play("cards", "play tongue 3")
    assert asked(state) == ("steal", 0)
    assert legal(state) == ["steal pants", "steal amulet"]
    act(state, "steal pants")
    assert state.pants_holder() == 0
    assert asked(state) == ("discard", 0)
    assert legal(state) == ["discard pants", "discard fireball", "discard freeze", "discard spent tongue"]
    act(state, "discard spent tongue")
    assert [c for c, _ in state.hand(0)] == ["fireball", "freeze", "pants"]
    assert state.power_discard[0] == "tongue"


@pytest.mark.parametrize("reaction", ["poison", "rubber_ducky", "mirror"])
def test_tongue_answered(reaction):
    def edit(raw):
        hand_of(raw, 4).remove("mirror")
        hand_of(raw, 3)[:] = ["pants", reaction]
        hand_of(raw, 4).append("amulet")

    state = edited("cards", edit, "play tongue 3", f"react {reaction}")
    if reaction == "poison":
        assert asked(state) == ("lose", 0)
        act(state, "lose freeze")
        assert [c for c, _ in state.hand(0)] == ["fireball", "tongue"]
        assert [c for c, _ in state.hand(2)] == ["pants", "poison"]
    elif reaction == "rubber_ducky":
        assert [c for c, _ in state.hand(2)] == ["pants"]
        assert state.hand(0)[-1] == ("rubber_ducky", True)  # it stays spent in the thief's hand (R14)
        assert asked(state)[0] == "discard" and asked(state)[1] == 0
    else:
        assert asked(state) == ("steal", 2)
        act(state, "steal freeze")
        assert [c for c, _ in state.hand(2)] == ["pants", "mirror", "freeze"]
