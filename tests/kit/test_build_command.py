"""`dragon-pnp build` end to end, as a user runs it (not on a terminal: a summary line and the proof's)."""

from __future__ import annotations

import os
import subprocess
import sys

from dragon_pnp.data.loader import project_root


def test_build_command_writes_the_kit_for_a4(seed_kit):
    # The run's shared A4 kit of Dragon Pants is this very command, `dragon-pnp build dragon_pants
    # --paper a4 --no-check --no-proof --out DIR` in a child process (tests/conftest.py keeps what it
    # printed in stdout.txt beside the kit): reading it back costs nothing, building it again cost 15 s.
    out = seed_kit("dragon_pants", "a4")
    lines = (out.parent / "stdout.txt").read_text(encoding="utf-8").strip().splitlines()
    assert len(lines) == 1 and "kit built" in lines[0] and "a4" in lines[0]   # no proof asked for, no proof line
    assert not (out / "proof.json").exists()
    for name in ("cards.pdf", "tiles.pdf", "board.pdf", "print-and-play.pdf"):
        assert (out / name).stat().st_size > 10_000
    assert len(list((out / "png").glob("*.png"))) == 22
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".")]  # staging swapped in, nothing left


def test_a_plain_build_prints_the_kit_line_then_the_proofs(seed_kit):
    """A plain build (`dragon-pnp build dragon_pants --no-check`, the run's shared Letter kit) runs
    the accessibility proof's quick part into proof.json and says so in a second line. (Read here
    rather than on the A4 kit, which then needs no proof of its own: a third of its build.)"""
    out = seed_kit("dragon_pants")
    lines = (out.parent / "stdout.txt").read_text(encoding="utf-8").strip().splitlines()
    assert len(lines) == 2 and "kit built" in lines[0] and "letter" in lines[0]
    assert lines[1].startswith("accessibility proof: ") and (out / "proof.json").is_file()


def test_unknown_paper_is_a_clear_error(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "dragon_pnp", "build", "dragon_pants", "--paper", "legal", "--out", str(tmp_path / "k")],
        capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(project_root())},
    )
    assert result.returncode == 2 and "--paper legal" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "k").exists()
