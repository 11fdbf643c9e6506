"""One or more scenarios per ruling of RULINGS.md (R1..R30) not already covered per card."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from dragon_pnp.data.components import time_track
from dragon_pnp.errors import IllegalActionError
from dragon_pnp.games import PositionError
from dragon_pnp.games.dragon_pants.engine import Rules, new_game
from dragon_pnp.games.dragon_pants.engine.positions import position_to_dict

from .helpers import act, asked, edited, game_data, hand_of, legal, options, place, play, position, rules

# --- Time and the end of the game (R1-R5) -------------------------------------------------------

def test_r1_destiny_draw_reaching_zero_ends_the_game_and_the_holder_wins():
    state = play("time_end", "end")
    assert state.result is not None
    assert state.result.reason == "time" and state.result.winners == (1,)
    assert state.time == 0 and len(state.destiny_discard) == 10
    assert asked(state)[1] is None and options(state) == []


def test_r1_holder_on_a_den_draws_no_destiny():
    def edit(raw):
        place(raw, 2, -4, 0)  # dragon 2 (seat 2 of 3 lives in NW) was sent home this turn
        raw["actions_left"] = 0

    state = edited("time_end", edit, "end")
    assert state.result is None and state.time == 1 and state.counts["destiny"] == 0


def test_r3_destiny_deck_exhausted_ends_with_no_winner():
    state = edited("time_end", lambda raw: raw.__setitem__("destiny_deck", [+1]), "end")
    assert state.result.reason == "destiny_exhausted" and state.result.winners == ()
    assert state.time == 2


def test_r2_a_deck_summing_to_minus_length_always_ends_by_time():
    r = rules()
    reasons = Counter()
    for seed in range(40):
        state = new_game(r, players=3, seed=seed, deck={-1: 6, 1: 1, -2: 1}, length=7)
        import random

        rnd = random.Random(seed)
        while state.result is None:
            choices = options(state)
            act(state, choices[rnd.randrange(len(choices))])
        reasons[state.result.reason] += 1
    assert reasons["destiny_exhausted"] == 0 and reasons["time"] > 30


def test_r5_presets_hold_no_blank_cards():
    r = rules()
    for name in r.presets:
        state = new_game(r, players=4, seed=1, preset=name)
        assert 0 not in state.destiny_deck
        assert len(state.destiny_deck) == sum(r.presets[name].cards.values())


def test_turn_cap_ends_a_stalled_game_as_a_stall():
    data = game_data()
    capped = dataclasses.replace(data, settings=data.settings.model_copy(update={"turn_cap": 5}))
    state = new_game(Rules.from_game(capped), players=2, seed=3, record=True)
    while state.result is None:
        act(state, "end" if "end" in legal(state) else legal(state)[0])
    assert state.result.reason == "stall" and state.result.winners == () and state.turn == 5
    assert state.events[-1].kind == "end" and state.events[-1].detail == "stall"


# --- Setup and turns (R6, R7) ----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_r6_setup(players):
    r = rules()
    state = new_game(r, players=players, seed=11)
    hands = [state.hand(s) for s in range(players)]
    assert all(len(h) == 1 for h in hands)
    assert sum(h == [("pants", False)] for h in hands) == 1
    assert state.current == state.pants_holder()
    assert len(state.power_deck) == 19 - players and state.power_discard == []
    dens = [r.board.hexes[r.board.den_hex[d]] for d in r.seats[players]]
    assert [state.position(s) for s in range(players)] == dens
    assert state.time == 10 and asked(state)[0] == "action" and state.must_leave


@pytest.mark.parametrize("players", [2, 4, 6])
def test_r6_opening_power_cards_go_to_everyone_without_the_pants(players):
    """game.yaml `opening_power_cards: 3`: the holder keeps The Pants alone, the others hold 3 each;
    every Power card is still in play exactly once, and the first card each was dealt is unchanged."""
    data = game_data()
    dealt = dataclasses.replace(data, settings=data.settings.model_copy(update={"opening_power_cards": 3}))
    seed_rule, more = new_game(rules(), players=players, seed=11), new_game(Rules.from_game(dealt), players=players, seed=11)
    hands = [more.hand(s) for s in range(players)]
    holder = more.pants_holder()
    assert holder == seed_rule.pants_holder() and hands[holder] == [("pants", False)]
    assert all(len(h) == 3 for s, h in enumerate(hands) if s != holder)
    assert [h[0] for h in hands] == [seed_rule.hand(s)[0] for s in range(players)]
    cards = [card for h in hands for card, _ in h] + list(more.power_deck)
    assert len(cards) == 19 and Counter(cards) == Counter(
        [card for s in range(players) for card, _ in seed_rule.hand(s)] + list(seed_rule.power_deck))


def test_r6_same_seed_same_game_other_seed_other_game():
    r = rules()
    a, b, c = (new_game(r, players=4, seed=s) for s in (5, 5, 6))
    assert position_to_dict(a) == position_to_dict(b)
    assert position_to_dict(a) != position_to_dict(c)


def test_r7_a_turn_may_end_early_or_after_two_actions():
    early = play("sightlines", "end")
    assert early.current == 1
    full = play("sightlines", "move 1,2", "move 1,1")
    assert full.current == 1
    assert full.counts["turn"] == 1


# --- Moving, dens and biting (R8-R11) ----------------------------------------------------------

def test_r8_no_move_onto_a_mountain_holding_a_dragon():
    state = position("bite")
    assert "move -1,2" not in legal(state)
    with pytest.raises(IllegalActionError, match=r"dragon 3 stands on the mountain at \(-1,2\)"):
        act(state, "move -1,2")


def test_r8_a_move_is_one_hex():
    with pytest.raises(IllegalActionError, match="a move is one hex"):
        act(position("bite"), "move 0,-1")


def test_r9_a_dragon_starting_in_its_den_must_move_out_first_and_may_bite():
    state = position("den_start")
    assert legal(state) == ["move 0,3"]
    with pytest.raises(IllegalActionError, match="must first move out"):
        act(state, "end")
    act(state, "move 0,3")
    assert state.position(0) == (0, 3) and state.position(1) == (-4, 4)
    assert [c for c, _ in state.hand(0)] == ["boost", "pants", "fireball"]  # one card: no choice needed
    assert "play boost" in legal(state) and "end" in legal(state)


def test_r9_nobody_moves_into_a_den():
    state = play("den_start", "move 0,3")
    with pytest.raises(IllegalActionError, match="nobody moves into a den"):
        act(state, "move 0,4")


def test_r10_dens_hold_several_dragons_and_nobody_is_bitten_there():
    def edit(raw):
        hand_of(raw, 1)[0] = "banish"
        place(raw, 3, -4, 4)  # dragon 3 sits in dragon 2's den (after a Teleport, say)

    state = edited("cards", edit, "play banish 2")
    assert state.position(1) == state.position(2) == (-4, 4)
    assert state.counts["den_shared"] == 1
    assert not any(a == "move -4,4" for a in legal(state))


def test_r11_bite_without_reaction():
    state = edited("bite", lambda raw: hand_of(raw, 2).__setitem__(slice(None), ["fireball", "freeze"]), "move 0,1")
    assert state.position(0) == (0, 1) and state.position(1) == (-4, 4)
    assert asked(state) == ("steal", 0)
    assert legal(state) == ["steal freeze"] or legal(state) == ["steal fireball", "steal freeze"]


def test_r11_bite_offers_every_fitting_reaction():
    state = play("bite", "move 0,1")
    assert asked(state) == ("react", 1)
    assert legal(state) == ["react shield", "react poison", "react rubber_ducky", "pass"]


def test_r11_bite_shielded_fails_and_the_action_is_used():
    state = play("bite", "move 0,1", "react shield")
    assert state.position(0) == (0, 2) and state.position(1) == (0, 1)
    assert state.actions_left == 1 and state.current == 0
    assert [c for c, _ in state.hand(0)] == ["boost", "fireball"]


def test_r11_bite_poisoned_sends_the_biter_home_and_it_discards():
    state = play("bite", "move 0,1", "react poison")
    assert state.position(0) == (0, 4) and state.position(1) == (0, 1)
    assert asked(state) == ("lose", 0)
    act(state, "lose fireball")
    assert state.hand(0) == [("boost", False)]
    assert state.hand(1) == [("shield", False), ("poison", True), ("rubber_ducky", False)]


def test_r11_bite_with_rubber_ducky():
    state = play("bite", "move 0,1", "react rubber_ducky")
    assert state.position(0) == (0, 1) and state.position(1) == (-4, 4)
    assert state.hand(0) == [("boost", False), ("fireball", False), ("rubber_ducky", True)]
    assert [c for c, _ in state.hand(1)] == ["shield", "poison"]


def test_r11_bite_mirrored():
    def edit(raw):
        hand_of(raw, 4).remove("mirror")
        hand_of(raw, 2)[:] = ["mirror"]

    state = edited("bite", edit, "move 0,1", "react mirror")
    assert state.position(0) == (0, 4) and state.position(1) == (0, 1)
    assert asked(state) == ("steal", 1)
    act(state, "steal boost")
    assert [c for c, _ in state.hand(1)] == ["mirror", "boost"]


def test_r11_biting_an_empty_hand_takes_nothing():
    state = edited("bite", lambda raw: hand_of(raw, 2).clear(), "move 0,1")
    assert state.position(0) == (0, 1) and asked(state)[0] == "action"


# --- Power cards (R12-R16) ---------------------------------------------------------------------

def test_r12_draw_from_either_pile():
    state = position("draw")
    assert {"draw deck", "draw discard"} <= set(legal(state))
    act(state, "draw discard")
    assert state.hand(0)[-1] == ("shield", False) and state.power_discard == []
    assert "draw discard" not in legal(state)
    top = state.power_deck[0]
    act(state, "draw deck")
    assert asked(state)[0] == "discard"  # four cards now
    assert top in [c for c, _ in state.hand(0)]


def test_r12_draw_needs_a_power_hex_when_the_action_begins():
    def edit(raw):
        place(raw, 1, 0, 2)  # next to the power hex (1,1)
    state = edited("draw", edit)
    assert "draw deck" not in legal(state)
    with pytest.raises(IllegalActionError, match="power hex when the action begins"):
        act(state, "draw deck")
    act(state, "move 1,1")
    act(state, "draw deck")
    assert len(state.hand(0)) == 3 and state.actions_left == 0
    assert legal(state) == ["play boost", "end"]  # a ready Boost keeps the turn open


def test_r12_empty_deck_reshuffles_the_discard_pile():
    state = play("reshuffle", "draw deck")
    assert state.counts["reshuffle"] == 1 and state.counts["pants_in_deck"] == 1
    assert state.power_discard == [] and len(state.power_deck) == 14
    again = play("reshuffle", "draw deck")
    assert position_to_dict(again) == position_to_dict(state)  # the shuffle comes from the position's rng


def test_r12_no_draw_when_both_piles_are_empty():
    def edit(raw):
        raw["power_discard"] = []
        raw["dragons"][1]["hand"] = ["fireball", "fireball", "shock"]
        raw["power_deck"] = []
    with pytest.raises(PositionError):
        edited("reshuffle", edit)  # the other cards must be somewhere: a position refuses that
    state = position("reshuffle")
    assert "draw deck" in legal(state)


def test_r13_hand_limit_discard_may_be_the_new_card():
    state = play("draw", "draw discard", "draw deck")
    assert asked(state) == ("discard", 0)
    new = state.hand(0)[-1][0]
    act(state, f"discard {new}")
    assert [c for c, _ in state.hand(0)] == ["boost", "fireball", "shield"]
    assert state.power_discard[0] == new and state.counts["hand_limit"] == 1


def test_r14_spent_card_refreshes_at_the_end_of_the_holders_next_turn():
    state = play("reshuffle", "play boost", "end")
    assert state.hand(0) == [("boost", True)]  # not at the end of the turn it was played
    act(state, "end")  # dragon 2
    assert state.current == 0 and state.hand(0) == [("boost", True)]
    act(state, "end")
    assert state.hand(0) == [("boost", False)]


def test_r14_discarded_card_loses_its_spent_state():
    def edit(raw):
        hand_of(raw, 1)[:] = ["boost (spent)", "fireball (spent)", "shock"]
        raw["power_discard"] = []
    state = edited("draw", edit, "draw deck")
    act(state, "discard spent fireball")
    act(state, "draw discard")
    assert ("fireball", False) in state.hand(0)


def test_r15_lose_any_card_even_a_spent_one():
    def edit(raw):
        hand_of(raw, 3)[:] = ["amulet (spent)", "pants"]
    state = edited("cards", edit, "play fireball 3")
    assert legal(state) == ["lose pants", "lose spent amulet"]
    with pytest.raises(IllegalActionError, match="write 'lose spent amulet'"):
        act(state, "lose amulet")


def test_r16_pants_count_toward_the_hand_limit():
    def edit(raw):
        hand_of(raw, 1)[:] = ["boost", "fireball", "pants"]
        hand_of(raw, 3)[:] = ["amulet"]
        raw["power_discard"] = ["shield"]
    state = edited("draw", edit, "draw discard")
    assert asked(state)[0] == "discard"
    assert "discard pants" in legal(state)


# --- Reactions (R19-R21) -----------------------------------------------------------------------

def test_r19_a_spent_reaction_cannot_answer():
    state = edited("cards", lambda raw: hand_of(raw, 2).__setitem__(1, "shield (spent)"), "play fireball 2")
    assert asked(state)[0] == "lose"  # no ready Shield: dragon 2 is not asked


def test_r19_no_chains_the_user_is_never_asked():
    def edit(raw):
        hand_of(raw, 4).remove("mirror")
        hand_of(raw, 2)[:] = ["mirror"]
        hand_of(raw, 1)[:] = ["fireball", "shield"]
    state = edited("cards", edit, "play fireball 2", "react mirror")
    assert asked(state) == ("lose", 0)  # dragon 1's Shield is not offered


def test_r19_a_reaction_that_does_not_fit_is_refused():
    state = play("cards", "play fireball 2")
    with pytest.raises(IllegalActionError):
        act(state, "react amulet")


def test_r21_mirror_against_teleport_cancels():
    def edit(raw):
        hand_of(raw, 1)[0] = "teleport"
        place(raw, 4, 3, -3)
    state = edited("cards", edit, "play teleport 4", "react mirror")
    assert state.position(0) == (-3, 3)


def test_a_dragon_with_no_way_out_of_its_den_is_stuck_and_its_turn_ends():
    """Not possible on the Dragon Pants board (every den opens onto land), so a variant board
    puts a mountain on den S's exit with a dragon standing on it."""
    from dragon_pnp.data.hexmap import Tile
    from dragon_pnp.games.dragon_pants.engine.positions import position_from_dict

    data = game_data()
    tiles = [Tile(q=t.q, r=t.r, terrain="mountain") if (t.q, t.r) == (0, 3) else t for t in data.board.tiles]
    walled = dataclasses.replace(data, files={**data.files, "board": data.board.model_copy(update={"tiles": tiles})})
    r = Rules.from_game(walled)
    raw = {
        "players": 2, "current": 2, "time": 10,
        "dragons": [{"seat": 1, "at": [0, 4], "hand": ["boost"]}, {"seat": 2, "at": [0, 3], "hand": ["pants"]}],
        "power_deck": "rest", "destiny_deck": [-1] * 10,
    }
    state = position_from_dict(r, raw)
    state.record = True
    act(state, "end")
    assert [e.kind for e in state.events] == ["destiny", "turn", "stuck", "turn"]
    assert state.current == 1 and state.time == 9


def test_turn_cap_can_be_set_when_building_rules():
    state = new_game(Rules.from_game(game_data(), turn_cap=3), players=2, seed=0)
    while state.result is None:
        act(state, legal(state)[-1])
    assert state.result.reason == "stall" and state.turn == 3


def test_r4_time_stays_on_the_printed_track_in_played_games():
    """R4 is checked exactly by validation; here the engine's own games agree with it."""
    import random

    r = rules()
    last = time_track(game_data()).last
    for seed in range(30):
        state = new_game(r, players=4, seed=seed, preset=("standard", "volatile", "long")[seed % 3])
        rnd = random.Random(seed)
        highest = state.time
        while state.result is None:
            choices = options(state)
            act(state, choices[rnd.randrange(len(choices))])
            highest = max(highest, state.time)
        assert highest <= last
