"""The ordered build steps. Each step is `module:function` taking a BuildContext.

Steps are imported lazily so a command that only validates does not load the PDF stack.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dragon_pnp.build.atomic import atomic_folder
from dragon_pnp.build.context import BuildContext, BuildOptions
from dragon_pnp.build.kept_outputs import Carried
from dragon_pnp.build.output_folder import check_output_folder, mark_kit, prepare_output_folder, write_failure
from dragon_pnp.errors import OutputFolderError

if TYPE_CHECKING:
    from dragon_pnp.data import GameData


@dataclass(frozen=True)
class Step:
    label: str
    target: str  # "package.module:function"
    enabled: Callable[[BuildOptions], bool] = lambda options: True
    needs_rules: bool = False   # only for games with a rules module
    # "package.module:function" run before the first step, to start work that needs only the
    # game and options (in another process) and that the step collects; see BuildContext.early.
    begin: str | None = None

    def load(self) -> Callable[[BuildContext], None]:
        return _function(self.target)

    def load_begin(self) -> Callable[[BuildContext], None] | None:
        return _function(self.begin) if self.begin else None


def _function(target: str) -> Callable[[BuildContext], None]:
    module, function = target.split(":")
    found: Callable[[BuildContext], None] = getattr(importlib.import_module(module), function)
    return found


STEPS: list[Step] = [
    Step("Checking data", "dragon_pnp.build.data_step:check_data"),
    Step("Print kit", "dragon_pnp.kit.steps:kit_step"),
    Step("Service uploads", "dragon_pnp.export.steps:services_step", lambda options: bool(options.services)),
    Step("Rulebook", "dragon_pnp.rulebook.build:build_step", begin="dragon_pnp.rulebook.build:begin"),
    Step("Rules check", "dragon_pnp.report.build:build_step", lambda options: options.check, needs_rules=True),
    Step("Print-and-play", "dragon_pnp.kit.steps:print_and_play_step"),
    Step("Accessibility proof", "dragon_pnp.proof.step:proof_step", lambda options: options.proof),
    Step("Print shop (PDF/X)", "dragon_pnp.print_shop.step:print_shop_step", lambda options: bool(options.pdfx)),
]


def run_build(game: GameData, options: BuildOptions, out_dir: Path,
              advance: Callable[[str], None] = lambda label: None,
              ready: dict[str, Any] | None = None) -> BuildContext:
    """Run every enabled step into a staging folder, then swap it in for `out_dir`.

    `ready` is work the caller has already done for a step, as `BuildContext.early` holds it
    (the studio hands in the rulebook its preview typeset for this very game).

    Only a kit this tool made (or a missing or empty folder) is ever replaced; a folder or
    disk that cannot be written is an OutputFolderError naming it, and the old kit stays.
    """
    staging: Path | None = None
    carried = Carried()

    def before_swap(target: Path) -> None:
        check_output_folder(target, game.root)
        assert staging is not None
        carried.take(target, staging)   # the reports `check` and `diff` wrote there stay

    try:
        prepare_output_folder(out_dir, game.root)
        with atomic_folder(out_dir, before_swap=before_swap) as staging:
            context = BuildContext(game, options, staging, advance=advance)
            for name, work in (ready or {}).items():
                context.begun(name, work)
            steps = active_steps(options, game)
            # Every step's code loads before the early work forks (see Step.begin), so the
            # forked child finds what it shares with the steps (templates, fonts) loaded.
            functions = [step.load() for step in steps]
            try:
                for step in steps:
                    begin = step.load_begin()
                    if begin is not None:
                        begin(context)
                for step, function in zip(steps, functions):
                    advance(step.label)
                    function(context)
            finally:
                context.close_early()
            context.settle()
            mark_kit(staging, game.slug)
    except OSError as exc:
        raise OutputFolderError(write_failure(exc, out_dir, staging)) from None
    context.out_dir = out_dir
    context.dropped = carried.dropped
    context.artifacts = {role: out_dir / path.relative_to(staging) for role, path in context.artifacts.items()}
    return context


def active_steps(options: BuildOptions, game: GameData | None = None) -> list[Step]:
    """The enabled steps for this game: the rules module's own steps come right after the data check."""
    from dragon_pnp.games.parts import KitPart

    module = game.module if game is not None else None
    extra = [Step(label, target) for label, target in module.part(KitPart).build_steps()] if module is not None else []
    steps = STEPS[:1] + extra + STEPS[1:]
    return [step for step in steps if step.enabled(options) and (module is not None or not step.needs_rules)]
