"""The schema of a game's data files, as pydantic models.

Models are strict (no silent type coercion), frozen, and forbid unknown keys so a typo in a
data file is an error rather than a value that silently never takes effect.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from dragon_pnp.data.components import Component
from dragon_pnp.data.lang.words import ENGLISH, Phrases

IDENT = r"^[a-z][a-z0-9_]*$"
HEX_COLOUR = r"^#[0-9a-fA-F]{6}$"


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# --- game.yaml -------------------------------------------------------------------------------


class PlayerRange(Model):
    # fewest players
    min: int = Field(ge=1, le=12)
    # most players
    max: int = Field(ge=1, le=12)
    # the player counts the game plays best at
    best: list[int] = []

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        return self


class RulesOption(Model):
    """A variant a group may choose; `default` is the ruling the engine uses."""

    # whether the rules engine plays with this variant unless told otherwise
    default: bool
    # the ruling's reference (a RULINGS.md number)
    ruling: str
    # one sentence a player reads
    summary: str


class Tunable(Model):
    """One number (or a wildcard path of numbers) `dragon-pnp tune` may change, with its range."""

    # FILE:PATH in the game folder: dotted keys, list items by id, * one segment, ** any
    path: str = Field(min_length=3, max_length=300, pattern=r"^[^:]+:.+$")
    # the lowest and highest values tried, [LO, HI] (default: half the value either way)
    range: list[float] | None = Field(default=None, min_length=2, max_length=2)


class GameArt(Model):
    """The game's own pictures: SVG files in the game folder, drawn by the kit and the rulebook."""

    # the title mark: an emblem printed beside the name on the cover and above it in the rulebook
    logo: str | None = Field(default=None, min_length=1, max_length=200)
    # the cover illustration: on the kit's cover page and the rulebook's title page
    cover: str | None = Field(default=None, min_length=1, max_length=200)


class GameManifest(Model):
    """game.yaml: who made the game, who plays it, its rules module and its components.

    Rule numbers that only the rules module reads (a hand limit, a round cap) sit under
    `settings:` and are validated by that module's settings model.
    """

    # the game's title, printed on the cover, the rulebook and every card back that names it
    name: str = Field(min_length=1)
    # another name the game goes by, printed under the title
    also_known_as: str | None = None
    # one line under the title on the cover
    tagline: str | None = None
    # who designed the game, as credited on the cover and in the rulebook; leave it out for a
    # traditional game with no known designer (the kit then credits no one)
    designers: list[str] = Field(default_factory=list)
    # the licence of the game as its source states it; leave it out where the source gives none
    # (the kit then claims no licence and only credits the designers)
    licence: str | None = None
    # where the licence text is
    licence_url: str | None = None
    # credits paragraph for the rulebook's title page
    credits: str
    # how many players: min, max and the best counts
    players: PlayerRange
    # the typical game's playing time in minutes, which the rules check compares with
    playtime_minutes: int = Field(ge=1, le=1000)
    # the box's span in minutes, [10, 30] for "10-30 minutes" (else it says "about N minutes")
    playtime_range: list[int] | None = Field(default=None, min_length=2, max_length=2)
    # the youngest age the game suits
    minimum_age: int = Field(ge=0, le=99)
    # names of asymmetric seats (a duel's two sides), in seat order; empty when seats are alike
    roles: list[str] = []
    rules_module: str | None = Field(
        default=None, min_length=1, max_length=200,
        description="the game's rules: an installed module's name (entry-point group dragon_pnp.games), or a "
                    "Python file or package in the game folder (rules.py, ./rules); that runs the designer's own code")
    # values not final: every card shows a version mark
    provisional: bool = False
    # the data's version, printed in the provisional mark (at most 12 characters)
    version: str | None = Field(default=None, max_length=12)
    # variants a group may choose, by name: each with its default and the ruling it settles
    rules_options: dict[str, RulesOption] = {}
    # rule numbers the game's rules module reads (its own schema checks them)
    settings: dict[str, Any] = {}
    # the game's title mark and cover illustration (SVG files in the game folder)
    art: GameArt = GameArt()
    # what the kit prints: decks, tokens, dice, aids, tiles, board, track, standees
    components: list[Component] = Field(min_length=1)
    # numbers `dragon-pnp tune` may change to meet a balance target (docs/tune.md)
    tunable: list[Tunable] = []
    _phrases: Phrases | None = PrivateAttr(default=None)

    @property
    def players_text(self) -> str:
        """"2 players" or "2-6 players", as the box and the title page print it."""
        low, high = self.players.min, self.players.max
        words = self.phrases
        if low == high:
            return words.counted("words.players", low)
        return words.text("words.players_range", low=words.number(low), high=words.number(high))

    @property
    def playtime_text(self) -> str:
        """"10-30 minutes" when a span is given, else "about 20 minutes"."""
        words = self.phrases
        if self.playtime_range:
            low, high = self.playtime_range[0], self.playtime_range[1]
            return words.text("words.minutes_range", low=words.number(low), high=words.number(high))
        return words.counted("words.about_minutes", self.playtime_minutes)

    @property
    def phrases(self) -> Phrases:
        """The generic layouts' words in this manifest's language (`dragon_pnp.data.lang.words`)."""
        return self._phrases or ENGLISH

    def set_phrases(self, phrases: Phrases) -> None:
        """Set by a translated view (`dragon_pnp.data.lang.apply`); the source language has none."""
        self._phrases = phrases

    @field_validator("rules_options")
    @classmethod
    def _option_names(cls, value: dict[str, RulesOption]) -> dict[str, RulesOption]:
        for name in value:
            if not re.match(IDENT, name):
                raise ValueError(f"option name {name!r} must be lower_snake_case")
        return value

    @field_validator("components")
    @classmethod
    def _unique_ids(cls, value: list[Any]) -> list[Any]:
        seen: set[str] = set()
        for component in value:
            if component.id in seen:
                raise ValueError(f"component id {component.id!r} is used twice")
            seen.add(component.id)
        return value

    def component(self, component_id: str) -> Any:
        """The component entry with this id (KeyError if none)."""
        for component in self.components:
            if component.id == component_id:
                return component
        raise KeyError(component_id)

    def components_of(self, kind: str) -> list[Any]:
        return [c for c in self.components if c.kind == kind]


# --- print.yaml ------------------------------------------------------------------------------


class CardSafety(Model):
    safe_mm: float = Field(ge=0, le=30)          # text and art stay this far inside the trim
    min_font_pt: float = Field(ge=3, le=30)      # text that cannot fit at this size is an error


class NamedColour(Model):
    # the colour's name as printed (Red, Blue)
    name: str
    # the colour as #rrggbb
    hex: str = Field(pattern=HEX_COLOUR)


class SheetOverride(Model):
    """A game's own bleed and gutter for one sheet layout of dragon_pnp/kit/sheet_layouts.yaml, e.g.
    thinner ones so A4 holds 3 x 3 poker cards. The keep-out band at the paper edge is not one of
    them: home printers cannot reach it whatever the game."""

    # the least bleed each piece keeps on this sheet layout
    min_bleed_mm: float | None = Field(default=None, ge=0, le=10)
    # space between pieces on the sheet
    gap_mm: float | None = Field(default=None, ge=0, le=50)
    # The papers the bleed and gutter above apply to (default both): thinner ones on A4 only, say.
    papers: list[Literal["letter", "a4"]] = ["letter", "a4"]
    # Papers on which neighbours share their cuts (no gutter, bleed only round the block), at the
    # price of a miscut showing the neighbour's edge. Left out: wherever that fits more pieces on a
    # sheet (3 x 3 poker cards on Letter); [] keeps every piece's own bleed on every paper.
    shared_cut_on: list[Literal["letter", "a4"]] | None = None


class ProofSettings(Model):
    """print.yaml `proof:`: what the accessibility proof (`dragon-pnp proof`) must check beyond
    what the data says, and what it must leave alone."""

    # more groups of colours players must tell apart, beyond the palettes: name -> {thing: #rrggbb}
    tell_apart: dict[str, dict[str, str]] = {}
    # the cue other than colour each group's things carry, where the data cannot show it
    # (say `suit: "each suit's symbol is printed in the corner"`): group -> what it is
    cues: dict[str, str] = {}
    # palettes that name no categories players tell apart (a cover band, an ink)
    not_compared: list[str] = []
    # the least CIEDE2000 difference at which two colours count as told apart at a glance
    min_colour_difference: float = Field(default=20.0, gt=0, le=100)

    @field_validator("tell_apart")
    @classmethod
    def _colours(cls, value: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
        for group, colours in value.items():
            for name, colour in colours.items():
                if not re.match(HEX_COLOUR, colour):
                    raise ValueError(f"colour {group}.{name} is {colour!r}; expected #rrggbb")
        return value


class PrintProfile(Model):
    """print.yaml: paper, bleed and marks for every piece, and the game's named colours."""

    # letter or a4
    paper: Literal["letter", "a4"]
    # how far art runs past every cut, in mm
    bleed_mm: float = Field(ge=0, le=10)
    # length of the crop marks, in mm
    crop_mark_mm: float = Field(ge=0, le=20)
    # gap between a cut and its crop mark, in mm
    crop_gap_mm: float = Field(ge=0, le=10)
    # the card safe zone and the smallest font text may shrink to
    card: CardSafety
    # resolution of the PNG card images
    png_dpi: int = Field(ge=72, le=1200)
    # Named colour maps the templates use (terrain, kind, deck, suit...), each name -> #rrggbb.
    palettes: dict[str, dict[str, str]] = {}
    # One named colour per seat (or den, or role), for pawns, diagrams and setup maps.
    seat_colours: dict[str, NamedColour] = {}
    # Per sheet layout name (deck_duplex, deck_fold, tokens...): the game's own bleed and gutter.
    sheets: dict[str, SheetOverride] = {}
    # PDF/X level of the print-shop PDFs: x4 (keeps transparency) or x1a (flattened); set, every build writes print-shop/
    pdfx: Literal["x4", "x1a"] | None = None
    # CMYK ICC profile for the print-shop output intent, relative to the game folder (default: the shipped SWOP profile)
    pdfx_profile: str | None = None
    # the output condition that profile characterises, as the printer names it (FOGRA39, CGATS TR 006)
    pdfx_condition: str | None = None
    # what the accessibility proof checks beyond the data (groups, cues) and leaves alone
    proof: ProofSettings = ProofSettings()

    @field_validator("palettes")
    @classmethod
    def _colours(cls, value: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
        for palette, colours in value.items():
            for name, colour in colours.items():
                if not re.match(HEX_COLOUR, colour):
                    raise ValueError(f"colour {palette}.{name} is {colour!r}; expected #rrggbb")
        return value

    def palette(self, name: str) -> dict[str, str]:
        return self.palettes.get(name, {})

    def colour(self, value: object, default: str = "#444444") -> str:
        """A colour by name from `palettes` ("gold", or "deck.power" for one palette), or a #rrggbb
        given as is; else `default`."""
        return palette_colour(self.palettes, value, default)


def palette_colour(palettes: dict[str, dict[str, str]], value: object, default: str = "#444444") -> str:
    """`value` as a #rrggbb: itself if it is one, else a colour of `palettes` by name ("gold") or by
    palette and name ("deck.power"); `default` when nothing matches."""
    if isinstance(value, str):
        if re.match(HEX_COLOUR, value):
            return value
        palette, _, name = value.rpartition(".")
        for found_in, colours in palettes.items():
            if name in colours and palette in ("", found_in):
                return colours[name]
    return default
