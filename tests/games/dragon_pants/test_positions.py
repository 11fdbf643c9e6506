"""Positions: the documented examples load, text round-trips exactly, mistakes are located."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from dragon_pnp.games.api import PositionError
from dragon_pnp.games.dragon_pants import GAME
from dragon_pnp.games.dragon_pants.engine import new_game
from dragon_pnp.games.dragon_pants.engine.positions import position_to_dict
from dragon_pnp.games.position_files import dump_yaml, position_document, read_position_file
from dragon_pnp.games.position_files import load_position as load_play_position

from .helpers import POSITIONS, act, asked, game_data, load_file, options, rules

DOCS = Path(__file__).resolve().parents[3] / "docs" / "positions.md"


def _load_text(tmp_path: Path, text: str, name: str = "p.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return load_file(path)


def dump_position(state, as_json: bool = False) -> str:
    data = position_to_dict(state)
    return json.dumps(data, indent=2) + "\n" if as_json else dump_yaml(data)


def _doc_examples() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", DOCS.read_text(), flags=re.S)


def test_docs_examples_load_and_the_full_one_round_trips(tmp_path):
    """The full example is what `play` writes: the engine's position plus `pending`."""
    full, short = _doc_examples()[:2]   # the Dragon Pants examples; the other games' are below
    path = tmp_path / "full.yaml"
    path.write_text(full)
    board, file_options = load_play_position(GAME, game_data(), *read_position_file(path))
    assert dump_yaml(position_document("dragon_pants", file_options, board)) == full
    assert dump_position(board.state) + "pending: {}\n" == full
    assert [str(a) for a in board.legal_actions()] == ["react shield", "pass"]
    hand_written = _load_text(tmp_path, short)
    assert [str(a) for a in options(hand_written) if str(a).startswith("play")] == ["play shock 2"]


def test_every_test_position_loads_and_round_trips(tmp_path):
    for file in sorted(POSITIONS.glob("*.yaml")):
        state = load_file(file)
        text = dump_position(state)
        again = _load_text(tmp_path, text)
        assert dump_position(again) == text, file.name


def test_yaml_and_json_round_trip_mid_game(tmp_path):
    r = rules()
    rnd = random.Random(3)
    for seed in range(6):
        state = new_game(r, players=3 + seed % 4, seed=seed)
        for _ in range(rnd.randrange(20, 120)):
            if state.result is not None:
                break
            choices = options(state)
            act(state, choices[rnd.randrange(len(choices))])
        text = dump_position(state)
        assert dump_position(_load_text(tmp_path, text)) == text
        as_json = dump_position(state, as_json=True)
        loaded = _load_text(tmp_path, as_json, "p.json")
        assert json.loads(dump_position(loaded, as_json=True)) == json.loads(as_json)


BASE = """players: 2
current: 1
time: 10
dragons:
  - {seat: 1, at: [0, 2], hand: [fireball]}
  - {seat: 2, at: [0, -2], hand: []}
power_deck: rest
destiny_deck: [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
"""


@pytest.mark.parametrize(
    "old, new, where, message",
    [
        ("hand: [fireball]", "hand: [fireballl]", ":5:", "unknown card 'fireballl'"),
        ("hand: []}", "hand: [pants, pants]}", ":6:", "more pants cards than the game has"),
        ("at: [0, -2]", "at: [0, 2]", ":6:", "dragon 1 already stands on (0,2)"),
        ("at: [0, -2]", "at: [9, 9]", ":6:", "(9,9) is not a hex of the board"),
        ("time: 10", "time: 7\nlength: 10\ndestiny_discard: [-1]", ":3:", "the time must be the length plus"),
        ("current: 1", "current: 3", ":2:", "expected a seat from 1 to 2"),
        ("power_deck: rest", "power_deck: [shield]", ":7:", "every Power card must be somewhere"),
        ("players: 2", "players: 2\ncolour: red", ":2:", "unknown field 'colour'"),
        ("players: 2", "players: 2\nasking: poke 2", ":2:", "expected one of: 'hit SEAT with CARD by SEAT'"),
        ("players: 2", "players: 2\noptions: {banish_far: true}", ":2:", "unknown rules option 'banish_far'"),
        ("players: 2", "players: 2\nto_decide: {seat: 2, decision: action}", ":2:", "says seat 2 decides action"),
        ("hand: [fireball]", "hand: [fireball, boost, shock, shield]", ":5:", "more than 3 cards"),
        ("players: 2", "players: 2\ncurrent: 2", ":", "duplicate key"),
        ("players: 2", "players: 2\nasking: lose 2", ":2:", "leaves nothing to decide"),
        # Pending steps that cannot arise from play: a card resolved that its player does not hold...
        ("players: 2", "players: 2\nasking: hit 2 with fireball by 1", ":2:",
         "dragon 1 played fireball this turn, so it must hold \"fireball (spent this turn)\"; its hand has none"),
        ("players: 2", "players: 2\nthen: [hit 2 with shock by 1]", ":2:",
         "dragon 1 played shock this turn, so it must hold \"shock (spent this turn)\""),
        # ...a bite away from the bitten dragon, and a choice with only one card to take.
        ("players: 2", "players: 2\nasking: bite 2 by 1 at 0,1", ":2:", "dragon 2 is not at (0,1)"),
        ("hand: []}", "hand: [boost]}\nasking: lose 2", ":", "leaves only one card to choose"),
    ],
)
def test_mistakes_are_located(tmp_path, old, new, where, message):
    with pytest.raises(PositionError) as caught:
        _load_text(tmp_path, BASE.replace(old, new, 1))
    text = str(caught.value)
    assert "p.yaml" in text and where in text and message in text, text


def test_pending_step_loads_as_a_decision(tmp_path):
    text = BASE.replace("hand: []}", "hand: [boost, shield]}") + "asking: hit 2 with fireball by 1\n"
    state = _load_text(tmp_path, text.replace("hand: [fireball]", "hand: ['fireball (spent this turn)']"))
    assert asked(state) == ("react", 1)
    assert [str(a) for a in options(state)] == ["react shield", "pass"]


def test_a_reaction_asked_of_a_dragon_that_cannot_react_is_refused(tmp_path):
    text = BASE.replace("hand: [fireball]", "hand: ['fireball (spent this turn)']") + "asking: hit 2 with fireball by 1\n"
    for hand in ("[boost]", "[amulet]", "['shield (spent)']"):  # no reaction; one that answers curses; a spent one
        with pytest.raises(PositionError) as caught:
            _load_text(tmp_path, text.replace("hand: []}", f"hand: {hand}}}"))
        assert re.search(r"p\.yaml:9:\d+: asking: 'hit 2 with fireball by 1' asks dragon 2 to react, but it holds no "
                         r"ready card that answers fireball \(these would: shield, mirror\)", str(caught.value))
    state = _load_text(tmp_path, text.replace("hand: []}", "hand: [shield]}"))
    assert [str(a) for a in options(state)] == ["react shield", "pass"]


def test_json_syntax_errors_are_located(tmp_path):
    with pytest.raises(PositionError, match=r"p.json:2:13: JSON syntax error: Expecting value"):
        _load_text(tmp_path, '{"players": 2,\n "current": }', "p.json")


@pytest.mark.parametrize("game, legal", [
    ("dragon_dance", ["no combo", "combo slash no die", "combo slash die 1"]),
    ("dragon_line", ["refill kiln", "refill scorch", "refill shade"]),
])
def test_the_other_games_doc_examples_load_and_are_written_back_unchanged(tmp_path, capsys, game, legal):
    from dragon_pnp.cli import main

    (example,) = [text for text in _doc_examples() if f"game: {game}\n" in text]
    path = tmp_path / "example.yaml"
    path.write_text(example)
    for extra, expected in (([], example), (["--legal"], "".join(f"{a}\n" for a in legal))):
        with pytest.raises(SystemExit) as done:
            main(["play", "--position", str(path), *extra])
        out, err = capsys.readouterr()
        assert done.value.code == 0, err
        assert (out.split("\n", 1)[1] if extra else out) == expected   # --legal: after its "# ... decides" line
