"""The playtest in process: what the page is offered comes from the engine, and what it plays the
engine confirms by replaying the logged actions from the same seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragon_pnp.games.position_files import load_position, read_position_file
from dragon_pnp.games.registry import load_game, module_for_game
from dragon_pnp.games.turns import SeatByBoard
from dragon_pnp.studio.playtest import Playtest, PlaytestError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pants():
    return load_game(ROOT / "data" / "dragon_pants")


def replayed(game, seed: int, players: int | None, log: list[dict]) -> SeatByBoard:
    """The same game dealt by the engine and played through the logged actions, in order."""
    module = module_for_game(game)
    rules = module.make_rules(game, {name: o.default for name, o in (game.game.rules_options or {}).items()})
    board = SeatByBoard(module, module.new_game(rules, seed, players, None, record=True))
    for entry in log:
        assert entry["action"] is not None, entry
        board.apply(entry["action"])
    return board


def test_hot_seat_offers_the_engines_actions_and_replays(pants, tmp_path):
    playtest = Playtest(lambda: pants)
    shown = playtest.new_game(seed=7, players=3)
    assert shown["legal"] and shown["moves"] == 0 and shown["board"].startswith("<svg")
    for _ in range(6):
        shown = playtest.act(shown["legal"][-1])
    board = replayed(pants, 7, 3, shown["log"])
    assert [str(a) for a in board.legal_actions()] == shown["legal"]
    assert shown["decider"] == board.decider + 1
    # The saved position is what `dragon-pnp play --position` continues: the same state.
    saved = tmp_path / "position.yaml"
    saved.write_text(playtest.position_yaml(), encoding="utf-8")
    raw, source = read_position_file(saved)
    loaded, _ = load_position(module_for_game(pants), pants, raw, source)
    assert loaded.state.to_dict() == board.state.to_dict()


def test_policies_reply_and_undo_takes_their_moves_back(pants):
    playtest = Playtest(lambda: pants)
    first = playtest.new_game(seed=3, players=2, controllers=["person", "greedy"])
    assert first["decider"] == 1 or first["controllers"][first["decider"] - 1] == "person"
    moves = first["moves"]
    shown = first
    while shown["decider"] == first["decider"] and shown["result"] is None:
        shown = playtest.act(shown["legal"][0])   # "end" comes last: this plays the turn out
    assert shown["moves"] > moves + 1 and any(e["seat"] == 2 for e in shown["log"][moves:])
    assert replayed(pants, 3, 2, shown["log"]).state.to_dict() == playtest._game.board.state.to_dict()
    back = playtest.undo()
    assert back["log"] == shown["log"][:len(back["log"])] and back["decider"] == 1
    assert all(entry["seat"] == 1 for entry in shown["log"][len(back["log"]):][:1])


def test_a_policy_only_game_plays_to_its_end_reproducibly(pants):
    one = Playtest(lambda: pants).new_game(seed=5, players=2, controllers=["random", "greedy"])
    two = Playtest(lambda: pants).new_game(seed=5, players=2, controllers=["random", "greedy"])
    assert one["result"] is not None and one["legal"] == []
    assert one["log"] == two["log"]


def test_mistakes_are_refused_with_a_reason(pants):
    playtest = Playtest(lambda: pants)
    with pytest.raises(PlaytestError, match="deal one"):
        playtest.act("end")
    with pytest.raises(PlaytestError, match="unknown player 'wizard'"):
        playtest.new_game(seed=1, players=2, controllers=["person", "wizard"])
    shown = playtest.new_game(seed=1, players=2)
    with pytest.raises(PlaytestError, match="first action must be a move"):   # the engine's own reason
        playtest.act("play fireball 9")
    assert playtest.state()["log"] == shown["log"]       # a refused action changes nothing
    with pytest.raises(PlaytestError, match="nothing to undo"):
        playtest.undo()
    assert Playtest(lambda: None).state() == {"started": False, "playable": False, "why": "the data does not load"}


def test_a_simultaneous_choice_stays_hidden_until_both_chose():
    from dragon_pnp.games.dragon_dance import GAME as dance
    from dragon_pnp.games.registry import load_game

    Game = load_game(ROOT / "data" / "dragon_dance")
    assert Game.module is dance
    playtest = Playtest(lambda: Game)
    shown = playtest.new_game(seed=2)
    assert shown["to_move"] == [1, 2] and shown["decider"] == 1
    choice = shown["legal"][-1]
    shown = playtest.act(choice)
    assert shown["decider"] == 2 and shown["committed"] == [1]
    assert shown["log"][-1]["action"] is None and "hidden" in shown["log"][-1]["text"]
    assert "my_choice" not in shown["view"] and choice not in str(shown["log"])
    second = shown["legal"][0]
    shown = playtest.act(second)
    assert [e["action"] for e in shown["log"]] == [choice, second]   # revealed together
    assert replayed_dance(Game, 2, shown["log"]) == playtest._game.board.state.to_dict()


def replayed_dance(game, seed: int, log: list[dict]) -> dict:
    from dragon_pnp.games.dragon_dance import GAME as dance

    board = SeatByBoard(dance, dance.new_game(dance.make_rules(game, {}), seed, record=True))
    for entry in log:
        board.apply(entry["action"])
    return board.state.to_dict()


@pytest.mark.parametrize("slug", ["dragon_dance", "dragon_line"])
def test_every_game_with_rules_plays_to_its_end_as_the_engine_replays_it(slug):
    """Each new game's playtest (policies on both seats) ends, and the engine confirms it move for move."""
    game = load_game(ROOT / "data" / slug)
    playtest = Playtest(lambda: game)
    shown = playtest.new_game(seed=4, players=2, controllers=["random", "random"])
    assert shown["result"] is not None and shown["legal"] == []
    again = Playtest(lambda: game).new_game(seed=4, players=2, controllers=["random", "random"])
    assert shown["log"] == again["log"]
    assert replayed(game, 4, 2, shown["log"]).state.to_dict() == playtest._game.board.state.to_dict()
