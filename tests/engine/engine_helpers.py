"""Helpers for engine tests: load the game once, build Rules per options, load positions."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from dragon_pnp.games.dragon_pants.engine import GameState, Rules
from dragon_pnp.games.dragon_pants.engine.positions import position_from_dict
from dragon_pnp.games.position_files import load_state_file
from dragon_pnp.games.registry import load_game

POSITIONS = Path(__file__).parent / "positions"


@cache
def game_data():
    return load_game("dragon_pants")


@cache
def _rules(options: tuple) -> Rules:
    return Rules.from_game(game_data(), dict(options))


def rules(**options: bool) -> Rules:
    return _rules(tuple(sorted(options.items())))


def position(name: str, **options: bool) -> GameState:
    """A position file from tests/engine/positions, with rules options switched on by keyword."""
    state = load_file(POSITIONS / f"{name}.yaml", **options)
    state.record = True
    return state


def load_file(path: Path, **options: bool) -> GameState:
    """Any position file, its options switched on or off by keyword (the file's own otherwise)."""
    return load_state_file(path, lambda file_options: rules(**{**file_options, **options}),
                           lambda r, data: position_from_dict(r, {k: v for k, v in data.items() if k != "options"}))


def play(name: str, *actions: str, **options: bool) -> GameState:
    """Load a position and apply actions in notation."""
    state = position(name, **options)
    for action in actions:
        state.apply(action)
    return state


def legal(state: GameState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def kinds(state: GameState) -> list[str]:
    return [e.kind for e in state.events]


def edited(name: str, edit, *actions: str, **options: bool) -> GameState:
    """A position file changed by `edit(raw_dict)` before loading, then actions applied."""
    import yaml

    raw = yaml.safe_load((POSITIONS / f"{name}.yaml").read_text())
    edit(raw)
    state = position_from_dict(rules(**{**raw.get("options", {}), **options}), raw)
    state.record = True
    for action in actions:
        state.apply(action)
    return state


def hand_of(raw: dict, seat: int) -> list:
    """The hand list of a 1-based seat in a raw position, for editing."""
    return raw["dragons"][seat - 1]["hand"]


def place(raw: dict, seat: int, q: int, r: int) -> None:
    raw["dragons"][seat - 1]["at"] = [q, r]
