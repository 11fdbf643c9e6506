"""Shared helpers for the Dragon Dance tests: the data, rules, and positions built from a few fields."""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path
from typing import Any

from dragon_pnp.checks import load_checked, validate_game
from dragon_pnp.games.dragon_dance import GAME
from dragon_pnp.games.dragon_dance.data import DanceData
from dragon_pnp.games.dragon_dance.positions import state_from_dict
from dragon_pnp.games.dragon_dance.rules import Rules
from dragon_pnp.games.dragon_dance.state import DanceState
from dragon_pnp.games.registry import load_game

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "data" / "dragon_dance"
POSITIONS = Path(__file__).resolve().parent / "positions"
KNIGHT, DRAGON = 0, 1


def load_dance(folder: Path) -> DanceData:
    """A Dragon Dance folder read as `validate` reads it: DataErrors listing every problem."""
    return GAME.dance_data(load_checked(folder))


def data_errors(folder: Path) -> list:
    """Every data-check finding of the folder (empty when it is valid)."""
    return validate_game(load_game(folder))


@lru_cache(maxsize=1)
def dance_data() -> DanceData:
    return load_dance(DATA)


@lru_cache(maxsize=8)
def _rules(options: tuple[tuple[str, bool], ...]) -> Rules:
    return Rules(dance_data(), dict(options))


def rules(**options: bool) -> Rules:
    return _rules(tuple(sorted(options.items())))


def side(rules_: Rules, seat: int, dice: list[int] | None = None, **fields: Any) -> dict[str, Any]:
    """One role's part of a position: full life and hand unless given; unlisted dice are spent."""
    cards = [c.id for c in rules_.cards[seat]]
    dice = list(dice) if dice is not None else [3] * rules_.dice0[seat]
    part: dict[str, Any] = {"life": rules_.life0[seat], "dice": dice, "hand": cards, "discard": [], "table": None}
    part.update(fields)
    if "discard" in fields and "hand" not in fields:
        part["hand"] = [c for c in cards if c not in fields["discard"]]
    used = 1 if isinstance((part.get("table") or {}).get("die"), int) else 0
    part.setdefault("spent_dice", rules_.dice0[seat] - len(dice) - used)
    return part


def state(rules_: Rules | None = None, range: str = "short", knight: dict | None = None,
          dragon: dict | None = None, **fields: Any) -> DanceState:
    """A position at the start of a round (phase die) unless `fields` say otherwise."""
    rules_ = rules_ or rules()
    data: dict[str, Any] = {"range": range, "phase": "die", "round": 1, "rng": 12345,
                            "knight": side(rules_, KNIGHT, **(knight or {})),
                            "dragon": side(rules_, DRAGON, **(dragon or {}))}
    data.update(fields)
    return state_from_dict(rules_, copy.deepcopy(data))


def act(state_: DanceState, knight: str | None = None, dragon: str | None = None) -> DanceState:
    """Apply the given notation for the seats to move (both unless one is None)."""
    joint = {}
    for seat, text in ((KNIGHT, knight), (DRAGON, dragon)):
        if text is not None:
            joint[seat] = GAME.parse_action(state_, seat, text)
    state_.apply(joint)
    return state_


def round_(state_: DanceState, knight_die: str, knight_card: str, dragon_die: str, dragon_card: str) -> DanceState:
    """Both dice, then both cards: `round_(s, "die 5", "hack", "no die", "flap")`."""
    act(state_, knight_die, dragon_die)
    return act(state_, f"play {knight_card}", f"play {dragon_card}")
