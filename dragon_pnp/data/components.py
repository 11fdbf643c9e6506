"""The schema of the `components:` list in game.yaml: one model per component kind.

Each entry names its kind; its data (card rows, token faces) sits in its own file next to
game.yaml. A planner per kind (`dragon_pnp/components/<kind>.py`) turns a validated entry into
faces and pages. These models are pure schema so `dragon-pnp schema` and `validate` need no
drawing code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

IDENT = r"^[a-z][a-z0-9_]*$"
HEX_COLOUR = r"^#[0-9a-fA-F]{6}$"
TEMPLATE = r"^[A-Za-z0-9_][A-Za-z0-9_./-]*\.j2$"

# Named card sizes (trim, mm). Sources: common card-maker and print-service sizes.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}


class Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class SizeMm(Spec):
    # trimmed width in millimetres
    width_mm: float = Field(gt=5, le=400)
    # trimmed height in millimetres
    height_mm: float = Field(gt=5, le=400)


# The older token form of a back: a template name alone (the schema still offers it).
TemplateName = Annotated[str, Field(pattern=TEMPLATE)]


def _template_ref(value: Any) -> Any:
    """A back given as a template name alone (the older token form) is `{template: name}`."""
    return {"template": value} if isinstance(value, str) else value


class TemplateRef(Spec):
    """A Jinja2 SVG template (game folder's templates/ first, then the built-in ones) and its fields."""

    # a Jinja2 SVG template: the game folder's templates/ first, then the built-in ones
    template: str = Field(pattern=TEMPLATE)
    # values the template sees
    fields: dict[str, Any] = {}


class ComponentBase(Spec):
    # the component's id: lower case letters, digits and _; other entries and files refer to it by this
    id: str = Field(pattern=IDENT)
    name: str = Field(min_length=1)                 # shown on the cover, bookmarks and labels
    document: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9_-]*\.pdf$")  # default by kind
    description: str = ""                           # one line for the cover and TTS descriptions
    if TYPE_CHECKING:
        kind: str                                   # each kind's model declares its own Literal


class DeckSpec(ComponentBase):
    """A deck of cards: rows from YAML (a `cards:` list) or CSV, one face per row, `count` copies."""

    # deck: a deck of cards
    kind: Literal["deck"]
    # the card file: YAML with a `cards:` list, or CSV, one row per distinct card
    cards: str = Field(pattern=r"^[A-Za-z0-9_][A-Za-z0-9_./-]*\.(ya?ml|csv)$")
    # poker, bridge, mini, tarot, square, or {width_mm, height_mm}
    size: Literal["poker", "bridge", "mini", "tarot", "square"] | SizeMm = "poker"
    template: str = Field(pattern=TEMPLATE)          # the face template
    back: TemplateRef                                # the deck's back (a row's `back` field overrides)
    count_field: str = "count"                       # column holding the copies of each row
    key_field: str | None = None                     # column naming each face's files; default: row number
    fields: dict[str, Any] = {}                      # values every card's template sees as `deck.fields`
    provisional: bool = False                        # values not final: cards carry a version mark

    def trim_mm(self) -> tuple[float, float]:
        return CARD_SIZES[self.size] if isinstance(self.size, str) else (self.size.width_mm, self.size.height_mm)


class TokenFace(Spec):
    # the face's id, naming its files
    id: str = Field(pattern=IDENT)
    # the face's name as lists show it
    name: str = Field(min_length=1)
    # how many tokens of this face print
    count: int = Field(ge=0, le=500)
    template: str | None = Field(default=None, pattern=TEMPLATE)   # default: the sheet's template
    # two-sided: the back, as a deck's back ({template, fields}) or a template name alone
    back: TemplateRef | TemplateName | None = None   # a name alone becomes {template: name}
    # values this face's template sees
    fields: dict[str, Any] = {}

    @field_validator("back", mode="before")
    @classmethod
    def _back_form(cls, value: Any) -> Any:
        return _template_ref(value)


class TokensSpec(ComponentBase):
    """Cut-out tokens: circle, square or hex, faces with counts, one- or two-sided."""

    # tokens: cut-out tokens
    kind: Literal["tokens"]
    # circle, square or hex
    shape: Literal["circle", "square", "hex"] = "circle"
    # a token's width in millimetres
    size_mm: float = Field(gt=5, le=150)
    # the token face template
    template: str = Field(default="components/token.svg.j2", pattern=TEMPLATE)
    # the shared back, as a deck's back ({template, fields}) or a template name alone; None: one-sided
    back: TemplateRef | TemplateName | None = None   # a name alone becomes {template: name}
    # the kinds of token on the sheet, each with a count
    faces: list[TokenFace] = Field(min_length=1)
    sticker_sheet: bool = False                                     # also a sticker sheet (no bleed, for blanks)
    # outline: each token cut round its own outline (a circle for round ones); grid: square pieces
    # side by side sharing straight cuts, crop marks at both ends of each (quicker than 40 circles)
    cut: Literal["outline", "grid"] = "outline"
    # two-sided tokens printed front and back side by side, to cut as one, fold in half and glue,
    # instead of on a backs page (one marker whose back would take a page of its own)
    fold: bool = False
    # values every token's template sees
    fields: dict[str, Any] = {}

    @model_validator(mode="after")
    def _grid_cut(self) -> TokensSpec:
        if self.cut == "grid" and self.shape == "hex":
            raise ValueError("cut: grid is for round and square tokens; hex tokens cannot share straight cuts")
        return self

    @field_validator("back", mode="before")
    @classmethod
    def _back_form(cls, value: Any) -> Any:
        return _template_ref(value)


class DieSet(Spec):
    # the set's id
    id: str = Field(pattern=IDENT)
    # the set's name as lists show it
    name: str = Field(min_length=1)
    # how many dice of this set print
    count: int = Field(ge=1, le=50)
    # the die's colour as #rrggbb
    colour: str = Field(pattern=HEX_COLOUR)
    # the pips' or text's colour as #rrggbb
    ink: str = Field(default="#ffffff", pattern=HEX_COLOUR)
    # the cube's edge in millimetres
    size_mm: float = Field(gt=5, le=60)
    faces: list[str | int] | None = None     # six custom faces (text or numbers); None: pips 1-6

    @model_validator(mode="after")
    def _six(self) -> DieSet:
        if self.faces is not None and len(self.faces) != 6:
            raise ValueError(f"a d6 has 6 faces; {len(self.faces)} given")
        return self


class DiceSpec(ComponentBase):
    """Six-sided dice: fold-up cube nets with glue tabs and a sticker sheet for blank dice."""

    # dice: six-sided dice as fold-up nets
    kind: Literal["dice"]
    # the dice, set by set
    sets: list[DieSet] = Field(min_length=1)
    # also print stickers for blank dice
    sticker_sheet: bool = True


class AidSpec(ComponentBase):
    """Double-sided player-aid cards; both sides generated from data by templates."""

    # aid: double-sided player-aid cards
    kind: Literal["aid"]
    # poker, bridge, mini, tarot, square, or {width_mm, height_mm}
    size: Literal["poker", "bridge", "mini", "tarot", "square"] | SizeMm = "poker"
    # the front's template and fields
    front: TemplateRef
    # the back's template and fields
    back: TemplateRef
    copies: list[dict[str, Any]] = [{}]         # one aid per entry (e.g. per role); fields per copy

    def trim_mm(self) -> tuple[float, float]:
        return CARD_SIZES[self.size] if isinstance(self.size, str) else (self.size.width_mm, self.size.height_mm)


class TilesSpec(ComponentBase):
    """Hex tiles from a game's board data (Dragon Pants' board.yaml terrains and tiles)."""

    # tiles: hex tiles of a map
    kind: Literal["tiles"]
    map: str = Field(pattern=r"^[A-Za-z0-9_][A-Za-z0-9_./-]*\.ya?ml$")   # the hex map file
    # a tile's size from corner to corner, in millimetres
    corner_to_corner_mm: float = Field(gt=20, le=250)


class BoardSpec(ComponentBase):
    """The assembled board: one-page overview, a full-size overlapping poster, setup maps."""

    # board: the assembled map as an overview, a full-size poster and setup maps
    kind: Literal["board"]
    tiles: str = Field(pattern=IDENT)                 # the tiles component whose map it assembles
    # how far poster sheets overlap for gluing
    poster_overlap_mm: float = Field(default=10, ge=0, le=50)
    # print a setup map per player count
    setup_maps: bool = True
    # print the one-page overview of the assembled board; false where other pages already show
    # the whole board (the setup maps, or the rulebook's setup diagrams)
    overview: bool = True


class TrackSpec(ComponentBase):
    """A numbered track of boxes (a time or score track) and its marker."""

    # track: a numbered track of boxes
    kind: Literal["track"]
    first: int = Field(ge=0, le=999)                  # the numbers in the boxes, first to last
    # the number in the last box
    last: int = Field(ge=1, le=999)
    # rows the boxes wrap into
    rows: int = Field(ge=1, le=20)
    # a box's width in millimetres
    box_mm: float = Field(gt=5, le=60)
    # the marker's width in millimetres
    marker_mm: float = Field(gt=5, le=60)
    # how many tracks print
    copies: int = Field(default=1, ge=0, le=10)
    # how many markers print
    markers: int = Field(default=1, ge=0, le=10)
    # an SVG file in the game folder drawn on the marker (default: an hourglass)
    marker_art: str | None = Field(default=None, min_length=1, max_length=200)
    colour: str = "#8a2f1d"                           # #rrggbb or a print.yaml palette colour ("deck.destiny")
    # the large heading printed on the track (default: the component's name)
    title: str | None = Field(default=None, min_length=1, max_length=40)
    # a short line printed at the track's top right, e.g. what happens at its end (default: none)
    note: str | None = Field(default=None, min_length=1, max_length=80)

    @model_validator(mode="after")
    def _ordered(self) -> TrackSpec:
        if self.first >= self.last:
            raise ValueError(f"first ({self.first}) must be below last ({self.last})")
        return self


class StandeesSpec(ComponentBase):
    """Fold-over standees, one per seat colour."""

    # standees: fold-over standees
    kind: Literal["standees"]
    tiles: str = Field(pattern=IDENT)                 # one standee per numbered tile (home) of this map
    # a standee's width in millimetres
    width_mm: float = Field(gt=5, le=120)
    # a figure's height in millimetres
    height_mm: float = Field(gt=5, le=200)
    # depth of each base flap in millimetres
    base_mm: float = Field(gt=2, le=60)
    # an SVG file in the game folder drawn on each standee; its currentColor is the seat colour
    art: str | None = Field(default=None, min_length=1, max_length=200)


Component = Annotated[
    DeckSpec | TokensSpec | DiceSpec | AidSpec | TilesSpec | BoardSpec | TrackSpec | StandeesSpec,
    Field(discriminator="kind"),
]

# The document each kind prints into when the entry does not name one.
DEFAULT_DOCUMENT = {
    "deck": "cards.pdf", "tokens": "tokens.pdf", "dice": "dice.pdf", "aid": "player-aids.pdf",
    "tiles": "tiles.pdf", "board": "board.pdf", "track": "extras.pdf", "standees": "extras.pdf",
}


def document_of(component: ComponentBase) -> str:
    return component.document or DEFAULT_DOCUMENT[component.kind]


def first_component(game: Any, kind: str) -> Any:
    """The game's first component of a kind; a LookupError naming the kind if it has none."""
    for component in game.game.components:
        if component.kind == kind:
            return component
    raise LookupError(f"{game.game.name}: game.yaml lists no component of kind {kind!r}")


def has_component(game: Any, kind: str) -> bool:
    """Whether game.yaml lists a component of this kind (a `tiles` one means a hex map)."""
    return any(component.kind == kind for component in game.game.components)


def tile_spec(game: Any) -> TilesSpec:
    spec: TilesSpec = first_component(game, "tiles")
    return spec


def board_spec(game: Any) -> BoardSpec:
    spec: BoardSpec = first_component(game, "board")
    return spec


def time_track(game: Any) -> TrackSpec:
    spec: TrackSpec = first_component(game, "track")
    return spec


def standee_spec(game: Any) -> StandeesSpec:
    spec: StandeesSpec = first_component(game, "standees")
    return spec


def hex_map(game: Any) -> Any:
    """The hex map (terrains, tiles, homes, seats) of the game's tile set."""
    return game.component_data[tile_spec(game).id]
