"""`dragon-pnp cache [--clear] [--json]`: where the render cache is, how full, and emptying it."""

from __future__ import annotations

import json

import typer
from rich.markup import escape

from dragon_pnp.cli.app import app, console
from dragon_pnp.errors import NotationError


@app.command()
def cache(
    clear: bool = typer.Option(False, "--clear", help="Remove every entry (builds then render everything afresh once)."),
    as_json: bool = typer.Option(False, "--json", help="Print folder, files, bytes and limit as JSON."),
) -> int:
    """Show the render cache (folder, size, limit: DRAGON_PNP_CACHE_LIMIT) or clear it."""
    from dragon_pnp.kit.render_cache import CacheLimitError, cache_folder, cache_limit, cache_usage, clear_cache

    try:
        cache_limit()
    except CacheLimitError as exc:
        raise NotationError(str(exc)) from None
    folder = cache_folder()
    removed = clear_cache(folder) if clear and folder is not None and folder.is_dir() else 0
    usage = cache_usage(folder)
    if as_json:
        console.print_json(json.dumps({"folder": str(folder) if folder else None, "files": usage.files,
                                       "bytes": usage.bytes, "limit": usage.limit, "removed": removed}))
        return 0
    if folder is None:
        console.print("the render cache is off (DRAGON_PNP_CACHE=off)")
        return 0
    if clear:
        console.print(f"removed {_size(removed)} from {escape(str(folder))}")
    console.print(f"{escape(str(folder))}: {usage.files:,} files, {_size(usage.bytes)} of {_size(usage.limit)} "
                  f"({usage.bytes / usage.limit:.0%}; set DRAGON_PNP_CACHE_LIMIT to change the limit)"
                  if usage.limit else f"{escape(str(folder))}: {usage.files:,} files, {_size(usage.bytes)}",
                  soft_wrap=True)
    return 0


def _size(count: int) -> str:
    for unit, scale in (("GB", 1024**3), ("MB", 1024**2), ("kB", 1024)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{count} bytes"
