"""A track's colour is data: a palette name or #rrggbb in its component, not a Dragon Pants constant."""

from __future__ import annotations

import shutil
from pathlib import Path

from dragon_pnp.components.track import time_marker_face, time_track_face
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
    assert "#1a7f5a" in time_track_face(game).svg and "#1a7f5a" in time_marker_face(game).svg
    stock = load_game("dragon_pants")
    destiny = stock.print_profile.palette("deck")["destiny"]
    assert destiny in time_track_face(stock).svg and "#1a7f5a" not in time_track_face(stock).svg
