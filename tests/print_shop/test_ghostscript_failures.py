"""`build --pdfx` with a Ghostscript that fails or never answers: one `error:` line, a non-zero
exit, no traceback, no hang, and the previous kit left as it was. A fake `gs` first on PATH
stands in for the broken one."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from dragon_pnp.data.loader import project_root

ROOT = project_root()
PEER = ROOT / "examples" / "peer-deck"


def _fake_gs(folder: Path, body: str) -> dict[str, str]:
    folder.mkdir()
    script = folder / "gs"
    script.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    script.chmod(0o755)
    return {**os.environ, "PATH": f"{folder}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT),
            "DRAGON_PNP_GS_TIMEOUT": "2"}


def _build(out: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # --no-proof: the proof step runs before the print shop's and nothing here reads it
    return subprocess.run([sys.executable, "-m", "dragon_pnp", "build", str(PEER), "--no-check", "--no-proof", "--pdfx",
                           "--out", str(out)], capture_output=True, text=True, timeout=300, env=env)


def test_a_ghostscript_that_fails_is_one_line(tmp_path: Path, seed_kit) -> None:
    seed_kit(PEER)   # the run's shared kit of the deck (tests/kit reads it): its pages are then in the cache
    env = _fake_gs(tmp_path / "bin", 'echo "Unrecoverable error, exit code 1" >&2\nexit 1')
    built = _build(tmp_path / "kit", env)
    said = built.stdout + built.stderr
    assert built.returncode == 1, said
    assert "Traceback" not in said and "RuntimeError" not in said
    errors = [line for line in said.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "Ghostscript" in errors[0] and "exit 1" in errors[0] and "Unrecoverable" in errors[0]
    assert not (tmp_path / "kit").exists()   # nothing half-built swapped in


def test_a_ghostscript_that_never_answers_is_stopped(tmp_path: Path, seed_kit) -> None:
    seed_kit(PEER)
    marker = tmp_path / "gs-pids"
    env = _fake_gs(tmp_path / "bin", f'echo $$ >> {marker}\nsleep 300')
    started = time.monotonic()
    built = _build(tmp_path / "kit", env)
    said = built.stdout + built.stderr
    assert built.returncode == 1, said
    assert "Traceback" not in said
    assert "no answer within 2 s" in said and "DRAGON_PNP_GS_TIMEOUT" in said
    assert time.monotonic() - started < 120
    for pid in marker.read_text().split():   # the fake Ghostscript was stopped, not left behind
        assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text().lower()
