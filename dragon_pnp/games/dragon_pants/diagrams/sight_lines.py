"""A line-of-sight example drawn on the generic hex-map scene, as the rules engine judges it.

`check_sight` gives the verdict and the hexes the rules look at; this module only turns them into
overlays (outlined hexes, the line, a tick or a cross, lettered dragons), so the picture cannot
say anything the engine does not decide.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from dragon_pnp.data import GameData
from dragon_pnp.games.dragon_pants.diagrams.sight import SightCheck, SightKind, check_sight
from dragon_pnp.games.dragon_pants.engine.board import BoardTables
from dragon_pnp.hexgrid import Hex
from dragon_pnp.hexmap_diagrams import Badge, BoardScene, HexLine, HexOutline, Marker, Stroke, board_scene

CLEAR_LINE = "#1d7a3c"
BLOCKED_LINE = "#c0392b"
FLANK_LINE = "#5a5a5a"
# Widths and dashes in hex sizes (corner radii).
FLANK_OUTLINE = Stroke(FLANK_LINE, 0.05, (0.06, 0.08))   # dotted: diagonal flanks, which never block alone
SIGHT_WIDTH = 0.13
SIGHT_DASH = (0.35, 0.2)                                  # dashed: the part of a line that does not hold


@dataclass(frozen=True)
class SightScene:
    """The board with the dragons and the line drawn on it, and the engine's verdict it shows."""

    scene: BoardScene
    check: SightCheck

    @property
    def dragon_labels(self) -> dict[Hex, str]:
        return {marker.hex: marker.label for marker in self.scene.markers}


def sight_scene(game: GameData, kind: SightKind, shooter: Hex, target: Hex,
                others: Iterable[Hex] = (), hex_size_mm: float = 4.0, with_dens: bool = False,
                tables: BoardTables | None = None) -> SightScene:
    """The board with a shooter (A), a target (B), other dragons (C, D...) and the sight line
    between A and B, judged by the rules engine. Dens are left out unless asked for."""
    others = tuple(others)
    base = board_scene(game, None, hex_size_mm, home_style="plain", with_homes=with_dens)
    check = check_sight(game, kind, shooter, target, occupied=(shooter, target) + others, tables=tables)
    colours = [c.hex for c in game.print_profile.seat_colours.values()] or ["#444444"]
    dragons = tuple(Marker(hex_, chr(ord("A") + i), colours[i % len(colours)])
                    for i, hex_ in enumerate((shooter, target) + others))
    scene = replace(base, outlines=_looked_at(check), lines=_sight_line(check), markers=dragons,
                    badges=(_verdict_badge(check),))
    return SightScene(scene, check)


def _colour(check: SightCheck) -> str:
    return CLEAR_LINE if check.verdict == "clear" else BLOCKED_LINE


def _looked_at(check: SightCheck) -> tuple[HexOutline, ...]:
    """The hexes the rules look at: solid for 'between', dotted for diagonal flanks."""
    between = Stroke(_colour(check), 0.09)
    return (tuple(HexOutline(h, FLANK_OUTLINE) for h in check.flanks)
            + tuple(HexOutline(h, between) for h in check.between))


def _sight_line(check: SightCheck) -> tuple[HexLine, ...]:
    """Solid while the line holds, dashed past whatever stops it (all dashed when off a line)."""
    if check.verdict == "clear":
        return (HexLine((check.shooter, check.target), Stroke(CLEAR_LINE, SIGHT_WIDTH)),)
    if check.verdict == "blocked" and check.blocker is not None:
        return (HexLine((check.shooter, check.blocker), Stroke(BLOCKED_LINE, SIGHT_WIDTH)),
                HexLine((check.blocker, check.target), Stroke(BLOCKED_LINE, SIGHT_WIDTH, SIGHT_DASH)))
    return (HexLine((check.shooter, check.target), Stroke(BLOCKED_LINE, SIGHT_WIDTH, SIGHT_DASH)),)


def _verdict_badge(check: SightCheck) -> Badge:
    """A tick beside a target that can be hit; a cross beside whatever stops the line."""
    if check.verdict == "clear":
        return Badge(check.target, "tick", CLEAR_LINE)
    at = check.blocker if (check.verdict == "blocked" and check.blocker) else check.target
    return Badge(at, "cross", BLOCKED_LINE)
