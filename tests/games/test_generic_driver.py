"""The generic rules check, play adapter and position files on a toy game defined in the tests.

Toy Dice (tests/games/toy_game.py) has what Dragon Pants lacks: both seats choosing at once,
dice, named seats, a sequential tie-break between simultaneous rounds, and metrics of every
shape. It is registered at run time, so the check's workers find it like a shipped module. Its
game folder is a renamed copy of the Dragon Pants data (today's loader wants those files); only
the name and print profile are read from it.
"""

from __future__ import annotations

import copy
import json
import random
import shutil

import pytest

from dragon_pnp.errors import IllegalActionError
from dragon_pnp.games import registry
from dragon_pnp.games.api import PlayTrace, PositionError
from dragon_pnp.games.conformance import run_conformance
from dragon_pnp.games.position_files import dump_yaml, load_position, position_document, read_position_file
from dragon_pnp.games.registry import load_game
from dragon_pnp.games.turns import SeatByBoard
from dragon_pnp.players import policies_of
from dragon_pnp.report.check import CheckSettings, Execution, run_check
from dragon_pnp.report.writers import write_report
from games.toy_game import TOY
from tests.conftest import DATA

SETTINGS = CheckSettings(games=40, policies=("random", "lookahead", "mixed"), duel_games=30, seed=5, batch_games=15)


@pytest.fixture(scope="module")
def toy_game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("games") / "toy_dice"
    shutil.copytree(DATA, folder)
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text().replace("name: Dragon Pants", "name: Toy Dice", 1))
    registry.register(TOY)
    return load_game(folder)


@pytest.fixture(scope="module")
def report(toy_game) -> dict:
    return run_check(toy_game, SETTINGS, Execution(jobs=1), module=TOY)


def test_configurations_come_from_the_module(report):
    keys = [c["config"]["key"] for c in report["configs"]]
    assert keys == ["2p-short-random", "2p-short-lookahead", "2p-long-random", "2p-long-lookahead"]
    assert [d["config"]["key"] for d in report["duels"]] == ["2p-short-mixed"]
    assert report["settings"]["mixed"] == ["lookahead", "random"] and report["settings"]["reference"] == "lookahead"
    assert report["total_games"] == 4 * 40 + 30
    assert report["game"]["name"] == "Toy Dice" and report["game"]["seat_names"] == {"2": ["red", "blue"]}


def test_every_game_ends_and_is_counted(report):
    for c in report["configs"] + report["duels"]:
        completion = c["completion"]
        assert list(completion) == ["target", "round_cap", "error"]
        assert sum(row["count"] for row in completion.values()) == c["games"]
        assert completion["error"]["count"] == 0, c["errors"]["cases"]
        fair = c["fairness"]
        assert fair["decided"] + fair["draws"]["count"] == c["games"]
        assert sum(s["wins"] for s in fair["seats"]) == fair["decided"]
        assert fair["first_player"]["games"] == 0  # both seats move at once: nobody moves first
        assert list(fair["roles"]) == ["red", "blue"] and fair["roles"]["red"]["wins"] == fair["seats"][0]["wins"]
        assert [s["count"] for s in fair["scores"]] == [c["games"]] * 2 and 0 < fair["scores"][0]["mean"] < 3
        assert c["length"]["minutes"]["min"] >= 1.0 + 0.5 * 2


def test_metrics_of_every_shape_are_summarised(report):
    m = report["configs"][0]["metrics"]
    assert m["tokens_bid"]["kind"] == "per_seat" and len(m["tokens_bid"]["seats"]) == 2
    assert m["faces"]["kind"] == "counts" and set(m["faces"]["keys"]) <= {"1", "2", "3", "4", "5", "6"}
    rolls = sum(row["total"] for row in m["faces"]["keys"].values())
    assert rolls >= 2 * 2 * 40  # two dice a round, at least two rounds a game
    sizes = m["bid_sizes"]
    assert sizes["kind"] == "per_seat_counts" and set(sizes["keys"]) == {"0", "1", "2"}
    assert sizes["keys"]["2"]["users"] >= sizes["keys"]["2"]["user_win"]["wins"]
    assert m["tiebreaks"]["kind"] == "number" and m["shutout"]["kind"] == "flag"
    hazards = report["configs"][0]["hazards"]
    assert hazards["tie"]["games"] > 0 and hazards["tie"]["seeds"][0] == hazards["tie"]["example_seed"]


def test_lookahead_beats_random_and_findings_mix_generic_and_game(report):
    rates = report["duels"][0]["policies"]["rates"]
    assert rates["lookahead"]["rate"] > rates["random"]["rate"]
    texts = [f["text"] for f in report["findings"]]
    assert any(t.startswith("In mixed games a lookahead player wins") for t in texts)
    assert any("games reached the round cap of 12" in t for t in texts)  # the module's own finding
    assert any("a round was tied at least once" in t for t in texts)  # a hazard sentence from its labels
    assert [f["severity"] for f in report["findings"]] == sorted(
        (f["severity"] for f in report["findings"]), key=lambda s: s != "attention")


def test_the_same_seed_gives_the_same_report_on_any_executor(toy_game, report):
    expected = json.dumps(report, sort_keys=True)
    assert json.dumps(run_check(toy_game, SETTINGS, Execution(jobs=2), module=TOY), sort_keys=True) == expected
    on_dask = run_check(toy_game, SETTINGS, Execution(executor="dask", jobs=2, dask_processes=False), module=TOY)
    assert json.dumps(on_dask, sort_keys=True) == expected


def test_the_report_renders_the_games_labels(report, tmp_path):
    paths = write_report(report, tmp_path)
    html = paths["html"].read_text()
    for text in ("Toy Dice: rules check", "Lookahead against random", "Bids by size", "two tokens", "Tied rounds",
                 "a player reached the target", "seat 1 (red)", "Targets"):
        assert text in html, text
    assert paths["pdf"].read_bytes().startswith(b"%PDF")


# --- play: simultaneous choices one seat at a time, and position files --------------------------


def test_seat_by_board_keeps_a_committed_choice_hidden_until_both_chose(toy_game, tmp_path):
    rules = TOY.make_rules(toy_game)
    board = SeatByBoard(TOY, TOY.new_game(rules, seed=3, setup="short", record=True))
    assert board.decider == 0 and [str(a) for a in board.legal_actions()] == ["bid 0", "bid 1", "bid 2"]
    assert board.apply("bid 2") is False
    assert board.decider == 1 and board.view(1)["committed"] == [1] and "my_choice" not in board.view(1)
    assert board.view(0)["my_choice"] == "bid 2"
    document = position_document("toy_dice", {}, board)
    assert document["pending"] == {"1": "bid 2"} and document["state"]["tokens"] == [3, 3]
    saved = tmp_path / "p.yaml"
    saved.write_text(dump_yaml(document))
    loaded, _ = load_position(TOY, toy_game, *read_position_file(saved))
    assert loaded.pending_notation() == {0: "bid 2"} and loaded.decider == 1
    assert loaded.apply("bid 0") is True
    assert loaded.state.tokens == [1, 3] and loaded.state.counts["roll"] == 2
    saved_json = tmp_path / "p.json"
    saved_json.write_text(json.dumps(document))
    assert load_position(TOY, toy_game, *read_position_file(saved_json))[0].pending_notation() == {0: "bid 2"}


@pytest.mark.parametrize("edit, where, message", [
    (lambda d: d["pending"].update({"2": "bid 1"}), "pending", "every deciding seat has committed"),
    (lambda d: d["pending"].update({"1": "bid 3"}), "pending.1", "'bid 3' is not legal for seat 1"),
    (lambda d: d["pending"].update({"3": "bid 1"}), "pending.3", "seat 3 has no choice to commit now"),
    (lambda d: d["state"].update({"tokens": [3]}), "state.tokens", "expected two whole numbers"),
    (lambda d: d.update({"colour": "red"}), "colour", "unknown field 'colour'"),
])
def test_bad_position_files_are_located(toy_game, tmp_path, edit, where, message):
    board = SeatByBoard(TOY, TOY.new_game(TOY.make_rules(toy_game), seed=3, setup="short"))
    board.apply("bid 1")
    document = position_document("toy_dice", {}, board)
    edit(document)
    path = tmp_path / "p.yaml"
    path.write_text(dump_yaml(document))
    with pytest.raises(PositionError) as caught:
        load_position(TOY, toy_game, *read_position_file(path))
    text = str(caught.value)
    assert text.startswith(f"{path}:") and f": {where}: " in text and message in text, text


def test_interface_invariants_hold_at_every_step(toy_game):
    rules = TOY.make_rules(toy_game)
    # the toy plays in a copy of another game's folder: without that game's rules options
    without_options = copy.copy(toy_game)
    without_options.game = toy_game.game.model_copy(update={"rules_options": {}})
    found = run_conformance(without_options, TOY, playouts=30, seed=1, round_trips=0)
    assert found.passed, "\n".join(map(str, found.failures))
    with pytest.raises(IllegalActionError):
        TOY.new_game(rules, seed=1).apply({0: TOY.new_game(rules, seed=1).legal_actions(0)[0]})


def test_policies_choose_only_legal_actions_at_simultaneous_nodes(toy_game):
    rules = TOY.make_rules(toy_game)
    players = {name: factory(rules) for name, factory in policies_of(TOY).items()}
    rng = random.Random(2)
    state = TOY.new_game(rules, seed=9)
    trace = PlayTrace()
    while state.result is None:
        joint = {}
        for seat in state.to_move():
            joint[seat] = players["lookahead" if seat == 0 else "random"].choose(state, seat, rng)
            assert joint[seat] in state.legal_actions(seat)
            trace.add(seat, state.decision(seat), joint[seat])
        state.apply(joint)
    assert {kind for _, kind, _ in trace.decisions} <= {"bid", "tiebreak"}


class _Broken(type(TOY)):
    """Toy Dice whose rules raise in the second round of every game with an odd seed."""

    slug = "toy_broken"

    def new_game(self, rules, seed, players=None, setup=None, record=False):
        state = super().new_game(rules, seed, players, setup, record)
        if seed % 2:
            original = state._end_round

            def broken() -> None:
                if state.round == 1:
                    raise ValueError("the table fell over")
                original()

            state._end_round = broken
        return state


def test_an_engine_error_ends_one_game_and_a_runaway_game_is_cut_off(toy_game):
    broken = _Broken()
    registry.register(broken)
    settings = CheckSettings(games=12, policies=("random",), duel_games=0, seed=2)
    report = run_check(toy_game, settings, Execution(jobs=1), module=broken)
    errors = sum(c["errors"]["count"] for c in report["configs"])
    assert 0 < errors < report["total_games"]
    case = report["configs"][0]["errors"]["cases"][0]
    # located in the rules module's own file (here this test's), named from the module's folder
    assert case["seed"] % 2 and case["message"].startswith("ValueError: the table fell over (games/test_generic_driver.py:")
    assert [f["topic"] for f in report["findings"]] == ["engine error"]   # nothing drawn from a crashed run
    capped = run_check(toy_game, CheckSettings(games=5, policies=("random",), duel_games=0, seed=2, decision_cap=1),
                       Execution(jobs=1), module=TOY)
    config = capped["configs"][0]
    assert config["completion"]["cut_off"]["count"] == 5 and config["hazards"]["decision_cap"]["games"] == 5
    assert any("were still running after 1 decisions and were cut off" in f["text"] for f in capped["findings"])
