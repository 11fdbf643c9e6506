"""Build step: a quick rules check (fewer games) written into the kit beside the print files.

A game with no rules module has nothing to simulate: the step writes nothing for it.
"""

from __future__ import annotations

from dragon_pnp.build.context import BuildContext
from dragon_pnp.games.registry import module_for_game
from dragon_pnp.report.check import CheckSettings, Execution, run_check
from dragon_pnp.report.writers import write_report


def build_step(context: BuildContext) -> None:
    """Play `check_games` games per configuration and write rules-check.{html,pdf,json}."""
    options = context.options
    if not options.check or module_for_game(context.game) is None:
        return
    settings = CheckSettings(games=options.check_games, duel_games=options.check_games, seed=options.seed, search_games=0)
    report = run_check(context.game, settings, Execution())
    paths = write_report(report, context.out_dir, options.paper)
    for role, path in paths.items():
        context.artifacts[f"rules-check.{role}"] = path
