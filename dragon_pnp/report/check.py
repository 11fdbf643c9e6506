"""Run a whole rules check: plan the games, play them on the chosen executor, merge, aggregate.

The driver knows games only through `dragon_pnp.games.api.GameModule`: the configurations are
player counts x setups x policies from the module, the play loop is the interface's, and the
game adds its metrics, hazards, findings and sections through the module's hooks. The result
is one JSON-ready dict (the report), from which the HTML, PDF, JSON and terminal summary are
all written. It holds no wall-clock times or paths, so a seed reproduces it byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from dragon_pnp.checks import validate_game
from dragon_pnp.data import GameData
from dragon_pnp.games.api import GameModule
from dragon_pnp.games.parts import ReportPart
from dragon_pnp.games.registry import module_for_game
from dragon_pnp.players import own_policies, policies_of, policy_factory
from dragon_pnp.report.aggregate import aggregate
from dragon_pnp.report.executor import ExecutorName, run_tasks
from dragon_pnp.report.findings import correct_seat_flags, engine_failure, find
from dragon_pnp.report.plan import MIXED, Batch, Config, configurations, plan_batches
from dragon_pnp.report.record import GameRecord
from dragon_pnp.report.simulate import DECISION_CAP, DECISION_CAP_HAZARD, Job, play_batch

REPORT_VERSION = 2
RANDOM = "random"
SEARCH = "search"
DEFAULT_GAMES = 1000   # games per configuration unless the game's reference asks for fewer
SEARCH_BATCH = 5   # games per batch of a search player: its games are slow, so spread them over workers
# Games per ladder pairing by default: enough to tell a player that wins nearly always from one
# that does not, in a default check's time; the report says what difference it could have missed.
LADDER_GAMES = 20
# The ladder's search where the game names no search reference: 20 iterations a decision, a tenth
# of the default, because its games are the costly ones (Five Trails at the default search:
# 3 s a decision on the loaded machine, 90 decisions a game); `dragon-pnp duel` plays any other.
LADDER_SEARCH = "search:20"


class NoRulesModule(ValueError):
    """The game has no rules module, so there is nothing to simulate."""


@dataclass(frozen=True)
class CheckSettings:
    """Everything that decides which games are played (and so every number in the report).
    Empty tuples take the game's defaults (`resolve`)."""

    games: int | None = None          # None: the game's reference says (`ReferencePlay.games`), else DEFAULT_GAMES
    players: tuple[int, ...] = ()      # empty: every count the game takes
    setups: tuple[str, ...] = ()       # empty: every setup of the game
    policies: tuple[str, ...] = ()     # empty: random plus the game's own players (or look-ahead)
    # Mixed games (the game's best player against random) per player count on the default setup.
    # A few hundred pin the margin to a few points, which is all the report needs; None: `games`.
    duel_games: int | None = 200
    seed: int = 1
    options: tuple[tuple[str, Any], ...] = ()  # rules variants
    batch_games: int = 50
    decision_cap: int = DECISION_CAP
    # Games per configuration of a search player (`search`, `search:400`): None takes the game's
    # reference share of `games` (`ReportPart.reference_play`), else `games`; 0 leaves the game's
    # search reference out of the default policies (the build's quick check).
    search_games: int | None = None
    # Games per configuration of a search player at given player counts ((players, games) pairs),
    # before `search_games`: the game's reference (`ReferencePlay.per_players`) in a check run
    # without --games or --search-games, or `--search-games 2=200,3-6=100`.
    search_per_players: tuple[tuple[int, int], ...] = ()
    # Games per pairing of the skill ladder (`ladder.py`: random, the game's own players and its
    # search, each against each on mirrored deals). 0 (the default here, so the build's quick
    # check, the studio and the diff play none) skips it; None, what `dragon-pnp check` passes
    # unless told, takes LADDER_GAMES (at most `games`), or none for a check without its search
    # (search_games 0).
    ladder_games: int | None = 0

    def duel_count(self) -> int:
        """Mixed games per player count (after `resolve`)."""
        return self.main_games() if self.duel_games is None else self.duel_games

    def main_games(self) -> int:
        """Games per configuration of the players other than search (after `resolve`)."""
        if self.games is None:
            raise ValueError("CheckSettings.games is filled in by resolve()")
        return self.games

    def games_for(self, policy: str, players: int | None = None) -> int:
        """Games per configuration of `policy` at `players` (after `resolve`)."""
        if is_search(policy):
            named = dict(self.search_per_players)
            if players in named:
                return named[players]
            if self.search_games:
                return self.search_games
        return self.main_games()


def is_search(policy: str) -> bool:
    """Whether `policy` names the generic search player (at any strength)."""
    return policy == SEARCH or policy.startswith(SEARCH + ":")


@dataclass
class Execution:
    """How the games are run; changes speed only, never the results."""

    executor: ExecutorName = "local"
    jobs: int | None = None
    scheduler: str | None = None
    dask_processes: bool = True
    progress: Callable[[int, int], None] = field(default=lambda done, total: None)


def default_policies(module: GameModule, game: GameData | None = None) -> list[str]:
    """`random` against the game's own players (or the generic look-ahead if it has none), and the
    game's reference player last when its report names one (`ReportPart.reference_play`)."""
    own = own_policies(module)
    found = [RANDOM, *(own or ["lookahead"])]
    reference = module.part(ReportPart).reference_play(game) if game is not None else None
    if reference is not None and reference.policy not in found:
        found.append(reference.policy)
    return found


def policy_names(module: GameModule) -> list[str]:
    """Every policy `check` accepts for this game by its bare name: the module's, and `mixed`
    (`search` also takes a strength: `search:400`)."""
    return [*policies_of(module), MIXED]


def parse_policies(text: str, module: GameModule) -> list[str]:
    """A comma-separated policy list, each a known policy (with a strength where it takes one)."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise ValueError("no policy given")
    for name in names:
        if name != MIXED:
            policy_factory(module, name)          # ValueError naming what is known
    return list(dict.fromkeys(names))


def require_module(game: GameData) -> GameModule:
    module = module_for_game(game)
    if module is None:
        raise NoRulesModule(f"{game.slug} has no rules module (game.yaml rules_module), so there is nothing to "
                            "simulate; its kit and rulebook build without one")
    return module


def resolve(game: GameData, settings: CheckSettings, module: GameModule | None = None) -> CheckSettings:
    """The settings with the game's defaults filled in."""
    module = module or require_module(game)
    reference = module.part(ReportPart).reference_play(game)
    games = settings.games
    if games is None:
        games = reference.games if reference is not None and reference.games else DEFAULT_GAMES
    search_games = settings.search_games
    per_players = settings.search_per_players
    policies = settings.policies or tuple(default_policies(module, game))
    if (search_games is None and settings.games is None and not per_players and reference is not None
            and reference.per_players):   # the default check: the reference's own count per player count
        per_players = reference.per_players
    if search_games is None:
        search_games = max(1, round(games * reference.share)) if reference is not None else games
    elif search_games == 0 and not settings.policies:
        policies = tuple(p for p in policies if not is_search(p))
    ladder_games = settings.ladder_games
    if ladder_games is None:   # a quick check (few --games) keeps a quick ladder
        pairing = reference.ladder_games if reference is not None and reference.ladder_games else LADDER_GAMES
        ladder_games = 0 if search_games == 0 else min(pairing, games)
    return replace(settings, games=games, players=settings.players or tuple(module.player_counts(game)),
                   setups=settings.setups or tuple(module.setups(game)), policies=policies,
                   search_games=search_games, ladder_games=ladder_games,
                   search_per_players=tuple(sorted(dict(per_players).items())))


def ladder_search(module: GameModule, game: GameData) -> str:
    """The search player the ladder ranks: the game's reference when that is a search, else LADDER_SEARCH."""
    reference = module.part(ReportPart).reference_play(game)
    return reference.policy if reference is not None and is_search(reference.policy) else LADDER_SEARCH


def mixed_rotation(module: GameModule) -> tuple[str, str]:
    """Who a mixed game seats: the game's best own player (the last default) against random."""
    return default_policies(module)[-1], RANDOM


def reference_policy(module: GameModule, played: list[str], game: GameData | None = None) -> str:
    """The policy balance figures quote: the game's reference player (`ReportPart.reference_play`)
    or else its best player, when it played, as people would."""
    for name in reversed(default_policies(module, game)):
        if name != RANDOM and name in played:
            return name
    return sorted(played)[0] if played else RANDOM


def plan(game: GameData, settings: CheckSettings, module: GameModule | None = None) -> tuple[list[Config], list[Config]]:
    """The main configurations and the mixed games (default setup only)."""
    module = module or require_module(game)
    settings = resolve(game, settings, module)
    rotation = mixed_rotation(module)
    reference = module.part(ReportPart).reference_play(game)
    default_setup = module.part(ReportPart).default_setup(game)
    main = []
    for config in configurations(settings.players, settings.setups, [p for p in settings.policies if p != MIXED]):
        if (reference is None or config.policy != reference.policy or not reference.default_setup_only
                or config.setup == default_setup or default_setup not in settings.setups):
            main.append(config)
    duel_players = settings.players if settings.duel_count() > 0 or MIXED in settings.policies else ()
    duels = configurations(duel_players, [module.part(ReportPart).default_setup(game)], [MIXED], rotation)
    return main, duels


def check_batches(settings: CheckSettings, main: list[Config], duels: list[Config]) -> list[Batch]:
    """Every batch a check plays (settings resolved): the cheaper players', the search player's in
    small batches and at its own games per player count, then the mixed games."""
    batches = plan_batches([c for c in main if not is_search(c.policy)], settings.main_games(), settings.seed,
                           settings.batch_games)
    for config in (c for c in main if is_search(c.policy)):   # the reference's games may differ per player count
        batches += plan_batches([config], settings.games_for(config.policy, config.players), settings.seed,
                                min(SEARCH_BATCH, settings.batch_games))
    batches += plan_batches(duels, settings.duel_count() or settings.main_games(), settings.seed, settings.batch_games)
    return batches


def run_check(game: GameData, settings: CheckSettings, execution: Execution | None = None,
              module: GameModule | None = None) -> dict[str, object]:
    """Play every planned game and build the report. `module` defaults to the game's rules module;
    one given here must be findable by its slug in the registry (workers look it up)."""
    module = module or require_module(game)
    settings = resolve(game, settings, module)
    execution = execution or Execution()
    main, duels = plan(game, settings, module)
    batches = check_batches(settings, main, duels)
    job = Job(str(game.root.resolve()), module.slug, settings.options, settings.decision_cap)
    finished = 0

    def done(_: int) -> None:
        nonlocal finished
        finished += 1
        execution.progress(finished, len(batches))

    results = run_tasks(partial(play_batch, job), batches, executor=execution.executor, jobs=execution.jobs,
                        scheduler=execution.scheduler, done=done, dask_processes=execution.dask_processes)
    records: dict[Config, list[GameRecord]] = {}
    for batch, games in zip(batches, results):  # batch order: the merge never depends on timing
        records.setdefault(batch.config, []).extend(games)
    ladder = None
    if settings.ladder_games:
        from dragon_pnp.report.ladder import ladder_policies, play_ladder

        ladder = play_ladder(game, module, ladder_policies(module, ladder_search(module, game)),
                             settings.ladder_games, settings.seed, options=settings.options, jobs=execution.jobs,
                             executor=execution.executor, scheduler=execution.scheduler).to_json()
    return build_report(game, settings, records, main, duels, module, ladder)


def build_report(game: GameData, settings: CheckSettings, records: dict[Config, list[GameRecord]],
                 main: list[Config], duels: list[Config], module: GameModule | None = None,
                 ladder: dict[str, object] | None = None) -> dict[str, Any]:
    """The report from the played games; `ladder` is the skill ladder's JSON (`Ladder.to_json`), or
    None when none was played (then no player is called strong)."""
    module = module or require_module(game)
    spec = module.part(ReportPart).report_spec(game)
    reasons = list(spec.reasons)
    hazards = [*spec.hazards, DECISION_CAP_HAZARD]
    played = list(dict.fromkeys(c.policy for c in main))
    setups = list(dict.fromkeys(c.setup for c in main))
    default_setup = module.part(ReportPart).default_setup(game)
    report: dict[str, object] = {
        "version": REPORT_VERSION,
        "game": {"name": game.game.name, "slug": game.slug, "rules_module": module.slug,
                 "playtime_minutes": getattr(game.game, "playtime_minutes", None),
                 "setups": {s: spec.setup_names.get(s, s) for s in module.setups(game)},
                 "default_setup": default_setup,
                 "seat_names": {str(n): module.seat_names(game, n)
                                for n in sorted({*module.player_counts(game), *settings.players})}},
        "labels": spec.to_json(),
        "settings": {"games": settings.main_games(), "players": list(settings.players), "setups": setups,
                     "policies": list(settings.policies), "reference": reference_policy(module, played, game),
                     "mixed": list(mixed_rotation(module)), "duel_games": settings.duel_count(),
                     "duel_setup": default_setup, "seed": settings.seed, "options": dict(settings.options),
                     "batch_games": settings.batch_games, "decision_cap": settings.decision_cap,
                     "search_games": settings.games_for(SEARCH),
                     "search_per_players": {str(n): settings.games_for(SEARCH, n) for n in settings.players
                                            if n in dict(settings.search_per_players)},
                     "ladder_games": settings.ladder_games or 0},
        "total_games": sum(len(r) for r in records.values()),
        "configs": [aggregate(c, records.get(c, []), reasons, hazards, module.seat_names(game, c.players))
                    for c in main],
        "duels": [aggregate(c, records.get(c, []), reasons, hazards, module.seat_names(game, c.players))
                  for c in duels],
        "ladder": ladder,
        "extras": module.part(ReportPart).report_extras(game),
        "validation": [f.to_json() | {"severity": f.severity} for f in validate_game(game)],
    }
    crashed = engine_failure(report) is not None   # figures from crashed games are not asked of the game
    if not crashed:
        correct_seat_flags(report)   # one correction over every configuration's seats, before anyone reads a flag
    report["findings"] = [f.to_json() for f in find(report, () if crashed else module.part(ReportPart).findings(game, report))]
    return report
