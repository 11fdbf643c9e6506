"""The shared Typer app, console and error printer that every command module uses."""

from __future__ import annotations

import sys

import typer
from rich.console import Console
from rich.markup import escape

from dragon_pnp.errors import DataErrors, DragonPnpError

app = typer.Typer(
    name="dragon-pnp",
    help="Print-and-play kits and rules checks for tabletop games, generated from data/.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

console = Console(highlight=False)
error_console = Console(stderr=True, highlight=False)

GAME_HELP = ("A game name under data/ or a path to a game folder (default: $DRAGON_PNP_GAME, else the game "
             "folder you are in, else the only game under data/).")


def print_error(exc: DragonPnpError) -> None:
    """One line per problem on stderr, `file:line:col: field: what was expected`."""
    lines = [str(e) for e in exc.errors] if isinstance(exc, DataErrors) else [str(exc)]
    for line in lines:
        error_console.print(f"[bold red]error:[/] {escape(line)}", soft_wrap=True)
    if len(lines) > 1:
        error_console.print(f"{len(lines)} errors", style="red")
    sys.stderr.flush()
