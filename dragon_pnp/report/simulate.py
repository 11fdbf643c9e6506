"""Play seeded games through the game interface and keep a `GameRecord` of each.

The loop is the same for every game: ask the state who decides (`to_move`), let each of those
seats' policy choose on the same state, apply the choices together, until the game has a
result. A seed fixes everything: the game's own chance (its shuffles and dice) and, through one
`random.Random` shared by the seats, every policy's choices. An exception ends one game as an
`error` record with its seed, never the whole check; a game still running after
`DECISION_CAP` decisions is cut off and counted as a hazard.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.errors import RulesModuleError
from dragon_pnp.games.api import GameModule, PlayTrace, Policy
from dragon_pnp.games.boundary import StepTimeout, Terminated, Watchdog, rules_failure
from dragon_pnp.games.parts import ReportPart
from dragon_pnp.games.registry import game_module, load_game
from dragon_pnp.players import policy_factory
from dragon_pnp.report.plan import Batch, Config
from dragon_pnp.report.record import CUT_OFF, ERROR, GameRecord
from dragon_pnp.report.replay import position_text

# Decisions in one game after which it is cut off: far beyond any game that ends by its rules.
DECISION_CAP = 100_000
DECISION_CAP_HAZARD = "decision_cap"
# Seconds one game may take before the step it is in (a rules hook that never returns) is stopped
# and named as an engine error: far beyond any game of a search player at its default budget.


SETTING_UP, CHOOSING, APPLYING, MEASURING = range(4)   # where a game is, for the time limit's message


@dataclass(frozen=True)
class Job:
    """What every worker needs to rebuild the game by itself: picklable and small."""

    game_root: str
    rules_module: str
    options: tuple[tuple[str, Any], ...] = ()
    decision_cap: int = DECISION_CAP
    # A digest of the game's files and code, when the caller has one: a worker keeps one table
    # per job, so a folder edited between two checks in one process is loaded again.
    inputs: str = ""


@dataclass
class Table:
    """A game ready to play in one worker: its module, data, rules and policies, built once."""

    module: GameModule
    game: GameData
    rules: Any
    policies: dict[str, Policy] = field(default_factory=dict)

    def policy(self, name: str) -> Policy:
        found = self.policies.get(name)
        if found is None:
            found = self.policies[name] = policy_factory(self.module, name)(self.rules)
        return found


@lru_cache(maxsize=8)
def table_for(job: Job) -> Table:
    """Load the game and build its rules once per worker process."""
    game = load_game(Path(job.game_root))   # first: a game folder's own rules module registers itself
    # The module this folder's game.yaml resolved to, when it is the one asked for: two folders
    # with their own rules under one slug (a game and a git revision of it, diffed) each play
    # their own code; the registry's entry by slug is the first such module loaded.
    module = game.module if game.module is not None and game.module.slug == job.rules_module \
        else game_module(job.rules_module)
    return Table(module, game, module.make_rules(game, dict(job.options)))


def play_batch(job: Job, batch: Batch) -> list[GameRecord]:
    """Every game of one batch, in order. Top-level so process and Dask workers can pickle it.

    Each decision runs under the rules' per-step time limit; a game the limit stopped, or whose
    rules called exit(), ends the check (every other game would too) with one message naming the
    module, the method and the game (`dragon_pnp.games.boundary`)."""
    with Watchdog() as watch:
        table = table_for(job)
        records = []
        for offset, seed in enumerate(batch.game_seeds()):
            try:
                records.append(play_game(table, batch.config, seed, batch.first_game + offset, job.decision_cap, watch))
            except RulesStopped as stopped:   # a hang, or the module calling exit()
                options = {**_default_options(table.game), **dict(job.options)}
                position = position_text(table, batch.config, seed, batch.first_game + offset, stopped.decisions, options)
                failure = rules_failure(stopped.cause, table.module, job.rules_module, position=position,
                                        slug=table.game.slug)
                raise RulesModuleError(f"{failure}; the game of seed {seed} ({batch.config.players} players"
                                       f"{', ' + batch.config.setup if batch.config.setup else ''}), "
                                       f"decision {stopped.decisions + 1}"
                                       f"{' (' + stopped.where + ')' if stopped.where else ''}") from None
        return records


class RulesStopped(Exception):
    """A game the rules module stopped (`cause`: a time limit or its exit) after `decisions`
    finished decisions."""

    def __init__(self, cause: BaseException, decisions: int, where: str = ""):
        super().__init__(str(cause))
        self.cause, self.decisions, self.where = cause, decisions, where


def _default_options(game: GameData) -> dict[str, Any]:
    return {name: option.default for name, option in (getattr(game.game, "rules_options", None) or {}).items()}


def play_game(table: Table, config: Config, seed: int, game_index: int = 0,
              decision_cap: int = DECISION_CAP, watch: Watchdog | None = None) -> GameRecord:
    """One game from its seed, played to its end through the game interface."""
    seat_policies = config.seat_policies(game_index)
    choose = random.Random(seed ^ 0x5EED)
    module = table.module
    watch = watch or Watchdog(float("inf"))   # counted, never armed
    state = None
    decisions = 0
    step: list[Any] = [SETTING_UP, None, [], seat_policies]   # where the game is: phase, seat, moves, policies
    try:
        players = [table.policy(name) for name in seat_policies]
        state = module.new_game(table.rules, seed, config.players, config.setup or None)
        trace = PlayTrace()
        step[2] = trace.moves
        moving = state.to_move()
        first = moving[0] if len(moving) == 1 else None
        decisions = 0
        note = trace.moves.append  # PlayTrace.add, inlined: this loop is the hot path of a check
        while state.result is None:
            if decisions >= decision_cap:
                return GameRecord(seed, config.players, seat_policies, (), CUT_OFF, 0, first,
                                  hazards={DECISION_CAP_HAZARD: 1})
            if len(moving) == 1:
                seat = moving[0]
                step[0], step[1] = CHOOSING, seat
                action = players[seat].choose(state, seat, choose)
                note((seat, state.decision(seat), action))
                step[0] = APPLYING
                state.apply({seat: action})
            else:
                joint = {}
                for seat in moving:  # every seat chooses on the same state: no one sees another's choice
                    step[0], step[1] = CHOOSING, seat
                    action = joint[seat] = players[seat].choose(state, seat, choose)
                    note((seat, state.decision(seat), action))
                step[0] = APPLYING
                state.apply(joint)
            decisions += 1
            watch.steps += 1
            moving = state.to_move()
        step[0] = MEASURING
        result = state.result
        return GameRecord(
            seed=seed, players=config.players, seat_policies=seat_policies, winners=tuple(result.winners),
            reason=result.reason, rounds=result.rounds, first=first,
            minutes=module.part(ReportPart).playtime_minutes(table.game, state, trace),
            scores=None if result.scores is None else tuple(result.scores),
            metrics=module.part(ReportPart).game_metrics(state, trace), hazards=dict(module.part(ReportPart).hazards(state, trace)),
        )
    except Terminated:
        raise
    except (StepTimeout, SystemExit) as exc:
        raise RulesStopped(exc, decisions, _step_words(step)) from None
    except Exception as exc:  # a rules bug must not sink thousands of other games
        return _error_record(config, seed, seat_policies, exc, module)


def _step_words(step: list[Any]) -> str:
    phase, seat, moves, policies = step
    decision = len(moves) + 1
    if phase == CHOOSING:
        return f"while seat {seat + 1}'s player ({policies[seat]}) chose decision {decision}"
    if phase == APPLYING:
        return f"while the rules applied decision {decision}"
    return "while setting up the game" if phase == SETTING_UP else "while measuring the ended game"


def _error_record(config: Config, seed: int, seat_policies: tuple[str, ...], exc: BaseException,
                  module: GameModule | None = None) -> GameRecord:
    where = rules_frame(exc, module)
    message = f"{type(exc).__name__}: {exc} ({where})"
    return GameRecord(seed, config.players, seat_policies, (), ERROR, 0, error=message)


def rules_frame(exc: BaseException, module: GameModule | None) -> str:
    """Where in the game's own code an exception came from, as file:line: the innermost frame in
    the rules module's folder (not in `random.py` or another library it called), else the
    innermost frame outside the standard library, else the innermost of all."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return "no traceback"
    folder = _rules_folder(module)
    library = Path(traceback.__file__).resolve().parent
    chosen = None
    if folder is not None:
        chosen = next((f for f in reversed(frames) if _inside(f.filename, folder)), None)
    if chosen is None:
        chosen = next((f for f in reversed(frames) if not _inside(f.filename, library)), frames[-1])
    return f"{_shown(chosen.filename, folder)}:{chosen.lineno}"


def _rules_folder(module: GameModule | None) -> Path | None:
    import inspect

    if module is None:
        return None
    try:
        return Path(inspect.getfile(type(module))).resolve().parent
    except (TypeError, OSError):
        return None


def _inside(filename: str, folder: Path) -> bool:
    try:
        return Path(filename).resolve().is_relative_to(folder)
    except OSError:
        return False


def _shown(filename: str, folder: Path | None) -> str:
    """A frame's file relative to the rules module's parent folder (`rules/game.py`), else its name."""
    path = Path(filename)
    if folder is not None and _inside(filename, folder):
        return str(path.resolve().relative_to(folder.parent))
    return path.name
