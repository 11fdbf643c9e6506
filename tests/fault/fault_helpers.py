"""Helpers of the fault tests: every game under data/, private copies of it, and a runner that
puts each command in its own process with a time limit (see fuzz_harness.run_batch and serve)."""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).resolve().parent / "fuzz_harness.py"
GAMES = sorted(p.parent.name for p in (ROOT / "data").glob("*/game.yaml"))


@dataclass
class Run:
    """One command's exit code (None: killed at the time limit), output and time."""

    exit: int | None
    stdout: str
    stderr: str
    seconds: float
    stray: bool
    cpu: float = 0.0   # CPU seconds of the command and the children it waited for

    @property
    def errors(self) -> list[str]:
        return [line for line in (self.stdout + "\n" + self.stderr).splitlines() if line.startswith("error:")]

    def refused(self, code: int, *words: str) -> bool:
        """Exit `code`, no traceback, and one `error:` line holding every word (file names...)."""
        return (self.exit == code and "Traceback" not in self.stderr + self.stdout and not self.stray
                and any(all(word in line for word in words) for line in self.errors))

    def __str__(self) -> str:
        return f"exit {self.exit} in {self.seconds:.1f} s\n{self.stdout[-1500:]}\n{self.stderr[-3000:]}"


class Harness:
    """One `fuzz_harness.py --serve` process at a time: it imports the package once, then runs every
    batch it is sent, each command in a forked child of its own (issue 30: a fresh harness per
    batch imported the package again, ~1 CPU s, thirty times in tests/fault). Stopped by
    tests/fault/conftest.py after the last fault test of a row, so its CPU is counted in this folder's."""

    process: subprocess.Popen[str] | None = None
    errors: IO[str]

    @classmethod
    def run(cls, batch: list[dict], timeout: float) -> list[dict]:
        if cls.process is None or cls.process.poll() is not None:
            errors = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - kept open while the harness lives
            cls.process = subprocess.Popen([sys.executable, str(HARNESS), "--serve"], stdin=subprocess.PIPE,
                                           stdout=subprocess.PIPE, stderr=errors, text=True, cwd=ROOT)
            cls.errors = errors
        process = cls.process
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(json.dumps({"timeout": timeout, "requests": batch}) + "\n")
            process.stdin.flush()
            ready, _, _ = select.select([process.stdout], [], [], timeout * len(batch) + 120)
            line = process.stdout.readline() if ready else ""
        except BaseException:
            # A test stopped while its batch runs (pytest-timeout, ^C): the harness would answer
            # that batch to the next test's question, so it goes, and the next test starts another.
            cls.kill()
            raise
        answers = list(json.loads(line)) if line else []
        if len(answers) != len(batch):
            cls.kill()
            cls.errors.seek(0)
            raise AssertionError(f"the fuzz harness gave no answer: {cls.errors.read()[-3000:]}")
        return answers

    @classmethod
    def kill(cls) -> None:
        if cls.process is not None:
            cls.process.kill()
            cls.process.wait()
            cls.process = None

    @classmethod
    def stop(cls) -> None:
        if cls.process is not None:
            assert cls.process.stdin is not None
            cls.process.stdin.close()
            try:
                cls.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                cls.process.kill()
                cls.process.wait()
            cls.process = None
            cls.errors.close()


def run_commands(requests: list[list[str] | dict], timeout: float = 60, cwd: Path | None = None,
                 env: dict[str, str] | None = None) -> list[Run]:
    """Run `dragon-pnp ARGV` for each request, each in a forked child of the test process's harness."""
    batch = [r if isinstance(r, dict) else {"argv": r} for r in requests]
    for request in batch:
        request.setdefault("cwd", str(cwd or ROOT))
        request["env"] = {"COLUMNS": "200", **(env or {}), **request.get("env", {})}
    runs = [Run(a["exit"], a["stdout"], a["stderr"], a["seconds"], a["stray"], a["cpu"]) for a in Harness.run(batch, timeout)]
    if log := os.environ.get("DRAGON_PNP_FAULT_LOG"):
        _log_runs(Path(log), batch, runs)
    return runs


def _log_runs(log: Path, batch: list[dict], runs: list[Run]) -> None:
    """One line per command (test, CPU s, wall s, exit, argv) when DRAGON_PNP_FAULT_LOG names a file:
    what each fault test's commands cost, which --cpu-times charges to the folder's last test."""
    test = os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0]
    with log.open("a", encoding="utf-8") as out:
        for request, run in zip(batch, runs, strict=True):
            argv = " ".join(str(a) for a in request["argv"])[:160]
            out.write(f"{test}\t{run.cpu:.2f}\t{run.seconds:.2f}\t{run.exit}\t{argv}\n")


def run_command(argv: list[str], **options) -> Run:
    return run_commands([argv], **options)[0]


def copy_game(name: str, folder: Path) -> Path:
    """A private copy of data/NAME (or examples/NAME) that a test may break."""
    target = folder / name
    source = ROOT / "data" / name
    shutil.copytree(source if source.is_dir() else ROOT / "examples" / name, target)
    return target


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under a folder by relative path, with its bytes (the kits are small)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.is_symlink()}


def beside(target: Path) -> list[str]:
    """Staging or retired folders left next to a kit folder."""
    return sorted(p.name for p in target.parent.iterdir() if p.name.startswith(f".{target.name}."))
