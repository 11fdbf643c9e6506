"""Seeded mutations of real positions of every game: each loads or is a located error, never a traceback.

Positions are reached by seeded random play through the game interface and written as `play`
writes them; one value somewhere in the file (any depth) is replaced by something of the wrong
kind or size (null, a list, a mapping, text, a float, infinity, a huge or negative number, a
superscript digit), the file is written with an independent YAML writer (PyYAML) and read back as
`play --position` reads it. Every case must either load or raise a DragonPnpError naming the
file; anything else is a traceback a user would see. `MUTATIONS` per game keeps the suite quick;
`python tests/games/test_position_mutations.py 3000` runs a longer campaign and prints counts.
"""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from dragon_pnp.errors import DragonPnpError
from dragon_pnp.games.position_files import load_position, position_document, read_position_file
from dragon_pnp.games.registry import load_game, module_for_game
from dragon_pnp.games.turns import SeatByBoard

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"dragon_pants": "dragon_pants", "dragon_dance": "dragon_dance", "dragon_line": "dragon_line",
         "goofspiel": str(ROOT / "examples" / "goofspiel")}
MUTATIONS = 60
JUNK: list[Any] = [None, [], {}, [[1]], {"a": 1}, "x", "²", -1, 0, 10**30, -(10**30), 2**64, 1.5,
                   float("inf"), float("-inf"), True, "", "3", ["x", None]]


def positions(game: str, count: int = 4) -> list[dict[str, Any]]:
    """Position documents at a few points of a few seeded random games."""
    data = load_game(GAMES[game])
    module = module_for_game(data)
    rules = module.make_rules(data, {})
    options = {name: opt.default for name, opt in (data.game.rules_options or {}).items()}
    found = []
    for seed in range(count):
        state = module.new_game(rules, seed)
        rng = random.Random(seed)
        stop = rng.randrange(0, 120)
        for _ in range(stop):
            if state.result is not None:
                break
            state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_move()})
        found.append(position_document(data.slug, options, SeatByBoard(module, state)))
    return found


def leaves(node: Any, path: tuple = ()) -> list[tuple]:
    """Every path to a value (mappings' values and lists' items, the containers included)."""
    out = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += leaves(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += leaves(value, path + (i,))
    return out


def mutate(document: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    doc = copy.deepcopy(document)
    path = rng.choice(leaves(doc))
    holder = doc
    for key in path[:-1]:
        holder = holder[key]
    if rng.random() < 0.1 and isinstance(holder, dict):
        del holder[path[-1]]
    else:
        holder[path[-1]] = copy.deepcopy(rng.choice(JUNK))
    return doc


def outcome(data: Any, document: dict[str, Any], folder: Path) -> str:
    """'ok', 'located', or the traceback's exception as text (`data`: the loaded game)."""
    module = module_for_game(data)
    path = folder / "position.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), encoding="utf-8")
    try:
        raw, source = read_position_file(path)
        load_position(module, data, raw, source)
    except DragonPnpError as exc:
        return "located" if str(path) in str(exc) else f"unlocated: {exc}"
    except Exception as exc:
        return f"traceback: {type(exc).__name__}: {exc}"[:300]
    return "ok"


def campaign(game: str, count: int, seed: int, folder: Path) -> dict[str, int]:
    rng = random.Random(seed)
    documents = positions(game)
    data = load_game(GAMES[game])   # once: loading the game is most of a case's cost, and no case changes it
    tally: dict[str, int] = {}
    for _ in range(count):
        result = outcome(data, mutate(rng.choice(documents), rng), folder)
        tally[result] = tally.get(result, 0) + 1
    return tally


@pytest.mark.parametrize("game", sorted(GAMES))
def test_mutated_positions_load_or_are_located(tmp_path, game):
    tally = campaign(game, MUTATIONS, seed=7, folder=tmp_path)
    bad = {k: v for k, v in tally.items() if k not in ("ok", "located")}
    assert not bad, bad
    assert tally.get("located", 0) > MUTATIONS // 2, tally   # most mutations really are mistakes


if __name__ == "__main__":   # a longer campaign: python tests/games/test_position_mutations.py 3000
    import tempfile

    cases = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    with tempfile.TemporaryDirectory() as scratch:
        for name in sorted(GAMES):
            print(name, campaign(name, cases, seed=11, folder=Path(scratch)))
