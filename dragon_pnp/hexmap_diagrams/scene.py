"""A renderer-neutral picture of a hex map: tiles, homes and a game's overlays, in millimetres.

Scenes are built from `GameData` only (the hex map of the game's `tiles` component, colours
from `print_profile`, seat maps from the map's `seats`), so a change in the data redraws every
diagram. Coordinates are in mm with the origin at the top-left of the scene's bounding box and
y growing downward. What a game draws on top (`overlays.py`) is placed by hex and carried as is.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from dragon_pnp.data import GameData
from dragon_pnp.data.components import hex_map
from dragon_pnp.data.hexmap import Terrain, TerrainPattern
from dragon_pnp.hexgrid import Hex, centre, corners
from dragon_pnp.hexmap_diagrams.overlays import Badge, HexLine, HexOutline, Marker
from dragon_pnp.hexmap_diagrams.shapes import Label, Point

# How a hex reads without colour: each terrain's `pattern` in the map data.
Pattern = TerrainPattern

NEUTRAL_HOME = "#e6e1d8"  # an unused home: pale, so the homes in play stand out


def terrain_pattern(terrain: Terrain) -> Pattern:
    """The black-and-white mark for a terrain: its own, else a home's for homes and plain for the rest."""
    if terrain.pattern is not None:
        return terrain.pattern
    return "home" if terrain.is_home else "plain"


@dataclass(frozen=True)
class HexCell:
    """One tile: where it is and how it is filled and marked."""

    hex: Hex
    terrain: str
    terrain_name: str
    centre: Point
    corners: tuple[Point, ...]
    fill: str
    pattern: Pattern


@dataclass(frozen=True)
class HomeMarker:
    """A home tile's marking: its seat in this game (None when no one sits there) and colour."""

    home_id: str
    name: str
    hex: Hex
    centre: Point
    number: int
    seat: int | None
    colour: str
    colour_name: str

    @property
    def in_use(self) -> bool:
        return self.seat is not None


@dataclass(frozen=True)
class BoardScene:
    """Everything a renderer needs; sizes in mm, origin top-left, y downward."""

    hex_size_mm: float  # corner radius: half the corner-to-corner width
    width_mm: float
    height_mm: float
    cells: tuple[HexCell, ...]
    homes: tuple[HomeMarker, ...]
    players: int | None = None
    offset: Point = field(default=(0.0, 0.0), repr=False)
    captions: tuple[Label, ...] = ()  # free text drawn on top, e.g. a legend's names
    # A game's overlays (`dataclasses.replace(scene, lines=...)`), drawn over the tiles and homes.
    outlines: tuple[HexOutline, ...] = ()
    lines: tuple[HexLine, ...] = ()
    markers: tuple[Marker, ...] = ()
    badges: tuple[Badge, ...] = ()

    def terrain_counts(self) -> Counter[str]:
        return Counter(cell.terrain for cell in self.cells)

    def point(self, hex_: Hex) -> Point:
        """The scene position of a hex centre."""
        x, y = centre(hex_, self.hex_size_mm)
        return (x + self.offset[0], y + self.offset[1])

    def corners_of(self, hex_: Hex) -> tuple[Point, ...]:
        return tuple((x + self.offset[0], y + self.offset[1]) for x, y in corners(hex_, self.hex_size_mm))


def board_scene(game: GameData, players: int | None = None, hex_size_mm: float = 5.0,
                margin_mm: float = 1.0, home_style: Literal["seats", "colours", "numbers", "plain"] = "seats",
                with_homes: bool = True) -> BoardScene:
    """The whole hex map. With `players`, homes in use show seat numbers in their colours and the
    others are left pale; without it every home is in its colour and unmarked (`home_style="colours"`),
    as the home tiles carry colours, not numbers. `home_style="numbers"` also marks each home with its
    number in the data, `"plain"` leaves homes in the home terrain's colour, for diagrams about
    something else; `with_homes=False` leaves the homes out and crops the scene to the board tiles.
    """
    board = hex_map(game)
    profile = game.print_profile
    if players is not None and players not in board.seats:
        known = ", ".join(str(n) for n in sorted(board.seats))
        raise ValueError(f"no seat map for {players} players; the board has seat maps for {known}")
    seat_of = {home_id: i + 1 for i, home_id in enumerate(board.seats[players])} if players else {}
    if players is None and home_style == "seats":
        home_style = "colours"

    home_terrain = next((tid for tid, t in board.terrains.items() if t.is_home), None)
    placed: list[tuple[Hex, str]] = [((t.q, t.r), t.terrain) for t in board.tiles]
    if with_homes:
        placed += [((d.q, d.r), home_terrain or "home") for d in board.homes]

    raw = [corner for hex_, _ in placed for corner in corners(hex_, hex_size_mm)]
    min_x, min_y = min(x for x, _ in raw), min(y for _, y in raw)
    max_x, max_y = max(x for x, _ in raw), max(y for _, y in raw)
    offset = (margin_mm - min_x, margin_mm - min_y)
    frame = BoardScene(hex_size_mm, max_x - min_x + 2 * margin_mm, max_y - min_y + 2 * margin_mm,
                       (), (), players=players, offset=offset)

    home_at = {(d.q, d.r): d for d in board.homes}
    cells: list[HexCell] = []
    homes: list[HomeMarker] = []
    for hex_, terrain_id in placed:
        terrain = board.terrains[terrain_id]
        fill = profile.palette("terrain").get(terrain_id, "#ffffff")
        home = home_at.get(hex_)
        if home is not None:
            named = profile.seat_colours.get(home.id)
            colour = named.hex if named else fill
            seat = seat_of.get(home.id) if home_style == "seats" else (home.number if home_style == "numbers" else None)
            in_colour = seat is not None or home_style == "colours"
            fill = colour if in_colour else (NEUTRAL_HOME if home_style == "seats" else fill)
            homes.append(HomeMarker(home.id, home.name, hex_, frame.point(hex_), home.number, seat,
                                  colour, named.name if named else home.id))
        cells.append(HexCell(hex_, terrain_id, terrain.name, frame.point(hex_), frame.corners_of(hex_),
                             fill, terrain_pattern(terrain)))
    return BoardScene(frame.hex_size_mm, frame.width_mm, frame.height_mm, tuple(cells), tuple(homes),
                      players=players, offset=offset)


def legend_scene(game: GameData, hex_size_mm: float = 4.0, text_mm: float = 2.8) -> BoardScene:
    """A key to the board: one sample hex per terrain, then a home in use and an empty home."""
    profile = game.print_profile
    gap = hex_size_mm * 2.1
    x = hex_size_mm + 0.5
    cells: list[HexCell] = []
    homes: list[HomeMarker] = []
    captions: list[Label] = []
    board = hex_map(game)
    rows: list[tuple[str, Terrain, str, bool]] = [
        (tid, t, t.name, False) for tid, t in board.terrains.items() if not t.is_home
    ]
    home_id, home_terrain = next(((tid, t) for tid, t in board.terrains.items() if t.is_home), (None, None))
    first_home = board.homes[0]
    if home_id is not None and home_terrain is not None:
        rows.append((home_id, home_terrain, f"{home_terrain.name}, with its seat number", True))
        rows.append((home_id, home_terrain, f"{home_terrain.name} not used in this game", False))
    for i, (tid, terrain, text, seated) in enumerate(rows):
        y = hex_size_mm + 0.5 + i * gap
        hex_ = (0, 2 * i)  # nominal; legend samples are not board positions
        fill = profile.palette("terrain").get(tid, "#ffffff")
        if terrain.is_home:
            named = profile.seat_colours.get(first_home.id)
            fill = named.hex if (seated and named) else NEUTRAL_HOME
            homes.append(HomeMarker(first_home.id, first_home.name, hex_, (x, y), first_home.number,
                                  1 if seated else None, fill, named.name if named else first_home.id))
        points = tuple((x + px, y + py) for px, py in corners((0, 0), hex_size_mm))
        cells.append(HexCell(hex_, tid, terrain.name, (x, y), points, fill, terrain_pattern(terrain)))
        captions.append(Label((x + hex_size_mm + 2.0, y), text, text_mm, bold=False, anchor="start"))
    height = hex_size_mm * 2 + 1 + (len(rows) - 1) * gap
    width = x + hex_size_mm + 2.0 + text_mm * 0.6 * max(len(t) for *_, t, _ in rows)
    return BoardScene(hex_size_mm, width, height, tuple(cells), tuple(homes), captions=tuple(captions))
