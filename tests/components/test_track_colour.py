"""A track is data: its colour (a palette name or #rrggbb), numbers, title and note come from its own
component, not from Dragon Pants' constants or the game's first track."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from dragon_pnp.components.track import marker_face, track_face
from dragon_pnp.data.components import time_track
from dragon_pnp.games.registry import load_game

DATA = Path(__file__).resolve().parents[2] / "data"


def test_palette_references_and_hex_colours_resolve() -> None:
    profile = load_game("dragon_pants").print_profile
    destiny = profile.palette("deck")["destiny"]
    assert profile.colour("deck.destiny") == destiny
    assert profile.colour("destiny") == destiny            # a bare name searches every palette
    assert profile.colour("#123456") == "#123456"
    assert profile.colour("deck.nosuch", "#000001") == "#000001"


def test_the_track_and_marker_take_the_components_colour(tmp_path: Path) -> None:
    game_dir = tmp_path / "dragon_pants"
    shutil.copytree(DATA / "dragon_pants", game_dir)
    manifest = game_dir / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("colour: deck.destiny", "colour: \"#1a7f5a\""),
                        encoding="utf-8")
    game = load_game(game_dir)
    track = time_track(game)
    assert "#1a7f5a" in track_face(game, track).svg and "#1a7f5a" in marker_face(game, track).svg
    stock = load_game("dragon_pants")
    destiny = stock.print_profile.palette("deck")["destiny"]
    assert destiny in track_face(stock, time_track(stock)).svg and "#1a7f5a" not in track_face(stock, time_track(stock)).svg


def test_each_track_prints_its_own_numbers_title_and_note(tmp_path: Path) -> None:
    game_dir = tmp_path / "dragon_pants"
    shutil.copytree(DATA / "dragon_pants", game_dir)
    manifest = game_dir / "game.yaml"
    coins = ("  - id: coin_track\n    kind: track\n    name: Coins\n    description: Boxes 0-12.\n    first: 0\n"
             "    last: 12\n    rows: 1\n    box_mm: 12\n    marker_mm: 10\n    colour: \"#225588\"\n")
    text = manifest.read_text(encoding="utf-8").replace("  - id: time_track\n", coins + "  - id: time_track\n")
    manifest.write_text(text, encoding="utf-8")
    game = load_game(game_dir)
    tracks = {spec.id: spec for spec in game.game.components if spec.kind == "track"}
    coin, time = track_face(game, tracks["coin_track"]), track_face(game, tracks["time_track"])

    def numbers(svg: str) -> list[int]:
        return [int(n) for n in re.findall(r'font-weight="bold" text-anchor="middle" fill="#3a3a3a">(\d+)<', svg)]

    assert numbers(coin.svg) == list(range(13)) and numbers(time.svg) == list(range(1, 31))
    assert ">COINS<" in coin.svg and "runs out" not in coin.svg
    assert ">TIME<" in time.svg and "The game ends when time runs out" in time.svg
    assert coin.key != time.key
