"""Report hooks: per-game figures from a finished game's round log, hazards, playtime, findings."""

from __future__ import annotations

from typing import Any, Mapping

from generator.games.api import Finding
from generator.games.dragon_dance.data import DanceData, DanceSettings
from generator.games.dragon_dance.rules import RANGE_NAMES
from generator.games.dragon_dance.state import DanceState

# Rounds in a row without anyone losing life that the report calls a lull (a hazard).
LULL_ROUNDS = 10


def playtime_minutes(settings: DanceSettings, rounds: int) -> float:
    """Setup plus the table time of each round (data: setup_minutes, seconds_per_round)."""
    return settings.setup_minutes + rounds * settings.seconds_per_round / 60.0


def game_metrics(state: DanceState) -> dict[str, Any]:
    """Cards and die faces chosen with what they did, combos, Recuperates, range, from `state.log`."""
    rules = state.rules
    roles = rules.roles
    cards: dict[str, dict[str, dict[str, int]]] = {role: {} for role in roles}
    faces: dict[str, dict[str, dict[str, int]]] = {role: {} for role in roles}
    combos = {"played": 0, "damage": 0}
    rounds_at = {name: 0 for name in RANGE_NAMES}
    for played_at, d0, c0, d1, c1, dealt0, dealt1, round_combos in state.log:
        rounds_at[RANGE_NAMES[played_at]] += 1
        extra = [0, 0]
        for seat, _card, _face, damage in round_combos:
            extra[seat] += damage
            combos["played"] += 1
            combos["damage"] += damage
        dealt = (dealt0 + extra[0], dealt1 + extra[1])
        for seat, face, index in ((0, d0, c0), (1, d1, c1)):
            taken = dealt[1 - seat]
            for table, key in ((cards, rules.cards[seat][index].id), (faces, str(face) if face else "none")):
                entry = table[roles[seat]].setdefault(key, {"chosen": 0, "dealt": 0, "taken": 0})
                entry["chosen"] += 1
                entry["dealt"] += dealt[seat]
                entry["taken"] += taken
        for seat, index, face, damage in round_combos:
            entry = cards[roles[seat]].setdefault(rules.cards[seat][index].id, {"chosen": 0, "dealt": 0, "taken": 0})
            entry.setdefault("combo", 0)
            entry["combo"] += 1
    counts = state.counts
    result = state.result
    return {
        "rounds": result.rounds if result else state.round,
        "winner": None if result is None or not result.winners else roles[result.winners[0]],
        "reason": None if result is None else result.reason,
        "life_left": {role: state.life[seat] for seat, role in enumerate(roles)},
        "cards": cards,
        "dice": faces,
        "combos": {**combos, "declined": counts.get("combo_declined", 0), "blocked": counts.get("combo_blocked", 0)},
        "recuperates": {role: counts.get("recuperate_" + role, 0) for role in roles},
        "bluffs": {role: counts.get("bluff_" + role, 0) for role in roles},
        "rounds_at": rounds_at,
    }


def hazards(state: DanceState) -> dict[str, int]:
    """round_cap: the game hit the cap (a draw by exhaustion); lull: 10+ rounds without damage."""
    found: dict[str, int] = {}
    if state.result is not None and state.result.reason == "round_cap":
        found["round_cap"] = 1
    quiet = longest = 0
    for entry in state.log:
        if entry[5] or entry[6] or any(c[3] for c in entry[7]):
            quiet = 0
        else:
            quiet += 1
            longest = max(longest, quiet)
    if longest >= LULL_ROUNDS:
        found["lull"] = 1
    return found


def merge_metrics(games: list[Mapping[str, Any]]) -> dict[str, Any]:
    """Sum many games' `game_metrics` (nested counts add up; rounds and life are averaged)."""
    total: dict[str, Any] = {}
    for game in games:
        _add(total, {k: v for k, v in game.items() if k not in ("winner", "reason", "life_left", "rounds")})
    total["games"] = len(games)
    return total


def _add(into: dict[str, Any], values: Mapping[str, Any]) -> None:
    for key, value in values.items():
        if isinstance(value, Mapping):
            _add(into.setdefault(key, {}), value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            into[key] = into.get(key, 0) + value


def findings(data: DanceData, summary: Mapping[str, Any]) -> list[Finding]:
    """Sentences from a summary of the form {"policies": {name: {"games", "wins": {role: n},
    "draws", "minutes": {"mean"...}, "metrics": merge_metrics(...)}}}; missing parts are skipped."""
    found: list[Finding] = []
    roles = data.roles
    for name, part in sorted((summary.get("policies") or {}).items()):
        wins = part.get("wins") or {}
        decided = sum(wins.get(r, 0) for r in roles)
        if decided:
            shares = {r: wins.get(r, 0) / decided for r in roles}
            leader = max(roles, key=shares.__getitem__)
            level = "warning" if shares[leader] > 0.55 else "info"
            found.append(Finding(level, f"{name}: the {leader} wins {shares[leader]:.0%} of decided games",
                                 f"Under the {name} policy for both sides, the {leader} won {wins.get(leader, 0)} "
                                 f"of {decided} decided games (target: at most 55 % for either side).",
                                 {"shares": shares, "decided": decided}))
        minutes = (part.get("minutes") or {}).get("mean")
        if minutes is not None and not 10 <= minutes <= 30:
            found.append(Finding("warning", f"{name}: games last {minutes:.0f} minutes on average",
                                 "The box promises 10-30 minutes (seconds_per_round and setup_minutes in game.yaml).",
                                 {"minutes": minutes}))
        metrics = part.get("metrics") or {}
        for role in roles:
            used = metrics.get("cards", {}).get(role, {})
            chosen = {card.id: used.get(card.id, {}).get("chosen", 0) for card in data.rosters[role].cards}
            total = sum(chosen.values())
            if total:
                idle = [card for card, n in chosen.items() if n / total < 0.02]
                if idle:
                    found.append(Finding("info", f"{name}: the {role} hardly plays {', '.join(idle)}",
                                         f"Each of these is under 2 % of the {role}'s {total} cards played.",
                                         {"chosen": chosen}))
    return found
