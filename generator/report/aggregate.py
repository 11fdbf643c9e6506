"""Turn the game records of one configuration into the figures the report prints.

Everything here is pure data in, JSON-ready dicts out, so the same numbers feed the HTML, the
PDF, the JSON and the terminal summary.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Sequence

from generator.report.plan import Config
from generator.report.playtime import Playtime, table_minutes
from generator.report.record import REASONS, GameRecord
from generator.report.stats import seat_tests, summarise, two_proportion_p, wilson_interval

# Hazards the engine reports as events, in the order the report lists them.
HAZARDS = ("den_shared", "pants_discarded", "pants_in_deck", "stuck", "endless_turn",
           "stall_den_lock", "stall_pants_loose", "stall_roaming")


@dataclass(frozen=True)
class CardInfo:
    id: str
    name: str
    reaction: bool
    playable: bool


def aggregate(config: Config, records: Sequence[GameRecord], cards: Sequence[CardInfo],
              playtime: Playtime | None) -> dict[str, object]:
    """All figures for one configuration (player count x preset x policy)."""
    games = len(records)
    decided = [r for r in records if r.winner is not None]
    return {
        "config": config.to_json(),
        "games": games,
        "completion": _completion(records),
        "length": _length(records, playtime),
        "fairness": _fairness(config.players, decided),
        "tension": _tension(records, decided),
        "cards": _cards(config.players, records, cards),
        "hazards": _hazards(records),
        "last_card": _share(sum(r.last_card for r in records), games),
        "policies": _policies(records) if config.policy == "mixed" else None,
    }


def _share(count: int, total: int) -> dict[str, float | int]:
    return {"count": count, "share": count / total if total else 0.0}


def _completion(records: Sequence[GameRecord]) -> dict[str, dict[str, float | int]]:
    reasons = Counter(r.reason for r in records)
    return {reason: _share(reasons[reason], len(records)) for reason in REASONS}


def _length(records: Sequence[GameRecord], playtime: Playtime | None) -> dict[str, object]:
    finished = [r for r in records if r.reason != "error"]
    length: dict[str, object] = {
        "turns": summarise([r.turns for r in finished]).to_json(),
        "rounds": summarise([r.rounds for r in finished]).to_json(),
        "destiny_draws": summarise([r.destiny_draws for r in finished]).to_json(),
        "actions": summarise([r.actions for r in finished]).to_json(),
        "minutes": None,
        "destiny_histogram": _histogram(r.destiny_draws for r in finished if r.reason != "stall"),
    }
    if playtime is not None:
        length["minutes"] = summarise([table_minutes(playtime, r) for r in finished]).to_json()
    return length


def _histogram(values: Iterable[int]) -> dict[str, int]:
    counts = Counter(values)
    return {str(k): counts[k] for k in sorted(counts)}


def _fairness(players: int, decided: Sequence[GameRecord]) -> dict[str, object]:
    """Win rate per seat, and of whoever moved first, among games that had a winner."""
    wins = [0] * players
    for r in decided:
        wins[r.winner] += 1
    seats = seat_tests(wins, len(decided))
    first_wins = sum(r.winner == r.first for r in decided)
    first = wilson_interval(first_wins, len(decided))
    # First player against the rest: compare the first player's rate with other players' rate
    # per player-game, which is 1/N under no advantage.
    others = len(decided) * (players - 1)
    first_p = two_proportion_p(first_wins, len(decided), len(decided) - first_wins, others)
    first_seats = Counter(r.first for r in decided)
    return {
        "decided": len(decided),
        "expected": 1 / players,
        "seats": [t.to_json() for t in seats],
        "flagged": [t.seat for t in seats if t.flagged],
        "first_player": {**first.to_json(), "expected": 1 / players, "p_value": first_p,
                         "advantage": first.rate - 1 / players},
        "first_seat_counts": [first_seats[s] for s in range(players)],
    }


def _tension(records: Sequence[GameRecord], decided: Sequence[GameRecord]) -> dict[str, object]:
    without = [r.winner_without_pants / r.turns for r in decided if r.turns]
    return {
        "pants_changes": summarise([r.pants_changes for r in records if r.reason != "error"]).to_json(),
        "winner_without_pants": summarise(without).to_json(),
        "since_last_change": summarise([r.since_last_change for r in decided]).to_json(),
    }


def _cards(players: int, records: Sequence[GameRecord], cards: Sequence[CardInfo]) -> dict[str, object]:
    """Plays per game, and how often a player who used a card went on to win that game."""
    games = len(records)
    rows = []
    for card in cards:
        plays = 0
        users = 0
        user_wins = 0
        reactions = 0
        for r in records:
            played = r.plays.get(card.id)
            reacted = r.reactions.get(card.id)
            if played:
                plays += sum(played)
            if reacted:
                reactions += sum(reacted)
            if played or reacted:
                for seat in range(players):
                    if (played and played[seat]) or (reacted and reacted[seat]):
                        users += 1
                        user_wins += r.winner == seat
        interval = wilson_interval(user_wins, users)
        rows.append({
            "id": card.id,
            "name": card.name,
            "reaction": card.reaction,
            "playable": card.playable,
            "plays": plays,
            "plays_per_game": plays / games if games else 0.0,
            "games_used": sum(1 for r in records if r.plays.get(card.id) or r.reactions.get(card.id)),
            "users": users,
            "user_win": interval.to_json(),
            "reactions": reactions,
        })
    return {
        "cards": rows,
        "expected_win": 1 / players,
        "reactions_per_game": sum(sum(map(sum, r.reactions.values())) for r in records) / games if games else 0.0,
        "reshuffles": _per_game(records, lambda r: r.reshuffles),
        "hand_limit_discards": _per_game(records, lambda r: r.hand_limit_discards),
    }


def _per_game(records: Sequence[GameRecord], count) -> dict[str, float | int]:
    values = [count(r) for r in records]
    hit = sum(1 for v in values if v)
    return {"total": sum(values), "per_game": sum(values) / len(values) if values else 0.0,
            "games": hit, "share": hit / len(values) if values else 0.0}


def _hazards(records: Sequence[GameRecord]) -> dict[str, object]:
    """How often each ruling and edge case came up, with a reproducing seed for the worst ones."""
    rows = {kind: _per_game(records, lambda r, k=kind: r.hazards.get(k, 0)) for kind in HAZARDS}
    for kind in HAZARDS:
        example = next((r.seed for r in records if r.hazards.get(kind)), None)
        rows[kind]["example_seed"] = example
    stalls = [r for r in records if r.reason == "stall"]
    errors = [r for r in records if r.reason == "error"]
    rows["stall"] = {**_share(len(stalls), len(records)), "seeds": [r.seed for r in stalls]}
    rows["error"] = {**_share(len(errors), len(records)),
                     "cases": [{"seed": r.seed, "message": r.error} for r in errors]}
    return rows


def _policies(records: Sequence[GameRecord]) -> dict[str, object]:
    """Mixed games: each policy's win rate per seat it played, against the other's."""
    seat_games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for r in records:
        if r.winner is None:
            continue
        for seat, policy in enumerate(r.seat_policies):
            seat_games[policy] += 1
            wins[policy] += r.winner == seat
    rates = {p: wilson_interval(wins[p], seat_games[p]).to_json() for p in sorted(seat_games)}
    p_value = two_proportion_p(wins["greedy"], seat_games["greedy"], wins["random"], seat_games["random"])
    greedy = rates.get("greedy", {}).get("rate", 0.0)
    random_rate = rates.get("random", {}).get("rate", 0.0)
    return {"rates": rates, "p_value": p_value, "margin": greedy - random_rate,
            "ratio": greedy / random_rate if random_rate else None}
