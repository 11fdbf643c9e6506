"""The rules of one Dragon Dance data set, precomputed into small ints and tuples.

A round's hot path is table lookups: cards are bit positions in a hand mask, a card's values
are a 7-tuple indexed by die (0 = no die, 1-6 = the face), ranges are 0 (long) and 1 (short),
and every legal-action list is built once here and shared.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dragon_pnp.games.dragon_dance.actions import (
    NO_COMBO,
    CardAction,
    ComboAction,
    DieAction,
    die_action,
)
from dragon_pnp.games.dragon_dance.data import KNOWN_OPTIONS, RANGES, DanceData

LONG, SHORT = 0, 1
RANGE_NAMES = RANGES                  # index by range number
NO_MOVE, REDUCE, INCREASE = 0, 1, 2
RANGE_BIT = (1, 2)                    # a card's playable-ranges mask, by range number


@dataclass(frozen=True)
class CardRule:
    """One action card as the engine uses it."""

    index: int                 # bit position in its owner's hand mask
    id: str
    name: str
    ranges: int                # bit 1: long, bit 2: short
    kind: str
    attack: bool
    defence: bool
    move: int                  # NO_MOVE, REDUCE or INCREASE
    combo: bool
    dodge: bool
    recuperate: bool
    table: tuple[int, ...]     # by die: 0 = no die, 1-6 = face; zeros for cards without a table

    @property
    def has_table(self) -> bool:
        return self.attack or self.defence

    def playable_at(self, range_: int) -> bool:
        return bool(self.ranges & RANGE_BIT[range_])


class Rules:
    """Immutable rules for one data set and one choice of rules options (variants)."""

    slug = "dragon_dance"

    def __init__(self, data: DanceData, options: Mapping[str, Any] | None = None):
        self.data = data
        self.options = resolve_options(data, options)
        self.combo_before_movement: bool = self.options["combo_before_movement"]
        self.recuperate_keeps_dice: bool = self.options["recuperate_keeps_dice"]
        self.roles: tuple[str, ...] = data.roles
        settings = data.settings
        self.round_cap: int = settings.round_cap
        self.start_range: int = RANGES.index(settings.start_range)
        self.life0: tuple[int, ...] = tuple(settings.roles[r].life for r in self.roles)
        self.dice0: tuple[int, ...] = tuple(settings.roles[r].dice for r in self.roles)
        self.cards: tuple[tuple[CardRule, ...], ...] = tuple(
            tuple(_card_rule(i, card) for i, card in enumerate(data.rosters[role].cards)) for role in self.roles
        )
        self.card_index: tuple[dict[str, int], ...] = tuple({c.id: c.index for c in cards} for cards in self.cards)
        self.all_cards: tuple[int, ...] = tuple((1 << len(cards)) - 1 for cards in self.cards)
        self.playable: tuple[tuple[int, int], ...] = tuple(
            tuple(sum(1 << c.index for c in cards if c.playable_at(r)) for r in (LONG, SHORT))  # type: ignore[misc]
            for cards in self.cards
        )
        self.combo_cards: tuple[int, ...] = tuple(sum(1 << c.index for c in cards if c.combo) for cards in self.cards)
        self.card_actions: tuple[tuple[CardAction, ...], ...] = tuple(
            tuple(CardAction(seat, c.index, c.id) for c in cards) for seat, cards in enumerate(self.cards)
        )
        # Card choices by (seat, hand mask & playable mask): 2 x 2^8 small lists, built on demand.
        self._card_lists: list[dict[int, list[CardAction]]] = [{} for _ in self.roles]
        self._die_lists: dict[tuple[int, ...], list[DieAction]] = {}
        self._combo_lists: dict[tuple[int, int, tuple[int, ...]], list[ComboAction]] = {}

    # --- legal-action lists (shared; callers copy before changing) ----------------------------

    def card_choices(self, seat: int, playable_hand: int) -> list[CardAction]:
        cached = self._card_lists[seat].get(playable_hand)
        if cached is None:
            actions = self.card_actions[seat]
            cached = [actions[i] for i in range(len(actions)) if playable_hand >> i & 1]
            self._card_lists[seat][playable_hand] = cached
        return cached

    def die_choices(self, dice: tuple[int, ...]) -> list[DieAction]:
        cached = self._die_lists.get(dice)
        if cached is None:
            cached = [die_action(0)] + [die_action(f) for f in sorted(set(dice))]
            self._die_lists[dice] = cached
        return cached

    def combo_choices(self, seat: int, partners: int, dice: tuple[int, ...]) -> list[ComboAction]:
        """Decline, or each follow-up card (bit mask `partners`) with no die or each face in `dice`."""
        key = (seat, partners, dice)
        cached = self._combo_lists.get(key)
        if cached is None:
            faces = [0] + sorted(set(dice))
            cached = [NO_COMBO] + [ComboAction(seat, c.index, c.id, face)
                                   for c in self.cards[seat] if partners >> c.index & 1 for face in faces]
            self._combo_lists[key] = cached
        return cached

    def recuperate_card(self, seat: int) -> CardRule:
        return next(c for c in self.cards[seat] if c.recuperate)

    def card(self, seat: int, card_id: str) -> CardRule:
        return self.cards[seat][self.card_index[seat][card_id]]


def resolve_options(data: DanceData, options: Mapping[str, Any] | None) -> dict[str, bool]:
    """Every known option with its value: the caller's, else the data's default, else off."""
    chosen = dict(options or {})
    unknown = sorted(set(chosen) - set(KNOWN_OPTIONS))
    if unknown:
        raise ValueError(f"unknown rules option {', '.join(unknown)}; known: {', '.join(KNOWN_OPTIONS)}")
    resolved = {}
    for name in KNOWN_OPTIONS:
        if name in chosen:
            value = chosen[name]
            if not isinstance(value, bool):
                raise ValueError(f"rules option {name} must be true or false, got {value!r}")
            resolved[name] = value
        else:
            spec = data.rules_options.get(name)
            resolved[name] = spec.default if spec is not None else False
    return resolved


def _card_rule(index: int, card: Any) -> CardRule:
    ranges = sum(RANGE_BIT[RANGES.index(r)] for r in card.ranges)
    move = {None: NO_MOVE, "reduce": REDUCE, "increase": INCREASE}[card.movement]
    return CardRule(
        index=index, id=card.id, name=card.name, ranges=ranges, kind=card.kind,
        attack=card.kind == "attack", defence=card.kind == "defence", move=move, combo=card.combo,
        dodge=card.effect == "dodge", recuperate=card.effect == "recuperate", table=card.values(),
    )
