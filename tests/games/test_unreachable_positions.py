"""Positions the rules can never reach, and malformed ones, are refused by `dragon-pnp play` with a
located error (exit 2, one `error:` line naming the file, line and field, no traceback).

Each case starts from a position reached by real play (through the game interface, written as
`play` writes it), breaks one thing and runs the command line in-process. The rule each case
guards is named beside it (seed 003: D*, seed 004: L*; docs/positions.md).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from dragon_pnp.cli import main
from dragon_pnp.games.position_files import position_document
from dragon_pnp.games.registry import load_game, module_for_game
from dragon_pnp.games.turns import SeatByBoard

ROOT = Path(__file__).resolve().parents[2]
GOOFSPIEL = ROOT / "examples" / "goofspiel"


def reached(game: str, stop: Callable[[Any], bool], seed: int = 1, setup: str | None = None) -> dict[str, Any]:
    """The position file of a seeded random game at the first state where `stop(state)` holds."""
    data = load_game(str(GOOFSPIEL) if game == "goofspiel" else game)
    module = module_for_game(data)
    rules = module.make_rules(data, {})
    state = module.new_game(rules, seed, None, setup)
    rng = random.Random(seed)
    for _ in range(5000):
        if stop(state):
            break
        state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_move()})
    else:
        raise AssertionError(f"{game}: no state of seed {seed} met the condition")
    options = {name: opt.default for name, opt in (data.game.rules_options or {}).items()}
    return position_document(data.slug, options, SeatByBoard(module, state))


def run_play(capsys, tmp_path: Path, document: dict[str, Any], game: str) -> tuple[int, str]:
    path = tmp_path / "position.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), encoding="utf-8")
    args = ["play", str(GOOFSPIEL) if game == "goofspiel" else game, "--position", str(path)]
    with pytest.raises(SystemExit) as done:
        main(args)
    _, err = capsys.readouterr()
    return done.value.code, err


def _state(doc: dict[str, Any]) -> dict[str, Any]:
    return doc.get("state", doc)


# --- Dragon Dance -----------------------------------------------------------------------------

def dance_combo(doc: dict[str, Any]) -> None:
    """A combo step after a Hack that dealt nothing: the dragon's Flap with a 1 stopped it (D10)."""
    knight, dragon = doc["knight"], doc["dragon"]
    knight["table"], dragon["table"] = {"die": 4, "card": "hack"}, {"die": 1, "card": "flap"}
    knight["hand"] = [c for c in knight["hand"] + knight["discard"] + ["slash"] if c not in ("hack",)]
    knight["hand"] = list(dict.fromkeys(knight["hand"]))
    knight["discard"] = []
    dragon["hand"] = ["breathe_fire", "rake", "tail_lash", "bite", "advance", "retreat", "recuperate"]
    dragon["discard"] = []
    knight["dice"], knight["spent_dice"] = [1, 2, 3, 5], 0
    dragon["dice"], dragon["spent_dice"] = [2, 3], 0
    doc.update(phase="combo", range="short", combo=["knight"], to_decide=None)


def dance_combo_against(dragon_card: str) -> Callable[[dict[str, Any]], None]:
    """A combo offered after the knight's Hack with a 4 dealt 2 (D13 (4)) against `dragon_card`
    (no defence), at short range: unreachable when that card's movement, or the range it is
    playable at, rules out a short range after movement (D9, D10)."""
    def edit(doc: dict[str, Any]) -> None:
        dance_combo(doc)
        dragon = doc["dragon"]
        dragon["table"] = {"die": 1, "card": dragon_card}
        dragon["hand"] = [c for c in ["breathe_fire", "rake", "tail_lash", "bite", "flap", "advance", "retreat",
                                      "recuperate"] if c != dragon_card]
    return edit


def dance_over(state: Any) -> bool:
    return state.result is not None


def dance_start(state: Any) -> bool:
    return True


def dance_reuse(doc: dict[str, Any], **fields: Any) -> None:
    doc.update(fields)


DANCE: list[tuple[str, Callable[[Any], bool], Callable[[dict], None], tuple[str, ...]]] = [
    ("combo without damage (D10)", dance_start, dance_combo, ("combo[0]", "dealt no damage", "D10")),
    ("combo after a Retreat moved the range to long (D9, D10)", dance_start, dance_combo_against("retreat"),
     ("range", "retreat", "after movement", "D9, D10")),
    ("combo beside a long-range card (D9, D10)", dance_start, dance_combo_against("breathe_fire"),
     ("range", "breathe_fire", "D9, D10")),
    ("recuperate in the discard (D6, D11)", dance_start,
     lambda d: (d["knight"]["hand"].remove("recuperate"), d["knight"]["discard"].append("recuperate")),
     ("knight.discard", "never in the discard pile")),
    ("result rounds -5", dance_over, lambda d: d["result"].update(rounds=-5), ("result.rounds", "got -5")),
    ("duplicate winners", dance_over, lambda d: d["result"].update(winners=["dragon", "dragon"]),
     ("result.winners[1]", "listed twice")),
    ("a knight at 0 life declared winner (D12)", dance_over,
     lambda d: (d["knight"].update(life=0), d["dragon"].update(life=5),
                d["result"].update(winners=["knight"], reason="knockout")), ("result.winners", "the winner is dragon")),
    ("a list as a card in hand", dance_start, lambda d: d["knight"]["hand"].__setitem__(0, ["charge"]),
     ("knight.hand[0]", "expected a card id, got a list")),
    ("a mapping as a card in the discard", dance_start, lambda d: d["dragon"]["discard"].append({"rake": 1}),
     ("dragon.discard[0]", "expected a card id, got a mapping")),
    ("a side set to null", dance_start, lambda d: d.update(knight=None), ("knight", "got null")),
    ("a field set to null", dance_start, lambda d: d["dragon"].update(dice=None), ("dragon.dice", "got null")),
    ("round set to null", dance_start, lambda d: d.update(round=None), ("round", "got null")),
]


def test_dragon_dance_loads_the_combo_its_movement_allows(capsys, tmp_path):
    """The same position with an Advance (reduce: short stays short) is a combo the round can reach."""
    doc = reached("dragon_dance", dance_start, seed=3)
    dance_combo_against("advance")(doc)
    code, err = run_play(capsys, tmp_path, doc, "dragon_dance")
    assert code == 0, err


@pytest.mark.parametrize("what, stop, edit, words", DANCE, ids=[c[0] for c in DANCE])
def test_dragon_dance_refuses(capsys, tmp_path, what, stop, edit, words):
    doc = reached("dragon_dance", stop, seed=3)
    edit(doc)
    code, err = run_play(capsys, tmp_path, doc, "dragon_dance")
    assert code == 2 and err.startswith("error: ") and "position.yaml:" in err, err
    assert all(w in err for w in words), err
    assert "Traceback" not in err


# --- Dragon Line ------------------------------------------------------------------------------

def line_battle(state: Any) -> bool:
    return state.phase == 2                         # activate: both lines full, round 1 or later


def line_second_hand(state: Any) -> bool:
    return state.hand == 2


def _seat(doc: dict[str, Any], s: int) -> dict[str, Any]:
    return doc["state"]["seats"][s]


def seven_in_hand(doc: dict[str, Any]) -> None:
    state = doc["state"]
    card = state["buried"].pop()
    _seat(doc, 0)["hand"].append(card)


LINE: list[tuple[str, Callable[[Any], bool], Callable[[dict], None], tuple[str, ...]]] = [
    ("remove with both lines full (L7.4)", line_battle, lambda d: d["state"].update(phase="remove"),
     ("state.seats", "both lines are full", "L7")),
    ("a battle hand of 7 (L6)", line_battle, seven_in_hand, ("state.seats[0].hand", "at most the 6 cards")),
    ("seed -1", line_battle, lambda d: d["state"].update(seed=-1), ("state.seed", "got -1")),
    ("seed 2**70", line_battle, lambda d: d["state"].update(seed=2**70), ("state.seed", "from 0 to")),
    ("round -1", line_battle, lambda d: d["state"].update(round=-1), ("state.round", "got -1")),
    ("round 10**30", line_battle, lambda d: d["state"].update(round=10**30), ("state.round", "got a whole number of")),
    ("removed -2", line_battle, lambda d: _seat(d, 1).update(removed=-2), ("state.seats[1].removed", "got -2")),
    ("removed 10**30", line_battle, lambda d: _seat(d, 1).update(removed=10**30), ("state.seats[1].removed",)),
    ("rounds_total -3", line_battle, lambda d: d["state"].update(rounds_total=-3), ("state.rounds_total", "got -3")),
    ("rounds_total 10**30", line_battle, lambda d: d["state"].update(rounds_total=10**30), ("state.rounds_total",)),
    ("rounds_total against the log", line_second_hand, lambda d: d["state"].update(rounds_total=1),
     ("state.rounds_total", "rounds played")),
    ("fallback_rounds -1", line_battle, lambda d: d["state"].update(fallback_rounds=-1),
     ("state.fallback_rounds", "got -1")),
    ("fallback_rounds 10**30", line_battle, lambda d: d["state"].update(fallback_rounds=10**30),
     ("state.fallback_rounds",)),
    ("a text option value", line_battle, lambda d: d["options"].update(damage_carries_over="yes"),
     ("options.damage_carries_over", "true or false")),
    ("seat 2 pending twice", line_battle, lambda d: d.update(pending={2: "activate none", "2": "activate 1"}),
     ("pending", "seat 2 is pending twice")),
    ("an infinite number in the hands log", line_second_hand, lambda d: d["state"]["hands"][0].update(rounds=float("inf")),
     ("state.hands[0].rounds", "an infinite number")),
    ("winners numbered from 0 (an old file)", line_second_hand,
     lambda d: d["state"]["hands"][0].update(winners=[w - 1 for w in d["state"]["hands"][0]["winners"]]),
     ("state.hands[0].winners",)),
]


@pytest.mark.parametrize("what, stop, edit, words", LINE, ids=[c[0] for c in LINE])
def test_dragon_line_refuses(capsys, tmp_path, what, stop, edit, words):
    doc = reached("dragon_line", stop, seed=5)
    edit(doc)
    code, err = run_play(capsys, tmp_path, doc, "dragon_line")
    assert code == 2 and err.startswith("error: ") and "position.yaml:" in err, err
    assert all(w in err for w in words), err


def test_dragon_line_files_number_winners_from_1(capsys, tmp_path):
    doc = reached("dragon_line", line_second_hand, seed=5)
    entry = doc["state"]["hands"][0]
    assert entry["winners"] == [s + 1 for s in (0, 1) if entry["points"][s] > 0] and entry["winners"]
    over = reached("dragon_line", lambda s: s.result is not None, seed=5, setup="hand")
    result = over["state"]["result"]
    assert result["winners"] == [s + 1 for s in (0, 1) if result["scores"][s] > result["scores"][1 - s]]
    path = tmp_path / "over.yaml"
    path.write_text(yaml.safe_dump(over, sort_keys=False))
    with pytest.raises(SystemExit) as done:
        main(["play", "dragon_line", "--position", str(path), "--legal", "--json"])
    out, _ = capsys.readouterr()
    assert done.value.code == 0 and f'"winners": {result["winners"]}' in out


# --- every game -------------------------------------------------------------------------------

# --- Goofspiel (the example a designer copies) --------------------------------------------------

def goof_blue_took_one(state: Any) -> bool:
    """Some rounds played and Blue (player 1) has taken a prize."""
    return len(state.bids[0]) >= 4 and bool(state.won[0])


def goof_prize_to_red(doc: dict[str, Any]) -> None:
    """A prize Blue's higher bid took, listed as Red's: the won lists no longer follow the bids."""
    won = doc["state"]["won"]
    won[1].append(won[0].pop())


GOOF: list[tuple[str, Callable[[Any], bool], Callable[[dict], None], tuple[str, ...]]] = [
    ("won contradicts the bids", goof_blue_took_one, goof_prize_to_red, ("state.won[", "bid higher in")),
    ("an unknown field", goof_blue_took_one, lambda d: d["state"].update(colour="blue"),
     ("state.colour", "unknown field")),
    ("cards written as 13.0", goof_blue_took_one, lambda d: d["state"].update(cards=13.0), ("state.cards", "13.0")),
    ("options as a list", goof_blue_took_one, lambda d: d.update(options=[]), ("options", "expected a mapping")),
]


@pytest.mark.parametrize("what, stop, edit, words", GOOF, ids=[c[0] for c in GOOF])
def test_goofspiel_refuses(capsys, tmp_path, what, stop, edit, words):
    doc = reached("goofspiel", stop, seed=2)
    code, err = run_play(capsys, tmp_path, doc, "goofspiel")
    assert code == 0, err   # the position as played loads
    edit(doc)
    code, err = run_play(capsys, tmp_path, doc, "goofspiel")
    assert code == 2 and err.startswith("error: ") and "position.yaml:" in err, err
    assert all(w in err for w in words), err
    assert "Traceback" not in err


GAMES = ["dragon_pants", "dragon_dance", "dragon_line", "goofspiel"]


def _first_field_with_a_number(doc: dict[str, Any]) -> tuple[dict[str, Any], str]:
    state = _state(doc)
    for key in ("rng", "seed", "time"):
        if key in state:
            return state, key
    raise AssertionError("no number field")


@pytest.mark.parametrize("game", GAMES)
def test_a_4301_digit_number_is_located(capsys, tmp_path, game):
    doc = reached(game, lambda s: True, seed=2)
    holder, key = _first_field_with_a_number(doc)
    holder[key] = 7
    path = tmp_path / "position.yaml"
    text = yaml.safe_dump(doc, sort_keys=False).replace(f"{key}: 7\n", f"{key}: {'9' * 4301}\n", 1)
    path.write_text(text)
    with pytest.raises(SystemExit) as done:
        main(["play", str(GOOFSPIEL) if game == "goofspiel" else game, "--position", str(path)])
    _, err = capsys.readouterr()
    assert done.value.code == 2 and "position.yaml:" in err and "4,301 digits" in err, err
    json_path = tmp_path / "position.json"
    json_path.write_text(json.dumps(doc).replace(f'"{key}": 7', f'"{key}": ' + "9" * 4301, 1))
    with pytest.raises(SystemExit) as done:
        main(["play", str(GOOFSPIEL) if game == "goofspiel" else game, "--position", str(json_path)])
    _, err = capsys.readouterr()
    assert done.value.code == 2 and "position.json:1:" in err and "4,301 digits" in err, err


@pytest.mark.parametrize("game", GAMES)
def test_a_pending_seat_written_as_a_superscript_is_located(capsys, tmp_path, game):
    doc = reached(game, lambda s: True, seed=2)
    doc["pending"] = {"²": "pass"}
    code, err = run_play(capsys, tmp_path, doc, game)
    assert code == 2 and "position.yaml:" in err and "pending" in err and "has no choice to commit now" in err, err
