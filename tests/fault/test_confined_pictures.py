"""Icons and art are read through the one confined reader, like data and templates.

Issue 32: `icons/fireball.svg` linked to an SVG outside the game folder built, and the outside
file was inlined into the kit's `svg/power-fireball.svg`; a 400 MB icon, linked or real, was
read whole (876 MB RSS) before "not well-formed SVG"; an art file that is a link loop ended
`validate` and `build` in exit 1 with `RuntimeError: Symlink loop`. Each must be one located
`error:` line and exit 2, in seconds, with nothing from outside in any output.
"""

from __future__ import annotations

import os
from pathlib import Path

from fault_helpers import copy_game, run_commands

SECRET = "SECRET-OUTSIDE-ICON"
HUGE = 400 * 1024 * 1024


def outside_svg(folder: Path) -> Path:
    path = folder / "outside.svg"
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>{SECRET}</text></svg>')
    return path


def linked_out(game: Path, outside: Path) -> None:
    icon = game / "icons" / "fireball.svg"
    icon.unlink()
    icon.symlink_to(outside)


def huge_icon(game: Path, outside: Path) -> None:
    with open(game / "icons" / "fireball.svg", "r+b") as icon:   # sparse: no disk, 400 MB to a reader
        icon.truncate(HUGE)


def huge_linked_icon(game: Path, outside: Path) -> None:
    huge = outside.parent / "huge.svg"
    with open(huge, "wb") as file:
        file.truncate(HUGE)
    icon = game / "icons" / "fireball.svg"
    icon.unlink()
    icon.symlink_to(huge)


def art_loop(game: Path, outside: Path) -> None:
    logo = game / "art" / "logo.svg"
    logo.unlink()
    os.symlink("logo.svg", logo)


CASES = {
    "an icon linked out of the folder": (linked_out, ["fireball.svg", "leading out of the game folder"]),
    "a 400 MB icon": (huge_icon, ["fireball.svg", "400.0 MB", "at most"]),
    "a 400 MB icon linked from outside": (huge_linked_icon, ["fireball.svg", "leading out of the game folder"]),
    "an art file that is a link loop": (art_loop, ["game.yaml", "logo.svg", "loop"]),
}


def test_icons_and_art_are_confined_and_bounded(tmp_path: Path, cache_env) -> None:
    outside = outside_svg(tmp_path)
    requests, expected = [], []
    for i, (case, (change, words)) in enumerate(CASES.items()):
        game = copy_game("dragon_pants", tmp_path / f"case{i}")
        change(game, outside)
        for command in ("validate", "build"):
            argv = [command, str(game)] + (["--no-check", "--out", str(tmp_path / f"out{i}")] if command == "build" else [])
            requests.append(argv)
            expected.append((f"{command}: {case}", words, tmp_path / f"out{i}"))
    runs = run_commands(requests, timeout=60, cwd=tmp_path, env=cache_env)
    failures = []
    for (what, words, out), run in zip(expected, runs):
        if not run.refused(2, *words):
            failures.append(f"{what}: {run}")
        if out.exists() and any(SECRET in p.read_text(errors="replace") for p in out.rglob("*.svg")):
            failures.append(f"{what}: the outside file reached the kit")
        if run.seconds > 30:
            failures.append(f"{what}: took {run.seconds:.0f} s")
    assert not failures, "\n\n".join(failures)
