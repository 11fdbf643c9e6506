"""The line's geometry (L3) and the abilities' reach tables (L4), shared by engine and print.

During a battle the two lines stand on one axis of `2 x line_size` positions: seat 1's back
slot at axis 0 up to its front slot, then seat 2's front slot up to its back slot at the other
end. Slots are 0-based from the front inside the engine (slot 0 = the front dragon). "Ahead"
for seat 1 is +1 along the axis, for seat 2 it is -1. A reach offset counts positions ahead of
the acting dragon (1 in front, 2 beyond, 0 itself, -1 behind); a position past either end of
the axis hits nothing.
"""

from __future__ import annotations

from collections.abc import Sequence


def axis_position(seat: int, slot: int, line_size: int) -> int:
    """Where slot `slot` (0 = front) of `seat` stands on the axis."""
    return line_size - 1 - slot if seat == 0 else line_size + slot


def seat_slot(position: int, line_size: int) -> tuple[int, int]:
    """The (seat, slot) standing at an axis position."""
    return (0, line_size - 1 - position) if position < line_size else (1, position - line_size)


def ahead(seat: int) -> int:
    """The axis direction a seat's dragons face."""
    return 1 if seat == 0 else -1


def reach_offsets(reach: Sequence[Sequence[int]], range_bonus: int) -> tuple[int, ...]:
    """The offsets a suit's ability hits with `range_bonus` Range Reforms (no further bonus past the table)."""
    return tuple(reach[min(max(range_bonus, 0), len(reach) - 1)])


def targets(seat: int, slot: int, offsets: Sequence[int], line_size: int) -> tuple[int, ...]:
    """Axis positions hit from (seat, slot) by `offsets`, leaving out those past the axis ends."""
    here = axis_position(seat, slot, line_size)
    step = ahead(seat)
    size = 2 * line_size
    return tuple(p for p in (here + o * step for o in offsets) if 0 <= p < size)


def describe_target(seat: int, slot: int, offset: int, line_size: int) -> str | None:
    """Who an offset hits from (seat, slot), in the rulebook's words, or None past the line's end."""
    hit = targets(seat, slot, (offset,), line_size)
    if not hit:
        return None
    target_seat, target_slot = seat_slot(hit[0], line_size)
    if target_seat == seat and target_slot == slot:
        return "itself"
    owner = "own" if target_seat == seat else "enemy"
    return f"{owner} slot {target_slot + 1}"
