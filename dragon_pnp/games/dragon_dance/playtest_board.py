"""Dragon Dance: the duel as it lies on the table: range marker, life, dice and the cards in play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragon_pnp.games.inline_svg import colour, svg, text

WIDTH, HEIGHT = 200.0, 96.0
ROLE_FALLBACK = {"knight": "#5d6d7e", "dragon": "#8a2f1d"}
RANGE_FALLBACK = {"long": "#d4ac0d", "short": "#ca6f1e"}


def board_svg(game: Any, view: Mapping[str, Any]) -> str:
    roles = [role for role in ("knight", "dragon") if role in view] or []
    profile = getattr(game, "print_profile", None)
    decks = profile.palette("deck") if profile is not None else {}
    ranges = profile.palette("range") if profile is not None else {}
    body = [f'<rect width="{WIDTH}" height="{HEIGHT}" rx="3" fill="#f6f1e7"/>']
    # The range marker between the two: long or short, as the kit's marker shows it.
    distance = str(view.get("range", ""))
    body.append(f'<rect x="82" y="30" width="36" height="20" rx="3" fill="{colour(ranges, distance, RANGE_FALLBACK.get(distance, "#999"))}" '
                f'stroke="#3d3a36" stroke-width="0.5" data-range="{distance}"/>')
    body.append(text(100, 42.5, f"{distance} range", 4.6, weight="bold"))
    body.append(text(100, 14, f"Round {view.get('round', '')} · {view.get('phase', '')}", 4.2))
    for side, role in enumerate(roles):
        part = view[role]
        x = 4 if side == 0 else 122
        fill = colour(decks, role, ROLE_FALLBACK.get(role, "#555"))
        body.append(f'<rect x="{x}" y="4" width="74" height="88" rx="3" fill="#fffdf8" stroke="{fill}" stroke-width="1.2"/>')
        body.append(f'<rect x="{x}" y="4" width="74" height="10" rx="3" fill="{fill}"/>')
        body.append(text(x + 37, 11, role.capitalize(), 5, weight="bold", fill="#ffffff"))
        life, most = int(part.get("life", 0)), _max_life(game, role, part)
        body.append(text(x + 3, 21.5, f"Life {life}/{most}", 4, anchor="start"))
        share = max(0.0, min(1.0, life / most)) if most else 0.0
        body.append(f'<rect x="{x + 3}" y="23.5" width="68" height="4" rx="1" fill="#e3dccf"/>')
        body.append(f'<rect x="{x + 3}" y="23.5" width="{68 * share:.2f}" height="4" rx="1" fill="{fill}" data-life="{life}"/>')
        dice = list(part.get("dice", []))
        body.append(text(x + 3, 35, f"Dice ({part.get('spent_dice', 0)} spent)", 3.6, anchor="start"))
        for i, face in enumerate(dice):
            dx = x + 3 + i * 10
            body.append(f'<rect x="{dx}" y="37" width="8" height="8" rx="1.5" fill="#ffffff" stroke="#3d3a36" stroke-width="0.5"/>')
            body.append(text(dx + 4, 42.6, face, 4.4, weight="bold"))
        table = part.get("table")
        body.append(text(x + 3, 52, "On the table:", 3.6, anchor="start"))
        body.append(text(x + 3, 57, _table(table), 3.6, anchor="start", weight="bold"))
        body.append(text(x + 3, 65, "Hand:", 3.4, anchor="start"))
        for line, words in enumerate(_wrap(", ".join(str(c) for c in part.get("hand", [])), 40)[:3]):
            body.append(text(x + 3, 69.5 + 4 * line, words, 3.2, anchor="start"))
        discard = ", ".join(str(c) for c in part.get("discard", []))
        body.append(text(x + 3, 86, f"Discard: {discard or '-'}"[:48], 3.2, anchor="start", fill="#6b645c"))
    return svg(WIDTH, HEIGHT, body, f"Dragon Dance, round {view.get('round', '')}")


def _table(table: Any) -> str:
    if not table:
        return "-"
    if isinstance(table, dict):
        return ", ".join(f"{k} {v}" for k, v in table.items() if v is not None) or "-"
    return str(table)


def _max_life(game: Any, role: str, part: dict[str, Any]) -> int:
    roles = getattr(getattr(game, "settings", None), "roles", None) or {}
    found = roles.get(role) if isinstance(roles, dict) else getattr(roles, role, None)
    life = getattr(found, "life", None) if found is not None else None
    return int(life) if life else max(int(part.get("life", 0)), 1)


def _wrap(words: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in words.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])
