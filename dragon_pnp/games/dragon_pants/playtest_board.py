"""Dragon Pants: the hex board as the rulebook draws it, with every dragon where the view puts it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from dragon_pnp.hexmap_diagrams import Marker, board_scene
from dragon_pnp.hexmap_diagrams.svg import scene_svg


def board_svg(game: Any, view: Mapping[str, Any]) -> str:
    players = view["players"]
    base = board_scene(game, players, hex_size_mm=6.0)
    colours = game.print_profile.seat_colours
    dragons = []
    for dragon in view["dragons"]:
        at = dragon.get("at")
        if at is None:
            continue
        hex_ = (int(at[0]), int(at[1]))
        named = colours.get(dragon.get("den", ""))
        label = str(dragon["seat"]) + ("*" if dragon.get("frozen") else "")
        dragons.append(Marker(hex_, label, named.hex if named else "#444444"))
    scene = replace(base, markers=tuple(dragons))
    drawn = scene_svg(scene)
    # Sized by the page, not in millimetres: the board fills its panel.
    return drawn[drawn.index("<svg"):].replace(f'width="{_num(scene.width_mm)}mm"', 'width="100%"', 1) \
        .replace(f'height="{_num(scene.height_mm)}mm"', "", 1)


def _num(value: float) -> str:
    from dragon_pnp.hexmap_diagrams.svg import _num as num

    return str(num(value))
