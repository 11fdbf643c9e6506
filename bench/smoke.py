"""Every bench's `--smoke` run, each in a forked child of one process that imported the package once.

A smoke run only checks that a bench still works. Sixteen fresh interpreters each importing
dragon_pnp, pydantic and reportlab again cost ~0.5-1 CPU s apiece, as much as some benches' own
work (issue 30). Here the imports are paid once: each bench runs in a fork of this process, as
`python bench/bench_x.py --smoke` would run it (its own `__main__`, argv and process group), with
a deadline after which its whole group is killed, and its output is printed whole when it ends.
A bench is no less separate from the others than before: what one changes in its process dies
with its child. The benches that measure a process (a build, a studio) still start their own.

    .venv/bin/python bench/smoke.py [--lanes 2] [--deadline 120] [bench_x.py ...]
"""

from __future__ import annotations

import argparse
import importlib
import os
import runpy
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import IO, NoReturn

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))

from dragon_pnp.forked_main import exit_after  # noqa: E402

# started first, so the lanes end together: the most CPU, or the longest waits (a studio, a cluster)
SLOWEST = ("bench_search.py", "bench_studio.py", "bench_dask.py", "bench_check.py", "bench_diff.py")
# What most benches import (the data layer, the rules check, the kit, the command line); cairo stays
# out, as the render workers load it.
PREIMPORT = ("dragon_pnp.games.registry", "dragon_pnp.report.check", "dragon_pnp.kit.steps", "dragon_pnp.cli")


def preimport() -> None:
    sys.path.insert(0, str(ROOT))
    for name in PREIMPORT:
        try:
            importlib.import_module(name)
        except ImportError:   # a moved module: the bench that needs it says so itself
            pass


def _child(bench: Path, output: IO[bytes]) -> NoReturn:
    """Run one bench as its own `__main__` in this forked child; never returns."""
    try:
        os.setpgid(0, 0)
        os.chdir(ROOT)   # as run.py runs them: the benches name games by paths from the checkout
        os.dup2(output.fileno(), 1)
        os.dup2(output.fileno(), 2)
        sys.argv = [str(bench), "--smoke"]
        sys.path.insert(0, str(bench.parent))
    except BaseException:
        traceback.print_exc()
        os._exit(1)
    exit_after(lambda: runpy.run_path(str(bench), run_name="__main__"))


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_all(benches: list[Path], lanes: int = 2, deadline: float = 120.0) -> list[str]:
    """Run each bench's smoke, `lanes` at a time; print each one's output when it ends. The names
    of those that failed (non-zero exit, or killed at `deadline` seconds)."""
    waiting = sorted(benches, key=lambda bench: bench.name not in SLOWEST)
    running: dict[int, tuple[Path, IO[bytes], float]] = {}
    failed = []
    while waiting or running:
        while waiting and len(running) < lanes:
            bench = waiting.pop(0)
            output = tempfile.TemporaryFile()  # noqa: SIM115 - the child writes it, the parent reads and closes it
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                _child(bench, output)
            try:
                os.setpgid(pid, pid)
            except (PermissionError, ProcessLookupError):
                pass
            running[pid] = (bench, output, time.monotonic())
        time.sleep(0.05)
        for pid, (bench, output, started) in list(running.items()):
            done, status, usage = os.wait4(pid, os.WNOHANG)
            late = not done and time.monotonic() - started > deadline
            if late:
                _kill_group(pid)
                done, status, usage = os.wait4(pid, 0)
            if not done:
                continue
            del running[pid]
            _kill_group(pid)   # whatever the bench left running in its group
            output.seek(0)
            text = output.read().decode("utf-8", "replace")
            output.close()
            code = os.waitstatus_to_exitcode(status)
            if late:
                text += f"{bench.name} took more than {deadline:.0f} s: stopped\n"
            cpu = usage.ru_utime + usage.ru_stime   # the bench and every child it waited for
            print(f"== {bench.name} ({cpu:.1f} CPU s)\n{text}", end="" if text.endswith("\n") else "\n", flush=True)
            if late or code != 0:
                failed.append(bench.name)
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lanes", type=int, default=2, help="benches run at a time")
    parser.add_argument("--deadline", type=float, default=120.0, help="seconds a bench may take before it is killed")
    parser.add_argument("benches", nargs="*", help="bench scripts (default: every bench/bench_*.py)")
    args = parser.parse_args(argv)
    benches = [BENCH / Path(name).name for name in args.benches] or sorted(BENCH.glob("bench_*.py"))
    preimport()
    failed = run_all(benches, args.lanes, args.deadline)
    if failed:
        print(f"FAILED: {', '.join(failed)}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
