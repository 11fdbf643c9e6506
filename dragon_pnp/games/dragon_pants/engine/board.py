"""Board tables: every hex, move and sight line of one game's board, precomputed at load time.

Hexes are numbered 0..N-1 (board tiles in data order, then dens) so the rules engine works on
plain ints and bitmasks: "is anything between shooter and target?" is one AND of two ints.
The rulebook diagrams ask the same tables through `line_of_sight`, so pictures and rules
cannot disagree. Geometry comes from `hexgrid`; what blocks or protects comes from the
terrain data (`blocks_sight`, `sight_immune`, `holds_one`, `is_den`, `draw_power`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from dragon_pnp import hexgrid
from dragon_pnp.hexgrid import Hex

SightKind = Literal["flat", "diagonal"]


class SightLine(NamedTuple):
    """One flat or diagonal line as geometry: hexes strictly between, and the flanking pairs.

    `between` may include hexes off the board (a line between two dens can cross open table);
    those never block. `flanks` is empty for flat lines.
    """

    kind: str
    between: tuple[Hex, ...]
    flanks: tuple[tuple[Hex, Hex], ...]


@dataclass(frozen=True)
class _Line:
    """A sight line between two board hexes, in engine terms (indices and bitmasks)."""

    order: tuple[tuple[int, ...], ...]  # blocking candidates nearest-first: (i,) a centre, (i, j) a flanking pair
    between_mask: int  # bits of on-board hexes whose centres lie strictly between
    mountain_between: bool  # a sight-blocking terrain lies strictly between
    flank_pairs: tuple[tuple[int, int], ...]  # bits of each flanking pair (0 = off the board)


class BoardTables:
    """Precomputed geometry and terrain of one board, indexed by small ints.

    Attributes the engine reads in its hot path are plain tuples indexed by hex number:
    `steps[i]` (hexes a dragon on i may move to, before dragons are considered),
    `blocks_sight`, `sight_immune`, `holds_one`, `is_den`, `draw_power`, and the line tables
    `flat[i][j]` / `diagonal[i][j]` (a `_Line` or None when i and j share no such line).
    """

    def __init__(
        self,
        tiles: Iterable[tuple[Hex, str]],
        terrains: Mapping[str, Any],
        dens: Iterable[tuple[str, Hex]],
        diagonal_blocked_by_flanks: bool = False,
    ):
        tiles = list(tiles)
        dens = list(dens)
        den_terrain = next((name for name, t in terrains.items() if _flag(t, "is_home")), "den")
        cells: list[tuple[Hex, str]] = [(h, t) for h, t in tiles] + [(h, den_terrain) for _, h in dens]
        self.hexes: tuple[Hex, ...] = tuple(h for h, _ in cells)
        self.terrain: tuple[str, ...] = tuple(t for _, t in cells)
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        if len(self.index) != len(self.hexes):
            raise ValueError("two tiles or dens share one hex")
        self.size = len(self.hexes)
        self.diagonal_blocked_by_flanks = diagonal_blocked_by_flanks

        def flag(name: str) -> tuple[bool, ...]:
            return tuple(_flag(terrains[t], name) for t in self.terrain)

        self.blocks_sight = flag("blocks_sight")
        self.sight_immune = flag("sight_immune")
        self.draw_power = flag("draw_power")
        self.holds_one = flag("holds_one")
        self.is_home = tuple(_flag(terrains[t], "is_home") for t in self.terrain[: len(tiles)]) + (True,) * len(dens)
        self.den_ids: tuple[str, ...] = tuple(d for d, _ in dens)
        self.den_hex: dict[str, int] = {d: self.index[h] for d, h in dens}
        self.den_id: dict[int, str] = {self.index[h]: d for d, h in dens}
        self.mountain_mask = sum(1 << i for i in range(self.size) if self.blocks_sight[i])

        # Moves: to any adjacent hex that is not a den. A den's moves are its exits (its board
        # neighbours); dens are only ever entered by being sent home or by Teleport.
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index[n] for n in hexgrid.neighbours(h) if n in self.index) for h in self.hexes
        )
        self.steps: tuple[tuple[int, ...], ...] = tuple(
            tuple(n for n in self.neighbours[i] if not self.is_home[n]) for i in range(self.size)
        )

        self.flat: tuple[tuple[_Line | None, ...], ...] = tuple(
            tuple(self._flat_line(a, b) for b in range(self.size)) for a in range(self.size)
        )
        self.diagonal: tuple[tuple[_Line | None, ...], ...] = tuple(
            tuple(self._diagonal_line(a, b) for b in range(self.size)) for a in range(self.size)
        )

    # --- construction -----------------------------------------------------------------------

    @classmethod
    def from_game(cls, game_data: Any, options: Mapping[str, bool] | None = None) -> BoardTables:
        """Tables for a loaded game; `options` may switch on `diagonal_blocked_by_flanks` (R17)."""
        board = game_data.board
        defaults = {name: opt.default for name, opt in game_data.game.rules_options.items()}
        chosen = {**defaults, **(options or {})}
        tiles = tuple(((t.q, t.r), t.terrain) for t in board.tiles)
        terrains = {name: t.model_dump() for name, t in board.terrains.items()}
        dens = tuple((d.id, (d.q, d.r)) for d in board.homes)
        flanks = bool(chosen.get("diagonal_blocked_by_flanks", False))
        # The line tables cost ~27 ms a board (every pair of hexes, twice) and every rules object
        # needs them: each validate, build, check worker and loaded position. The tables are never
        # changed after they are made, so one board's are shared by all its rules objects.
        key = repr((tiles, sorted(terrains.items()), dens, flanks))
        found = _MADE.get(key)
        if found is None:
            if len(_MADE) >= _MADE_LIMIT:
                _MADE.clear()
            found = _MADE[key] = cls(tiles=tiles, terrains=terrains, dens=dens, diagonal_blocked_by_flanks=flanks)
        return found

    def _bit(self, h: Hex) -> int:
        i = self.index.get(h)
        return 0 if i is None else 1 << i

    def _blocks(self, h: Hex) -> bool:
        i = self.index.get(h)
        return i is not None and self.blocks_sight[i]

    def _flat_line(self, a: int, b: int) -> _Line | None:
        between = hexgrid.flat_line_between(self.hexes[a], self.hexes[b]) if a != b else None
        if between is None:
            return None
        order = tuple((self.index[h],) for h in between if h in self.index)
        return _Line(
            order=order,
            between_mask=sum(self._bit(h) for h in between),
            mountain_between=any(self._blocks(h) for h in between),
            flank_pairs=(),
        )

    def _diagonal_line(self, a: int, b: int) -> _Line | None:
        line = hexgrid.diagonal_line_between(self.hexes[a], self.hexes[b]) if a != b else None
        if line is None:
            return None
        order: list[tuple[int, ...]] = []
        # The line crosses a corner (flanked by a pair), then a centre, alternately.
        for k, (left, right) in enumerate(line.flanks):
            pair = tuple(self.index[h] for h in (left, right) if h in self.index)
            if len(pair) == 2:
                order.append(pair)
            if k < len(line.between) and line.between[k] in self.index:
                order.append((self.index[line.between[k]],))
        return _Line(
            order=tuple(order),
            between_mask=sum(self._bit(h) for h in line.between),
            mountain_between=any(self._blocks(h) for h in line.between),
            flank_pairs=tuple((self._bit(left), self._bit(right)) for left, right in line.flanks),
        )

    # --- queries ----------------------------------------------------------------------------

    def sight_line(self, kind: SightKind, shooter: Hex, target: Hex) -> SightLine | None:
        """The geometry of the line from shooter to target, or None when they share no such line."""
        if kind == "flat":
            between = hexgrid.flat_line_between(shooter, target) if shooter != target else None
            return None if between is None else SightLine("flat", between, ())
        if kind == "diagonal":
            line = hexgrid.diagonal_line_between(shooter, target) if shooter != target else None
            return None if line is None else SightLine("diagonal", line.between, line.flanks)
        raise ValueError(f"sight line kind {kind!r}: expected 'flat' or 'diagonal'")

    def clear(self, kind: SightKind, a: int, b: int, occupied: int, ignore_mountains: bool = False) -> bool:
        """Hot-path sight test on hex numbers: does a see b along `kind`, given occupied bits?"""
        line = (self.flat if kind == "flat" else self.diagonal)[a][b]
        if line is None:
            return False
        if line.mountain_between and not ignore_mountains:
            return False
        if line.between_mask & occupied:
            return False
        if line.flank_pairs and self.diagonal_blocked_by_flanks:
            blocking = occupied if ignore_mountains else occupied | self.mountain_mask
            for left, right in line.flank_pairs:
                if left & blocking and right & blocking:
                    return False
        return True

    def line_of_sight(
        self,
        kind: SightKind,
        shooter_hex: Hex,
        target_hex: Hex,
        occupied: Iterable[Hex] = (),
        ignore_mountains: bool = False,
    ) -> tuple[bool, Hex | None]:
        """(True, None) when the line holds; (False, first blocker or None when there is no line).

        `occupied` are hexes holding dragons (the shooter's and target's own hexes are ignored).
        Terrain immunity (water) is a property of the target, not of the line: see `sight_immune`.
        """
        if kind not in ("flat", "diagonal"):
            raise ValueError(f"sight line kind {kind!r}: expected 'flat' or 'diagonal'")
        a, b = self.index.get(_pair(shooter_hex)), self.index.get(_pair(target_hex))
        if a is None or b is None:
            missing = shooter_hex if a is None else target_hex
            raise ValueError(f"hex {tuple(missing)} is not on the board")
        line = (self.flat if kind == "flat" else self.diagonal)[a][b]
        if line is None:
            return False, None
        occ = 0
        for h in occupied:
            i = self.index.get(_pair(h))
            if i is not None and i not in (a, b):
                occ |= 1 << i
        blocking = occ if ignore_mountains else occ | self.mountain_mask
        for cell in line.order:
            if len(cell) == 1:
                if (1 << cell[0]) & blocking:
                    return False, self.hexes[cell[0]]
            elif self.diagonal_blocked_by_flanks and all((1 << c) & blocking for c in cell):
                return False, self.hexes[cell[0]]
        return True, None

    def tiles_with_terrain(self) -> list[tuple[Hex, str]]:
        """Every hex of the board (dens included) with its terrain id, in table order."""
        return list(zip(self.hexes, self.terrain))

    def den_exit(self, den: int) -> int | None:
        """The one board hex a den leads to (the first, if a board gives a den several)."""
        exits = self.steps[den]
        return exits[0] if exits else None


# board.yaml's own words for generic map fields (the loaded model speaks the generic ones).
_YAML_NAMES = {"is_home": "is_den"}


# Boards made so far, by everything they are made from (`BoardTables.from_game`); a few at most
# in one process (a designer's edits in the studio), so the limit only bounds a long session.
_MADE: dict[str, BoardTables] = {}
_MADE_LIMIT = 16


def _flag(terrain: Any, name: str) -> bool:
    if isinstance(terrain, Mapping):
        value = terrain.get(_YAML_NAMES.get(name, name), False)
    else:
        value = getattr(terrain, name, False)
    return bool(value)


def _pair(hex_: Sequence[int]) -> tuple[int, int]:
    """A hex given as any pair of numbers (a list from a file, a tuple) as the tables' key."""
    q, r = hex_
    return q, r


def step_distances(steps: tuple[tuple[int, ...], ...], size: int) -> list[list[int]]:
    """Moves needed from every hex to every other (99 where none leads), by breadth-first search."""
    table = []
    for start in range(size):
        row = [99] * size
        row[start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in steps[here]:
                if row[nxt] == 99:
                    row[nxt] = row[here] + 1
                    queue.append(nxt)
        table.append(row)
    return table
