"""`build --out DIR` replaces only a kit this tool made; anything else is refused and untouched.

Issue 14, finding 1: `--out` naming the game's own folder, a folder holding other things, a
file or `.` deleted or broke them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fault_helpers import beside, copy_game, run_command, run_commands, snapshot

from dragon_pnp.build.output_folder import MARKER, check_output_folder
from dragon_pnp.errors import OutputFolderError


# The output folder is checked by the same code whatever the game (build/output_folder.py, after the
# game loads): one shipped game (issue 30: the three games ran the same 15 refusals, ~5 CPU s).
@pytest.mark.parametrize("name", ["dragon_line"])
def test_out_refuses_every_folder_that_is_not_a_kit(name: str, tmp_path: Path) -> None:
    game = copy_game(name, tmp_path / "games")
    (game / "notes.txt").write_text("the designer's notes\n")
    other = tmp_path / "output" / "other_game"
    other.mkdir(parents=True)
    (other / "kit.pdf").write_bytes(b"%PDF- another game's kit")
    afile = tmp_path / "afile"
    afile.write_text("a file, not a folder\n")
    work = tmp_path / "work"
    work.mkdir()
    (work / "todo.txt").write_text("the user's work\n")
    before = {folder: snapshot(folder) for folder in (game, tmp_path / "output", work)}
    targets = {
        "the game's data folder": str(game),
        "a folder holding another kit": str(tmp_path / "output"),
        "a file": str(afile),
        "the working folder": ".",
        "an ancestor of the data": str(tmp_path / "games"),
    }
    runs = run_commands([["build", str(game), "--no-check", "--out", out] for out in targets.values()], cwd=work)
    for (what, out), run in zip(targets.items(), runs):
        assert run.refused(2, out, "--out"), f"{what}: {run}"
    for folder, files in before.items():
        assert snapshot(folder) == files, f"{folder} changed"
    assert afile.read_text() == "a file, not a folder\n"
    for folder in (tmp_path, tmp_path / "output", tmp_path / "games", work):
        assert not [p.name for p in folder.iterdir() if ".building-" in p.name or p.name.endswith(".previous")]


def test_a_kit_carries_the_marker_and_is_replaced(tmp_path: Path, cache_env, seed_kit) -> None:
    # The run's shared build of Dragon Pants (a full build, once per run) carries the marker, and
    # makes the two builds here remembered ones, which must write it too (issue 30: this test
    # built Dragon Pants in full once more, ~20 CPU s).
    assert (seed_kit("dragon_pants") / MARKER).read_text().startswith("dragon-pnp kit\ngame: dragon_pants")
    kit = tmp_path / "kit"
    first, second = run_commands([["build", "dragon_pants", "--no-check", "--out", str(kit)]] * 2, env=cache_env, timeout=300)
    assert first.exit == 0 and second.exit == 0, f"{first}\n{second}"
    assert (kit / MARKER).read_text().startswith("dragon-pnp kit\ngame: dragon_pants")
    assert (kit / "print-and-play.pdf").stat().st_size > 10_000
    assert beside(kit) == []


def test_an_empty_folder_or_a_missing_one_may_be_used(tmp_path: Path) -> None:
    game = tmp_path / "game"
    game.mkdir()
    (tmp_path / "empty").mkdir()
    check_output_folder(tmp_path / "empty", game)
    check_output_folder(tmp_path / "new" / "kit", game)


def test_a_kit_from_before_the_marker_is_recognised_by_its_files(tmp_path: Path) -> None:
    """Only the names old builds wrote, and svg/ and png/ holding only SVGs and PNGs."""
    game = tmp_path / "game"
    game.mkdir()
    old = tmp_path / "old_kit"
    (old / "svg").mkdir(parents=True)
    (old / "png").mkdir()
    for name in ("cards.pdf", "rulebook.pdf", "player-aid.pdf", "destiny.json", "rules-check.html"):
        (old / name).write_bytes(b"x")
    (old / "svg" / "power-front.svg").write_text("<svg/>")
    (old / "png" / "fireball-x2.png").write_bytes(b"png")
    check_output_folder(old, game)
    for extra in ("notes.txt", "svg/drawing.ai"):
        (old / extra).write_text("mine")
        with pytest.raises(OutputFolderError, match=r"not a kit this tool made|not a kit"):
            check_output_folder(old, game)
        (old / extra).unlink()


def test_a_symbolic_link_is_not_followed(tmp_path: Path) -> None:
    game = tmp_path / "game"
    game.mkdir()
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    with pytest.raises(OutputFolderError, match="symbolic link"):
        check_output_folder(tmp_path / "link", game)


def test_an_output_path_under_proc_is_one_clear_line(tmp_path: Path) -> None:
    run = run_command(["build", "dragon_pants", "--no-check", "--out", "/proc/dragon-pnp-kit"], cwd=tmp_path)
    assert run.refused(2, "/proc/dragon-pnp-kit"), run
