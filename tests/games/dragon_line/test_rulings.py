"""One test (or a few) per ruling L3-L9 and per ability with and without Range Reform.

Lines are written front first. On the axis seat 1's line runs back to front, then seat 2's
front to back: a4 a3 a2 a1 | b1 b2 b3 b4. Cards are from `made_rules` (Health 9, Damage 1
unless a test says otherwise), so nothing here depends on the provisional card values.
"""

from __future__ import annotations

import random

import pytest

from dragon_pnp.errors import IllegalActionError, NotationError
from dragon_pnp.games.dragon_line import GAME
from dragon_pnp.games.dragon_line.line import axis_position, describe_target, seat_slot
from dragon_pnp.games.parts import ReportPart

from .helpers import activate, battle_position, destroyed, load, made_rules, shipped_data, shipped_rules

WALL = ["earth5", "earth6", "earth7"]        # filler: Health 9, never activated


def line(front: str, *rest: str) -> list[str]:
    """A line of 4 from the given cards, filled up with walls."""
    cards = [front, *rest]
    return cards + [w for w in WALL if w not in cards][: 4 - len(cards)]


def other(front: str = "earth4", *rest: str) -> list[str]:
    """Seat 2's line from the given cards, filled up with Health 9 Ice dragons never activated."""
    cards = [front, *rest]
    fill = [c for c in ("ice5", "ice6", "ice7") if c not in cards]
    return cards + fill[: 4 - len(cards)]


# --- L3: the line's geometry ---------------------------------------------------------------------


def test_l3_axis_runs_back_to_front_then_front_to_back():
    assert [axis_position(0, slot, 4) for slot in range(4)] == [3, 2, 1, 0]
    assert [axis_position(1, slot, 4) for slot in range(4)] == [4, 5, 6, 7]
    assert all(seat_slot(axis_position(s, k, 4), 4) == (s, k) for s in (0, 1) for k in range(4))


@pytest.mark.parametrize("seat", [0, 1])
def test_l3_in_front_beyond_behind_for_each_player(seat):
    assert describe_target(seat, 0, 1, 4) == "enemy slot 1"        # a front dragon faces the enemy front
    assert describe_target(seat, 0, 2, 4) == "enemy slot 2"        # beyond it
    assert describe_target(seat, 1, 1, 4) == "own slot 1"          # in front of slot 2 is our own front
    assert describe_target(seat, 1, -1, 4) == "own slot 3"         # behind
    assert describe_target(seat, 2, 0, 4) == "itself"
    assert describe_target(seat, 3, -1, 4) is None                 # past the axis end: nothing
    assert describe_target(seat, 0, 5, 4) is None


# --- L4: each ability, with and without Range Reform -----------------------------------------------


def test_l4_reach_tables_come_from_the_data():
    rules = shipped_rules()
    for suit in shipped_data().suits.suits:
        for bonus in range(3):
            expected = suit.reach[min(bonus, len(suit.reach) - 1)]
            assert list(rules.reach(suit.id, bonus)) == expected
    assert rules.reach("air", 0) == (2,) and rules.reach("air", 1) == (3,) and rules.reach("air", 2) == (4,)
    assert rules.reach("earth", 2) == (1,)
    assert rules.reach("fire", 1) == (1, 2, 3) and rules.reach("fire", 2) == (1, 2, 3)
    assert rules.reach("ice", 0) == (1, 0) and rules.reach("ice", 1) == (1, 2, -1) == rules.reach("ice", 2)


RANGE = {"spirit1": {"reform": {"range": 1}}, "spirit2": {"reform": {"range": 1}}}


@pytest.mark.parametrize("slot,hit", [(1, "b2"), (2, "b1"), (3, "a1"), (4, "a2")])
def test_arch_hits_the_dragon_beyond_the_one_in_front(slot, hit):
    rules = made_rules()
    mine = line("earth5", "earth6", "earth7")
    mine.insert(slot - 1, "air1")
    mine = mine[:4]
    theirs = other()
    state = load(rules, battle_position(rules, mine, theirs))
    damage = activate(state, [slot], [])
    names = {"a": mine, "b": theirs}
    assert damage == {names[hit[0]][int(hit[1]) - 1]: 1}


def test_arch_with_one_and_two_range_reforms():
    rules = made_rules(RANGE)
    theirs = other()
    state = load(rules, battle_position(rules, line("air1", "spirit1"), theirs))
    damage = activate(state, [1, 2], [])
    assert damage == {theirs[2]: 1}                                 # 3 ahead: enemy slot 3
    theirs = other("spirit2")
    state = load(rules, battle_position(rules, line("air1", "spirit1"), theirs))
    damage = activate(state, [1, 2], [1])
    assert damage == {theirs[3]: 1}                                 # 4 ahead: enemy slot 4
    state = load(rules, battle_position(rules, line("earth5", "spirit1", "air1"), other()))
    assert activate(state, [2, 3], []) == {"earth4": 1}             # from slot 3, 3 ahead is the enemy front


def test_strike_hits_the_dragon_in_front_and_ignores_range_reform():
    rules = made_rules(RANGE)
    state = load(rules, battle_position(rules, line("earth1"), other("earth4")))
    assert activate(state, [1], []) == {"earth4": 1}
    state = load(rules, battle_position(rules, line("earth1", "spirit1"), other("earth4")))
    assert activate(state, [1, 2], []) == {"earth4": 1}
    state = load(rules, battle_position(rules, line("earth5", "earth1"), other()))
    assert activate(state, [2], []) == {"earth5": 1}                # slot 2 strikes its own front


def test_blast_hits_two_and_three_with_range_but_no_further():
    rules = made_rules(RANGE)
    theirs = other()
    state = load(rules, battle_position(rules, line("fire1"), theirs))
    assert activate(state, [1], []) == {theirs[0]: 1, theirs[1]: 1}
    state = load(rules, battle_position(rules, line("fire1", "spirit1"), theirs))
    assert activate(state, [1, 2], []) == {theirs[0]: 1, theirs[1]: 1, theirs[2]: 1}
    theirs2 = other("spirit2")
    state = load(rules, battle_position(rules, line("fire1", "spirit1"), theirs2))
    assert activate(state, [1, 2], [1]) == {theirs2[0]: 1, theirs2[1]: 1, theirs2[2]: 1}


def test_explode_hits_in_front_and_itself_and_with_range_two_ahead_and_behind():
    rules = made_rules(RANGE)
    theirs = other()
    state = load(rules, battle_position(rules, line("ice1"), theirs))
    assert activate(state, [1], []) == {theirs[0]: 1, "ice1": 1}
    mine = line("ice1", "spirit1")
    state = load(rules, battle_position(rules, mine, theirs))
    assert activate(state, [1, 2], []) == {theirs[0]: 1, theirs[1]: 1, "spirit1": 1}   # not itself
    state = load(rules, battle_position(rules, mine, other("spirit2")))
    assert activate(state, [1, 2], [1]) == {"spirit2": 1, "ice5": 1, "spirit1": 1}     # no further bonus


def test_explode_behind_past_the_back_of_the_line_hits_nothing():
    rules = made_rules(RANGE)
    mine = ["earth5", "earth6", "spirit1", "ice1"]
    state = load(rules, battle_position(rules, mine, other()))
    assert activate(state, [3, 4], []) == {"earth6": 1, "spirit1": 1}   # 1 and 2 ahead; behind is off the line


def test_reform_changes_the_dragons_in_front_and_behind():
    rules = made_rules({"spirit1": {"reform": {"damage": 2}}})
    mine = ["earth1", "spirit1", "air1", "earth5"]
    state = load(rules, battle_position(rules, mine, other()))
    # earth1 (in front of the Spirit) strikes with 1 + 2; air1 (behind it) arches onto our own front with 1 + 2
    assert activate(state, [1, 2, 3], []) == {"earth4": 3, "earth1": 3}
    state = load(rules, battle_position(rules, mine, other()))
    assert activate(state, [1, 3], []) == {"earth4": 1, "earth1": 1}          # the Spirit not activated


def test_a_front_spirit_reforms_the_enemy_front():
    rules = made_rules({"spirit1": {"reform": {"damage": 2}}})
    state = load(rules, battle_position(rules, line("spirit1"), other("earth4")))
    assert activate(state, [1], [1]) == {"spirit1": 3}               # the enemy front strikes with 1 + 2


# --- L5: who Reforms, stacking, floors, modified Health ---------------------------------------------


def test_l5_only_activated_spirits_reform_unless_the_variant_says_so():
    over = {"spirit1": {"reform": {"damage": 2}}}
    mine = line("earth1", "spirit1")
    rules = made_rules(over)
    assert activate(load(rules, battle_position(rules, mine, other())), [1], []) == {"earth4": 1}
    rules = made_rules(over, reform_needs_no_activation=True)
    assert activate(load(rules, battle_position(rules, mine, other())), [1], []) == {"earth4": 3}


def test_l5_reforms_stack_from_both_sides():
    rules = made_rules({"spirit1": {"reform": {"damage": 1}}, "spirit2": {"reform": {"damage": 2}}})
    state = load(rules, battle_position(rules, line("earth1", "spirit1"), other("spirit2")))
    assert activate(state, [1, 2], [1]) == {"spirit2": 4}


def test_l5_damage_never_drops_below_zero():
    rules = made_rules({"spirit1": {"reform": {"damage": -3}}, "earth1": {"damage": 2}})
    state = load(rules, battle_position(rules, line("earth1", "spirit1"), other()))
    assert activate(state, [1, 2], []) == {}


def test_l5_health_never_drops_below_one():
    rules = made_rules({"spirit1": {"reform": {"health": -5}}, "earth1": {"health": 3}})
    state = load(rules, battle_position(rules, line("earth5", "spirit1", "earth1"), other()))
    activate(state, [2], [])                      # earth1 reformed to Health 3 - 5, but nobody deals damage
    assert state.last["fallback"] and destroyed(state) == [["earth5"], ["earth4"]]   # not a Health of 0 or less
    state = load(rules, battle_position(rules, ["earth2", "spirit1", "earth1", "earth3"], other()))
    activate(state, [2, 4], [])                   # earth3 in slot 4 strikes earth1 for 1: Health floor 1
    assert destroyed(state) == [["earth1"], []] and not state.last["fallback"]


def test_l5_modified_health_decides_destruction():
    rules = made_rules({"spirit1": {"reform": {"health": 2}}, "earth1": {"health": 2}, "earth4": {"damage": 3}})
    state = load(rules, battle_position(rules, line("earth1", "spirit1"), other("earth4")))
    assert activate(state, [], [1]) == {"earth1": 3}
    assert destroyed(state) == [["earth1"], []] and not state.last["fallback"]     # Health 2 < 3
    state = load(rules, battle_position(rules, line("earth1", "spirit1"), other("earth4")))
    assert activate(state, [2], [1]) == {"earth1": 3}
    assert state.last["fallback"]                                                   # Health 2 + 2 holds


# --- L7: a battle round ------------------------------------------------------------------------------


def test_l7_damage_is_simultaneous_destroyed_dragons_still_act():
    rules = made_rules({"earth1": {"damage": 9}, "earth4": {"damage": 9}})
    state = load(rules, battle_position(rules, line("earth1"), other("earth4")))
    activate(state, [1], [1])
    assert destroyed(state) == [["earth1"], ["earth4"]] and not state.last["fallback"]


def test_l7_fallback_destroys_both_fronts_when_nothing_fell():
    rules = made_rules()
    state = load(rules, battle_position(rules, line("earth1"), other("earth4")))
    activate(state, [1], [1])
    assert state.last["fallback"] and destroyed(state) == [["earth1"], ["earth4"]]


def test_l7_any_destruction_even_friendly_prevents_the_fallback():
    rules = made_rules({"earth5": {"health": 1}})
    state = load(rules, battle_position(rules, ["earth1", "earth5", "air1", "earth6"], other("earth4")))
    activate(state, [], [])
    assert state.last["fallback"]
    state = load(rules, battle_position(rules, ["earth5", "earth1", "air1", "earth6"], other("earth4")))
    activate(state, [2], [])                                         # slot 2 strikes our own weak front
    assert destroyed(state) == [["earth5"], []] and not state.last["fallback"]


def test_l7_damage_stays_on_a_dragon_only_with_the_variant():
    for carry in (False, True):
        rules = made_rules({"earth1": {"health": 3}, "air1": {"damage": 2}}, damage_carries_over=carry)
        position = battle_position(rules, ["earth2", "earth1", "earth3", "earth5"], other("air1"),
                                   hand1=["fire1"], hand2=["fire2"])
        state = load(rules, position)
        assert activate(state, [], [1]) == {"earth1": 2}                          # arch onto seat 1's slot 2
        assert state.last["fallback"] and state.decision(0) == "remove"
        assert [rules.card_ids[c] for c in state.lines[0]] == ["earth1", "earth3", "earth5"]
        assert state.carried[0] == ([2, 0, 0] if carry else [0, 0, 0])


def test_l7_carried_damage_destroys_later():
    over = {"earth1": {"health": 3}, "earth4": {"damage": 2}}
    plain = made_rules(over)
    carry = made_rules(over, damage_carries_over=True)
    for rules, falls in ((plain, False), (carry, True)):
        position = battle_position(rules, line("earth1"), other("earth4"), damage=([2, 0, 0, 0], [0, 0, 0, 0]))
        if not rules.carry_damage:
            position["seats"][0]["damage"] = [0, 0, 0, 0]
        state = load(rules, position)
        activate(state, [], [1])
        assert (destroyed(state)[0] == ["earth1"] and not state.last["fallback"]) == falls


def test_l7_removal_close_up_and_refill_at_the_back():
    rules = made_rules()
    state = load(rules, battle_position(rules, ["earth1", "fire1", "air1", "ice1"], other("earth4"),
                                        hand1=["spirit1", "spirit2"], hand2=["fire2"]))
    activate(state, [], [])                                          # fallback: earth1 and earth4 fall
    assert state.to_move() == (0, 1) and state.decision(0) == "remove"
    legal = [str(a) for a in state.legal_actions(0)]
    assert legal[0] == "remove none" and "remove fire1 ice1" in legal and len(legal) == 8
    state.apply({0: GAME.parse_action(state, 0, "remove ice1 fire1"), 1: GAME.parse_action(state, 1, "remove none")})
    ids = rules.card_ids
    assert [ids[c] for c in state.lines[0]] == ["air1"]              # closed up toward the front, order kept
    assert "fire1" in [ids[c] for c in state.fallen] and "ice1" in [ids[c] for c in state.fallen]
    # seat 1 needs 3 but holds 2: the hand ends (L8) before anyone refills
    assert state.result is not None and state.result.winners == (1,) and state.result.reason == "line_short"


def test_l7_refill_one_card_at_a_time_only_seats_short_of_four():
    rules = made_rules()
    state = load(rules, battle_position(rules, ["earth1", "fire1", "air1", "ice1"], other("earth4"),
                                        hand1=["spirit1", "spirit2", "fire3"], hand2=["fire2", "air2"]))
    activate(state, [], [])
    state.apply({0: GAME.parse_action(state, 0, "remove fire1"), 1: GAME.parse_action(state, 1, "remove none")})
    assert state.decision(0) == "refill" and state.to_move() == (0, 1)
    state.apply({0: GAME.parse_action(state, 0, "refill spirit2"), 1: GAME.parse_action(state, 1, "refill air2")})
    assert state.to_move() == (0,)                                   # seat 2 is full again
    state.apply({0: GAME.parse_action(state, 0, "refill fire3")})
    ids = rules.card_ids
    assert [ids[c] for c in state.lines[0]] == ["air1", "ice1", "spirit2", "fire3"]
    assert [ids[c] for c in state.lines[1]][-1] == "air2"
    assert state.decision(0) == "activate" and state.round == 2
    assert state.view(1)["lines"][0][2:] == ["face-down", "face-down"]   # refills go in face down


def test_l7_illegal_choices_are_refused_and_change_nothing():
    rules = made_rules()
    state = load(rules, battle_position(rules, line("earth1"), other(), hand1=["fire1"]))
    before = state.to_dict()
    with pytest.raises(IllegalActionError):
        state.apply({0: GAME.parse_action(state, 0, "activate 1")})   # seat 2 has not chosen
    with pytest.raises(IllegalActionError):
        GAME.parse_action(state, 0, "refill fire1")
    with pytest.raises(IllegalActionError):
        GAME.parse_action(state, 0, "activate 5")
    with pytest.raises(NotationError):
        GAME.parse_action(state, 0, "fly away")
    assert state.to_dict() == before


# --- L8: the end, the tie-break, the score ---------------------------------------------------------------


def _end_after_fallback(rules, line1, line2, hand1, hand2):
    state = load(rules, battle_position(rules, line1, line2, hand1=hand1, hand2=hand2))
    activate(state, [], [])
    state.apply({s: GAME.parse_action(state, s, "remove none") for s in state.to_move()})
    return state


def test_l8_a_player_who_cannot_refill_loses_and_the_winner_scores_cards_in_hand():
    rules = made_rules()
    state = _end_after_fallback(rules, line("earth1"), other("earth4"), [], ["fire1", "fire2"])
    assert state.result.winners == (1,) and state.result.reason == "line_short"
    assert state.result.scores == (0.0, 3.0)                          # 1 + 2 cards left in hand


def test_l8_neither_can_refill_more_printed_health_on_the_table_wins():
    rules = made_rules({"earth5": {"health": 8}})
    state = _end_after_fallback(rules, line("earth1"), other("earth4"), [], [])
    # seat 1 keeps earth5 (8), earth6, earth7 (9 each) = 26; seat 2 keeps earth1-3 ... 27
    assert state.result.reason == "health" and state.result.winners == (1,)
    assert state.result.scores == (0.0, 1.0)


def test_l8_equal_health_is_a_tied_hand():
    rules = made_rules()
    state = _end_after_fallback(rules, line("earth1"), other("earth4"), [], [])
    assert state.result.reason == "tie" and state.result.winners == () and state.result.is_draw


def test_l8_printed_health_not_reformed_health_breaks_the_tie():
    rules = made_rules({"spirit1": {"reform": {"health": 5}}}, reform_needs_no_activation=True)
    state = _end_after_fallback(rules, line("earth1", "spirit1"), other("earth4", "spirit2"), [], [])
    assert state.result.reason == "tie"               # 27 printed each; spirit1's +5 on earth5 does not count


def test_round_cap_ends_the_hand_untied_as_a_hazard():
    data = shipped_data()
    capped = data.settings.model_copy(update={"round_cap": 1})
    from dataclasses import replace

    from .helpers import made_deck

    files = {"suits": data.suits, "dragons": made_deck()}
    rules = GAME.make_rules(replace(data, settings=capped, files=files, _derived={}))
    state = _end_after_fallback(rules, line("earth1"), other("earth4"), ["fire1"], ["fire2"])
    state.apply({0: GAME.parse_action(state, 0, "refill fire1"), 1: GAME.parse_action(state, 1, "refill fire2")})
    assert state.result.reason == "round_cap" and state.result.winners == ()
    assert GAME.part(ReportPart).hazards(state, None) == {"round_cap": 1}


# --- L6: the draft -------------------------------------------------------------------------------------


def test_l6_draft_card_arithmetic_and_trades():
    rules = shipped_rules()
    s = rules.settings
    left = s.stack_size - sum(s.draft_picks) - s.line_size
    assert (s.deck_size, s.random_discard, 2 * left, sum(s.draft_picks), s.line_size) == (35, 5, 10, 6, 4)
    assert s.deck_size == s.random_discard + 2 * left + 2 * (sum(s.draft_picks) + s.line_size)
    state = GAME.new_game(rules, seed=3, setup="hand")
    assert len(state.buried) == 5 and [len(x) for x in state.stacks] == [15, 15]
    first = [list(x) for x in state.stacks]
    rng = random.Random(0)
    state.apply({p: rng.choice(state.legal_actions(p)) for p in (0, 1)})
    assert [len(h) for h in state.hands] == [1, 1]
    # traded: seat 1 now holds seat 2's stack less seat 2's pick, and the other way round
    assert state.stacks[0] == sorted(set(first[1]) - {state.drafted[1][0]})
    assert state.stacks[1] == sorted(set(first[0]) - {state.drafted[0][0]})
    picks_per_node = []
    while state.phase == 0:
        picks_per_node.append(state.picks_left)
        state.apply({p: rng.choice(state.legal_actions(p)) for p in (0, 1)})
    assert picks_per_node == [2, 1, 3, 2, 1]                         # steps of 2 and 3 cards, one node per card
    assert [len(h) for h in state.hands] == [6, 6] and [len(x) for x in state.stacks] == [9, 9]
    assert state.decision(0) == "line"
    while state.phase == 1:
        state.apply({p: rng.choice(state.legal_actions(p)) for p in (0, 1)})
    assert [len(x) for x in state.lines] == [4, 4] and len(state.buried) == 15 and state.stacks == [[], []]
    assert [len(h) for h in state.hands] == [6, 6] and state.round == 1 and state.decision(1) == "activate"


def test_l6_starting_line_comes_from_the_stack_in_front_after_the_last_trade():
    rules = shipped_rules()
    state = GAME.new_game(rules, seed=8, setup="hand")
    rng = random.Random(1)
    while state.phase == 0:
        state.apply({p: rng.choice(state.legal_actions(p)) for p in (0, 1)})
    # the line-up stack of seat 1 is the stack seat 2 saw at its last step, less seat 2's last 3 picks
    seen_by_2 = {c for c in range(35) if state.seen_stacks[1][2] >> c & 1}
    assert set(state.stacks[0]) == seen_by_2 - set(state.drafted[1][-3:])


# --- L9: a match ------------------------------------------------------------------------------------------


def test_l9_a_match_plays_the_data_number_of_hands_and_sums_points():
    rules = shipped_rules()
    state = GAME.new_game(rules, seed=5)
    rng = random.Random(5)
    while state.result is None:
        state.apply({p: rng.choice(state.legal_actions(p)) for p in state.to_move()})
    assert len(state.hands_log) == rules.settings.match_hands == state.hand
    totals = [sum(h["points"][s] for h in state.hands_log) for s in (0, 1)]
    assert list(state.result.scores) == totals
    assert state.result.winners == (() if totals[0] == totals[1] else ((0,) if totals[0] > totals[1] else (1,)))
    assert state.result.rounds == sum(h["rounds"] for h in state.hands_log)


def test_unknown_rules_option_and_setup_are_clear_errors():
    with pytest.raises(NotationError, match="unknown rules option"):
        shipped_rules(no_such_rule=True)
    with pytest.raises(NotationError, match="unknown setup"):
        GAME.new_game(shipped_rules(), 1, setup="sealed")
    with pytest.raises(NotationError, match="2 players"):
        GAME.new_game(shipped_rules(), 1, players=3)
