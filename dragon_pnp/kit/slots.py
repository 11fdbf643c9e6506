"""Where pieces of one size go on a sheet: as many as the page holds, each with its own bleed.

Every piece keeps bleed on all four sides (the face's own, shrunk if need be but never below
`min_bleed_mm`) and a white gutter of `gap_mm` from its neighbours' bleed, so a cut that
misses the trim shows the piece's own colour or paper, never its neighbour's. Nothing lands
within `margin_mm` of the paper edge, where home printers cannot print, and where the sheet
has crop marks each trim keeps `mark_room` mm from that band for them (a mark may cross its
own piece's outer bleed, never a neighbour's).

A page holds bands: blocks of pieces in one orientation, cut as a group with marks round
them. Where upright rows leave a strip free, a band of pieces turned a quarter turn fills it
(poker cards on Letter: 3 x 2 upright and 2 turned below, where 3 x 3 would need the
bleed or the trims inside the band printers cannot reach). Millimetres, y down.

With `shared` cuts neighbours abut: one cut between two pieces, bleed only round the block
(3 x 3 poker cards on Letter); the page label then goes up the left side, where the block
leaves room, instead of under it.
"""

from __future__ import annotations

from dataclasses import dataclass

from dragon_pnp.kit.sheet import Rect

BLEED_STEP_MM = 0.05


@dataclass(frozen=True)
class SlotRules:
    """What a sheet asks of every piece on it (from the sheet layout and the print profile)."""

    cell: tuple[float, float]      # trim size of one slot's contents, upright (a fold pair is one cell)
    spread: tuple[float, float]    # bleed-box overhang per mm of bleed, across x and y (1, 1 for a
                                   # rectangle; a flat-topped hexagon overhangs 2/sqrt(3) at its corners)
    bleed: float                   # the face's own bleed: the most a piece shows
    min_bleed: float
    gap: float                     # white gutter between neighbouring bleeds
    margin: float                  # keep-out band at the paper edge
    mark_room: float               # trim to keep-out band where crop marks must fit (0: none)
    most: int                      # at most this many pieces on a page
    turn: bool                     # pieces may be turned a quarter turn
    label_room: float = 0.0        # kept free above the keep-out band at the bottom, for the page label
    shared: bool = False           # neighbours abut and share their cut; bleed only round the block
    label_side: float = 0.0        # kept free inside the keep-out band at the left, for the label (shared cuts)


@dataclass(frozen=True)
class Slot:
    """Where one piece's trim lands on the page; `turned` is a quarter turn clockwise."""

    trim: Rect
    turned: bool = False


@dataclass(frozen=True)
class Band:
    """Slots in one orientation, left to right and top to bottom, cut as a block."""

    slots: tuple[Slot, ...]
    zone: Rect      # the part of the page its crop marks may use (inside the keep-out band)


@dataclass(frozen=True)
class SheetPlan:
    """The slots of a full page, in filling order, and the bleed every piece keeps."""

    bands: tuple[Band, ...]
    bleed: float

    @property
    def slots(self) -> list[Slot]:
        return [slot for band in self.bands for slot in band.slots]


@dataclass(frozen=True)
class _Arrangement:
    """Bands as (turned, columns, rows), top to bottom."""

    bands: tuple[tuple[bool, int, int], ...]

    @property
    def count(self) -> int:
        return sum(columns * rows for _, columns, rows in self.bands)

    @property
    def turned(self) -> int:
        return sum(columns * rows for turned, columns, rows in self.bands if turned)


def plan_sheet(rules: SlotRules, page: tuple[float, float]) -> SheetPlan | None:
    """The fullest arrangement of slots on a page of `page` mm, or None if not even one fits."""
    best = _best_arrangement(rules, page)
    if best is None:
        return None
    bleed = rules.min_bleed
    while bleed + BLEED_STEP_MM <= rules.bleed + 1e-9 and _fits(best, rules, page, bleed + BLEED_STEP_MM):
        bleed += BLEED_STEP_MM
    bleed = min(round(bleed, 4), rules.bleed)
    return _place(best, rules, page, bleed)


def _best_arrangement(rules: SlotRules, page: tuple[float, float]) -> _Arrangement | None:
    """Most pieces first, then fewest turned, at the least bleed allowed."""
    b = rules.min_bleed
    candidates = []
    for turned in ((False, True) if rules.turn else (False,)):
        columns = _how_many(rules, page[0], b, turned, axis=0)
        rows = _how_many(rules, page[1], b, turned, axis=1)
        # Leave the page label its room here too: _place centres every block above it, so a block
        # using it would push its top marks into the band printers cannot reach.
        while rows and not _fits(_Arrangement(((turned, columns, rows),)), rules, page, b):
            rows -= 1
        if columns and rows:
            candidates.append(_Arrangement(((turned, columns, rows),)))
    if rules.turn:
        # Upright rows on top, a band of turned pieces below in the strip they leave.
        columns = _how_many(rules, page[0], b, False, axis=0)
        turned_columns = _how_many(rules, page[0], b, True, axis=0)
        for rows in range(1, _how_many(rules, page[1], b, False, axis=1) + 1):
            for turned_rows in range(1, 20):
                arrangement = _Arrangement(((False, columns, rows), (True, turned_columns, turned_rows)))
                if not columns or not turned_columns or not _fits(arrangement, rules, page, b):
                    break
                candidates.append(arrangement)
    candidates = [_capped(a, rules.most) for a in candidates]
    candidates = [a for a in candidates if a.count]
    if not candidates:
        return None
    return max(candidates, key=lambda a: (a.count, -a.turned, -len(a.bands)))


def _capped(arrangement: _Arrangement, most: int) -> _Arrangement:
    """Drop whole rows from the last bands until at most `most` pieces remain."""
    bands = list(arrangement.bands)
    while bands and sum(c * r for _, c, r in bands) > most:
        turned, columns, rows = bands[-1]
        bands[-1] = (turned, columns, rows - 1)
        if rows - 1 == 0:
            bands.pop()
    return _Arrangement(tuple(bands))


def _size(rules: SlotRules, turned: bool) -> tuple[float, float]:
    w, h = rules.cell
    return (h, w) if turned else (w, h)


def _overhang(rules: SlotRules, bleed: float, turned: bool) -> tuple[float, float]:
    """How far a piece's bleed reaches past its trim, across x and y."""
    sx, sy = rules.spread
    return (bleed * sy, bleed * sx) if turned else (bleed * sx, bleed * sy)


def _outer(rules: SlotRules, overhang: float) -> float:
    """Room a block needs between its outer trims and the keep-out band."""
    return max(overhang, rules.mark_room)


def _between(rules: SlotRules, overhang: float) -> float:
    """Trim to trim between neighbours in a block: both bleeds and a gutter, or nothing when they share a cut."""
    return 0.0 if rules.shared else 2 * overhang + rules.gap


def _how_many(rules: SlotRules, page_length: float, bleed: float, turned: bool, axis: int) -> int:
    """How many pieces fit side by side along one axis of the page."""
    size = _size(rules, turned)[axis]
    overhang = _overhang(rules, bleed, turned)[axis]
    available = page_length - 2 * rules.margin - 2 * _outer(rules, overhang) - (rules.label_side if axis == 0 else 0)
    pitch = size + _between(rules, overhang)
    if available < size - 1e-9:
        return 0
    return int((available - size + 1e-9) // pitch) + 1


def _extent(rules: SlotRules, count: int, bleed: float, turned: bool, axis: int) -> float:
    """Trim-to-trim length of `count` pieces in a row along one axis."""
    size = _size(rules, turned)[axis]
    overhang = _overhang(rules, bleed, turned)[axis]
    return count * size + (count - 1) * _between(rules, overhang)


def _separation(rules: SlotRules, bleed: float, upper_turned: bool, lower_turned: bool) -> float:
    """Trim to trim between two bands: both bleeds and a gutter, and room for both bands' marks."""
    upper = _overhang(rules, bleed, upper_turned)[1]
    lower = _overhang(rules, bleed, lower_turned)[1]
    return max(upper + rules.gap + lower, 2 * rules.mark_room)


def _fits(arrangement: _Arrangement, rules: SlotRules, page: tuple[float, float], bleed: float) -> bool:
    width, height = page
    for turned, columns, _ in arrangement.bands:
        need = _extent(rules, columns, bleed, turned, 0) + 2 * _outer(rules, _overhang(rules, bleed, turned)[0])
        if need > width - 2 * rules.margin - rules.label_side + 1e-9:
            return False
    return _total_height(arrangement, rules, bleed) <= height - 2 * rules.margin - rules.label_room + 1e-9


def _total_height(arrangement: _Arrangement, rules: SlotRules, bleed: float) -> float:
    bands = arrangement.bands
    total = _outer(rules, _overhang(rules, bleed, bands[0][0])[1]) + _outer(rules, _overhang(rules, bleed, bands[-1][0])[1])
    for index, (turned, _, rows) in enumerate(bands):
        total += _extent(rules, rows, bleed, turned, 1)
        if index + 1 < len(bands):
            total += _separation(rules, bleed, turned, bands[index + 1][0])
    return total


def _place(arrangement: _Arrangement, rules: SlotRules, page: tuple[float, float], bleed: float) -> SheetPlan:
    """Slot positions: the bands stacked and centred on the page, each band centred across it."""
    width, height = page
    bands = arrangement.bands
    usable = height - rules.label_room
    y = (usable - _total_height(arrangement, rules, bleed)) / 2 + _outer(rules, _overhang(rules, bleed, bands[0][0])[1])
    placed = []
    tops = []
    for index, (turned, columns, rows) in enumerate(bands):
        w, h = _size(rules, turned)
        ox, oy = _overhang(rules, bleed, turned)
        pitch_x, pitch_y = w + _between(rules, ox), h + _between(rules, oy)
        left = (width + rules.label_side - _extent(rules, columns, bleed, turned, 0)) / 2
        slots = tuple(Slot((left + c * pitch_x, y + r * pitch_y, left + c * pitch_x + w, y + r * pitch_y + h), turned)
                      for r in range(rows) for c in range(columns))
        bottom = y + _extent(rules, rows, bleed, turned, 1)
        placed.append(slots)
        tops.append((y, bottom))
        if index + 1 < len(bands):
            y = bottom + _separation(rules, bleed, turned, bands[index + 1][0])
    result = []
    for index, slots in enumerate(placed):
        top, bottom = tops[index]
        zone_top = rules.margin if index == 0 else (tops[index - 1][1] + top) / 2
        zone_bottom = usable - rules.margin if index + 1 == len(placed) else (bottom + tops[index + 1][0]) / 2
        result.append(Band(slots, (rules.margin + rules.label_side, zone_top, width - rules.margin, zone_bottom)))
    return SheetPlan(tuple(result), bleed)
