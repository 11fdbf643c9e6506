"""The `dragon-pnp` command line through Typer. Each command lives in its own module of this
package; the commands a game has for itself come from its rules module
(`dragon_pnp.cli.game_commands`). `dragon_pnp.cli.main` comes here for every command line the
fast lane (`dragon_pnp.cli.fast`) does not answer itself.

User errors (`DragonPnpError`) are printed as located one-line messages with their exit code;
no traceback ever reaches the user for bad input.
"""

from __future__ import annotations

import importlib
import os
import sys

import typer

from dragon_pnp.cli.app import app, print_error
from dragon_pnp.errors import DragonPnpError, OutputFolderError

# Importing a command module registers its command (of the module's name) on `app`. Only the
# module of the command asked for is imported (its imports are what a command costs to start);
# anything else (help, a game's own command, a typo) imports them all.
COMMAND_MODULES = ("validate", "play", "build", "check", "export", "schema", "new", "games", "studio", "selftest", "cache", "diff",
                   "proof", "duel", "lang", "tune")


@app.callback()
def _group() -> None:
    # A callback keeps `app` a command group when only one command is registered (Typer would
    # otherwise run a lone command as the whole app, and `games` would be an extra argument).
    pass


def load_commands(args: list[str]) -> None:
    """Register the command `args` names, or every command when it names none of them."""
    word = next((arg for arg in args if not arg.startswith("-")), None)
    for name in (word,) if word in COMMAND_MODULES else COMMAND_MODULES:
        importlib.import_module(f"dragon_pnp.cli.{name}")


from dragon_pnp.cli.game_commands import add_game_commands, builtin_command_names  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    """Console entry point: run the app, turning user errors into located messages and exit codes."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        load_commands(args)
        if _may_want_a_game_command(args):
            add_game_commands()
        result = app(args=args, standalone_mode=False)
    except DragonPnpError as exc:
        print_error(exc)
        sys.exit(exc.exit_code)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        sys.exit(130)
    except BrokenPipeError:
        # The reader of our output went away (`| head`): nothing more to say to anyone.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except OSError as exc:
        # The machine, not the data: a full disk, a read-only or vanished folder. One line.
        where = os.fsdecode(exc.filename) if exc.filename else "dragon-pnp"
        print_error(OutputFolderError(f"{where}: {exc.strerror or exc}"))
        sys.exit(2)
    except typer.TyperException as exc:
        # Typer bundles its own click; its usage errors (bad option, missing value) land here.
        exc.show()  # type: ignore[attr-defined]
        sys.exit(getattr(exc, "exit_code", 2))
    sys.exit(result if isinstance(result, int) else 0)


def _may_want_a_game_command(args: list[str]) -> bool:
    """False when the command named is one of the CLI's own: the games' modules stay unloaded.

    Top-level options (`--help`) take no value, so the command is the first word not an option.
    """
    word = next((arg for arg in args if not arg.startswith("-")), None)
    return word is None or word not in builtin_command_names()


__all__ = ["app", "main", "typer"]
