"""The one-page board overview (our tile art, scaled) and the setup page (a seat diagram per
player count, drawn by dragon_pnp.hexmap_diagrams so the rulebook and the kit show the same seats)."""

from __future__ import annotations

import math
from collections import Counter

from dragon_pnp.data import GameData
from dragon_pnp.data.components import hex_map
from dragon_pnp.games.parts import vocabulary
from dragon_pnp.kit.faces import Face, render_template
from dragon_pnp.kit.layouts import SheetLayout
from dragon_pnp.kit.sheet import Placement, SheetPage

TITLE_BAND_MM = 22.0


def overview_page(game: GameData, layout: SheetLayout, paper: str, board_key: str,
                  board_size: tuple[float, float]) -> SheetPage:
    page_w, page_h = layout.page_size(paper)
    margin = layout.margin_mm
    avail_w, avail_h = page_w - 2 * margin, page_h - 2 * margin - TITLE_BAND_MM
    # A whole percentage, so the scale the page states is the scale it prints at.
    scale = math.floor(100 * min(avail_w / board_size[0], avail_h / board_size[1]) + 1e-9) / 100
    w, h = board_size[0] * scale, board_size[1] * scale
    x, y = (page_w - w) / 2, margin + TITLE_BAND_MM + (avail_h - h) / 2
    page = SheetPage((page_w, page_h))
    page.placements.append(Placement(board_key, x, y, w, h, scale=scale))
    counts = Counter(t.terrain for t in hex_map(game).tiles)
    terrains = hex_map(game).terrains
    pieces = [f"{counts[t]} {terrains[t].name}" for t in terrains if counts[t]]
    home_name = next((t.name for t in terrains.values() if t.is_home), vocabulary(game).home_noun.capitalize())
    pieces.append(f"{len(hex_map(game).homes)} {home_name}")
    page.svg_overlay = render_template(
        "kit/page_title.svg.j2", W=page_w, margin=margin,
        title=f"{game.game.name}: the board",
        lines=[f"{sum(counts.values()) + len(hex_map(game).homes)} tiles: " + ", ".join(pieces) + ".",
               f"Shown at {round(scale * 100)} % of full size. Lay the tiles out like this, or print the "
               "full-size poster pages."],
    )
    return page


def setup_faces(game: GameData, hex_size_mm: float) -> list[Face]:
    """One seat diagram per player count in the seat maps."""
    from dragon_pnp.hexmap_diagrams import board_scene, scene_svg

    faces = []
    for players in sorted(hex_map(game).seats):
        scene = board_scene(game, players=players, hex_size_mm=hex_size_mm)
        faces.append(Face(f"setup-{players}", scene_svg(scene), (scene.width_mm, scene.height_mm), 0.0))
    return faces


def setup_page(game: GameData, layout: SheetLayout, paper: str) -> tuple[SheetPage, list[Face]]:
    """All player counts on one page, two columns, each diagram titled with its seats."""
    page_w, page_h = layout.page_size(paper)
    margin = layout.margin_mm
    counts = sorted(hex_map(game).seats)
    columns = 2
    rows = (len(counts) + 1 + columns - 1) // columns  # one cell for the key
    cell_w = (page_w - 2 * margin) / columns
    cell_h = (page_h - 2 * margin - TITLE_BAND_MM) / rows
    caption_mm = 15.0
    # Diagram size: the board is about 14 corner radii wide and 15.6 high.
    from dragon_pnp.hexmap_diagrams import board_scene

    probe = board_scene(game, players=counts[-1], hex_size_mm=1.0)
    size = min((cell_w - 6) / probe.width_mm, (cell_h - caption_mm - 3) / probe.height_mm)
    faces = setup_faces(game, size)
    page = SheetPage((page_w, page_h))
    captions = []
    homes = {d.id: d for d in hex_map(game).homes}
    words = vocabulary(game)
    colours = game.print_profile.seat_colours
    for index, (players, face) in enumerate(zip(counts, faces)):
        col, row = index % columns, index // columns
        cx = margin + (col + 0.5) * cell_w
        top = margin + TITLE_BAND_MM + row * cell_h
        w, h = face.size_mm
        page.placements.append(Placement(face.key, cx - w / 2, top + caption_mm, w, h))
        seats = ", ".join(f"{i + 1} {colours[d].name}" for i, d in enumerate(hex_map(game).seats[players]))
        unused = [colours[d].name for d in homes if d not in hex_map(game).seats[players]]
        captions.append((cx, top + 4.5, f"{players} players", f"Seats: {seats}",
                         f"Empty {words.home_plural}: {', '.join(unused)}" if unused
                         else f"Every {words.home_noun} in use"))
    key_index = len(counts)
    key_x = margin + (key_index % columns + 0.5) * cell_w
    key_y = margin + TITLE_BAND_MM + (key_index // columns) * cell_h + 12
    page.svg_overlay = render_template(
        "kit/setup_overlay.svg.j2", W=page_w, margin=margin, captions=captions, key_x=key_x, key_y=key_y, words=words,
        title=f"{game.game.name}: setup for {counts[0]} to {counts[-1]} players",
        lines=[f"Your seat's {words.home_noun} on the map has a colour: take the {words.pawn_noun} of that colour and "
               f"put it on that colour's {words.home_noun} tile.",
               "Seats go round the table clockwise, so seat order is turn order."],
    )
    return page, faces
