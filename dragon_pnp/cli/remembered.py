"""`build`'s side of the remembered build (`dragon_pnp/build/build_cache.py`): look it up before the
game is loaded, write it out and print what a build prints, or keep a finished build for next time.

Light on purpose (no Typer, pydantic, the loader or the kit): the fast lane (`dragon_pnp.cli.fast`)
and the `build` command share it, so a rebuild of unchanged inputs prints the same lines either way.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dragon_pnp.build.build_cache import CachedKit, build_key, lookup, write_kit
from dragon_pnp.build.kept_outputs import Carried
from dragon_pnp.kit.render_cache import RenderCache

if TYPE_CHECKING:
    from dragon_pnp.data import GameData


@dataclass
class Remembered:
    """A plain build's key in the cache, and the kit remembered under it (None: not yet)."""

    key: str
    cache: RenderCache
    kit: CachedKit | None


def remembered_build(root: Path, target: Path, paper: str | None, duplex: bool, check: bool) -> Remembered | None:
    """The key and any remembered kit for a plain build, or None when the render cache is off."""
    cache = RenderCache.from_environment()
    if cache.folder is None:
        return None
    key = build_key(root, target, build_request(paper, duplex, check))
    return Remembered(key, cache, lookup(cache, key))


def build_request(paper: str | None, duplex: bool, check: bool) -> dict[str, object]:
    """The options a remembered build is keyed on as given (the game's defaults are in its
    files), and the build steps this process would run (a test may replace them)."""
    from dragon_pnp.build.pipeline import STEPS

    return {"paper": paper, "duplex": duplex, "check": check, "steps": [step.target for step in STEPS]}


def write_remembered(kit: CachedKit, root: Path, target: Path, duplex: bool, console: Any, error_console: Any) -> None:
    """Swap the remembered kit in and print the build's summary and its layout warnings."""
    started = time.perf_counter()
    carried = Carried()
    artifacts = write_kit(kit, target, root, carried)
    summary(console, kit.slug, time.perf_counter() - started, target, kit.paper, duplex, artifacts, "")
    if carried.dropped:
        error_console.print(f"note: {carried.note()}", soft_wrap=True, markup=False)
    warn(error_console, kit.warnings)


def remember_build(found: Remembered, data: GameData, paper: str, target: Path, artifacts: dict[str, Path],
                   warnings: list[str], request: tuple[Path, str | None, bool, bool]) -> None:
    """Keep a finished build for the next one with the same inputs, unless an input changed while it ran."""
    from dragon_pnp.build.build_cache import remember, rules_code

    rememberable, code = rules_code(data)
    root, given_paper, duplex, check = request
    if rememberable and build_key(root, target, build_request(given_paper, duplex, check)) == found.key:
        remember(found.cache, found.key, data.slug, paper, target, artifacts, warnings, code)


def summary(console: Any, slug: str, elapsed: float, target: Path, paper: str, duplex: bool,
            artifacts: dict[str, Path], extra: str) -> None:
    """The one line `build` prints: what was written, where, in how long."""
    pdfs = sorted(role for role in artifacts if role.endswith(".pdf") and "/" not in role)
    svgs = sum(1 for role in artifacts if role.startswith("svg/"))
    pngs = sum(1 for role in artifacts if role.startswith("png/"))
    console.print(f"{slug}: kit built in {elapsed:.1f} s into {shown(target)} ({paper}, "
                  f"{'duplex' if duplex else 'fold-over'}): {len(pdfs)} PDFs, {svgs} SVGs, {pngs} PNGs"
                  f"{extra}", soft_wrap=True)
    if "proof.json" in artifacts:
        from dragon_pnp.proof.step import summary_line

        line = summary_line(artifacts["proof.json"])
        if line is not None:
            console.print(line, soft_wrap=True, markup=False, highlight=False)


def warn(error_console: Any, warnings: list[str]) -> None:
    from rich.markup import escape

    for found in warnings:
        error_console.print(f"[bold yellow]warning:[/] {escape(found)}", soft_wrap=True)


def shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
