"""What every bench script shares: a `--smoke` mode and timed child processes with a deadline.

A bench that waits without a deadline hangs CI when what it measures breaks; a bench nobody runs
rots. So every wait here has a deadline, and every bench has `--smoke` (tiny sizes, one run, a few
seconds) that `python3 run.py bench --smoke` and the suite run. Failures raise SystemExit with a
message, so the script exits non-zero and says why.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEADLINE = 300.0        # seconds any one measured process may take before the bench gives up
SMOKE_DEADLINE = 60.0   # the same in smoke mode


def add_smoke(parser: argparse.ArgumentParser) -> None:
    """Give a bench's parser the `--smoke` flag (tiny sizes, one run: does it still work?)."""
    parser.add_argument("--smoke", action="store_true",
                        help="tiny sizes, one run: check the bench still works, in seconds")


SMOKE_CACHE = "DRAGON_PNP_SMOKE_CACHE"   # the render cache smoke runs may share (tests/bench sets it)


def smoke_cache(smoke: bool, default: Path | str) -> str:
    """The render cache a bench's cold or fresh-cache runs use: `default`, except in a smoke run
    given DRAGON_PNP_SMOKE_CACHE (the test suite's own cache, which already holds the seed games'
    pages). A smoke run checks that the bench's paths work, not its figures, and rendering Dragon
    Pants' pages again costs ~20 CPU s a bench; the render path itself is the suite's to test."""
    shared = os.environ.get(SMOKE_CACHE)
    return shared if smoke and shared else str(default)


def run(command: list[str], env: dict[str, str], cwd: Path = ROOT,
        deadline: float = DEADLINE) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (the process and every child it waited for) and peak memory (MiB).

    The child is killed and the bench fails loudly when it runs past `deadline` seconds or exits
    non-zero. CPU time says how much work a run did whatever else the machine is doing; wall time
    is what a user waits.
    """
    with tempfile.TemporaryFile() as errors:   # a file, not a pipe: a chatty child cannot block on it
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=errors)
        timer = threading.Timer(deadline, process.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(process.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - started
        process.returncode = code = os.waitstatus_to_exitcode(status)
        if wall >= deadline and code != 0:
            raise SystemExit(f"{' '.join(command)} took more than {deadline:.0f} s: killed")
        if code != 0:
            errors.seek(0)
            raise SystemExit(f"{' '.join(command)} failed (exit {code}): {errors.read().decode(errors='replace')}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def capture(command: list[str], env: dict[str, str] | None = None, cwd: Path = ROOT,
            deadline: float = DEADLINE) -> str:
    """A child's standard output; fails loudly on a non-zero exit or after `deadline` seconds."""
    try:
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=deadline)
    except subprocess.TimeoutExpired:
        raise SystemExit(f"{' '.join(command)} took more than {deadline:.0f} s: killed") from None
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed (exit {done.returncode}): {done.stderr}")
    return done.stdout
