"""Play seeded games with the chosen policies and keep a `GameRecord` of each.

The loop watches the actions it applies (who played which card, who reacted) and samples who
holds The Pants after each one, so it needs no event log: games run with `record=False` and
the engine's always-on `counts` supply the hazards. An engine error ends one game as
`error` with its seed, never the whole check.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from generator.data import load_game
from generator.engine import GameResult, Rules, new_game
from generator.report.plan import Batch, Config
from generator.report.policies import Policy, make_policy
from generator.report.record import GameRecord

# Engine event counts the report carries over per game, by record field.
COUNTED_HAZARDS = ("den_shared", "pants_discarded", "pants_in_deck", "stuck")
# A turn still asking for decisions after this many has found a loop the rules allow (a turn
# can only end when its player stops); the game is cut off and counted as a stall.
DECISIONS_PER_TURN_CAP = 500


@dataclass(frozen=True)
class Job:
    """What every worker needs to rebuild the rules by itself: picklable and small."""

    game_root: str
    options: tuple[tuple[str, bool], ...] = ()


@lru_cache(maxsize=8)
def rules_for(job: Job) -> Rules:
    """Load the game and precompute the rules once per worker process."""
    return Rules.from_game(load_game(Path(job.game_root)), options=dict(job.options) or None)


def seat_policies(config: Config, game_index: int) -> tuple[str, ...]:
    """Policy per seat. Mixed games alternate greedy and random seats, shifting by one each game
    so every seat plays both policies equally often."""
    if config.policy != "mixed":
        return (config.policy,) * config.players
    return tuple("greedy" if (seat + game_index) % 2 == 0 else "random" for seat in range(config.players))


def play_batch(job: Job, batch: Batch) -> list[GameRecord]:
    """Every game of one batch, in order. Top-level so process and Dask workers can pickle it."""
    rules = rules_for(job)
    return [
        play_game(rules, batch.config, seed, batch.first_game + offset)
        for offset, seed in enumerate(batch.game_seeds())
    ]


def play_game(rules: Rules, config: Config, seed: int, game_index: int = 0) -> GameRecord:
    """One game from its seed; the engine's shuffles and the policies' choices both follow it."""
    policies_by_seat = seat_policies(config, game_index)
    choose = random.Random(seed ^ 0x5EED)
    policies: dict[str, Policy] = {name: make_policy(name, rules) for name in set(policies_by_seat)}
    state = None
    try:
        state = new_game(rules, players=config.players, seed=seed, preset=config.preset)
        return _play(state, rules, config, seed, policies_by_seat, policies, choose)
    except Exception as exc:  # an engine bug must not sink thousands of other games
        return _error_record(config, seed, policies_by_seat, state, exc)


def _play(state, rules, config, seed, policies_by_seat, policies, choose) -> GameRecord:
    players = config.players
    by_seat = [policies[name] for name in policies_by_seat]
    first = state.current
    plays: dict[str, list[int]] = {}
    reactions: dict[str, list[int]] = {}
    actions = 0
    holder = state.pants_holder()
    last_holder = holder  # last player (not pile) to hold The Pants
    changes = 0
    change_turn = 0
    holders_at_turn_end: list[int | None] = []
    turn = state.turn
    decisions = 0
    endless = False
    while not state.is_over:
        decisions += 1
        if decisions > DECISIONS_PER_TURN_CAP:
            endless = True
            break
        seat = state.decider
        action = by_seat[seat].choose(state, choose)
        verb = action.verb
        if verb == "play":
            plays.setdefault(action.card, [0] * players)[seat] += 1
            actions += 1
        elif verb == "move" or verb == "draw":
            actions += 1
        elif verb == "react":
            reactions.setdefault(action.card, [0] * players)[seat] += 1
        state.apply(action)
        holder = state.pants_holder()
        if holder is not None and holder != last_holder:
            if last_holder is not None:
                changes += 1
                change_turn = state.turn
            last_holder = holder
        while turn < state.turn:  # one or more turns ended (frozen turns are skipped in one go)
            holders_at_turn_end.append(holder)
            turn += 1
            decisions = 0
    result = state.result if not endless else _cut_off(state)
    holders_at_turn_end.append(state.pants_holder())
    winner = result.winner
    counts = state.counts
    hazards = {kind: counts.get(kind, 0) for kind in COUNTED_HAZARDS if counts.get(kind, 0)}
    if endless:
        hazards["endless_turn"] = 1
    elif result.reason == "stall":
        hazards[_stall_cause(state, rules)] = 1
    deck_size = len(state.destiny_deck) + len(state.destiny_discard)
    return GameRecord(
        seed=seed,
        players=players,
        seat_policies=policies_by_seat,
        first=first,
        reason=result.reason,
        winner=winner,
        turns=result.turns,
        rounds=result.rounds,
        destiny_draws=result.destiny_draws,
        actions=actions,
        last_card=result.reason == "time" and result.destiny_draws == deck_size,
        pants_changes=changes,
        winner_without_pants=sum(h != winner for h in holders_at_turn_end[: result.turns]) if winner is not None else 0,
        since_last_change=result.turns - change_turn,
        plays=plays,
        reactions=reactions,
        reshuffles=counts.get("reshuffle", 0),
        hand_limit_discards=counts.get("hand_limit", 0),
        hazards=hazards,
    )


def _stall_cause(state, rules: Rules) -> str:
    """Why a game hit the turn cap, judged from where The Pants ended up."""
    holder = state.pants_holder()
    if holder is None:
        return "stall_pants_loose"  # in the Power deck or discard pile, and nobody fetched them
    if rules.board.is_den[rules.board.index[state.position(holder)]]:
        return "stall_den_lock"  # the holder sits in its den, where no Destiny card is drawn
    return "stall_roaming"


def _cut_off(state) -> GameResult:
    """The result of a game stopped inside an endless turn: a stall with no winner."""
    return GameResult("stall", None, state.turn, -(-state.turn // state.players),
                      len(state.destiny_discard))


def _error_record(config: Config, seed: int, policies_by_seat, state, exc: Exception) -> GameRecord:
    where = traceback.extract_tb(exc.__traceback__)[-1]
    message = f"{type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})"
    turns = state.turn if state is not None else 0
    return GameRecord(
        seed=seed, players=config.players, seat_policies=policies_by_seat,
        first=state.current if state is not None and state.current is not None else 0,
        reason="error", winner=None, turns=turns, rounds=0, destiny_draws=0, actions=0,
        last_card=False, pants_changes=0, winner_without_pants=0, since_last_change=0,
        error=message,
    )
