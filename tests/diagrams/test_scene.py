"""Board scenes come from the data: 43 hexes, terrain counts, seats, colours, sight verdicts."""

from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml

from dragon_pnp.games.dragon_pants.diagrams import check_sight, sight_scene
from dragon_pnp.games.registry import load_game
from dragon_pnp.hexgrid import distance
from dragon_pnp.hexmap_diagrams import board_scene, scene_drawing, scene_shapes, scene_svg
from dragon_pnp.hexmap_diagrams.shapes import Label


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_board_scene_draws_every_tile_with_its_terrain(game, players):
    scene = board_scene(game, players)
    assert len(scene.cells) == 43
    expected = {tid: t.count for tid, t in game.board.terrains.items()}
    assert dict(scene.terrain_counts()) == expected
    by_hex = {cell.hex: cell.terrain for cell in scene.cells}
    for tile in game.board.tiles:
        assert by_hex[(tile.q, tile.r)] == tile.terrain


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seat_numbers_follow_the_seat_map(game, players):
    scene = board_scene(game, players)
    seats = {den.home_id: den.seat for den in scene.homes if den.in_use}
    assert seats == {den_id: i + 1 for i, den_id in enumerate(game.board.seats[players])}
    labels = sorted(s.text for s in scene_shapes(scene) if isinstance(s, Label))
    assert labels == sorted(str(n) for n in range(1, players + 1))
    colours = {cell.hex: cell.fill for cell in scene.cells}
    for den in scene.homes:
        if den.in_use:
            assert colours[den.hex] == game.print_profile.seat_colours[den.home_id].hex


def test_overview_shows_dens_by_colour_without_numbers(game):
    """Den tiles print colours, not numbers, so the overview must not number the dens either."""
    scene = board_scene(game)
    assert not [s for s in scene_shapes(scene) if isinstance(s, Label)]
    colours = {cell.hex: cell.fill for cell in scene.cells}
    for den in scene.homes:
        assert colours[den.hex] == game.print_profile.seat_colours[den.home_id].hex


def test_unknown_player_count_is_refused(game):
    with pytest.raises(ValueError, match="no seat map for 7 players"):
        board_scene(game, 7)


def test_hexes_are_regular_and_sized_in_mm(game):
    scene = board_scene(game, 4, hex_size_mm=10)
    for cell in scene.cells:
        for x, y in cell.corners:
            assert ((x - cell.centre[0]) ** 2 + (y - cell.centre[1]) ** 2) ** 0.5 == pytest.approx(10)
        assert min(x for x, _ in cell.corners) >= 0 and max(x for x, _ in cell.corners) <= scene.width_mm
    # 9 hexes across (dens at q = -4 and 4): 8 * 1.5 * size + 2 * size, plus 1 mm margins.
    assert scene.width_mm == pytest.approx(8 * 15 + 20 + 2)


def test_neighbouring_hexes_are_one_flat_width_apart(game):
    scene = board_scene(game, 2, hex_size_mm=10)
    cells = {c.hex: c.centre for c in scene.cells}
    for a, ca in cells.items():
        for b, cb in cells.items():
            if distance(a, b) == 1:
                assert ((ca[0] - cb[0]) ** 2 + (ca[1] - cb[1]) ** 2) ** 0.5 == pytest.approx(10 * 3 ** 0.5)


def test_terrain_counts_follow_a_data_change(game_copy):
    board = yaml.safe_load((game_copy / "board.yaml").read_text())
    tile = next(t for t in board["tiles"] if t["terrain"] == "land")
    tile["terrain"] = "water"
    board["terrains"]["land"]["count"] -= 1
    board["terrains"]["water"]["count"] += 1
    (game_copy / "board.yaml").write_text(yaml.safe_dump(board))
    scene = board_scene(load_game(game_copy), 3)
    assert scene.terrain_counts()["water"] == 4 and scene.terrain_counts()["land"] == 26


@pytest.mark.parametrize(
    "kind, shooter, target, verdict, blocker",
    [
        ("flat", (-3, 1), (0, 1), "clear", None),          # water between does not block
        ("flat", (2, -3), (2, 1), "blocked", (2, -1)),      # mountain between blocks
        ("flat", (-3, 0), (0, 0), "clear", None),           # a target on a mountain can be hit
        ("flat", (1, -3), (1, 0), "immune", None),          # a target on water is immune
        ("diagonal", (-3, 1), (1, -1), "clear", None),      # a flanking mountain does not block
        ("diagonal", (-3, 3), (1, 1), "blocked", (-1, 2)),  # a mountain on the centre line does
        ("diagonal", (-2, -1), (2, 1), "off_line", None),
    ],
)
def test_sight_verdicts_match_the_rulings(game, kind, shooter, target, verdict, blocker):
    check = check_sight(game, kind, shooter, target, occupied=(shooter, target))
    assert (check.verdict, check.blocker) == (verdict, blocker)


def test_a_dragon_between_blocks(game):
    check = check_sight(game, "flat", (-3, 1), (0, 1), occupied=((-3, 1), (0, 1), (-2, 1)))
    assert (check.verdict, check.blocker) == ("blocked", (-2, 1))


def test_diagonal_scene_marks_flanks_and_centres(game):
    sight = sight_scene(game, "diagonal", (-3, 1), (1, -1))
    check = sight.check
    assert check.between == ((-1, 0),)
    assert (0, 0) in check.flanks
    assert [d.label for d in sight.scene.markers] == ["A", "B"]
    assert len(sight.scene.cells) == 37  # dens left out of sight diagrams
    outlined = [o.hex for o in sight.scene.outlines]
    assert set(outlined) == set(check.flanks) | set(check.between)
    assert [b.symbol for b in sight.scene.badges] == ["tick"]


def test_svg_and_drawing_carry_the_same_shapes(game):
    scene = board_scene(game, 6)
    svg = scene_svg(scene)
    shapes = scene_shapes(scene)
    assert svg.count("<polygon") == sum(type(s).__name__ == "Polygon" for s in shapes)
    assert re.search(r'width="[\d.]+mm"', svg)
    assert "Bitstream Vera Sans" in svg
    drawing = scene_drawing(scene, width_mm=80)
    assert drawing.width == pytest.approx(80 * 72 / 25.4)
    assert Counter(type(s).__name__ for s in drawing.contents)["String"] == 6


def test_svg_is_reproducible(game):
    assert scene_svg(board_scene(game, 5)) == scene_svg(board_scene(game, 5))


def test_legend_has_one_sample_per_terrain_and_both_den_states(game):
    from dragon_pnp.hexmap_diagrams import legend_scene

    scene = legend_scene(game)
    plain = [t for t in game.board.terrains.values() if not t.is_home]
    assert [c.terrain_name for c in scene.cells[: len(plain)]] == [t.name for t in plain]
    assert [d.in_use for d in scene.homes] == [True, False]
    texts = [label.text for label in scene.captions]
    assert all(any(t.name in text for text in texts) for t in game.board.terrains.values())
    assert "Den not used in this game" in scene_svg(scene)


def test_svg_rasterises_with_cairo_and_shows_the_terrain_colours(game):
    """The print kit renders these SVGs with cairosvg; check the colours land where the hexes are."""
    import cairosvg
    import pymupdf

    from dragon_pnp.fonts import use_bundled_fonts_for_cairo

    use_bundled_fonts_for_cairo()
    scene = board_scene(game, 3, hex_size_mm=6)
    png = cairosvg.svg2png(bytestring=scene_svg(scene).encode(), dpi=96)
    pix = pymupdf.Pixmap(png)
    px_per_mm = pix.width / scene.width_mm
    for cell in scene.cells:
        if cell.pattern != "plain":
            continue  # marks cover the centre of patterned hexes
        x, y = (int(c * px_per_mm) for c in cell.centre)
        expected = tuple(int(cell.fill[i:i + 2], 16) for i in (1, 3, 5))
        assert all(abs(a - b) <= 3 for a, b in zip(pix.pixel(x, y)[:3], expected)), cell.hex
