"""Dragon Line's figures for the rules-check report: per game, summed over games, and findings.

`game_metrics` returns numbers, per-seat lists and count mappings (the generic report sums
them); `summarise` does the same sums for the tuning script and the findings, and adds the
suit balance: each suit's share of the cards that stood in winning lines, against its share
of losing lines. A hand's "winning line" is every card the hand's winner put into its line
(the Starting Line and every refill).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from dragon_pnp.games.api import Finding
from dragon_pnp.games.dragon_line.state import LineState

# A suit whose share of winning-line cards is this far above an even share is flagged.
SUIT_SHARE_SLACK = 0.25      # relative: 20 % even share -> flagged above 25 %
SUIT_LIFT_LIMIT = 1.25       # share in winning lines / share in losing lines


def game_metrics(state: LineState) -> dict[str, Any]:
    """Hand-level figures of one finished game (a match or a single hand)."""
    rules = state.rules
    ids, suits = rules.card_ids, rules.suit_ids
    suit_of = rules.suit_of
    wins = [0, 0]
    reasons: Counter[str] = Counter()
    counts: dict[str, Counter[str]] = {key: Counter() for key in (
        "suit_winning_line", "suit_losing_line", "suit_drafted", "suit_drafted_by_winner",
        "card_drafted", "card_drafted_won", "card_pick_sum", "card_fielded", "card_fielded_won")}
    rounds = fallback = ties = left = 0
    for hand in state.hands_log:
        reasons[hand["reason"]] += 1
        rounds += hand["rounds"]
        fallback += hand["fallback_rounds"]
        winners = hand["winners"]
        if not winners:
            ties += 1
        for w in winners:
            wins[w] += 1
            left += hand["in_hand"][w]
        for seat in (0, 1):
            won = seat in winners
            decided = bool(winners)
            for pick, card in enumerate(hand["drafted"][seat], start=1):
                counts["suit_drafted"][suits[suit_of[card]]] += 1
                counts["card_drafted"][ids[card]] += 1
                counts["card_pick_sum"][ids[card]] += pick
                if won:
                    counts["card_drafted_won"][ids[card]] += 1
                    counts["suit_drafted_by_winner"][suits[suit_of[card]]] += 1
            for card in hand["fielded"][seat]:
                counts["card_fielded"][ids[card]] += 1
                if won:
                    counts["card_fielded_won"][ids[card]] += 1
                if decided:
                    key = "suit_winning_line" if won else "suit_losing_line"
                    counts[key][suits[suit_of[card]]] += 1
    hands = len(state.hands_log)
    return {
        "hands": hands,
        "hand_wins": wins,
        "hand_ties": ties,
        "hand_reasons": dict(sorted(reasons.items())),
        "rounds": rounds,
        "rounds_per_hand": rounds / hands if hands else 0.0,
        "fallback_rounds": fallback,
        "fallback_share": fallback / rounds if rounds else 0.0,
        "winner_cards_left": left,
        "removed": [sum(h["removed"][s] for h in state.hands_log) for s in (0, 1)],
        "points": list(state.points),
        **{key: dict(sorted(counter.items())) for key, counter in counts.items()},
    }


def hazards(state: LineState) -> dict[str, int]:
    """A hand cut off by the round cap is the one rule hazard (it cannot happen with default rules)."""
    return {"round_cap": state.counts["round_cap"]}


def playtime_minutes(state: LineState) -> float:
    """Minutes at the table from the data's per-step times and the hands and rounds played."""
    settings = state.rules.settings
    time = settings.playtime
    hands = len(state.hands_log)
    per_hand = (time.setup_seconds + sum(settings.draft_picks) * time.draft_pick_seconds
                + settings.line_size * time.line_card_seconds)
    rounds = sum(h["rounds"] for h in state.hands_log)
    seconds = hands * per_hand + rounds * time.round_seconds + max(0, hands - 1) * time.between_hands_seconds
    minutes: float = seconds / 60.0
    return minutes


# --- sums over games --------------------------------------------------------------------------------


def summarise(per_game: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Totals of `game_metrics` over games, with the suit balance and per-card draft figures."""
    totals: dict[str, Any] = {}
    for metrics in per_game:
        for key, value in metrics.items():
            if isinstance(value, dict):
                bucket = totals.setdefault(key, Counter())
                bucket.update(value)
            elif isinstance(value, list):
                bucket = totals.setdefault(key, [0] * len(value))
                for i, v in enumerate(value):
                    bucket[i] += v
            elif key not in ("rounds_per_hand", "fallback_share"):
                totals[key] = totals.get(key, 0) + value
    totals = {k: dict(sorted(v.items())) if isinstance(v, Counter) else v for k, v in totals.items()}
    hands = totals.get("hands", 0)
    rounds = totals.get("rounds", 0)
    totals["rounds_per_hand"] = rounds / hands if hands else 0.0
    totals["fallback_share"] = totals.get("fallback_rounds", 0) / rounds if rounds else 0.0
    totals["suit_balance"] = suit_balance(totals.get("suit_winning_line", {}), totals.get("suit_losing_line", {}))
    return totals


def suit_balance(winning: Mapping[str, int], losing: Mapping[str, int]) -> dict[str, dict[str, float]]:
    """Per suit: share of winning-line cards (with a Wilson interval), share of losing-line cards, lift."""
    suits = sorted(set(winning) | set(losing))
    won_total = sum(winning.values())
    lost_total = sum(losing.values())
    out = {}
    for suit in suits:
        w, lo = winning.get(suit, 0), losing.get(suit, 0)
        low, high = _wilson(w, won_total)
        share_lost = lo / lost_total if lost_total else 0.0
        share_won = w / won_total if won_total else 0.0
        out[suit] = {"winning_share": share_won, "low": low, "high": high, "losing_share": share_lost,
                     "lift": share_won / share_lost if share_lost else 0.0}
    return out


def _wilson(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95 % Wilson score interval (games may not import the report package, which has the same)."""
    if not trials:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def findings(game: Any, report: Mapping[str, Any]) -> list[Finding]:
    """Suit balance, the fallback's share of rounds, tied hands and the round cap, read from the
    report's configuration of its reference (strongest) policy: the balance a designer tunes for."""
    config = _reference_config(report)
    if config is None:
        return []
    metrics = config.get("metrics") or {}
    name = (config.get("config") or {}).get("key", "")
    found: list[Finding] = []
    winning, losing = _counts(metrics.get("suit_winning_line")), _counts(metrics.get("suit_losing_line"))
    if winning and losing:
        balance = suit_balance(winning, losing)
        even = 1 / len(balance)
        top = max(balance, key=lambda s: balance[s]["winning_share"])
        low = min(balance, key=lambda s: balance[s]["winning_share"])
        figures = {s: round(b["winning_share"], 4) for s, b in balance.items()}
        lifted = [s for s, b in balance.items() if b["lift"] > SUIT_LIFT_LIMIT]
        flagged = balance[top]["low"] > even * (1 + SUIT_SHARE_SLACK) or lifted
        found.append(Finding(
            "warning" if flagged else "info", "Suit balance",
            f"In {name}, {top} makes up {balance[top]['winning_share']:.0%} of the cards in winning lines and "
            f"{low} {balance[low]['winning_share']:.0%} (even: {even:.0%})"
            + (f"; {' and '.join(lifted)} {'stands' if len(lifted) == 1 else 'stand'} in winning lines over "
               f"{SUIT_LIFT_LIMIT}x as often as in losing ones" if lifted else ""),
            {"winning_share": figures, "lift": {s: round(b["lift"], 3) for s, b in balance.items()}}))
    fallback, rounds = _total(metrics.get("fallback_rounds")), _total(metrics.get("rounds"))
    if fallback is not None and rounds:
        share = fallback / rounds
        found.append(Finding("info", "Front-dragon fallback",
                             f"In {name}, no dragon fell to damage in {share:.0%} of rounds, so both front dragons "
                             "were destroyed by the fallback (L7.4)", {"fallback_rounds": fallback, "rounds": rounds}))
    ties, hands = _total(metrics.get("hand_ties")), _total(metrics.get("hands"))
    if ties is not None and hands:
        found.append(Finding("warning" if ties / hands > 0.1 else "info", "Tied hands",
                             f"In {name}, {ties / hands:.1%} of hands were tied (equal Health on the table, or the "
                             "round cap)", {"ties": ties, "hands": hands}))
    reasons = _counts(metrics.get("hand_reasons"))
    if reasons and sum(reasons.values()):
        both_short = reasons.get("health", 0) + reasons.get("tie", 0)
        share = both_short / sum(reasons.values())
        found.append(Finding("warning" if share > 0.25 else "info", "Both lines short",
                             f"In {name}, neither player could refill at the same step in {share:.0%} of hands, so "
                             "printed Health on the table decided the hand (L8)", {"hands": both_short}))
    drafted = _counts(metrics.get("card_drafted"))
    cards = getattr(getattr(game, "dragons", None), "cards", None)
    if drafted and cards:
        never = [c.name for c in cards if not drafted.get(c.id)]
        if never:
            found.append(Finding("info", "Cards never drafted",
                                 f"In {name}, {len(never)} of {len(cards)} cards were never drafted: {', '.join(never)}",
                                 {"cards": never}))
    capped = sum(_total((c.get("hazards") or {}).get("round_cap")) or 0 for c in report.get("configs") or [])
    if capped:
        found.append(Finding("problem", "Round cap", f"{capped} hands hit the round cap", {"round_cap": capped}))
    return found


def _reference_config(report: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The configuration played by the report's reference policy, else the last one."""
    configs = list(report.get("configs") or [])
    reference = (report.get("settings") or {}).get("reference")
    chosen = [c for c in configs if (c.get("config") or {}).get("policy") == reference]
    found: Mapping[str, Any] | None = (chosen or configs or [None])[-1]
    return found


def _total(metric: Any) -> float | None:
    """An aggregated number metric's total ({"kind": "number", "total": ...}), or a plain number."""
    if isinstance(metric, Mapping):
        total = metric.get("total")
        return total if isinstance(total, (int, float)) else None
    return metric if isinstance(metric, (int, float)) else None


def _counts(metric: Any) -> dict[str, int]:
    """An aggregated counts metric ({"kind": "counts", "keys": {key: {"total": n}}}) as key -> total."""
    if not isinstance(metric, Mapping):
        return {}
    return {key: int(entry.get("total", 0)) for key, entry in (metric.get("keys") or {}).items()
            if isinstance(entry, Mapping)}


