"""Dragon Line's data files as pydantic models, which the generic loader reads and locates.

`DragonLine.data_files` declares them (`.dragons`, `.suits`, `.card_values` on the loaded
`GameData`) and `settings_model` validates game.yaml's `settings:`; `validate` holds the
cross-checks the schema cannot express.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from dragon_pnp.errors import DataError

IDENT = r"^[a-z][a-z0-9_]*$"
# A card may be Reformed from in front and from behind, so at most two Range Reforms count.
MAX_RANGE_BONUS = 2


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# --- dragons.yaml ------------------------------------------------------------------------------


class Reform(Model):
    """A Spirit card's modifiers for the dragons in front and behind (L1, L5)."""

    # change to the Damage of the dragon in front
    damage: int = Field(default=0, ge=-5, le=5)
    # change to its Health
    health: int = Field(default=0, ge=-5, le=5)
    # 1: its ability reaches one slot further
    range: int = Field(default=0, ge=0, le=1)

    @model_validator(mode="after")
    def _something(self) -> Reform:
        if not (self.damage or self.health or self.range):
            raise ValueError("a Reform changes something: give damage, health or range")
        return self


class DragonCard(Model):
    # the card's id: lower case letters, digits and _
    id: str = Field(pattern=IDENT)
    # the dragon's printed name
    name: str = Field(min_length=1, max_length=20)
    # the id of its suit in suits.yaml
    suit: str = Field(pattern=IDENT)
    count: int = Field(default=1, ge=1, le=1)          # every dragon is unique (L1)
    # its printed Health
    health: int = Field(ge=1, le=12)
    # its Damage (Reform dragons have none)
    damage: int | None = Field(default=None, ge=0, le=12)
    # a Reform dragon's modifiers for the dragon in front
    reform: Reform | None = None


class DragonDeck(Model):
    """dragons.yaml: the 35 dragon cards."""

    # values not final, as game.yaml says
    provisional: bool = False
    # every dragon card, one row each
    cards: list[DragonCard] = Field(min_length=1)


# --- suits.yaml --------------------------------------------------------------------------------


class Suit(Model):
    # the suit's id
    id: str = Field(pattern=IDENT)
    # the suit's printed name
    name: str = Field(min_length=1)
    # the name of its ability
    ability: str = Field(min_length=1)
    # damage (it hits) or reform (it changes the dragon in front)
    effect: Literal["damage", "reform"]
    # how many dragons of the suit the deck holds
    count: int = Field(ge=1, le=20)
    # the ability in one sentence
    summary: str = Field(min_length=1)
    # offsets the ability hits, one list per Range Reform bonus (0, 1, 2)
    reach: list[list[int]] = Field(min_length=1, max_length=MAX_RANGE_BONUS + 1)

    @model_validator(mode="after")
    def _reach(self) -> Suit:
        for offsets in self.reach:
            if not offsets:
                raise ValueError("every reach list names at least one position")
            if len(set(offsets)) != len(offsets):
                raise ValueError(f"reach {offsets} names a position twice")
            if any(abs(o) > 7 for o in offsets):
                raise ValueError(f"reach {offsets} goes past the eight-slot line")
        return self


class SuitTable(Model):
    """suits.yaml: the five suits, their abilities and reach tables."""

    # the suits, their abilities and reach tables
    suits: list[Suit] = Field(min_length=1)


# --- game.yaml ---------------------------------------------------------------------------------


class Playtime(Model):
    # seconds to set up a match
    setup_seconds: float = Field(ge=0)
    # seconds per draft pick
    draft_pick_seconds: float = Field(ge=0)
    # seconds to place a card in the line
    line_card_seconds: float = Field(ge=0)
    # seconds per battle round
    round_seconds: float = Field(ge=0)
    # seconds between hands
    between_hands_seconds: float = Field(ge=0)


class LineSettings(Model):
    """game.yaml `settings:` for Dragon Line (the rule numbers of L6-L9)."""

    # dragons in the deck
    deck_size: int = Field(ge=2, le=200)
    # cards set aside unseen before each hand
    random_discard: int = Field(ge=0, le=200)
    # cards in each player's stack
    stack_size: int = Field(ge=1, le=100)
    # cards taken at each draft step
    draft_picks: list[int] = Field(min_length=1, max_length=10)
    # slots in a Starting Line
    line_size: int = Field(ge=1, le=8)
    # hands in a match
    match_hands: int = Field(ge=1, le=25)
    # the rules check stops a hand after this many rounds
    round_cap: int = Field(ge=1, le=1000)
    # table timings for the playing-time estimate
    playtime: Playtime

    @model_validator(mode="after")
    def _picks(self) -> LineSettings:
        if any(p < 1 for p in self.draft_picks):
            raise ValueError(f"every draft step takes at least one card, got {self.draft_picks}")
        return self


# --- card_values.yaml --------------------------------------------------------------------------


class CardValues(Model):
    """card_values.yaml: per-card draft values the strong policy learned by simulation."""

    cards_digest: str = Field(pattern=r"^[0-9a-f]{16}$")   # of the rule values they were learned on
    # how the values were learned
    method: str
    # the learning run's seed
    seed: int
    # hands played to learn them
    hands: int = Field(ge=1)
    # each card's draft value, by id
    values: dict[str, float]


def cards_digest(deck: DragonDeck, suits: SuitTable) -> str:
    """A short hash of every value the rules read from the cards, to tell stale learned values."""
    rule_values = {
        "cards": [[c.id, c.suit, c.health, c.damage, c.reform.model_dump() if c.reform else None]
                  for c in deck.cards],
        "suits": [[s.id, s.effect, s.reach] for s in suits.suits],
    }
    return hashlib.sha256(json.dumps(rule_values, sort_keys=True).encode()).hexdigest()[:16]


def validate(data: Any) -> list[DataError]:
    """Cross-checks: suits and counts, Damage vs Reform per suit, the draft's card arithmetic (L6)."""
    errors: list[DataError] = []
    settings = settings_of(data)
    suits = {s.id: s for s in data.suits.suits}
    if len(suits) != len(data.suits.suits):
        errors.append(DataError(data.locate("suits.yaml", "suits"), "two suits share an id"))
    seen: dict[str, int] = {}
    per_suit: dict[str, int] = dict.fromkeys(suits, 0)
    for i, card in enumerate(data.dragons.cards):
        def where(*f: Any, i: int = i) -> Any:
            return data.locate("dragons.yaml", "cards", i, *f)
        if card.id in seen:
            errors.append(DataError(where("id"), f"'{card.id}' is also card {seen[card.id] + 1}; ids are unique"))
        seen.setdefault(card.id, i)
        suit = suits.get(card.suit)
        if suit is None:
            errors.append(DataError(where("suit"), f"unknown suit '{card.suit}'; expected one of {', '.join(suits)}"))
            continue
        per_suit[card.suit] += 1
        if suit.effect == "damage":
            if card.damage is None:
                errors.append(DataError(where(), f"a {suit.name} dragon needs a damage value"))
            if card.reform is not None:
                errors.append(DataError(where("reform"), f"only Reform dragons have reform modifiers, not {suit.name}"))
        else:
            if card.damage is not None:
                errors.append(DataError(where("damage"), f"{suit.name} dragons never deal damage; remove the damage value"))
            if card.reform is None:
                errors.append(DataError(where(), f"a {suit.name} dragon needs its reform modifiers"))
    for suit_id, suit in suits.items():
        if per_suit.get(suit_id, 0) != suit.count:
            index = next(i for i, s in enumerate(data.suits.suits) if s.id == suit_id)
            errors.append(DataError(data.locate("suits.yaml", "suits", index, "count"),
                                    f"{suit.name} has {per_suit.get(suit_id, 0)} cards in dragons.yaml, expected {suit.count}"))
    def where_set(*f: Any) -> Any:
        return data.locate("game.yaml", "settings", *f)
    if len(data.dragons.cards) != settings.deck_size:
        errors.append(DataError(where_set("deck_size"),
                                f"dragons.yaml holds {len(data.dragons.cards)} cards, expected deck_size {settings.deck_size}"))
    dealt = settings.random_discard + 2 * settings.stack_size
    if dealt != settings.deck_size:
        errors.append(DataError(where_set("stack_size"),
                                f"random_discard + 2 x stack_size = {dealt}, must equal deck_size {settings.deck_size}"))
    left = settings.stack_size - sum(settings.draft_picks) - settings.line_size
    if left < 0:
        errors.append(DataError(where_set("draft_picks"),
                                f"a stack of {settings.stack_size} cannot give {sum(settings.draft_picks)} draft picks "
                                f"and a line of {settings.line_size}"))
    values = getattr(data, "card_values", None)
    if values is not None:
        digest = cards_digest(data.dragons, data.suits)
        if values.cards_digest != digest:
            errors.append(DataError(data.locate("card_values.yaml", "cards_digest"),
                                    f"learned on other card values (digest {values.cards_digest}, cards now {digest}); "
                                    "run bench/learn_dragon_line_values.py"))
        missing = [c.id for c in data.dragons.cards if c.id not in values.values]
        unknown = [k for k in values.values if k not in seen]
        if missing or unknown:
            errors.append(DataError(data.locate("card_values.yaml", "values"),
                                    f"values must name every card once; missing {missing}, unknown {unknown}"))
    provisional = getattr(data.game, "provisional", False)
    if data.dragons.provisional != provisional:
        errors.append(DataError(data.locate("dragons.yaml", "provisional"),
                                f"dragons.yaml says provisional: {data.dragons.provisional}, game.yaml says {provisional}"))
    return errors


def settings_of(data: Any) -> LineSettings:
    """The game's settings as a LineSettings: those the generic loader validated, else game.yaml's."""
    settings = getattr(data, "settings", None)
    if isinstance(settings, LineSettings):
        return settings
    return LineSettings.model_validate(data.game.settings)


def without_learned_values(game: Any) -> Any:
    """The same loaded game without card_values.yaml, to relearn values after the cards changed."""
    import dataclasses

    return dataclasses.replace(game, files={k: v for k, v in game.files.items() if k != "card_values"}, _derived={})
