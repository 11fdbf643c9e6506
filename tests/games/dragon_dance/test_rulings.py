"""One or more scenarios per ruling of /work/shared/dragon_dance/RULINGS.md (D1-D12 and the variants)."""

from __future__ import annotations

import pytest

from dragon_pnp.errors import IllegalActionError
from dragon_pnp.games.chance import roll
from dragon_pnp.games.dragon_dance import GAME
from dragon_pnp.games.dragon_dance.rules import LONG, SHORT
from dragon_pnp.games.dragon_dance.state import COMBO, DIE, OVER, new_game

from .helpers import DRAGON, KNIGHT, act, dance_data, round_, rules, state


def _ids(rules_, seat, mask):
    return [c.id for c in rules_.cards[seat] if mask >> c.index & 1]


# --- components and setup (D1-D4) ----------------------------------------------------------------

def test_d1_each_side_has_8_cards_its_life_and_its_dice():
    r = rules()
    assert [len(cards) for cards in r.cards] == [8, 8]
    assert r.life0 == (9, 20)
    assert r.dice0 == (5, 3)


def test_d2_each_aid_side_lists_exactly_the_cards_playable_at_that_range():
    r = rules()
    assert _ids(r, KNIGHT, r.playable[KNIGHT][LONG]) == ["charge", "dodge", "parry", "advance", "retreat", "recuperate"]
    assert _ids(r, KNIGHT, r.playable[KNIGHT][SHORT]) == ["hack", "slash", "dodge", "parry", "advance", "retreat", "recuperate"]
    assert _ids(r, DRAGON, r.playable[DRAGON][LONG]) == ["breathe_fire", "tail_lash", "flap", "advance", "retreat", "recuperate"]
    assert _ids(r, DRAGON, r.playable[DRAGON][SHORT]) == ["rake", "tail_lash", "bite", "flap", "advance", "retreat", "recuperate"]


def test_d3_card_kinds_charge_moves_and_hack_slash_carry_combo():
    r = rules()
    charge = r.card(KNIGHT, "charge")
    assert charge.attack and charge.move == 1
    assert [c.id for c in r.cards[KNIGHT] if c.combo] == ["hack", "slash"]
    assert all(len(c.table) == 7 for cards in r.cards for c in cards)
    assert {c.kind for cards in r.cards for c in cards} == {"attack", "defence", "movement", "special"}


def test_d4_setup_full_life_long_range_all_dice_rolled_reproducibly():
    r = rules()
    first = new_game(r, 7)
    assert first.life == [9, 20] and first.range == LONG and first.round == 1
    assert [len(d) for d in first.dice] == [5, 3] and first.spent == [0, 0]
    assert first.hands == list(r.all_cards)
    assert new_game(r, 7).to_dict() == first.to_dict()
    assert {new_game(r, seed).dice[KNIGHT] for seed in range(20)} != {first.dice[KNIGHT]}


# --- the round (D5-D11) ---------------------------------------------------------------------------

def test_d5_both_choose_a_die_or_none_together_and_the_die_leaves_the_pool():
    s = state(knight={"dice": [2, 5, 5]}, dragon={"dice": [1, 6]})
    assert s.to_move() == (KNIGHT, DRAGON) and s.decision(KNIGHT) == "die"
    assert [str(a) for a in s.legal_actions(KNIGHT)] == ["no die", "die 2", "die 5"]
    act(s, "die 5", "no die")
    assert s.dice == [(2, 5), (1, 6)] and s.table_die == [5, 0]
    assert s.view(KNIGHT)["dragon"]["table"] == {"die": "none", "card": None}   # revealed together
    with pytest.raises(IllegalActionError, match="no die showing 4"):
        _die(state(knight={"dice": [2]}), 4)


def _die(s, face):
    from dragon_pnp.games.dragon_dance.actions import die_action

    s.apply({KNIGHT: die_action(face), DRAGON: die_action(0)})


def test_d6_a_card_must_be_in_hand_and_playable_at_the_range():
    s = state(range="long", knight={"discard": ["dodge"]})
    act(s, "no die", "no die")
    legal = [str(a) for a in s.legal_actions(KNIGHT)]
    assert legal == ["play charge", "play parry", "play advance", "play retreat", "play recuperate"]
    with pytest.raises(IllegalActionError, match="Hack cannot be played at long range"):
        GAME.parse_action(s, KNIGHT, "play hack")
    with pytest.raises(IllegalActionError, match="Dodge is in the discard pile"):
        GAME.parse_action(s, KNIGHT, "play dodge")


def test_d6_recuperate_is_always_legal_even_with_every_other_card_discarded():
    everything_else = ["charge", "hack", "slash", "dodge", "parry", "advance", "retreat"]
    s = state(range="long", knight={"discard": everything_else, "dice": []})
    act(s, "no die", "no die")
    assert [str(a) for a in s.legal_actions(KNIGHT)] == ["play recuperate"]


def test_d7_damage_is_attack_minus_protection_never_below_zero():
    data = dance_data()
    s = round_(state(knight={"dice": [6]}, dragon={"dice": [1]}), "die 6", "hack", "die 1", "flap")
    expected = max(0, data.card("knight", "hack").value(6) - data.card("dragon", "flap").value(1))
    assert s.life[DRAGON] == 20 - expected
    s = round_(state(knight={"dice": [1]}, dragon={"dice": [1]}), "die 1", "slash", "die 1", "flap")
    assert s.life[DRAGON] == 20                                  # 1 - 4 is no damage, never healing


def test_d7_two_attacks_land_together():
    data = dance_data()
    s = round_(state(knight={"dice": [3]}, dragon={"dice": [5]}), "die 3", "slash", "die 5", "bite")
    assert s.life == [9 - data.card("dragon", "bite").value(5), 20 - data.card("knight", "slash").value(3)]


def test_d7_a_die_with_a_card_without_table_does_nothing_but_is_discarded():
    s = round_(state(knight={"dice": [6, 2]}, dragon={"dice": [4]}), "die 6", "advance", "die 4", "retreat")
    assert s.life == [9, 20]
    assert s.dice[KNIGHT] == (2,) and s.spent == [4, 3]
    assert s.counts["bluff_knight"] == 1 and s.counts["bluff_dragon"] == 1


def test_d8_dodge_takes_no_damage_whatever_the_dragon_plays():
    for card in ("breathe_fire", "tail_lash"):
        s = round_(state(range="long", dragon={"dice": [6]}), "no die", "dodge", "die 6", card)
        assert s.life[KNIGHT] == 9


def test_d8_dodge_also_stops_a_combo_follow_up(dance_copy):
    # The seed's dragon has no Combo cards; give it Rake and Bite as a Combo pair to test D8 fully.
    cards = dance_copy / "dragon_cards.yaml"
    text = cards.read_text(encoding="utf-8")
    for card in ("rake", "bite"):
        text = text.replace(f"  - id: {card}\n", f"  - id: {card}\n    combo: true\n", 1)
    cards.write_text(text, encoding="utf-8")
    r = GAME.make_rules(dance_copy)
    s = round_(state(r, dragon={"dice": [6, 6]}), "no die", "parry", "die 6", "rake")
    assert s.phase == COMBO and s.to_move() == (DRAGON,)     # against Parry the follow-up comes
    s = round_(state(r, dragon={"dice": [6, 6]}), "no die", "dodge", "die 6", "rake")
    assert s.life[KNIGHT] == 9 and s.phase == DIE            # against Dodge: no damage, no follow-up


def test_d9_movement_one_reduce_one_increase_leaves_the_range():
    assert round_(state(range="long"), "no die", "advance", "no die", "retreat").range == LONG
    assert round_(state(range="short"), "no die", "advance", "no die", "retreat").range == SHORT
    assert round_(state(range="long"), "no die", "advance", "no die", "flap").range == SHORT
    assert round_(state(range="short"), "no die", "parry", "no die", "retreat").range == LONG
    assert round_(state(range="long"), "no die", "charge", "no die", "advance").range == SHORT


def test_d9_movement_comes_before_the_combo_so_a_retreat_stops_it():
    s = round_(state(knight={"dice": [6, 6]}), "die 6", "hack", "no die", "retreat")
    assert s.life[DRAGON] < 20 and s.range == LONG
    assert s.phase == DIE and s.round == 2                  # no combo node
    assert s.counts["combo_blocked"] == 1


def test_d10_combo_needs_damage_dealt():
    s = round_(state(knight={"dice": [1, 6]}, dragon={"dice": [1]}), "die 1", "hack", "die 1", "flap")
    assert s.life[DRAGON] == 20 and s.phase == DIE


def test_d10_combo_needs_the_other_card_in_hand_not_the_discard():
    s = round_(state(knight={"dice": [6, 6], "discard": ["slash"]}), "die 6", "hack", "no die", "advance")
    assert s.life[DRAGON] < 20 and s.phase == DIE


def test_d10_the_follow_up_is_undefended_and_cannot_combo_again():
    data = dance_data()
    s = round_(state(knight={"dice": [6, 6]}, dragon={"dice": [3]}), "die 6", "hack", "die 3", "flap")
    main = data.card("knight", "hack").value(6) - data.card("dragon", "flap").value(3)
    assert main > 0 and data.card("dragon", "flap").value(3) > 0
    assert s.phase == COMBO and s.life[DRAGON] == 20 - main
    act(s, knight="combo slash die 6")
    assert s.life[DRAGON] == 20 - main - data.card("knight", "slash").value(6)   # Flap does not count
    assert s.phase == DIE and s.round == 2


def test_d10_the_knight_may_decline_or_follow_up_without_a_die():
    s = round_(state(knight={"dice": [6, 3]}), "die 6", "slash", "no die", "advance")
    assert [str(a) for a in s.legal_actions(KNIGHT)] == ["no combo", "combo hack no die", "combo hack die 3"]
    assert s.legal_actions(DRAGON) == [] and s.decision(DRAGON) == "none"
    before = s.life[DRAGON]
    act(s, knight="no combo")
    assert s.life[DRAGON] == before and s.hands[KNIGHT] >> 1 & 1 and s.counts["combo_declined"] == 1


def test_d11_played_cards_and_used_dice_go_to_the_discard():
    s = round_(state(knight={"dice": [4, 5]}, dragon={"dice": [2, 3]}), "die 4", "parry", "die 3", "tail_lash")
    assert _ids(s.rules, KNIGHT, s.discards[KNIGHT]) == ["parry"]
    assert _ids(s.rules, DRAGON, s.discards[DRAGON]) == ["tail_lash"]
    assert s.dice == [(5,), (2,)] and s.spent == [4, 2]


def test_d11_recuperate_returns_everything_itself_and_this_rounds_die_then_rerolls_all():
    s = state(knight={"dice": [6], "discard": ["charge", "hack", "parry"]})
    round_(s, "die 6", "recuperate", "no die", "advance")
    assert s.hands[KNIGHT] == s.rules.all_cards[KNIGHT] and s.discards[KNIGHT] == 0
    assert len(s.dice[KNIGHT]) == 5 and s.spent[KNIGHT] == 0
    # The re-roll comes from the position's generator: the same position rolls the same dice.
    again = round_(state(knight={"dice": [6], "discard": ["charge", "hack", "parry"]}), "die 6", "recuperate", "no die", "advance")
    assert again.dice[KNIGHT] == s.dice[KNIGHT]


def test_recuperate_keeps_dice_variant_rerolls_only_the_reclaimed_dice():
    r = rules(recuperate_keeps_dice=True)
    s = round_(state(r, knight={"dice": [6, 6, 6]}), "die 6", "recuperate", "no die", "advance")
    reclaimed, _ = roll(3, 12345)                       # 2 spent dice and this round's 6
    assert s.dice[KNIGHT] == tuple(sorted((6, 6) + reclaimed))
    default = round_(state(knight={"dice": [6, 6, 6]}), "die 6", "recuperate", "no die", "advance")
    assert default.dice[KNIGHT] == roll(5, 12345)[0]    # the default re-rolls all five


def test_d12_the_game_ends_at_the_end_of_the_round_the_winner_has_life():
    s = round_(state(dragon={"life": 2}, knight={"dice": [6, 6]}), "die 6", "hack", "no die", "advance")
    assert s.life[DRAGON] <= 0
    assert s.phase == COMBO                                   # the round is not over yet ...
    act(s, knight="combo slash die 6")
    assert s.phase == OVER and s.result.winners == (KNIGHT,) and s.result.reason == "knockout"
    assert s.to_move() == () and s.legal_actions(KNIGHT) == []


def test_d12_both_at_zero_is_a_draw():
    s = round_(state(knight={"life": 1, "discard": ["slash"]}, dragon={"life": 1}), "no die", "hack", "no die", "rake")
    assert s.result is not None and s.result.winners == () and s.result.reason == "double_knockout"
    assert s.result.is_draw


def test_round_cap_ends_the_game_as_a_draw(dance_copy):
    game = dance_copy / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("round_cap: 60", "round_cap: 2"), encoding="utf-8")
    r = GAME.make_rules(dance_copy)
    s = new_game(r, 1)
    round_(s, "no die", "parry", "no die", "flap")
    round_(s, "no die", "dodge", "no die", "retreat")
    assert s.result.reason == "round_cap" and s.result.winners == () and s.result.rounds == 2
    assert s.counts["round_cap"] == 1


def test_d12_everything_but_the_choices_is_open():
    s = new_game(rules(), 3)
    assert s.view(KNIGHT)["dragon"]["dice"] == list(s.dice[DRAGON])
    assert s.view(DRAGON)["knight"]["hand"] == s.view(KNIGHT)["knight"]["hand"]
    assert "rng" not in s.view(KNIGHT) and "rng" not in s.view(None)   # future re-rolls are nobody's


def test_combo_before_movement_variant_lets_the_combo_beat_a_retreat():
    r = rules(combo_before_movement=True)
    s = round_(state(r, knight={"dice": [6, 6]}), "die 6", "hack", "no die", "retreat")
    assert s.phase == COMBO and s.range == SHORT
    act(s, knight="combo slash die 6")
    assert s.range == LONG and s.phase == DIE
