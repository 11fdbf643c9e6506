"""Ask the rules engine whether a sight line holds, for the line-of-sight diagrams.

The verdict and the hexes the line passes both come from the engine's `BoardTables`, built
from the same `hexgrid` geometry the engine plays with, so a diagram shows what the engine
decides and cannot drift from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from dragon_pnp.data import GameData
from dragon_pnp.games.dragon_pants.engine.board import BoardTables
from dragon_pnp.hexgrid import Hex

SightKind = Literal["flat", "diagonal"]
Verdict = Literal["clear", "blocked", "immune", "off_line"]


@dataclass(frozen=True)
class SightCheck:
    """What a sight line from `shooter` to `target` crosses and how the rules judge it.

    `blocked`: something strictly between stops it (`blocker`); `immune`: the line holds but
    the target's terrain shelters it; `off_line`: the two hexes share no line of this kind.
    """

    kind: SightKind
    shooter: Hex
    target: Hex
    between: tuple[Hex, ...]
    flanks: tuple[Hex, ...]
    blocker: Hex | None
    verdict: Verdict

    @property
    def can_target(self) -> bool:
        return self.verdict == "clear"


def check_sight(game: GameData, kind: SightKind, shooter: Hex, target: Hex,
                occupied: Iterable[Hex] = (), options: Mapping[str, bool] | None = None,
                tables: BoardTables | None = None) -> SightCheck:
    """Judge one line of sight on `game`'s board, with dragons standing on `occupied` hexes.

    Pass `tables` (the engine's tables for this game and options) when judging many lines:
    building them is the slow part.
    """
    tables = tables or BoardTables.from_game(game, options)
    geometry = tables.sight_line(kind, shooter, target)
    if geometry is None:
        return SightCheck(kind, shooter, target, (), (), None, "off_line")
    on_board = set(tables.hexes)
    between = tuple(h for h in geometry.between if h in on_board)
    flanks = tuple(h for pair in geometry.flanks for h in pair if h in on_board)
    ok, blocker = tables.line_of_sight(kind, shooter, target, occupied)
    if not ok:
        return SightCheck(kind, shooter, target, between, flanks, blocker, "blocked")
    if tables.sight_immune[tables.index[target]]:
        return SightCheck(kind, shooter, target, between, flanks, None, "immune")
    return SightCheck(kind, shooter, target, between, flanks, None, "clear")
