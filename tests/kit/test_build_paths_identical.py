"""Whole `dragon-pnp build` processes give the same bytes however they start and whatever the cache holds.

The CLI imports only the command asked for and the kit skips work the render cache already has;
neither may change a byte. Three fresh processes build the peer deck (the whole job: PDFs, SVGs,
PNGs, rulebook, print-and-play): the lean CLI path with the cache off, the path with every
command module imported first (as the CLI did before it loaded commands lazily) filling a
cache, and the lean path again from that warm cache. Every output file must hash the same.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from generator.data.loader import project_root

DECK = project_root() / "examples" / "peer-deck"
EAGER = "import sys, generator.cli as cli; cli.load_commands([]); cli.main(sys.argv[1:])"
LEAN = "import sys, generator.cli as cli; cli.main(sys.argv[1:])"


def _hashes(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _build(code: str, out: Path, cache: str) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(project_root()), "DRAGON_PNP_CACHE": cache}
    done = subprocess.run([sys.executable, "-c", code, "build", str(DECK), "--no-check", "--out", str(out)],
                          env=env, cwd=project_root(), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return _hashes(out)


def test_lean_eager_cold_and_warm_builds_are_byte_identical(tmp_path: Path) -> None:
    lean_cold = _build(LEAN, tmp_path / "lean-cold", "off")
    eager = _build(EAGER, tmp_path / "eager", str(tmp_path / "cache"))
    lean_warm = _build(LEAN, tmp_path / "lean-warm", str(tmp_path / "cache"))
    assert any(name.endswith(".png") for name in lean_cold) and any(name.endswith(".pdf") for name in lean_cold)
    assert lean_cold == eager == lean_warm
