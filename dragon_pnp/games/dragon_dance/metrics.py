"""Report hooks: per-game figures from a finished game's round log, hazards, playtime, findings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dragon_pnp.games.api import Finding
from dragon_pnp.games.dragon_dance.data import DanceData, DanceSettings
from dragon_pnp.games.dragon_dance.rules import RANGE_NAMES
from dragon_pnp.games.dragon_dance.state import DanceState

if TYPE_CHECKING:
    from dragon_pnp.games.report_parts import ReportSpec

# Rounds in a row without anyone losing life that the report calls a lull (a hazard).
LULL_ROUNDS = 10


def playtime_minutes(settings: DanceSettings, rounds: int) -> float:
    """Setup plus the table time of each round (data: setup_minutes, seconds_per_round)."""
    return settings.setup_minutes + rounds * settings.seconds_per_round / 60.0


def game_metrics(state: DanceState) -> dict[str, Any]:
    """Per-game figures in the generic report's shapes (numbers, per-seat lists, dicts of
    per-seat lists): cards and die faces chosen and the damage dealt with them, combos,
    Recuperates, bluffs and rounds at each range, all from `state.log`.

    Card keys are "role:card" (the two decks share names such as Advance); die keys are the
    face or "none". Per-seat lists let the report say how often a seat that used a key won.
    """
    rules = state.rules
    roles = rules.roles
    seats = len(roles)
    chosen: dict[str, list[int]] = {}
    dealt_by_card: dict[str, list[int]] = {}
    faces: dict[str, list[int]] = {}
    dealt_by_face: dict[str, list[int]] = {}
    combo_cards: dict[str, list[int]] = {}
    combos = combo_damage = 0
    rounds_at = dict.fromkeys(RANGE_NAMES, 0)

    def bump(table: dict[str, list[int]], key: str, seat: int, amount: int) -> None:
        table.setdefault(key, [0] * seats)[seat] += amount

    for played_at, d0, c0, d1, c1, dealt0, dealt1, round_combos in state.log:
        rounds_at[RANGE_NAMES[played_at]] += 1
        extra = [0, 0]
        for seat, index, _face, damage in round_combos:
            extra[seat] += damage
            combos += 1
            combo_damage += damage
            bump(combo_cards, f"{roles[seat]}:{rules.cards[seat][index].id}", seat, 1)
        dealt = (dealt0 + extra[0], dealt1 + extra[1])
        for seat, face, index in ((0, d0, c0), (1, d1, c1)):
            card_key = f"{roles[seat]}:{rules.cards[seat][index].id}"
            face_key = str(face) if face else "none"
            bump(chosen, card_key, seat, 1)
            bump(dealt_by_card, card_key, seat, dealt[seat])
            bump(faces, face_key, seat, 1)
            bump(dealt_by_face, face_key, seat, dealt[seat])
    counts = state.counts
    return {
        "rounds": state.result.rounds if state.result else state.round,
        "life_left": [state.life[seat] for seat in range(seats)],
        "cards_chosen": chosen,
        "card_damage": dealt_by_card,
        "faces_chosen": faces,
        "face_damage": dealt_by_face,
        "combo_cards": combo_cards,
        "combos": combos,
        "combo_damage": combo_damage,
        "combos_declined": counts.get("combo_declined", 0),
        "combos_blocked": counts.get("combo_blocked", 0),
        "recuperates": [counts.get("recuperate_" + role, 0) for role in roles],
        "bluffs": [counts.get("bluff_" + role, 0) for role in roles],
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


def findings(data: DanceData, report: Mapping[str, Any]) -> list[Finding]:
    """Balance per policy (decided games against `target_win_share`), playtime against
    `target_minutes`, and cards a side hardly plays, from the generic report's configurations."""
    found: list[Finding] = []
    roles = data.roles
    target = data.settings.target_win_share
    low, high = data.settings.target_minutes
    for config in report.get("configs") or []:
        name = (config.get("config") or {}).get("policy", "?")
        wins = _wins(config, roles)
        decided = sum(wins.values())
        if decided:
            shares = {r: wins[r] / decided for r in roles}
            leader = max(roles, key=shares.__getitem__)
            level = "warning" if shares[leader] > target else "info"
            found.append(Finding(level, f"{name}: the {leader} wins {shares[leader]:.0%} of decided games",
                                 f"Under the {name} policy for both sides, the {leader} won {wins[leader]} "
                                 f"of {decided} decided games (target: at most {target:.0%} for either side).",
                                 {"shares": shares, "decided": decided}))
        minutes = ((config.get("length") or {}).get("minutes") or {}).get("mean")
        if minutes is not None and not low <= minutes <= high:
            found.append(Finding("warning", f"{name}: games last {minutes:.0f} minutes on average",
                                 f"The target is {low:g}-{high:g} minutes (the target minutes in game.yaml's "
                                 "settings; the estimate comes from its seconds per round and setup minutes).",
                                 {"minutes": minutes}))
        keys = ((config.get("metrics") or {}).get("cards_chosen") or {}).get("keys") or {}
        for role in roles:
            played = {card.id: (keys.get(f"{role}:{card.id}") or {}).get("total", 0)
                      for card in data.rosters[role].cards}
            total = sum(played.values())
            names = {card.id: card.name for card in data.rosters[role].cards}
            # Named as printed, with each card's share, so the finding reads without the data files.
            idle = [f"{names[card]} ({n / total:.1%})" for card, n in played.items() if total and n / total < 0.02]
            if idle:
                found.append(Finding("info", f"{name}: the {role} hardly plays {', '.join(idle)}",
                                     f"Each of these is under 2 % of the {role}'s {total} cards played.",
                                     {"chosen": played}))
    return found


def _wins(config: Mapping[str, Any], roles: tuple[str, ...]) -> dict[str, int]:
    """Wins per role of one aggregated configuration (seat i plays role i)."""
    seats = (config.get("fairness") or {}).get("seats") or []
    wins = dict.fromkeys(roles, 0)
    for seat, role in enumerate(roles):
        if seat < len(seats):
            wins[role] = int(seats[seat].get("wins", 0))
    return wins


def report_spec(data: DanceData) -> ReportSpec:
    """Every metric with a label, its table and, for counts by key, a name per key (cards by
    their printed names and side, die faces, ranges), so the report shows no raw keys."""
    from dragon_pnp.games.report_parts import MetricSpec, ReportSpec

    cards = {f"{role}:{card.id}": f"{card.name} ({role})" for role in data.roles for card in data.rosters[role].cards}
    faces = {"none": "No die", **{str(face): f"Die {face}" for face in range(1, 7)}}
    ranges = {name: f"{name.capitalize()} range" for name in RANGE_NAMES}
    return ReportSpec(metrics={
        "rounds": MetricSpec("Rounds", "Length"),
        "life_left": MetricSpec("Life left at the end", "Life and recovery"),
        "recuperates": MetricSpec("Recuperates played", "Life and recovery"),
        "bluffs": MetricSpec("Bluffs (a die chosen for a card that cannot use it)", "Life and recovery"),
        "cards_chosen": MetricSpec("Played", "Cards", keys=cards, key_header="Card"),
        "card_damage": MetricSpec("Damage dealt", "Cards", keys=cards, key_header="Card"),
        "faces_chosen": MetricSpec("Chosen", "Die faces", keys=faces, key_header="Die"),
        "face_damage": MetricSpec("Damage dealt", "Die faces", keys=faces, key_header="Die"),
        "combo_cards": MetricSpec("Combo follow-ups", "Combo follow-ups by card", keys=cards, key_header="Card"),
        "combos": MetricSpec("Combo follow-ups", "Combos"),
        "combo_damage": MetricSpec("Combo damage", "Combos"),
        "combos_declined": MetricSpec("Combos declined", "Combos"),
        "combos_blocked": MetricSpec("Combos blocked", "Combos"),
        "rounds_at": MetricSpec("Rounds at each range", "Range", keys=ranges, key_header="Range"),
    })
