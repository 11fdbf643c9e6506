"""Ending a child process the studio started (a balance check, a tune search)."""

from __future__ import annotations

import subprocess


def end_child(process: subprocess.Popen[str] | None, grace_seconds: float = 5.0) -> None:
    """Ask a running child to stop, and kill it if it has not within `grace_seconds`: a stopped
    panel never leaves a search or a check running behind it."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=grace_seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
