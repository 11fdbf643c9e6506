"""Whole `dragon-pnp build` processes give the same bytes however they start and whatever the cache holds.

The CLI imports only the command asked for, the kit skips work the render cache already has, and
a rebuild of unchanged inputs writes the build the cache remembers (dragon_pnp/build/build_cache.py)
without loading the game; none of these may change a byte. Fresh processes build the peer deck
(the whole job: PDFs, SVGs, PNGs, rulebook, print-and-play): the lean CLI path with the cache off,
the path with every command module imported first (as the CLI did before it loaded commands
lazily) filling a cache, the lean path from another working folder (a different build key, so a
full build drawing from the warm render cache), the lean path again (the remembered build), and
one process doing everything (no render workers, the rulebook typeset without its early child).
Every output file must hash the same, and each process must have taken the path it was meant to.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from dragon_pnp.data.loader import project_root

DECK = project_root() / "examples" / "peer-deck"
# Says on stderr, at exit, whether the process loaded the game (a full build) or not (remembered).
REPORT = ("import atexit, sys; atexit.register(lambda: print('path:', 'full' if 'dragon_pnp.data.loader' in "
          "sys.modules else 'remembered', file=sys.stderr)); "
          # and whether the render workers were forked first thing, before Typer and the data
          "atexit.register(lambda: print('workers:', 'early' if getattr(sys.modules.get("
          "'dragon_pnp.kit.parallel'), '_started_early', False) else 'late', file=sys.stderr)); "
          "import dragon_pnp.cli as cli; ")
EAGER = REPORT + "cli.load_commands([]); cli.main(sys.argv[1:])"
LEAN = REPORT + "cli.main(sys.argv[1:])"


def _hashes(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def build(code: str, deck: Path, out: Path, cache: str, cwd: Path | None = None,
          workers: str | None = None, proof: bool = True) -> tuple[dict[str, str], str, str]:
    """The kit's file hashes, the path the process took (full or remembered) and what it printed."""
    hashes, path, printed, _ = build_and_stderr(code, deck, out, cache, cwd, workers, proof)
    return hashes, path, printed


def build_and_stderr(code: str, deck: Path, out: Path, cache: str, cwd: Path | None = None,
                     workers: str | None = None, proof: bool = True) -> tuple[dict[str, str], str, str, str]:
    """`build`'s figures and the process's stderr (where REPORT writes); `proof=False` adds --no-proof."""
    env = {**os.environ, "PYTHONPATH": str(project_root()), "DRAGON_PNP_CACHE": cache}
    if workers is not None:
        env["DRAGON_PNP_WORKERS"] = workers
    done = subprocess.run([sys.executable, "-c", code, "build", str(deck), "--no-check", "--out", str(out),
                           *(() if proof else ("--no-proof",))],
                          env=env, cwd=cwd or project_root(), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    path = done.stderr.rsplit("path: ", 1)[-1].strip()
    return _hashes(out), path, done.stdout, done.stderr


def test_lean_eager_cold_warm_and_remembered_builds_are_byte_identical(tmp_path: Path) -> None:
    # Only a plain build takes the command line's fast lane (workers forked early) and is
    # remembered, so the lean builds run the accessibility proof; the eager and the one-process
    # builds skip it (--no-proof: a third of a cold build), and all are compared less proof.json,
    # which the plain builds must write alike.
    cache = str(tmp_path / "cache")
    lean_cold, cold_path, _, said = build_and_stderr(LEAN, DECK, tmp_path / "lean-cold", "off")
    assert "workers: early" in said   # forked by the command line's fast lane (start_render_workers_early)
    eager, eager_path, _ = build(EAGER, DECK, tmp_path / "eager", cache, proof=False)
    lean_warm, warm_path, _ = build(LEAN, DECK, tmp_path / "lean-warm", cache, cwd=tmp_path)
    remembered, remembered_path, _ = build(LEAN, DECK, tmp_path / "lean-warm", cache, cwd=tmp_path)
    assert (cold_path, eager_path, warm_path, remembered_path) == ("full", "full", "full", "remembered")
    assert any(name.endswith(".png") for name in lean_cold) and any(name.endswith(".pdf") for name in lean_cold)
    assert lean_cold.pop("proof.json") == lean_warm.pop("proof.json") == remembered.pop("proof.json")
    assert lean_cold == eager == lean_warm == remembered
    # One process for everything: no render workers, and the rulebook typeset in the build's own
    # process rather than in the child forked before the first step (dragon_pnp/rulebook/early.py).
    alone, alone_path, _ = build(LEAN, DECK, tmp_path / "alone", "off", workers="1", proof=False)
    assert alone_path == "full" and alone == lean_cold
