"""The schema of a game's data files, as pydantic models.

Models are strict (no silent type coercion), frozen, and forbid unknown keys so a typo in a
data file is an error rather than a value that silently never takes effect.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

IDENT = r"^[a-z][a-z0-9_]*$"
HEX_COLOUR = r"^#[0-9a-fA-F]{6}$"


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# --- game.yaml -------------------------------------------------------------------------------


class PlayerRange(Model):
    min: int = Field(ge=1, le=12)
    max: int = Field(ge=1, le=12)
    best: list[int] = []

    @model_validator(mode="after")
    def _ordered(self) -> "PlayerRange":
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        return self


class RulesOption(Model):
    """A variant a group may choose; `default` is the ruling the engine uses."""

    default: bool
    ruling: str
    summary: str


class Box(Model):
    """Component counts in the box; the board and card lists must agree with them."""

    tiles: int = Field(ge=1, le=1000)
    power_cards: int = Field(ge=1, le=1000)
    destiny_cards: int = Field(ge=1, le=1000)
    blank_destiny_cards: int = Field(default=0, ge=0, le=1000)
    pawns: int = Field(ge=1, le=12)
    time_track_cards: int = Field(ge=0, le=10)
    time_markers: int = Field(ge=0, le=10)


class GameInfo(Model):
    name: str = Field(min_length=1)
    also_known_as: str | None = None
    tagline: str | None = None
    designers: list[str] = Field(min_length=1)
    licence: str
    licence_url: str | None = None
    credits: str
    players: PlayerRange
    playtime_minutes: int = Field(ge=1, le=1000)
    minimum_age: int = Field(ge=0, le=99)
    actions_per_turn: int = Field(ge=1, le=10)
    hand_limit: int = Field(ge=1, le=20)
    default_preset: str
    box: Box
    turn_cap: int = Field(ge=1, le=100_000)
    rules_options: dict[str, RulesOption] = {}

    @field_validator("rules_options")
    @classmethod
    def _option_names(cls, value: dict[str, RulesOption]) -> dict[str, RulesOption]:
        for name in value:
            if not re.match(IDENT, name):
                raise ValueError(f"option name {name!r} must be lower_snake_case")
        return value


# --- board.yaml ------------------------------------------------------------------------------


class Terrain(Model):
    """A kind of tile and what it does in the rules."""

    name: str
    count: int = Field(ge=0, le=1000)
    passable: bool
    blocks_sight: bool
    sight_immune: bool
    draw_power: bool
    holds_one: bool = False
    is_den: bool = False


class Tile(Model):
    q: int = Field(ge=-50, le=50)
    r: int = Field(ge=-50, le=50)
    terrain: str


class Den(Model):
    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")
    name: str
    q: int = Field(ge=-50, le=50)
    r: int = Field(ge=-50, le=50)
    number: int = Field(ge=1, le=12)


class Board(Model):
    terrains: dict[str, Terrain]
    tiles: list[Tile] = Field(min_length=1)
    dens: list[Den] = Field(min_length=1)
    seats: dict[int, list[str]]

    @field_validator("seats", mode="before")
    @classmethod
    def _seat_keys(cls, value: object) -> object:
        if isinstance(value, dict):
            for key in value:
                if not isinstance(key, int) or isinstance(key, bool):
                    raise ValueError(f"seat map keys are player counts (whole numbers), got {key!r}")
        return value


# --- power_cards.yaml ------------------------------------------------------------------------

CardKind = Literal["attack", "curse", "theft", "reaction", "self"]
Targeting = Literal["none", "self", "flat_line", "diagonal_line", "any_player", "all_others", "reaction"]


class PowerCard(Model):
    id: str = Field(pattern=IDENT)
    name: str = Field(min_length=1, max_length=40)
    count: int = Field(ge=1, le=99)
    kinds: list[CardKind]
    target: Targeting
    reacts_to: list[str] = []
    text: str = Field(min_length=1)
    rules: str = Field(min_length=1)

    @model_validator(mode="after")
    def _reaction_fields(self) -> "PowerCard":
        if self.target == "reaction" and not self.reacts_to:
            raise ValueError("a reaction card needs reacts_to (attack, curse, theft, bite or a card id)")
        if self.target != "reaction" and self.reacts_to:
            raise ValueError(f"reacts_to is only for target: reaction (this card targets {self.target})")
        return self


class PowerDeck(Model):
    cards: list[PowerCard] = Field(min_length=1)


# --- destiny.yaml ----------------------------------------------------------------------------


class DestinyCard(Model):
    value: int = Field(ge=-9, le=9)
    count: int = Field(ge=0, le=999)
    blank: bool = False


class Preset(Model):
    name: str
    length: int = Field(ge=1, le=999)
    recommended: bool = False
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


class TimeTrack(Model):
    first: int = Field(ge=0, le=999)
    last: int = Field(ge=1, le=999)
    rows: int = Field(ge=1, le=20)

    @model_validator(mode="after")
    def _ordered(self) -> "TimeTrack":
        if self.first >= self.last:
            raise ValueError(f"first ({self.first}) must be below last ({self.last})")
        return self


class DestinyData(Model):
    cards: list[DestinyCard] = Field(min_length=1)
    presets: dict[str, Preset] = Field(min_length=1)
    time_track: TimeTrack


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

    setup_minutes: float = Field(ge=0, le=120)
    seconds_per_turn: float = Field(ge=0, le=600)
    seconds_per_action: float = Field(ge=0, le=600)
    seconds_per_destiny_draw: float = Field(ge=0, le=600)

    def minutes(self, turns: int, actions: int, destiny_draws: int) -> float:
        seconds = (turns * self.seconds_per_turn + actions * self.seconds_per_action
                   + destiny_draws * self.seconds_per_destiny_draw)
        return self.setup_minutes + seconds / 60


# --- print.yaml ------------------------------------------------------------------------------


class CardSize(Model):
    width_mm: float = Field(gt=10, le=300)
    height_mm: float = Field(gt=10, le=300)
    safe_mm: float = Field(ge=0, le=30)
    min_font_pt: float = Field(ge=3, le=30)


class HexSize(Model):
    corner_to_corner_mm: float = Field(gt=10, le=400)


class Poster(Model):
    overlap_mm: float = Field(ge=0, le=50)


class NamedColour(Model):
    name: str
    hex: str = Field(pattern=HEX_COLOUR)


class Extras(Model):
    """Sizes of the small printed pieces: time track boxes, the time marker, the pawns."""

    time_box_mm: float = Field(default=16, ge=8, le=40)
    marker_mm: float = Field(default=13, ge=5, le=40)
    pawn_width_mm: float = Field(default=26, ge=10, le=80)
    pawn_height_mm: float = Field(default=40, ge=15, le=120)
    pawn_base_mm: float = Field(default=14, ge=5, le=40)


class PrintProfile(Model):
    paper: Literal["letter", "a4"]
    bleed_mm: float = Field(ge=0, le=10)
    crop_mark_mm: float = Field(ge=0, le=20)
    crop_gap_mm: float = Field(ge=0, le=10)
    card: CardSize
    hex: HexSize
    png_dpi: int = Field(ge=72, le=1200)
    poster: Poster
    terrain_colours: dict[str, str]
    den_colours: dict[str, NamedColour]
    # Card frames by card kind (attack, curse, theft, reaction, self, prize) and backs by deck.
    kind_colours: dict[str, str] = {}
    deck_colours: dict[str, str] = {}
    extras: Extras = Extras()

    @field_validator("terrain_colours", "kind_colours", "deck_colours")
    @classmethod
    def _colours(cls, value: dict[str, str]) -> dict[str, str]:
        for name, colour in value.items():
            if not re.match(HEX_COLOUR, colour):
                raise ValueError(f"colour for {name} is {colour!r}; expected #rrggbb")
        return value
