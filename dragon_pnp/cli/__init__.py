"""The `dragon-pnp` command line.

`main` first offers the command line to the fast lane (`dragon_pnp.cli.fast`: `games --json` and
a rebuild of unchanged inputs, answered without importing Typer, Rich's widgets, pydantic or the
loader); everything else, and anything the fast lane is unsure of, goes to the Typer app
(`dragon_pnp.cli.entry`), which prints exactly what it always did. `app`, `typer`,
`load_commands` and `COMMAND_MODULES` are the entry module's, loaded on first use.
"""

from __future__ import annotations

import sys
from typing import Any

_ENTRY_NAMES = ("app", "typer", "load_commands", "COMMAND_MODULES", "print_error")


def main(argv: list[str] | None = None) -> None:
    """Console entry point: the fast lane when it can answer, else the Typer app."""
    args = sys.argv[1:] if argv is None else list(argv)
    from dragon_pnp.cli.fast import answer
    from dragon_pnp.heap import fewer_collections, frozen_for_good

    if argv is None:   # the console command's own process
        fewer_collections()
    try:
        code = answer(args)
        if code is not None:
            sys.exit(code)
        from dragon_pnp.cli.entry import main as full

        full(args)
    finally:
        if argv is None:   # the console command's process, about to exit (not a caller's)
            frozen_for_good()   # the final collections skip the heap


def __getattr__(name: str) -> Any:
    if name in _ENTRY_NAMES:
        from dragon_pnp.cli import entry

        return getattr(entry, name)
    raise AttributeError(f"module 'dragon_pnp.cli' has no attribute {name!r}")


__all__ = ["main", *_ENTRY_NAMES]
