"""Build step: a quick rules check (fewer games) written into the kit beside the print files.

A game with no rules module has nothing to simulate: the step writes nothing for it. A check in
which any game stopped with an engine error fails the build with the first error located.
"""

from __future__ import annotations

from dragon_pnp.build.context import BuildContext
from dragon_pnp.errors import RuleCheckError
from dragon_pnp.games.registry import module_for_game
from dragon_pnp.report.check import CheckSettings, Execution, run_check
from dragon_pnp.report.findings import engine_failure
from dragon_pnp.report.writers import write_report


def build_step(context: BuildContext) -> None:
    """Play `check_games` games per configuration and write rules-check.{html,pdf,json}."""
    options = context.options
    if not options.check or module_for_game(context.game) is None:
        return
    settings = CheckSettings(games=options.check_games, duel_games=options.check_games, seed=options.seed, search_games=0)
    report = run_check(context.game, settings, Execution())
    failure = engine_failure(report)
    if failure is not None:   # a crashed check is not a result: the build fails, the previous kit stays
        raise RuleCheckError(f"rules check: {failure}")
    paths = write_report(report, context.out_dir, options.paper)
    for role, path in paths.items():
        context.artifacts[f"rules-check.{role}"] = path
