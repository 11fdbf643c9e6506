"""`dragon-pnp selftest [GAME]`: the conformance suite on any game with a rules module.

Seeded random playouts with every invariant of the game interface checked at every step
(`dragon_pnp.games.conformance`); what broke is said in plain words with the seed and step that
replay it. Exit 0 when every check passed, 1 when one failed, 2 for bad input.
"""

from __future__ import annotations

from typing import Any

import typer

from dragon_pnp.cli.app import GAME_HELP, app, console
from dragon_pnp.cli.game_choice import chosen_game
from dragon_pnp.errors import NotationError
from dragon_pnp.games.registry import load_game

# The search player, at its cheapest, must pick legal actions in every game (its look-ahead applies
# legal actions on copies, so it finds faults the random playouts miss).
SEARCH_CHECKED = "search:2"


@app.command()
def selftest(
    game: str | None = typer.Argument(None, help=GAME_HELP, show_default=False),
    playouts: int = typer.Option(6, "--playouts", min=1, max=10_000, help="Seeded random games to play and check."),
    seed: int = typer.Option(1, "--seed", help="Root seed; a failure names the playout's own seed."),
    round_trips: int = typer.Option(200, "--round-trips", min=0,
                                    help="Steps per playout whose position goes through a file and back (the slowest check)."),
    only: int | None = typer.Option(None, "--playout", help="Replay just the playout with this seed (a failure names it)."),
) -> int:
    """Play random games and check the rules module against the game interface at every step."""
    from dragon_pnp.games.boundary import terminate_cleanly

    restore = terminate_cleanly()   # a SIGTERM still removes the run's temporary folder
    try:
        data = load_game(chosen_game(game, "selftest"))
        if data.module is None:
            raise NotationError(f"{data.slug} has no rules module (game.yaml rules_module): there is nothing to test")
        found = _checked(data, playouts, seed, round_trips, only)
    finally:
        restore()
    rate = found.steps / found.seconds if found.seconds else 0.0
    console.print(f"{data.slug}: {found.playouts} playouts, {found.steps:,} steps checked in {found.seconds:.1f} s "
                  f"({rate:,.0f} steps/s)")
    if found.passed:
        console.print("every check passed: clones, position files, legal actions, hidden choices, endings, replays")
        return 0
    for failure in found.failures:
        console.print(f"[bold red]failed[/] {failure.check}: {failure.message}\n"
                      f"  at step {failure.step} of the playout with seed {failure.seed}; replay it alone with: "
                      f"dragon-pnp selftest {game or data.slug} --playout {failure.seed}", highlight=False)
    return 1


def _checked(data: Any, playouts: int, seed: int, round_trips: int, only: int | None) -> Any:
    """The conformance run inside the rules module's error boundary: a hang or a crash in the
    module's code is one message naming the method, with the position it happened at saved."""
    from dragon_pnp.games.boundary import rules_boundary
    from dragon_pnp.games.conformance import run_conformance
    from dragon_pnp.games.position_files import dump_yaml, position_document
    from dragon_pnp.games.turns import SeatByBoard

    module = data.module
    options = {name: option.default for name, option in (data.game.rules_options or {}).items()}
    last: list[Any] = []

    def position() -> str | None:
        if not last:   # the deal itself failed: no position yet
            return None
        return dump_yaml(position_document(data.slug, options, SeatByBoard(module, last[0])))

    from dragon_pnp.players import policy_factory

    players = {SEARCH_CHECKED: policy_factory(module, SEARCH_CHECKED)}
    with rules_boundary(module, data.game.rules_module, position=position, slug=data.slug):
        return run_conformance(data, module, playouts=playouts, seed=seed, round_trips=round_trips, only=only,
                               players=players, at=lambda state: last.__setitem__(slice(None), [state]))
