"""`dragon-pnp export tts|service`: Tabletop Simulator objects and card-printing service uploads.

Each export is written into a staging folder beside its target and swapped in at the end, so a
failed export leaves the previous one intact.
"""

from __future__ import annotations

import time
from pathlib import Path

import typer

from dragon_pnp.build.atomic import atomic_folder
from dragon_pnp.cli.app import GAME_HELP, app, console
from dragon_pnp.cli.game_choice import chosen_game
from dragon_pnp.data import GameData
from dragon_pnp.export.services import SERVICES
from dragon_pnp.export.services import service as find_service
from dragon_pnp.games.registry import load_game
from dragon_pnp.resources import output_root

export_app = typer.Typer(help="Export the game for Tabletop Simulator or a card-printing service.",
                         no_args_is_help=True)
app.add_typer(export_app, name="export")


@export_app.command("tts")
def tts(
    game: str | None = typer.Argument(None, help=GAME_HELP, show_default=False),
    out: Path | None = typer.Option(None, "--out", help="Output folder (default: output/<game>-tts/)."),
) -> int:
    """Card sheets, piece images and a saved object for Tabletop Simulator's Saved Objects folder."""
    from dragon_pnp.export.from_kit import export_set
    from dragon_pnp.export.writers import start_tts_export

    data = _load(chosen_game(game, "export tts"))
    target = (out if out is not None else output_root() / f"{data.slug}-tts").resolve()
    started = time.perf_counter()
    with atomic_folder(target) as staging:
        written = start_tts_export(export_set(data), target).write(staging)
    console.print(f"{data.slug}: Tabletop Simulator export in {time.perf_counter() - started:.1f} s into {target} "
                  f"({len(written) - 1} images). Copy {data.slug}.json into Tabletop Simulator's "
                  f"Saves/Saved Objects folder and leave the images where they are.", soft_wrap=True)
    return 0


@export_app.command("service")
def service(
    name: str = typer.Argument(..., help=f"The service: {', '.join(SERVICES)}."),
    game: str | None = typer.Argument(None, help=GAME_HELP, show_default=False),
    out: Path | None = typer.Option(None, "--out", help="Output folder (default: output/<game>-<service>/)."),
) -> int:
    """One PNG per card face and back at the service's template size, and the list of what to upload."""
    from dragon_pnp.export.from_kit import export_set
    from dragon_pnp.export.writers import start_service_export

    chosen = find_service(name)
    data = _load(chosen_game(game, f"export service {chosen.id}"))
    target = (out if out is not None else output_root() / f"{data.slug}-{chosen.id}").resolve()
    started = time.perf_counter()
    with atomic_folder(target) as staging:
        written = start_service_export(export_set(data), chosen).write(staging)
    console.print(f"{data.slug}: {chosen.name} upload files in {time.perf_counter() - started:.1f} s into {target} "
                  f"({len(written) - 2} images); see upload.txt for what to order.", soft_wrap=True)
    return 0


def _load(game: str) -> GameData:
    """The game, refused (located, exit 2) if its data fails the cross-checks."""
    from dragon_pnp.checks import raise_for, validate_game

    data = load_game(game)
    raise_for(validate_game(data))
    return data
