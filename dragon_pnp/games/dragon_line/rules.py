"""Dragon Line's rules for one data set and one choice of variants, as immutable lookup tables.

Cards are small ints (their row in dragons.yaml), suits are ints (their row in suits.yaml),
and every table the battle reads per round is built here once: which axis positions each
ability hits from each position with 0, 1 or 2 Range Reforms, and what each card's Reform does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dragon_pnp.errors import NotationError
from dragon_pnp.games.dragon_line.actions import Activate, Draft, Place, Refill, Remove
from dragon_pnp.games.dragon_line.data import MAX_RANGE_BONUS, LineSettings, settings_of
from dragon_pnp.games.dragon_line.line import axis_position, reach_offsets, seat_slot, targets

SEATS = 2


@dataclass(frozen=True, eq=False)
class Rules:
    """Everything the engine and the policies look up, built from the data by `Rules.build`."""

    settings: LineSettings
    options: Mapping[str, bool]
    card_ids: tuple[str, ...]
    card_names: tuple[str, ...]
    suit_ids: tuple[str, ...]
    suit_names: tuple[str, ...]
    suit_reach: tuple[tuple[tuple[int, ...], ...], ...]       # suit -> range bonus -> offsets
    suit_of: tuple[int, ...]
    health: tuple[int, ...]
    damage: tuple[int, ...]                                  # 0 for Reform dragons
    deals: tuple[bool, ...]                                  # True: the ability deals damage
    reform: tuple[tuple[int, int, int], ...]                 # (damage, health, range) per card
    card_value: tuple[float, ...]                            # learned draft values (0 without data)
    hit: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = field(repr=False)   # suit, range, axis -> axis targets
    draft_actions: tuple[Draft, ...] = field(repr=False)
    place_actions: tuple[Place, ...] = field(repr=False)
    refill_actions: tuple[Refill, ...] = field(repr=False)
    activate_actions: tuple[Activate, ...] = field(repr=False)
    axis_mask: tuple[tuple[int, ...], ...] = field(repr=False)     # seat -> slot mask -> axis mask
    index: Mapping[str, int] = field(repr=False)
    remove_cache: dict[tuple[int, ...], list[Remove]] = field(default_factory=dict, repr=False)   # line -> removals

    # --- derived --------------------------------------------------------------------------
    @property
    def line_size(self) -> int:
        return self.settings.line_size

    @property
    def deck_size(self) -> int:
        return len(self.card_ids)

    @property
    def carry_damage(self) -> bool:
        return self.options["damage_carries_over"]

    @property
    def reform_always(self) -> bool:
        return self.options["reform_needs_no_activation"]

    def reach(self, suit: str | int, range_bonus: int = 0) -> tuple[int, ...]:
        """Offsets (1 in front, 2 beyond, 0 itself, -1 behind) the suit's ability hits with `range_bonus` Range Reforms."""
        s = self.suit_ids.index(suit) if isinstance(suit, str) else suit
        return reach_offsets(self.suit_reach[s], range_bonus)

    def card(self, card_id: str) -> int:
        try:
            return self.index[card_id]
        except KeyError:
            raise NotationError(f"no dragon called '{card_id}'") from None

    # --- building -------------------------------------------------------------------------
    @classmethod
    def build(cls, data: Any, options: Mapping[str, Any] | None = None) -> Rules:
        """Rules for `data` (LineData or the generic GameData) with variants from `options`."""
        settings = settings_of(data)
        chosen = _options(data, options)
        suits = data.suits.suits
        suit_index = {s.id: i for i, s in enumerate(suits)}
        cards = data.dragons.cards
        values = getattr(data, "card_values", None)
        size = settings.line_size
        reach = tuple(tuple(tuple(offsets) for offsets in s.reach) for s in suits)
        hit = tuple(
            tuple(
                tuple(targets(*seat_slot(p, size), reach_offsets(reach[s], bonus), size) for p in range(2 * size))
                for bonus in range(MAX_RANGE_BONUS + 1)
            )
            for s in range(len(suits))
        )
        ids = tuple(c.id for c in cards)
        axis_mask = tuple(
            tuple(sum(1 << axis_position(seat, slot, size) for slot in range(size) if mask >> slot & 1)
                  for mask in range(1 << size))
            for seat in range(SEATS)
        )
        return cls(
            settings=settings,
            options=chosen,
            card_ids=ids,
            card_names=tuple(c.name for c in cards),
            suit_ids=tuple(s.id for s in suits),
            suit_names=tuple(s.name for s in suits),
            suit_reach=reach,
            suit_of=tuple(suit_index[c.suit] for c in cards),
            health=tuple(c.health for c in cards),
            damage=tuple(c.damage or 0 for c in cards),
            deals=tuple(suits[suit_index[c.suit]].effect == "damage" for c in cards),
            reform=tuple((c.reform.damage, c.reform.health, c.reform.range) if c.reform else (0, 0, 0) for c in cards),
            card_value=tuple(values.values.get(c.id, 0.0) if values else 0.0 for c in cards),
            hit=hit,
            draft_actions=tuple(Draft(card_id, i) for i, card_id in enumerate(ids)),
            place_actions=tuple(Place(card_id, i) for i, card_id in enumerate(ids)),
            refill_actions=tuple(Refill(card_id, i) for i, card_id in enumerate(ids)),
            activate_actions=tuple(Activate(mask) for mask in range(1 << size)),
            axis_mask=axis_mask,
            index={card_id: i for i, card_id in enumerate(ids)},
        )

    def options_json(self) -> dict[str, bool]:
        return dict(sorted(self.options.items()))

    def removals(self, line: tuple[int, ...]) -> list[Remove]:
        """Every subset of `line` a player may discard (L7.5), `remove none` first, in a stable order."""
        found = self.remove_cache.get(line)
        if found is None:
            ids = self.card_ids
            found = [Remove(tuple(ids[c] for i, c in enumerate(line) if mask >> i & 1))
                     for mask in range(1 << len(line))]
            if len(self.remove_cache) < 100_000:
                self.remove_cache[line] = found
        return found


def _options(data: Any, options: Mapping[str, Any] | None) -> dict[str, bool]:
    declared = getattr(data.game, "rules_options", {}) or {}
    chosen = {name: bool(getattr(option, "default", False)) for name, option in declared.items()}
    for name in ("damage_carries_over", "reform_needs_no_activation"):
        chosen.setdefault(name, False)
    for name, value in (options or {}).items():
        if name not in chosen:
            raise NotationError(f"unknown rules option '{name}'; known: {', '.join(sorted(chosen))}")
        if isinstance(value, str):
            if value.lower() not in ("true", "false", "yes", "no", "on", "off", "1", "0"):
                raise NotationError(f"rules option {name}={value!r}: expected true or false")
            value = value.lower() in ("true", "yes", "on", "1")
        if not isinstance(value, bool):
            raise NotationError(f"rules option {name}={value!r}: expected true or false")
        chosen[name] = value
    return chosen
