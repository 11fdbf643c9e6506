"""A game with no rules module builds a whole kit and rulebook: `new` then `build`, and the peer deck."""

from __future__ import annotations

import subprocess
from pathlib import Path

from dragon_pnp.data.loader import project_root
from tests.in_process import run_cli


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return run_cli(*args, cwd=cwd)   # through main in this process: the kit is what is read here


def test_a_new_game_validates_and_builds(tmp_path):
    made = run("new", "mygame", "--dir", str(tmp_path), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    # --no-proof here and below: the kit is what these read (tests/proof tests the proof)
    built = run("build", str(tmp_path / "mygame"), "--out", str(tmp_path / "kit"), "--no-proof", cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    assert "Traceback" not in built.stderr
    files = {p.name for p in (tmp_path / "kit").iterdir()}
    assert {"cards.pdf", "rulebook.pdf", "print-and-play.pdf"} <= files
    assert "rules-check.html" not in files   # no rules module: no simulated check


def test_the_peer_deck_builds(seed_kit):
    # The run's shared kit of the peer deck is this very command, `dragon-pnp build
    # examples/peer-deck --no-check --out DIR` (its own paper, A4; tests/kit/test_kit_pages.py reads it too).
    kit = seed_kit(project_root() / "examples" / "peer-deck")
    assert "kit built" in (kit.parent / "stdout.txt").read_text(encoding="utf-8")
    assert (kit / "cards.pdf").stat().st_size > 0
