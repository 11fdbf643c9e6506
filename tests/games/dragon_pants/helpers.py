"""Helpers for engine tests: load the game once, build Rules per options, load positions, and
play through the game interface (`to_move`, `legal_actions(seat)`, `apply({seat: action})`)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from dragon_pnp.games.dragon_pants import GAME
from dragon_pnp.games.dragon_pants.engine import Action, PantsState, Rules
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


def position(name: str, **options: bool) -> PantsState:
    """A position file from tests/games/dragon_pants/positions, with rules options switched on by keyword."""
    state = load_file(POSITIONS / f"{name}.yaml", **options)
    state.record = True
    return state


def load_file(path: Path, **options: bool) -> PantsState:
    """Any position file, its options switched on or off by keyword (the file's own otherwise)."""
    return load_state_file(path, lambda file_options: rules(**{**file_options, **options}),
                           lambda r, data: position_from_dict(r, {k: v for k, v in data.items() if k != "options"}))


def play(name: str, *actions: str, **options: bool) -> PantsState:
    """Load a position and apply actions in notation."""
    state = position(name, **options)
    act(state, *actions)
    return state


def act(state: PantsState, *actions: str | Action) -> None:
    """The seat to move plays each action in turn (notation read by the module's parse_action,
    which says why an action is illegal)."""
    for action in actions:
        moving = state.to_move()
        seat = moving[0] if moving else 0
        chosen = GAME.parse_action(state, seat, action) if isinstance(action, str) else action
        state.apply({seat: chosen})


def asked(state: PantsState) -> tuple[str | None, int | None]:
    """(decision kind, seat) of the one seat to move; (None, None) once the game is over."""
    moving = state.to_move()
    return (state.decision(moving[0]), moving[0]) if moving else (None, None)


def options(state: PantsState) -> list[Action]:
    """The legal actions of the seat to move (none once the game is over)."""
    moving = state.to_move()
    return state.legal_actions(moving[0]) if moving else []


def legal(state: PantsState) -> list[str]:
    return [str(a) for a in options(state)]


def kinds(state: PantsState) -> list[str]:
    return [e.kind for e in state.events]


def edited(name: str, edit, *actions: str, **options: bool) -> PantsState:
    """A position file changed by `edit(raw_dict)` before loading, then actions applied."""
    import yaml

    raw = yaml.safe_load((POSITIONS / f"{name}.yaml").read_text())
    edit(raw)
    state = position_from_dict(rules(**{**raw.get("options", {}), **options}), raw)
    state.record = True
    act(state, *actions)
    return state


def hand_of(raw: dict, seat: int) -> list:
    """The hand list of a 1-based seat in a raw position, for editing."""
    return raw["dragons"][seat - 1]["hand"]


def place(raw: dict, seat: int, q: int, r: int) -> None:
    raw["dragons"][seat - 1]["at"] = [q, r]
