"""Dragon Line: both lines facing each other, slot by slot, with points, hands and stacks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragon_pnp.games.inline_svg import svg, text

SLOT_W, SLOT_H, GAP = 22.0, 30.0, 2.0
SEAT_FILLS = ("#2471a3", "#b03a2e")


def board_svg(game: Any, view: Mapping[str, Any]) -> str:
    settings = getattr(game, "settings", None) or getattr(getattr(game, "game", None), "settings", None)
    # Each seat's half of the line (line_size slots; two halves make the eight-slot line).
    per_side = int(getattr(settings, "line_size", 0) or max([len(line) for line in view.get("lines", [[]])] + [1]))
    width = 16 + per_side * (SLOT_W + GAP) + 8
    height = 2 * SLOT_H + 46
    body = [f'<rect width="{width:.2f}" height="{height:.2f}" rx="3" fill="#f6f1e7"/>']
    points = view.get("points", [0, 0])
    body.append(text(width / 2, 8, f"Hand {view.get('hand_number', '')} of {view.get('hands_in_match', '')} · "
                                   f"{view.get('phase', '')} · points {points[0]}-{points[1]}", 4.2))
    for seat, line in enumerate(view.get("lines", [])):
        y = 14 + seat * (SLOT_H + 14)
        body.append(text(4, y + SLOT_H / 2 + 1.5, seat + 1, 5, anchor="start", weight="bold", fill=SEAT_FILLS[seat % 2]))
        for slot in range(per_side):
            x = 12 + slot * (SLOT_W + GAP)
            card = line[slot] if slot < len(line) else None
            fill = "#fffdf8" if card and card != "face-down" else ("#8c8478" if card else "none")
            body.append(f'<rect x="{x:.2f}" y="{y}" width="{SLOT_W}" height="{SLOT_H}" rx="2" fill="{fill}" '
                        f'stroke="{SEAT_FILLS[seat % 2]}" stroke-width="0.6" stroke-dasharray="{"" if card else "1.5 1"}"/>')
            if card:
                body.append(text(x + SLOT_W / 2, y + SLOT_H / 2 + 1.2, "?" if card == "face-down" else card, 3.4,
                                 fill="#ffffff" if card == "face-down" else "#2b2622"))
        sizes = view.get("hand_sizes", [0, 0]), view.get("stack_sizes", [0, 0])
        body.append(text(12, y + SLOT_H + 5, f"hand {sizes[0][seat]} · stack {sizes[1][seat]}", 3.2, anchor="start",
                         fill="#6b645c"))
    mine = ", ".join(view.get("your_hand", []))
    body.append(text(12, height - 3, f"Your hand: {mine or '-'}"[:90], 3.4, anchor="start"))
    return svg(width, height, body, f"Dragon Line, hand {view.get('hand_number', '')}")
