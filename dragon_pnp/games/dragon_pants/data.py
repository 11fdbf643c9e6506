"""Dragon Pants' own data files: the board's terrains, the Deck of Power, the Deck of Destiny,
table timings, settings."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from dragon_pnp.data.hexmap import HexMap, Home, Terrain, TerrainPattern
from dragon_pnp.data.models import IDENT, Model


class Box(Model):
    """Component counts in the box; the board and card lists must agree with them."""

    # hex tiles in the box
    tiles: int = Field(ge=1, le=1000)
    # Power cards in the box
    power_cards: int = Field(ge=1, le=1000)
    # Destiny cards in the box
    destiny_cards: int = Field(ge=1, le=1000)
    # blank Destiny cards in the box
    blank_destiny_cards: int = Field(default=0, ge=0, le=1000)
    # dragon pawns in the box
    pawns: int = Field(ge=1, le=12)
    # time-track cards in the box
    time_track_cards: int = Field(ge=0, le=10)
    # time markers in the box
    time_markers: int = Field(ge=0, le=10)


class PantsSettings(Model):
    """game.yaml `settings:` for Dragon Pants: the rule numbers the engine reads."""

    # actions a dragon takes each turn
    actions_per_turn: int = Field(ge=1, le=10)
    # Power cards a dragon may hold at the end of its turn
    hand_limit: int = Field(ge=1, le=20)
    # Power cards dealt face up at setup to each player who is not dealt The Pants (the seed: 1)
    opening_power_cards: int = Field(default=1, ge=1, le=20)
    # the Destiny preset games use unless told otherwise
    default_preset: str
    # what the box holds; the data must agree
    box: Box
    # the rules check stops a game after this many turns (a hazard, not a rule)
    turn_cap: int = Field(ge=1, le=100_000)



# --- board.yaml --------------------------------------------------------------------------------

RULE_FLAGS = ("blocks_sight", "sight_immune", "draw_power", "holds_one", "is_den")


class PantsTerrain(Terrain):
    """A terrain and what it does in the rules. What its tile prints (the reminder under the name,
    the black-and-white mark) follows from these flags unless board.yaml says otherwise."""

    # whether dragons may stand on it
    passable: bool
    # it blocks lines of sight
    blocks_sight: bool
    # a dragon on it cannot be targeted along a line of sight
    sight_immune: bool
    # a dragon here may draw Power
    draw_power: bool
    # only one dragon may stand on it
    holds_one: bool = False
    is_home: bool = Field(default=False, alias="is_den", description="the dens' terrain: each seat starts on its den")

    @property
    def is_den(self) -> bool:
        """board.yaml's and rules.md's word for the generic `is_home`."""
        return self.is_home

    @model_validator(mode="before")
    @classmethod
    def _printed_from_flags(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        flags = {name: data.get(name) is True for name in RULE_FLAGS}
        derived: dict[str, Any] = {}
        if "note" not in data:
            derived["note"] = flags_note(**flags)
        if "pattern" not in data:
            derived["pattern"] = flags_pattern(**flags)
        return {**data, **derived}


def flags_note(blocks_sight: bool, sight_immune: bool, draw_power: bool, holds_one: bool, is_den: bool) -> str:
    """The short reminder of a terrain's rules printed on its tile ("Blocks sight lines, one dragon only")."""
    notes = []
    if blocks_sight:
        notes.append("blocks sight lines")
    if holds_one:
        notes.append("one dragon only")
    if sight_immune:
        notes.append("safe from sight lines")
    if draw_power:
        notes.append("draw Power here")
    return ", ".join(notes).capitalize()


def flags_pattern(blocks_sight: bool, sight_immune: bool, draw_power: bool, holds_one: bool,
                  is_den: bool) -> TerrainPattern:
    """The mark a terrain's tile and hex get, so terrains that act alike look alike: dens, sight
    blockers (peaks), sight shelters (waves), draw hexes (a star), the rest plain."""
    if is_den:
        return "home"
    if blocks_sight:
        return "peaks"
    if sight_immune:
        return "waves"
    if draw_power:
        return "star"
    return "plain"


class PantsMap(HexMap):
    """board.yaml: the generic hex map with Dragon Pants' terrains; its homes are dens."""

    # the kinds of tile, by id, with their rules flags
    terrains: dict[str, PantsTerrain]
    homes: list[Home] = Field(alias="dens", min_length=1)

    @property
    def dens(self) -> list[Home]:
        """board.yaml's and rules.md's word for the generic `homes`."""
        return self.homes


# --- power_cards.yaml ----------------------------------------------------------------------------


CardKind = Literal["attack", "curse", "theft", "reaction", "self"]
Targeting = Literal["none", "self", "flat_line", "diagonal_line", "any_player", "all_others", "reaction"]


class PowerCard(Model):
    # the card's id: lower case letters, digits and _
    id: str = Field(pattern=IDENT)
    # the card's printed name
    name: str = Field(min_length=1, max_length=40)
    # copies in the deck
    count: int = Field(ge=1, le=99)
    # attack, curse, theft, reaction or self
    kinds: list[CardKind]
    # who it targets: none, self, flat_line, diagonal_line, any_player, all_others or reaction
    target: Targeting
    # what a reaction answers: attack, curse, theft, bite or a card id
    reacts_to: list[str] = Field(default=[])
    # the card's printed text
    text: str = Field(min_length=1)
    # the full rule the rulebook and exports show
    rules: str = Field(min_length=1)

    @model_validator(mode="after")
    def _reaction_fields(self) -> PowerCard:
        if self.target == "reaction" and not self.reacts_to:
            raise ValueError("a reaction card needs reacts_to (attack, curse, theft, bite or a card id)")
        if self.target != "reaction" and self.reacts_to:
            raise ValueError(f"reacts_to is only for target: reaction (this card targets {self.target})")
        return self


class PowerDeck(Model):
    # the Power cards, one row per distinct card
    cards: list[PowerCard] = Field(min_length=1)


# --- destiny.yaml ----------------------------------------------------------------------------


class DestinyCard(Model):
    id: str | None = Field(default=None, pattern=IDENT)   # names the card's print files
    name: str | None = None                                # how lists and exports name it
    text: str | None = None                                # its effect in words, for exports
    # what the card adds to the time track (negative slows it)
    value: int = Field(ge=-9, le=9)
    # copies in the deck
    count: int = Field(ge=0, le=999)
    # a blank card (no value printed)
    blank: bool = False


class Preset(Model):
    # the preset's printed name
    name: str
    # the time track's last box for this preset
    length: int = Field(ge=1, le=999)
    # the rulebook recommends it
    recommended: bool = False
    # Destiny cards by value ("-1", "+2") and how many
    cards: dict[int, int]

    @field_validator("cards", mode="before")
    @classmethod
    def _signed_keys(cls, value: object) -> object:
        """Keys are written as signed strings ("-1", "+2") so they read the same as on the cards."""
        if not isinstance(value, dict):
            return value
        parsed: dict[int, object] = {}
        for key, count in value.items():
            parsed[parse_signed(key)] = count
        return parsed

    @field_validator("cards")
    @classmethod
    def _counts(cls, value: dict[int, int]) -> dict[int, int]:
        for card, count in value.items():
            if count < 0:
                raise ValueError(f"count for {signed(card)} is {count}; expected 0 or more")
            if count > 999:
                raise ValueError(f"count for {signed(card)} is {count}; expected at most 999")
        return value


class DestinyData(Model):
    # the Destiny cards that print
    cards: list[DestinyCard] = Field(min_length=1)
    # decks of Destiny cards a group may choose, by id
    presets: dict[str, Preset] = Field(min_length=1)


def parse_signed(key: object) -> int:
    """Parse a Destiny value written as "-1", "+2", "0" or a plain integer."""
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    if isinstance(key, str) and re.fullmatch(r"[+-]?\d{1,2}", key.strip()):
        return int(key.strip())
    raise ValueError(f"card value {key!r} is not a signed whole number like \"-1\" or \"+2\"")


def signed(value: int) -> str:
    """Format a Destiny value the way the cards print it: "-1", "+2", "0"."""
    return f"{value:+d}" if value else "0"


# --- playtime.yaml (optional) -------------------------------------------------------------------


class Playtime(Model):
    """Table timings behind the rules check's playing-time estimate (minutes of setup, seconds per step)."""

    # minutes to set up
    setup_minutes: float = Field(ge=0, le=120)
    # seconds a turn takes besides its actions
    seconds_per_turn: float = Field(ge=0, le=600)
    # seconds an action takes
    seconds_per_action: float = Field(ge=0, le=600)
    # seconds a Destiny draw takes
    seconds_per_destiny_draw: float = Field(ge=0, le=600)

    def minutes(self, turns: int, actions: int, destiny_draws: int) -> float:
        seconds = (turns * self.seconds_per_turn + actions * self.seconds_per_action
                   + destiny_draws * self.seconds_per_destiny_draw)
        return self.setup_minutes + seconds / 60


