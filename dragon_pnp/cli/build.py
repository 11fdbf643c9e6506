"""`dragon-pnp build [GAME]`: the print-and-play kit, built into a staging folder and swapped in."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from dragon_pnp.build.output_folder import prepare_output_folder
from dragon_pnp.cli.app import GAME_HELP, app, console, error_console
from dragon_pnp.cli.build_options import OPTION
from dragon_pnp.cli.game_choice import game_folder
from dragon_pnp.cli.remembered import remember_build, remembered_build, summary, warn, write_remembered
from dragon_pnp.errors import DataError, LayoutError, NotationError, OutputFolderError
from dragon_pnp.heap import frozen_for_good
from dragon_pnp.resources import output_root

if TYPE_CHECKING:
    from dragon_pnp.build.context import BuildContext, BuildOptions
    from dragon_pnp.data.loader import GameData

# The rest of the build (the loader's models, the pipeline's steps, reportlab, the kit) is
# imported only when the build runs: a rebuild of unchanged inputs writes the remembered kit
# (dragon_pnp/build/build_cache.py) without them.

PAPERS = ("letter", "a4")


@app.command()
def build(
    game: str | None = typer.Argument(None, help=GAME_HELP, show_default=False),
    paper: str | None = typer.Option(None, OPTION["paper"].flag, help=OPTION["paper"].help),
    no_duplex: bool = typer.Option(False, OPTION["no_duplex"].flag, help=OPTION["no_duplex"].help),
    no_check: bool = typer.Option(False, OPTION["no_check"].flag, help=OPTION["no_check"].help),
    out: Path | None = typer.Option(None, OPTION["out"].flag, help=OPTION["out"].help),
    service: list[str] = typer.Option([], OPTION["service"].flag, help=OPTION["service"].help),
    pdfx: bool = typer.Option(False, OPTION["pdfx"].flag, help=OPTION["pdfx"].help),
    pdfx_level: str | None = typer.Option(None, OPTION["pdfx_level"].flag, help=OPTION["pdfx_level"].help),
    lang: str | None = typer.Option(None, OPTION["lang"].flag, help=OPTION["lang"].help),
    no_proof: bool = typer.Option(False, OPTION["no_proof"].flag, help=OPTION["no_proof"].help),
) -> int:
    """Build the kit: cards, tiles, board poster, extras, SVGs, PNGs and print-and-play.pdf."""
    root = game_folder(game, "build")
    target = out if out is not None else output_root() / root.name
    if lang is not None:
        return _build_languages(root, target, lang, paper, no_duplex, no_check, no_proof)
    # First of all: restore a kit a crashed build left half-swapped, and refuse a wrong --out.
    try:
        prepare_output_folder(target, root)
    except OSError as exc:
        raise OutputFolderError(f"{target}: {exc.strerror or exc}") from None
    # A plain build of inputs a remembered build had: write that kit, load nothing.
    # (`--no-proof` is never remembered: its kit lacks the proof a plain build's has.)
    plain = not (service or pdfx or pdfx_level or no_proof)
    found = remembered_build(root, target, paper, not no_duplex, not no_check) if plain else None
    if found is not None and found.kit is not None:
        write_remembered(found.kit, root, target, not no_duplex, console, error_console)
        return 0

    from dragon_pnp.build.context import BuildOptions
    from dragon_pnp.build.pipeline import active_steps, run_build
    from dragon_pnp.games.registry import load_game
    from dragon_pnp.kit.layout_warnings import take as layout_warnings

    data = load_game(root, without_broken_rules=no_check)   # the kit and rulebook need no rules
    if data.rules_failure is not None:
        error_console.print(f"warning: built without the rules module, which does not load: {data.rules_failure}",
                            highlight=False, soft_wrap=True)
    frozen_for_good()   # this process builds once and exits: its loaded heap need not be walked again
    chosen = (paper or data.print_profile.paper).lower()
    if chosen not in PAPERS:
        raise NotationError(f"--paper {paper}: expected one of {', '.join(PAPERS)}")
    if service:   # the service catalogue and its raster code: only when one is asked for
        from dragon_pnp.export.services import service as find_service

        services = tuple(dict.fromkeys(find_service(name, "--service").id for name in service))
    else:
        services = ()
    _validate(data)
    level = _pdfx_level(pdfx, pdfx_level, data.print_profile.pdfx)
    options = BuildOptions(paper=chosen, duplex=not no_duplex, check=not no_check, services=services, pdfx=level,
                           proof=not no_proof)
    steps = active_steps(options, data)
    layout_warnings()  # only this build's warnings
    started = time.perf_counter()
    if sys.stdout.isatty():
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=True, auto_refresh=False) as progress:
            # No refresh thread: render workers are forked, and forking beside a thread is unsafe.
            task = progress.add_task("Starting", total=len(steps))
            seen: list[str] = []

            def advance(label: str) -> None:
                if seen:
                    progress.advance(task)
                seen.append(label)
                progress.update(task, description=label, refresh=True)

            context = run_build(data, options, target, advance)
            progress.advance(task)
    else:
        context = run_build(data, options, target)
    elapsed = time.perf_counter() - started
    uploads = "".join(f", service-{name}/ ({sum(1 for role in context.artifacts if role.startswith(f'service-{name}/'))}"
                      " files)" for name in services)
    summary(console, data.slug, elapsed, target, chosen, options.duplex, context.artifacts,
            f"{uploads}{_print_shop(context, options)}")
    if context.dropped:
        from dragon_pnp.build.kept_outputs import Carried

        error_console.print(f"note: {Carried(dropped=context.dropped).note()}", soft_wrap=True, markup=False)
    warnings = [str(found) for found in layout_warnings()]
    warn(error_console, warnings)
    # Only a plain build is remembered: the rules check plays games, PDF/X runs Ghostscript, and
    # service uploads name the output folder.
    if found is not None and not level and not any(step.needs_rules for step in steps) and data.rules_failure is None:
        remember_build(found, data, chosen, target, context.artifacts, warnings, (root, paper, not no_duplex, not no_check))
    return 0


def _build_languages(root: Path, target: Path, lang: str, paper: str | None, no_duplex: bool, no_check: bool,
                     no_proof: bool = False) -> int:
    """`--lang CODE|all`: the whole kit once per language, each into `<target>-<code>/`, from the
    translated view of the game (dragon_pnp/data/lang/); never remembered, always built in full."""
    from dragon_pnp.build.context import BuildOptions
    from dragon_pnp.build.lang_fit import card_of, quoted_key
    from dragon_pnp.build.lang_glyphs import glyph_problems
    from dragon_pnp.build.pipeline import run_build
    from dragon_pnp.data.lang.apply import translated
    from dragon_pnp.data.lang.files import check_code, languages, read_translation
    from dragon_pnp.games.registry import load_game
    from dragon_pnp.kit.layout_warnings import take as layout_warnings

    codes = languages(root) if lang == "all" else [check_code(lang)]
    if not codes:
        raise NotationError(f"--lang all: {root} has no lang/<code>.yaml")
    source = load_game(root)
    _validate(source)
    chosen = (paper or source.print_profile.paper).lower()
    if chosen not in PAPERS:
        raise NotationError(f"--paper {paper}: expected one of {', '.join(PAPERS)}")
    options = BuildOptions(paper=chosen, duplex=not no_duplex, check=not no_check, services=(), pdfx=None,
                           proof=not no_proof)
    for code in codes:
        translation = read_translation(root, code)
        missing = glyph_problems(translation)   # before drawing: no empty box reaches a page
        if missing:
            raise DataError(missing[0].location, missing[0].message)
        data = translated(source, translation)
        folder = target.with_name(f"{target.name}-{code}")
        try:
            prepare_output_folder(folder, root)
        except OSError as exc:
            raise OutputFolderError(f"{folder}: {exc.strerror or exc}") from None
        layout_warnings()
        started = time.perf_counter()
        try:
            context = run_build(data, options, folder)
        except LayoutError as exc:   # a translated text that does not fit: point at its line
            key = quoted_key(str(exc), translation)
            if key is None:
                raise
            raise LayoutError(f"{translation.locate(key)}: {card_of(key)}: {code}: {exc}") from None
        summary(console, f"{data.slug} ({code})", time.perf_counter() - started, folder, chosen, options.duplex,
                context.artifacts, "")
        warn(error_console, [str(found) for found in layout_warnings()])
    return 0


def _pdfx_level(asked: bool, level: str | None, profile_level: str | None) -> str | None:
    """The PDF/X level to write, or None: --pdfx-level, else print.yaml's `pdfx:` (x4 with a bare --pdfx)."""
    if level is not None:
        if level.lower() not in ("x4", "x1a"):
            raise NotationError(f"--pdfx-level {level}: expected x4 or x1a")
        return level.lower()
    return profile_level or ("x4" if asked else None)


def _validate(data: GameData) -> None:
    """Refuse to build from data that fails the cross-checks (when the validation module is there)."""
    try:
        from dragon_pnp.checks import raise_for, validate_game
    except ImportError:
        return
    raise_for(validate_game(data))


def _print_shop(context: BuildContext, options: BuildOptions) -> str:
    if not options.pdfx:
        return ""
    count = sum(1 for role in context.artifacts if role.startswith("print-shop/") and role.endswith(".pdf"))
    return f", print-shop/ ({count} PDF/X-{'4' if options.pdfx == 'x4' else '1a'} files)"
