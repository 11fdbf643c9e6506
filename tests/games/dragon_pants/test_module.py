"""Dragon Pants behind the game interface: invariants at every step, the generic players, the
position text, what a seat sees, and the turn that never ends."""

from __future__ import annotations

import random

import pytest

from dragon_pnp.errors import IllegalActionError, NotationError
from dragon_pnp.games.conformance import run_conformance
from dragon_pnp.games.dragon_pants import GAME
from dragon_pnp.games.dragon_pants.engine import state as dp_state
from dragon_pnp.games.parts import ReportPart
from dragon_pnp.games.position_files import dump_yaml, load_position, position_document, read_position_file
from dragon_pnp.games.registry import game_module, module_for_game
from dragon_pnp.games.turns import SeatByBoard
from dragon_pnp.players import policies_of
from dragon_pnp.report.plan import Config
from dragon_pnp.report.simulate import Table, play_game


def test_the_registry_finds_dragon_pants(game):
    assert game_module("dragon_pants") is GAME and module_for_game(game) is GAME
    assert GAME.player_counts(game) == [2, 3, 4, 5, 6]
    assert GAME.setups(game) == ["standard", "volatile", "long"] and GAME.part(ReportPart).default_setup(game) == "standard"
    assert GAME.seat_names(game, 3) == ["S", "NW", "NE"]
    assert sorted(policies_of(GAME)) == ["greedy", "lookahead", "random", "search"]


def test_the_conformance_suite_passes_at_every_player_count(game):
    """Five consecutive playouts take the five player counts (and the presets in turn)."""
    found = run_conformance(game, GAME, playouts=5, seed=7, round_trips=3)
    assert found.passed, "\n".join(map(str, found.failures))
    assert found.playouts == 5 and found.steps > 25


@pytest.mark.parametrize("policy", ["random", "lookahead"])
def test_the_generic_players_play_dragon_pants_to_the_end(game, rules, policy):
    table = Table(GAME, game, rules)
    records = [play_game(table, Config(3, "standard", policy), seed) for seed in range(8)]
    assert all(r.error is None and r.reason in ("time", "destiny_exhausted", "stall") for r in records)
    assert any(r.winners for r in records)
    assert all(r.metrics["actions"] > 0 and r.minutes > 0 for r in records)


def test_lookahead_beats_random(game, rules):
    table = Table(GAME, game, rules)
    config = Config(2, "standard", "mixed", ("lookahead", "random"))
    records = [play_game(table, config, seed, index) for index, seed in enumerate(range(60))]
    wins = {"lookahead": 0, "random": 0}
    for r in records:
        for seat in r.winners:
            wins[r.seat_policies[seat]] += 1
    assert wins["lookahead"] > 2 * wins["random"], wins


def test_position_text_is_the_engines_with_pending_added(rules, tmp_path):
    rng = random.Random(4)
    for seed in range(5):
        state = GAME.new_game(rules, seed=seed, players=2 + seed)
        for _ in range(rng.randrange(10, 90)):
            if state.result is not None:
                break
            (seat,) = state.to_move()
            state.apply({seat: rng.choice(state.legal_actions(seat))})
        document = position_document("dragon_pants", rules.options, SeatByBoard(GAME, state))
        text = dump_yaml(document)
        assert text == dump_yaml(state.to_dict()) + "pending: {}\n"
        (tmp_path / "p.yaml").write_text(text)
        board, _ = load_position(GAME, rules.data, *read_position_file(tmp_path / "p.yaml"))
        assert dump_yaml(position_document("dragon_pants", rules.options, board)) == text


def test_a_seat_sees_the_public_table_but_not_the_decks(rules):
    state = GAME.new_game(rules, seed=2, players=4)
    view = state.view(0)
    assert view["seat"] == 1 and view["players"] == 4 and view["pants"] == view["current"]
    assert isinstance(view["power_deck"], int) and isinstance(view["destiny_deck"], int)
    assert "rng" not in view and [d["hand_size"] for d in view["dragons"]] == [1, 1, 1, 1]
    assert view["dragons"][2]["hand"] == state.to_dict()["dragons"][2]["hand"]  # hands lie face up


def test_actions_are_refused_in_words(rules):
    state = GAME.new_game(rules, seed=1, players=2)
    (seat,) = state.to_move()
    with pytest.raises(NotationError, match="unknown verb 'fly'"):
        GAME.parse_action(state, seat, "fly 0,0")
    with pytest.raises(IllegalActionError, match="does not decide now"):
        GAME.parse_action(state, 1 - seat, "end")
    with pytest.raises(IllegalActionError, match="must first move out"):
        GAME.parse_action(state, seat, "end")
    with pytest.raises(IllegalActionError, match="decides now, alone"):
        state.apply({0: state.legal_actions(seat)[0], 1: state.legal_actions(seat)[0]})


def test_a_turn_that_never_ends_is_cut_off_as_a_stall(game, rules, monkeypatch):
    monkeypatch.setattr(dp_state, "DECISIONS_PER_TURN_CAP", 1)  # any turn of two decisions now runs too long
    table = Table(GAME, game, rules)
    record = play_game(table, Config(2, "standard", "random"), seed=3)
    assert record.reason == "stall" and not record.winners
    assert record.hazards.get("endless_turn") == 1 and record.hazards.get("stall") == 1
    assert not any(k.startswith("stall_") for k in record.hazards)
