"""The hex-map diagrams serve any game with a `tiles` component, rules module or not, and draw a
game's overlays where its hexes are without knowing what they mean."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pymupdf
import pytest
import yaml
from reportlab.graphics.shapes import Drawing

from dragon_pnp.cli import main
from dragon_pnp.components.tiles import tile_faces
from dragon_pnp.errors import DataError, DataErrors
from dragon_pnp.games.registry import load_game
from dragon_pnp.hexmap_diagrams import Badge, HexLine, HexOutline, Marker, Stroke, board_scene, scene_shapes
from dragon_pnp.hexmap_diagrams.shapes import Circle, Label, Polygon, Polyline
from dragon_pnp.paper import mm_to_pt
from dragon_pnp.rulebook.styles import make_styles
from dragon_pnp.rulebook.title import title_page
from tests.in_process import run_cli

ROOT = Path(__file__).resolve().parents[2]

HEX_GAME = """\
name: Hex Walk
designers: [tests]
licence: CC0 1.0
credits: A game with no rules module, played on a hex map.
players: {min: 2, max: 6}
playtime_minutes: 20
minimum_age: 8
components:
  - id: land
    kind: tiles
    name: Map tiles
    map: map.yaml
    corner_to_corner_mm: 80
"""


# Generic terrains: name and count, at most a note and a pattern; no game's rules flags.
HEX_TERRAINS = {
    "land": {"name": "Meadow", "count": 27},
    "mountain": {"name": "Crag", "count": 4, "pattern": "peaks", "note": "Climb to see far"},
    "water": {"name": "Lake", "count": 3, "passable": False, "pattern": "waves"},
    "power": {"name": "Shrine", "count": 3, "note": "Pray here"},
    "den": {"name": "Camp", "count": 6, "is_home": True},
}


def write_hex_game(folder: Path, terrains: dict = HEX_TERRAINS) -> Path:
    """Dragon Pants' tiles, dens and seats under other terrains, in a data-only game."""
    board = yaml.safe_load((ROOT / "data" / "dragon_pants" / "board.yaml").read_text())
    board["homes"] = board.pop("dens")   # the generic map's word for Dragon Pants' dens
    (folder / "map.yaml").write_text(yaml.safe_dump({**board, "terrains": terrains}, sort_keys=False))
    shutil.copy(ROOT / "data" / "dragon_pants" / "print.yaml", folder / "print.yaml")
    (folder / "game.yaml").write_text(HEX_GAME)
    (folder / "rules.md").write_text("# Hex Walk\n\nWalk the map.\n")
    return folder


@pytest.fixture(scope="module")
def hex_game_folder(tmp_path_factory) -> Path:
    return write_hex_game(tmp_path_factory.mktemp("hex_walk"))


def _drawings(flow) -> list[Drawing]:
    return [f for f in flow if isinstance(f, Drawing)]


def test_a_game_with_tiles_shows_its_map_on_the_title_page(hex_game_folder):
    game = load_game(hex_game_folder)
    assert game.module is None and not game.files
    width, height = mm_to_pt(170), mm_to_pt(230)
    (board,) = _drawings(title_page(game, make_styles(), width, height))
    assert board.width == pytest.approx(mm_to_pt(min(170 * 0.62, 230 * 0.42)))   # as big as the cover allows


def test_a_game_without_tiles_has_no_map_on_the_title_page():
    game = load_game(ROOT / "data" / "dragon_dance")
    assert _drawings(title_page(game, make_styles(), mm_to_pt(170), mm_to_pt(230))) == []


def test_drawing_a_hex_map_loads_no_game_package(hex_game_folder):
    """Scenes, both renderers, the title page and the tile faces, in a fresh interpreter."""
    script = textwrap.dedent(f"""
        import sys
        from dragon_pnp.components.tiles import tile_faces
        from dragon_pnp.games.registry import load_game
        from dragon_pnp.hexmap_diagrams import board_scene, legend_scene, scene_drawing, scene_svg
        from dragon_pnp.paper import mm_to_pt
        from dragon_pnp.rulebook.styles import make_styles
        from dragon_pnp.rulebook.title import title_page

        game = load_game({str(hex_game_folder)!r})
        scene_svg(board_scene(game, 3)); scene_drawing(legend_scene(game), width_mm=50)
        title_page(game, make_styles(), mm_to_pt(170), mm_to_pt(230)); tile_faces(game)
        games = ("dragon_pnp.games.dragon_pants", "dragon_pnp.games.dragon_dance", "dragon_pnp.games.dragon_line")
        print(sorted(m for m in sys.modules if m.startswith(games)))
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_overlays_are_drawn_on_their_hexes_in_hex_sizes(hex_game_folder):
    game = load_game(hex_game_folder)
    base = board_scene(game, None, hex_size_mm=5.0)
    s = base.hex_size_mm
    a, b, c = (-3, 1), (0, 1), (2, -1)
    scene = replace(base, outlines=(HexOutline(c, Stroke("#112233", 0.1, (0.2, 0.1))),),
                    lines=(HexLine((a, c, b), Stroke("#445566", 0.12)),),
                    markers=(Marker(a, "Q", "#778899"),), badges=(Badge(b, "cross", "#aa0000"),))
    plain = scene_shapes(base)
    shapes = scene_shapes(scene)
    assert shapes[:len(plain)] == plain                 # overlays go on top of the map, in this order:
    outline, line, disc, label, badge_disc, *cross = shapes[len(plain):]
    assert isinstance(outline, Polygon) and outline.fill is None and outline.stroke == "#112233"
    assert outline.width_mm == pytest.approx(0.1 * s) and outline.dash_mm == pytest.approx((0.2 * s, 0.1 * s))
    cx, cy = base.point(c)
    assert all(0.8 * s < ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 < s for x, y in outline.points)  # inside the hex
    assert isinstance(line, Polyline) and line.points == tuple(base.point(h) for h in (a, c, b))
    assert line.width_mm == pytest.approx(0.12 * s) and line.dash_mm is None
    assert isinstance(disc, Circle) and disc.centre == base.point(a) and disc.fill == "#778899"
    assert isinstance(label, Label) and (label.at, label.text) == (base.point(a), "Q")
    bx, by = base.point(b)
    assert isinstance(badge_disc, Circle) and badge_disc.centre == pytest.approx((bx + 0.55 * s, by - 0.55 * s))
    assert len(cross) == 2 and all(isinstance(p, Polyline) and p.stroke == "#aa0000" for p in cross)


def test_a_map_of_names_and_counts_prints_each_terrain_by_its_note_and_pattern(hex_game_folder):
    game = load_game(hex_game_folder)
    terrains = game.component_data["land"].terrains
    assert terrains["land"].note == "" and terrains["land"].pattern is None and terrains["land"].passable
    faces = {face.key: face.svg for face in tile_faces(game)[0]}
    crag, meadow, lake, shrine = (faces[f"tile-{t}"] for t in ("mountain", "land", "water", "power"))
    assert ">Climb to see far</text>" in crag and 'fill="#6f655c"' in crag          # its note; the peaks
    assert "Climb" not in meadow and 'stroke="#4f7a32"' in meadow                     # plain: grass, no note
    assert 'stroke="#2f6f9a"' in lake                                                 # waves
    assert ">Pray here</text>" in shrine and 'fill="#fff6d0"' not in shrine           # no pattern given: plain
    scene = board_scene(game, 3)
    marks = {cell.terrain: cell.pattern for cell in scene.cells}
    assert marks == {"land": "plain", "mountain": "peaks", "water": "waves", "power": "plain", "den": "home"}


def test_a_data_only_hex_game_builds(hex_game_folder, tmp_path, private_render_cache):
    out = tmp_path / "kit"
    with pytest.raises(SystemExit) as exit_info:
        main(["build", str(hex_game_folder), "--out", str(out), "--no-check", "--no-proof"])
    assert exit_info.value.code == 0
    tiles = pymupdf.open(out / "tiles.pdf")
    text = " ".join(page.get_text() for page in tiles)
    assert "C R A G" in text and "Climb to see far" in text and "Pray here" in text   # names are letter-spaced
    assert (out / "rulebook.pdf").is_file() and (out / "print-and-play.pdf").is_file()


def test_the_generic_map_knows_no_game_rules_flags(tmp_path):
    folder = write_hex_game(tmp_path, {**HEX_TERRAINS, "land": {"name": "Meadow", "count": 27, "draw_power": True}})
    with pytest.raises(DataErrors) as raised:
        load_game(folder)
    (error,) = raised.value.errors
    lines = (folder / "map.yaml").read_text().splitlines()
    assert str(error.location.file).endswith("map.yaml") and lines[error.location.line - 1] == "    draw_power: true"
    assert error.location.field == "terrains.land.draw_power" and "unknown field" in error.message


def test_a_note_too_wide_for_its_tile_is_a_located_error(tmp_path):
    long_note = "Climb to see far across the whole of the map"
    folder = write_hex_game(tmp_path, {**HEX_TERRAINS, "mountain": {**HEX_TERRAINS["mountain"], "note": long_note}})
    game = load_game(folder)
    with pytest.raises(DataError) as raised:
        tile_faces(game)
    where = raised.value.location
    assert str(where.file).endswith("map.yaml") and where.field == "terrains.mountain.note"
    assert where.line == (folder / "map.yaml").read_text().splitlines().index("    note: " + long_note) + 1
    assert "48 mm" in raised.value.message


def test_a_terrain_marked_like_a_den_keeps_its_own_label(tmp_path):
    """The den mark (rings) on an ordinary terrain: its name and note, not a den's seat panel."""
    folder = write_hex_game(tmp_path, {**HEX_TERRAINS, "power": {"name": "Shrine", "count": 3, "pattern": "home",
                                                                 "note": "Rest here"}})
    shrine = next(f.svg for f in tile_faces(load_game(folder))[0] if f.key == "tile-power")
    assert 'stroke-opacity="0.35"' in shrine                                # the den rings
    assert ">SHRINE</text>" in shrine and ">Rest here</text>" in shrine
    assert "starts here" not in shrine


@pytest.mark.parametrize("edit, message", [
    (lambda m: m["tiles"][0].update(terrain="lava"), "unknown terrain 'lava'; expected one of"),
    (lambda m: m["homes"][0].update(id="purple"), "home 'purple' has no colour; add it to print.yaml seat_colours"),
])
def test_a_bad_map_in_a_data_only_hex_game_is_a_located_error_not_a_traceback(tmp_path, edit, message):
    folder = tmp_path / "hexwalk"
    folder.mkdir()
    write_hex_game(folder)
    data = yaml.safe_load((folder / "map.yaml").read_text())
    edit(data)
    (folder / "map.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    # validate through main in this process (tests/in_process.py); build as the console command a
    # user runs, so the exit code and the absence of a traceback are a real process's
    validated = run_cli("validate", str(folder), env={"DRAGON_PNP_CACHE": "off"})
    built = subprocess.run([sys.executable, "-m", "dragon_pnp", "build", str(folder), "--no-check", "--out",
                            str(tmp_path / "kit")], capture_output=True, text=True, timeout=300,
                           env={**os.environ, "DRAGON_PNP_CACHE": "off"})
    for done in (validated, built):
        assert done.returncode == 2, done.stdout + done.stderr
        assert "Traceback" not in done.stderr and message in done.stdout + done.stderr
        assert "map.yaml:" in done.stdout + done.stderr
