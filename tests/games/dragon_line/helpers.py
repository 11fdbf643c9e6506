"""Dragon Line test helpers: the shipped data, a made-to-measure deck, and positions set up by hand.

Ruling tests use `made_rules(...)`: the shipped suits and settings with a deck whose numbers the
test chooses (every card Health 9, Damage 1 unless overridden), so the tests pin the rules, not
the provisional card values.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.games.dragon_line import GAME
from dragon_pnp.games.dragon_line.data import DragonCard, DragonDeck, Reform
from dragon_pnp.games.dragon_line.positions import FORMAT
from dragon_pnp.games.dragon_line.rules import Rules
from dragon_pnp.games.dragon_line.state import LineState
from dragon_pnp.games.registry import load_game

SUITS = ("air", "earth", "fire", "ice", "spirit")
_DATA: GameData | None = None


def shipped_data() -> GameData:
    global _DATA
    if _DATA is None:
        _DATA = load_game("dragon_line")
    return _DATA


def shipped_rules(**options: Any) -> Rules:
    return GAME.make_rules(shipped_data(), options)


def made_deck(overrides: dict[str, dict[str, Any]] | None = None) -> DragonDeck:
    """35 cards air1..air7, earth1.., fire1.., ice1.., spirit1..; Health 9, Damage 1, Spirits Damage +1."""
    cards = []
    for suit in SUITS:
        for n in range(1, 8):
            card_id = f"{suit}{n}"
            fields: dict[str, Any] = {"id": card_id, "name": card_id.title(), "suit": suit, "health": 9}
            if suit == "spirit":
                fields["reform"] = Reform(damage=1)
            else:
                fields["damage"] = 1
            change = dict((overrides or {}).get(card_id, {}))
            if "reform" in change and isinstance(change["reform"], dict):
                change["reform"] = Reform(**change["reform"])
            fields.update(change)
            cards.append(DragonCard(**fields))
    return DragonDeck(provisional=True, cards=cards)


def made_rules(overrides: dict[str, dict[str, Any]] | None = None, **options: Any) -> Rules:
    game = shipped_data()
    files = {**{k: v for k, v in game.files.items() if k != "card_values"}, "dragons": made_deck(overrides)}
    data = replace(game, files=files, _derived={})
    return GAME.make_rules(data, options)


def battle_position(rules: Rules, line1: list[str], line2: list[str], hand1: Iterable[str] = (),
                    hand2: Iterable[str] = (), *, round: int = 1, match: bool = False,
                    damage: tuple[list[int], list[int]] | None = None) -> dict[str, Any]:
    """A position at the activation step with these lines (front first) and hands; every other
    card lies in the face-down discard pile."""
    used = set(line1) | set(line2) | set(hand1) | set(hand2)
    rest = [c for c in rules.card_ids if c not in used]
    return {
        "format": FORMAT, "seed": 0, "match": match, "hand": 1, "points": [0, 0], "phase": "activate",
        "draft_step": len(rules.settings.draft_picks), "picks_left": 0, "round": round, "rounds_total": round,
        "buried": rest, "fallen": [],
        "seats": [
            {"stack": [], "hand": sorted(hand), "line": list(line), "shown": [True] * len(line),
             "damage": list(damage[s]) if damage else [0] * len(line), "drafted": sorted(hand), "seen_stacks": [],
             "fielded": list(line), "removed": 0}
            for s, (line, hand) in enumerate(((line1, list(hand1)), (line2, list(hand2))))
        ],
        "fallback_rounds": 0, "last_round": None, "hands": [], "counts": {}, "result": None,
    }


def load(rules: Rules, position: dict[str, Any]) -> LineState:
    state = GAME.load_state(rules, position)
    state.record = True
    return state


def activate(state: LineState, slots1: Iterable[int], slots2: Iterable[int]) -> dict[str, int]:
    """Play one activation (1-based slots) and return the damage each card took this round."""
    start = len(state.events)
    state.apply({0: GAME.parse_action(state, 0, _activation(slots1)),
                 1: GAME.parse_action(state, 1, _activation(slots2))})
    reveal = next(e for e in state.events[start:] if e.kind == "reveal")
    return dict(reveal.detail["damage"])


def destroyed(state: LineState) -> list[list[str]]:
    ids = state.rules.card_ids
    return [[ids[c] for c in cards] for cards in state.last["destroyed"]]


def _activation(slots: Iterable[int]) -> str:
    slots = list(slots)
    return "activate " + (" ".join(map(str, slots)) if slots else "none")


def random_play(state: LineState, rng: random.Random) -> None:
    """One random joint action."""
    state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_move()})
