"""`dragon-pnp studio [GAME]`: a live preview of the kit in the browser, rebuilt on every save."""

from __future__ import annotations

import os
import sys
import threading
import time
import webbrowser
from pathlib import Path

import typer
from rich.markup import escape

from dragon_pnp.cli.app import GAME_HELP, app, console, error_console
from dragon_pnp.cli.game_choice import game_folder
from dragon_pnp.errors import DragonPnpError, NotationError

PAPERS = ("letter", "a4")
DEFAULT_PORT = 8765


@app.command()
def studio(
    game: str | None = typer.Argument(None, help=GAME_HELP, show_default=False),
    port: int | None = typer.Option(None, "--port", min=0, max=65535,
                                       help=f"Port to listen on (default {DEFAULT_PORT}, or a free one if taken; 0: any free port)."),
    host: str | None = typer.Option(None, "--host", help="Address to listen on (default 127.0.0.1: this machine only)."),
    no_browser: bool = typer.Option(False, "--no-browser", help="Do not open the studio in a browser."),
    paper: str | None = typer.Option(None, "--paper", help="letter or a4 to start with (default: the game's print.yaml)."),
    no_duplex: bool = typer.Option(False, "--no-duplex", help="Start with fold-over cards instead of duplex."),
    out: Path | None = typer.Option(None, "--out", help="Output folder written on each save (default: output/<game>/)."),
    check_games: int = typer.Option(100, "--check-games", min=1, help="Games per configuration in the balance panel's quick check."),
) -> int:
    """Open the designer's studio: every page of the kit, updated in the browser as you save."""
    from dragon_pnp.studio import build_adapter as adapter
    from dragon_pnp.studio.preview import Settings
    from dragon_pnp.studio.serve import DEFAULT_HOST, is_loopback, listen, serve
    from dragon_pnp.studio.session import StudioSession

    game_dir = game_folder(game, "studio")
    if paper is not None and paper.lower() not in PAPERS:
        raise NotationError(f"--paper {paper}: expected one of {', '.join(PAPERS)}")
    chosen_paper, name, target = paper, game_dir.name, out
    try:  # the name, paper and output folder, if the data loads; if not, the page shows why
        data = adapter.load(game_dir)
        chosen_paper, name = paper or data.print_profile.paper, data.game.name
        target = out if out is not None else adapter.default_output(data)
    except DragonPnpError:
        pass
    if target is None:
        target = adapter.default_output_for(game_dir)
    listening = listen(host or DEFAULT_HOST, DEFAULT_PORT if port is None else port, fall_back=port is None)
    session = StudioSession(game_dir, target, Settings((chosen_paper or "letter").lower(), not no_duplex),
                            check_games=check_games, log=_log)
    console.print(f"{escape(name)} studio at [bold]{listening.url}[/] (Ctrl-C stops it); "
                  f"writing the kit to {escape(_shown(target))}", soft_wrap=True, highlight=False)
    if host is not None and not is_loopback(host):
        error_console.print(f"[bold red]warning: listening on {escape(host)}: other machines that can reach this one "
                            f"can open the studio and read the kit; leave out --host to keep it to this machine[/]",
                            soft_wrap=True)
    stale = session.scratch.removed_stale
    if stale:
        _log(f"removed {len(stale)} temporary folder(s) left by studios that ended without cleaning up "
             f"({', '.join(p.name for p in stale[:3])})")
    sys.stdout.flush()

    def opened() -> None:
        if not no_browser:
            threading.Thread(target=_open_browser, args=(listening.url,), daemon=True).start()

    serve(session, listening, host, on_ready=opened)
    return 0


def _open_browser(url: str) -> None:
    """Open the page in the user's browser, where there is a screen to show it on."""
    time.sleep(0.3)
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        console.print(f"no screen here: open {url} in a browser", highlight=False)
        return
    if not webbrowser.open(url):
        console.print(f"open {url} in a browser", highlight=False)


def _log(line: str) -> None:
    console.print(f"[dim]{time.strftime('%H:%M:%S')}[/] {escape(line)}", soft_wrap=True, highlight=False)


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
