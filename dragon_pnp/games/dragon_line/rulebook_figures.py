"""Dragon Line's rulebook figures: the line of both players and each ability's reach along it.

Every hit mark comes from the engine's own tables (`Rules.hit`, built from suits.yaml by the same
code that resolves rounds), so a picture can never show a reach the rules check does not play.
Hit slots carry a cross as well as the suit colour, so the figures read in black and white.
"""

from __future__ import annotations

from typing import Any

from reportlab.graphics.shapes import Drawing, Line, Polygon, Rect, String
from reportlab.lib.colors import Color, HexColor, white

from dragon_pnp.games.dragon_line.line import axis_position, seat_slot
from dragon_pnp.games.dragon_line.printed_words import Say, english
from dragon_pnp.games.dragon_line.rules import Rules
from dragon_pnp.paper import mm_to_pt
from dragon_pnp.rulebook.styles import INK, RULE, SHADE

MAX_SLOT_MM = 9.0      # one card slot of the line, square in the figure, at most this size
GAP_MM = 2.4           # the gap between the two players' lines
LABEL_MM = 21.0        # the row labels' column of a reach figure
FONT = "Vera"
BOLD = "Vera-Bold"


class _Layout:
    """Slot size and positions (points) for a line of `size` slots a side fitting `width` points."""

    def __init__(self, size: int, width: float, label_mm: float):
        self.size = size
        self.label = mm_to_pt(label_mm)
        room = width - self.label - mm_to_pt(GAP_MM) - 2
        self.side = min(mm_to_pt(MAX_SLOT_MM), room / (2 * size))
        self.width = self.x(2 * size - 1) + self.side + 2

    def x(self, position: int) -> float:
        """Left edge of an axis position; the enemy half starts after the gap."""
        return self.label + position * self.side + (mm_to_pt(GAP_MM) if position >= self.size else 0.0)


def _cross(drawing: Drawing, x: float, y: float, side: float, ink: Color) -> None:
    inset = side * 0.24
    for (x0, y0, x1, y1) in ((x + inset, y + inset, x + side - inset, y + side - inset),
                             (x + inset, y + side - inset, x + side - inset, y + inset)):
        drawing.add(Line(x0, y0, x1, y1, strokeColor=ink, strokeWidth=1.6))


def _tint(colour: Color, amount: float) -> Color:
    """`colour` mixed with white (amount 0: white, 1: the colour)."""
    return Color(1 - (1 - colour.red) * amount, 1 - (1 - colour.green) * amount, 1 - (1 - colour.blue) * amount)


def _slot_numbers(drawing: Drawing, at: _Layout, y: float, say: Say = english) -> None:
    """Slot numbers above the line: each player's slots counted from the front (1) back."""
    size, side = at.size, at.side
    for position in range(2 * size):
        _seat, slot = seat_slot(position, size)
        drawing.add(String(at.x(position) + side / 2, y, str(slot + 1), fontName=FONT,
                           fontSize=6.5, fillColor=INK, textAnchor="middle"))
    drawing.add(String(at.x(0) + size * side / 2, y + 9, say("figure.your_line"), fontName=BOLD, fontSize=7,
                       fillColor=INK, textAnchor="middle"))
    drawing.add(String(at.x(size) + size * side / 2, y + 9, say("figure.enemy_line"), fontName=BOLD, fontSize=7,
                       fillColor=INK, textAnchor="middle"))


def reach_figure(rules: Rules, suit: str, colour: str, width_pt: float, acting_slot: int = 0,
                 say: Say = english) -> Drawing:
    """One row per distinct reach of `suit` (no Range Reform, +1, ...), your dragon in `acting_slot`
    (0 = front) marked, every slot its ability hits crossed, as the engine's tables say."""
    size = rules.line_size
    at = _Layout(size, width_pt, LABEL_MM)
    side = at.side
    rows = reach_rows(rules, suit, acting_slot, say)
    row_h = side + mm_to_pt(1.6)
    top = 20.0
    drawing = Drawing(at.width, top + row_h * len(rows))
    drawing.initialFontName = FONT   # else the renderer starts in Helvetica, which is never embedded
    ink = HexColor(colour)
    here = axis_position(0, acting_slot, size)
    _slot_numbers(drawing, at, drawing.height - 8, say)
    for r, (label, hits) in enumerate(rows):
        y = drawing.height - top - (r + 1) * row_h + mm_to_pt(1.0)
        drawing.add(String(0, y + side / 2 - 2.3, label, fontName=FONT, fontSize=6.5, fillColor=INK))
        for position in range(2 * size):
            x = at.x(position)
            hit = position in hits
            drawing.add(Rect(x + 0.6, y, side - 1.2, side, rx=1.2, ry=1.2,
                             fillColor=_tint(ink, 0.55) if hit else (SHADE if position >= size else white),
                             strokeColor=RULE if not hit else ink, strokeWidth=0.8))
            if hit:
                _cross(drawing, x + 0.6, y, side - 1.2, INK)
            if position == here:   # a dragon that hits itself shows the cross, not the arrow
                _acting_mark(drawing, x + 0.6, y, side - 1.2, arrow=not hit)
    return drawing


def _acting_mark(drawing: Drawing, x: float, y: float, side: float, arrow: bool = True) -> None:
    """The acting dragon: a heavy frame and (unless it hits itself) an arrow toward the enemy."""
    drawing.add(Rect(x - 0.6, y - 0.6, side + 1.2, side + 1.2, rx=1.6, ry=1.6, fillColor=None,
                     strokeColor=INK, strokeWidth=1.8))
    if not arrow:
        return
    cx, cy, s = x + side / 2, y + side / 2, side * 0.22
    drawing.add(Polygon([cx - s, cy - s, cx + s, cy, cx - s, cy + s], fillColor=INK, strokeColor=None))


def reach_rows(rules: Rules, suit: str, acting_slot: int = 0, say: Say = english) -> list[tuple[str, set[int]]]:
    """(row label, axis positions hit) for each reach the suit's table holds (no Range Reform, +1, ...)
    from your dragon in `acting_slot`, read from the engine's hit table; further bonuses repeat the last."""
    s = rules.suit_ids.index(suit)
    here = axis_position(0, acting_slot, rules.line_size)
    return [(say("figure.no_range_reform") if b == 0 else say("figure.plus_range").replace("{n}", str(b)), set(rules.hit[s][b][here]))
            for b in range(len(rules.suit_reach[s]))]


def line_figure(rules: Rules, width_pt: float, say: Say = english) -> Drawing:
    """The line of both players, one of your dragons acting, and which slots are in front of, beyond
    and behind it, as the engine counts them (offsets 1, 2 and -1 along the line toward the enemy)."""
    size = rules.line_size
    at = _Layout(size, min(width_pt, mm_to_pt(2 * size * MAX_SLOT_MM + GAP_MM + 4)), 0.0)
    side = at.side
    here = axis_position(0, 1, size)          # your second dragon: it has one in front and one behind
    words = {1: say("figure.in_front"), 2: say("figure.beyond"), -1: say("figure.behind"), 0: say("figure.acting")}
    drawing = Drawing(at.width, 20 + side + 30)
    drawing.initialFontName = FONT
    _slot_numbers(drawing, at, drawing.height - 8, say)
    y = drawing.height - 20 - side
    marks = {here + offset: word for offset, word in words.items() if 0 <= here + offset < 2 * size}
    for position in range(2 * size):
        x = at.x(position)
        drawing.add(Rect(x + 0.6, y, side - 1.2, side, rx=1.2, ry=1.2,
                         fillColor=SHADE if position >= size else white, strokeColor=RULE, strokeWidth=0.8))
        if position == here:
            _acting_mark(drawing, x + 0.6, y, side - 1.2)
        if position in marks:
            drawing.add(String(x + side / 2, y - 9, marks[position], fontName=BOLD if position == here else FONT,
                               fontSize=6.5, fillColor=INK, textAnchor="middle"))
    arrow_y = 6
    x0, x1 = at.x(0) + side / 2, at.x(2 * size - 1) + side / 2
    drawing.add(Line(x0, arrow_y, x1 - 5, arrow_y, strokeColor=INK, strokeWidth=0.9))
    drawing.add(Polygon([x1 - 5, arrow_y - 2.6, x1, arrow_y, x1 - 5, arrow_y + 2.6], fillColor=INK, strokeColor=None))
    drawing.add(String((x0 + x1) / 2, arrow_y + 3, say("figure.facing"), fontName=FONT, fontSize=6,
                       fillColor=INK, textAnchor="middle"))
    return drawing


def suit_colour(game: Any, suit: str) -> str:
    colour: str = game.print_profile.palette("suit").get(suit, "#555555")
    return colour
