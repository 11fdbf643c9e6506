"""`dragon-pnp duel GAME A B`: policy A against policy B on mirrored deals.

Each deal is played with A in every seat (B in all the others), so neither the deal nor the
seat favours one side; prints A's score share (a draw counts 1/P), wins, losses and draws, the
95 % interval and what each policy spent per decision. Exit 2 for an unknown game, policy or
player count; 1 when a game stopped with an engine error.
"""

from __future__ import annotations

import json

import typer

from dragon_pnp.cli.app import app, console
from dragon_pnp.cli.game_choice import chosen_game
from dragon_pnp.errors import NotationError
from dragon_pnp.games.registry import load_game

DUEL_GAME_HELP = "A game name under data/ or a path to a game folder."


@app.command()
def duel(
    game: str = typer.Argument(..., help=DUEL_GAME_HELP, show_default=False),
    a: str = typer.Argument(..., help="Policy A (random, lookahead, search, search:400, search:0.5s, the game's own).",
                            show_default=False),
    b: str = typer.Argument(..., help="Policy B, played in every seat A is not in.", show_default=False),
    games: int = typer.Option(100, "--games", min=1,
                              help="Games to play, rounded up to whole deals (one game per seat of each deal)."),
    seed: int = typer.Option(1, "--seed", help="Root seed; the same seed plays the same deals."),
    players: int | None = typer.Option(None, "--players", min=1,
                                       help="Player count (default: 2 where the game takes it, else its smallest)."),
    jobs: int | None = typer.Option(None, "--jobs", min=1, help="Worker processes (default: all cores)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of the summary."),
) -> int:
    """Play policy A against policy B with seats swapped and deals mirrored; print A's share."""
    from dragon_pnp.report.duel import DuelError, play_duel

    data = load_game(chosen_game(game, "duel"))
    try:
        result = play_duel(data, a, b, games, seed, players, jobs=jobs)
    except DuelError as exc:
        raise NotationError(f"duel {data.slug}: {exc}") from None
    if as_json:
        print(json.dumps(result.to_json()))
        return 0
    low, high = result.ci
    chance = f"{100 * result.expected:.0f} %"
    console.print(f"{data.slug}, {result.players} players, {result.games:,} games "
                  f"({result.games // result.players:,} deals, each played from every seat), seed {seed}")
    console.print(f"{a} against {b}: share {100 * result.share:.1f} % (95 % CI {100 * low:.1f}-{100 * high:.1f} %; "
                  f"chance {chance}), {result.wins}-{result.losses}-{result.draws} (W-L-D)")
    if result.cut_off:
        console.print(f"{result.cut_off:,} games ran past the decision cap and count as draws")
    verdict = "beyond chance" if result.p_value() < 0.05 else "within chance"
    console.print(f"{a}'s share differs from {chance} {verdict} (two-sided p = {result.p_value():.3g}, this one "
                  "pairing alone; a ladder of several corrects for their number)")
    for name, ms in result.ms_per_decision.items():
        console.print(f"{name}: {ms:.2f} ms of CPU per decision")
    return 0
