"""The contract between the kit and one component kind: what a planner receives and returns.

A planner `plan(spec, context) -> ComponentPlan` (one module per kind, registered by kind in
`dragon_pnp.components.registry`) draws its faces as SVG, imposes them on pages with the one
generic imposer, and says which faces become PNGs, SVGs and export pieces. It never renders:
the kit renders every plan's pages together (workers, cache).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dragon_pnp.kit.faces import Face, Item
from dragon_pnp.kit.imposition import MarkStyle
from dragon_pnp.kit.layouts import SheetLayout, sheet_layout_for
from dragon_pnp.kit.sheet import Composite, SheetPage

if TYPE_CHECKING:
    from dragon_pnp.data import GameData


@dataclass(frozen=True)
class Section:
    """A bookmarked run of pages of one document (one render job)."""

    document: str          # "cards.pdf"
    title: str             # bookmark and cover line, e.g. "Power cards"
    pages: list[SheetPage]
    two_sided: bool = False   # backs pages follow fronts (duplex) or sit beside them (fold)
    # Pieces the kit may impose together with the next sections of the same document and layout,
    # so no sheet holds a lone piece another component's pieces could share: shelf pieces of any
    # size (a track and the pawns), grid pieces of one size (two decks, a deck and aid cards).
    pack_items: tuple[Item, ...] = ()
    pack_layout: str = ""
    # Packed: the titles of the sections whose pieces share these pages (the cover names them
    # when these pages are one of two ways to print something).
    holds: tuple[str, ...] = ()
    # Packed: per held section, (its title, first page, page count) of the pages holding its pieces.
    spans: tuple[tuple[str, int, int], ...] = ()


@dataclass(frozen=True)
class PageSpan:
    """Some pages of a component, for the cover: its `section`-th section (None: all its
    sections), from page `skip` of it, `count` pages (None: to its end), called `what`."""

    component: str
    what: str
    section: int | None = None
    skip: int = 0
    count: int | None = None


@dataclass(frozen=True)
class ExportEntry:
    """One distinct printed piece for card services and Tabletop Simulator."""

    front: str             # face key
    back: str | None       # face key of its back, None if one-sided
    count: int
    name: str
    description: str = ""
    kind: str = "token"      # "card" (in a deck), "tile" or "token": how a table simulator treats it
    upright: bool = False    # stands on the table (a standee)


@dataclass
class ComponentPlan:
    """Everything one component adds to the kit."""

    component_id: str
    kind: str
    faces: list[Face] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    composites: dict[str, Composite] = field(default_factory=dict)
    pngs: list[tuple[str, int]] = field(default_factory=list)    # (face key, copies): 300 DPI PNGs
    svgs: list[str] = field(default_factory=list)                # face keys written to svg/
    exports: list[ExportEntry] = field(default_factory=list)     # for services and TTS
    contents: list[str] = field(default_factory=list)            # cover lines ("16 action cards, 63 x 88 mm")
    # Pages that make the same thing two ways (the tiles or the board poster, dice nets or
    # stickers): the cover tells players to print one of each pair.
    alternatives: list[tuple[PageSpan, PageSpan]] = field(default_factory=list)
    # Per die set: (id, name, size mm, six face SVGs at trim size, count), for table simulators.
    dice: list[tuple[str, str, float, tuple[str, ...], int]] = field(default_factory=list)


@dataclass(frozen=True)
class PlanContext:
    """What every planner gets besides its own entry."""

    game: GameData
    paper: str            # "letter" or "a4"
    duplex: bool          # duplex backs pages, else fold-over layouts
    marks: MarkStyle

    def layout(self, name: str) -> SheetLayout:
        """The sheet layout `name` with the game's own bleed and gutter for it (print.yaml `sheets`)."""
        return sheet_layout_for(name, self.game.print_profile, self.paper)

    def render(self, template: str, /, **values: Any) -> str:
        """Render an SVG template: the game's templates/ folder first, then the built-in ones."""
        from dragon_pnp.components.templates import render_game_template

        return render_game_template(self.game, template, **values)
